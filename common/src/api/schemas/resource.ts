// Uploaded files and external links (routes/resource.ts).
import { z } from "zod";
import { isValidResourceFilename, sanitizeUploadFilename } from "../../domain/validation.js";
import { INPUT_LIMITS } from "../input-limits.js";
import { optional, text, wholeIssue } from "../schema-parts.js";

/** v0's word for a file name the rules refuse. */
const INVALID_FILENAME = "Invalid filename.";

export const resourceCreateSchema = z.object({
  /** Made safe by the one file-name rule of uploads (sanitizeUploadFilename); nothing left of it is refused. */
  filename: text(INPUT_LIMITS.filename).transform((raw, context) => {
    const name = sanitizeUploadFilename(raw);
    if (name === "") context.addIssue(wholeIssue(INVALID_FILENAME, raw, "resource.invalid-filename"));
    return name;
  }),
  externalLink: text(INPUT_LIMITS.externalLink).superRefine((value, context) => {
    if (!/^https?:\/\//i.test(value))
      context.addIssue(wholeIssue("Malformatted post resource request: externalLink must be an http(s) URL", value));
  }),
  type: optional(text(INPUT_LIMITS.resourceType)),
});

export const resourcePatchSchema = z.object({
  filename: optional(
    text(INPUT_LIMITS.filename).superRefine((value, context) => {
      if (!isValidResourceFilename(value)) context.addIssue(wholeIssue(INVALID_FILENAME, value, "resource.invalid-filename"));
    }),
  ),
});

export type ResourceCreateRequest = z.input<typeof resourceCreateSchema>;
export type ResourcePatchRequest = z.input<typeof resourcePatchSchema>;
export type ResourceCreate = z.infer<typeof resourceCreateSchema>;
export type ResourcePatch = z.infer<typeof resourcePatchSchema>;

export const resourceEntitySchema = z
  .object({
    id: z.int(),
    creatorId: z.int(),
    createdTs: z.int(),
    updatedTs: z.int(),
    filename: z.string(),
    externalLink: z.string(),
    type: z.string(),
    size: z.int(),
    linkedMemoAmount: z.int(),
  })
  .meta({ id: "Resource" });
export type Resource = z.infer<typeof resourceEntitySchema>;

/**
 * The file routes' query: `thumbnail` (memos' `?thumbnail=true`, v0 links' `?thumbnail=1`) asks for an image's
 * thumbnail instead of the file. Other parameters (a cache buster) are let through unread.
 */
export const resourceFileQuerySchema = z.object({
  thumbnail: z.enum(["true", "1", "false", "0"]).optional(),
});
