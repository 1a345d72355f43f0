// Export (routes/export.ts): whose data, or which memos.
import { z } from "zod";
import { optional } from "../schema-parts.js";
import { memoSelection } from "../shared-schemas.js";

/** `GET /api/export`: `user` (the default) is the caller's own data; `instance` is every account (the host only). */
export const EXPORT_SCOPES = ["user", "instance"] as const;
export const exportQuerySchema = z.object({ scope: optional(z.enum(EXPORT_SCOPES)) });
export type ExportQuery = z.infer<typeof exportQuerySchema>;
export type ExportScope = (typeof EXPORT_SCOPES)[number];

/** `POST /api/export` of a selection: the caller's memos with these ids, in the export's format. */
export const exportSelectionSchema = z.object({ ids: memoSelection });
export type ExportSelection = z.infer<typeof exportSelectionSchema>;
