// The trash: deleted memos, kept for the host's number of days, then purged.
import { z } from "zod";
import { pathId } from "../schema-parts.js";
import { trashedMemoEntitySchema, trashListQuerySchema, trashPageEntitySchema } from "../schemas/trash.js";
import { data, input, route } from "../route.js";

const trashParams = z.object({ memoId: pathId() });
const NOT_IN_TRASH = { 404: "Not in the caller's trash" } as const;

export const trashRoutes = {
  "trash.list": route({
    method: "GET",
    path: "/api/trash",
    summary: "The caller's deleted memos, the latest first",
    description:
      "A deleted memo stays here for the host's `trashRetentionDays` (30 by default), then it is purged with its history. Meanwhile it is in no list, search, count, tag, export or feed, and `GET /api/memo/:memoId` answers 404 for it.",
    access: "signed-in",
    query: input(trashListQuerySchema, "Malformatted trash query"),
    answer: data(trashPageEntitySchema),
  }),
  "trash.restore": route({
    method: "POST",
    path: "/api/trash/:memoId/restore",
    summary: "Put a deleted memo back, with its id, pins, files and history",
    access: "signed-in",
    params: trashParams,
    answer: data(trashedMemoEntitySchema.omit({ trashedTs: true, purgeTs: true })),
    errors: NOT_IN_TRASH,
  }),
  "trash.delete": route({
    method: "DELETE",
    path: "/api/trash/:memoId",
    summary: "Delete a memo of the trash forever, with its history",
    access: "signed-in",
    params: trashParams,
    answer: data(z.literal(true)),
    errors: NOT_IN_TRASH,
  }),
  "trash.empty": route({
    method: "DELETE",
    path: "/api/trash",
    summary: "Delete every memo of the caller's trash forever",
    access: "signed-in",
    answer: data(z.object({ deleted: z.int() })),
  }),
};
