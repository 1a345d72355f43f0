// Saved filters (routes/shortcut.ts).
import { z } from "zod";
import { ROW_STATUSES } from "../../domain/constants.js";
import { INPUT_LIMITS } from "../input-limits.js";
import { optional, text, wholeIssue } from "../schema-parts.js";
import { rowStatusSchema } from "../shared-schemas.js";

/** A shortcut's title is not blank; `prefix` is the route's message ("Malformatted post shortcut request"). */
const shortcutTitle = (prefix: string) =>
  text(INPUT_LIMITS.shortcutTitle).superRefine((value, context) => {
    if (value.trim() === "") context.addIssue(wholeIssue(`${prefix}: Title is required`, value));
  });

/** The web reads a shortcut's payload as a filter list, so it must at least be JSON. */
const shortcutPayload = (prefix: string) =>
  text(INPUT_LIMITS.shortcutPayload).superRefine((value, context) => {
    try {
      JSON.parse(value);
    } catch {
      context.addIssue(wholeIssue(`${prefix}: payload must be JSON text`, value));
    }
  });

export const shortcutCreateSchema = z.object({
  title: shortcutTitle("Malformatted post shortcut request"),
  payload: shortcutPayload("Malformatted post shortcut request"),
});

export const shortcutPatchSchema = z.object({
  title: optional(shortcutTitle("Malformatted patch shortcut request")),
  payload: optional(shortcutPayload("Malformatted patch shortcut request")),
  rowStatus: optional(rowStatusSchema),
});

export type ShortcutCreateRequest = z.input<typeof shortcutCreateSchema>;
export type ShortcutPatchRequest = z.input<typeof shortcutPatchSchema>;
export type ShortcutCreate = z.infer<typeof shortcutCreateSchema>;
export type ShortcutPatch = z.infer<typeof shortcutPatchSchema>;

export const shortcutEntitySchema = z
  .object({
    id: z.int(),
    rowStatus: z.enum(ROW_STATUSES),
    creatorId: z.int(),
    createdTs: z.int(),
    updatedTs: z.int(),
    title: z.string(),
    payload: z.string().describe("JSON text of a filter list"),
  })
  .meta({ id: "Shortcut" });
export type Shortcut = z.infer<typeof shortcutEntitySchema>;
