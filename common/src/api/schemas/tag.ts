// Tags (routes/tag.ts): adding and renaming one, and the counts of the tag tree.
import { z } from "zod";
import { isValidTagName, readsAsTag } from "../../domain/tags.js";
import { INPUT_LIMITS } from "../input-limits.js";
import { optional, type ReasonParams, text } from "../schema-parts.js";

export const tagCreateSchema = z.object({ name: text(INPUT_LIMITS.tag) });

/** A tag name as `#name` reads it: one tag, no spaces, no `#`. */
const tagName = text(INPUT_LIMITS.tag).refine(isValidTagName, {
  message: "is not a tag name (no spaces, no #)",
  abort: true,
  params: { reason: "tag.invalid-name" } satisfies ReasonParams,
});

/** `POST /api/tag/rename`: `from` and the tags under it become `to` (and under it); `dryRun` only counts. */
export const tagRenameSchema = z
  .object({
    from: tagName,
    to: tagName.refine(readsAsTag, {
      message: "is not read as a tag (a link or code)",
      params: { reason: "tag.invalid-name" } satisfies ReasonParams,
    }),
    dryRun: optional(z.boolean()),
  })
  .refine((value) => value.from !== value.to, { message: "is the tag's own name", path: ["to"] });

export type TagCreateRequest = z.input<typeof tagCreateSchema>;
export type TagRenameRequest = z.input<typeof tagRenameSchema>;
export type TagCreate = z.infer<typeof tagCreateSchema>;
export type TagRename = z.infer<typeof tagRenameSchema>;

export const tagCountEntitySchema = z
  .object({
    name: z.string(),
    count: z.int().describe("How many of the caller's NORMAL memos carry exactly this tag (0 for a listed tag no memo uses)"),
  })
  .meta({ id: "TagCount" });
/** A tag of the caller with the number of their NORMAL memos carrying it (`GET /api/tag/count`, an addition). */
export type TagCount = z.infer<typeof tagCountEntitySchema>;

export const tagSubtreeCountEntitySchema = z
  .object({
    path: z.string().describe("A parent in the tag tree: `work` of `work/meeting` (a tag itself or not)"),
    count: z.int().describe("How many of the caller's NORMAL memos carry the path or a tag under it, each memo once"),
  })
  .meta({ id: "TagSubtreeCount" });
/** A parent of the caller's tag tree with the memos of its whole subtree (`GET /api/tag/count/subtree`, an addition). */
export type TagSubtreeCount = z.infer<typeof tagSubtreeCountEntitySchema>;

export const tagRenameEntitySchema = z
  .object({
    memos: z.int().describe("How many of the caller's memos (any status) the rename rewrites"),
    shortcuts: z.int().describe("How many of the caller's shortcuts have a tag filter it rewrites"),
    merge: z.boolean().describe("Whether the caller already has the new name (or a tag under it): the tags merge"),
  })
  .meta({ id: "TagRename" });
/** What a tag rename changes, or would change (`POST /api/tag/rename`, an addition). */
export type TagRenameResult = z.infer<typeof tagRenameEntitySchema>;
