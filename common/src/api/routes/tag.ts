// Tags: the caller's list, suggestions and counts, renaming and merging.
import { z } from "zod";
import {
  tagCountEntitySchema,
  tagCreateSchema,
  tagRenameEntitySchema,
  tagRenameSchema,
  tagSubtreeCountEntitySchema,
} from "../schemas/tag.js";
import { bare, data, input, route } from "../route.js";

export const tagRoutes = {
  "tag.list": route({
    method: "GET",
    path: "/api/tag",
    summary: "The caller's tags",
    access: "signed-in",
    answer: data(z.array(z.string())),
    cacheable: true,
  }),
  "tag.suggestions": route({
    method: "GET",
    path: "/api/tag/suggestion",
    summary: "Tags found in the caller's memos that are not in its tag list",
    access: "signed-in",
    answer: data(z.array(z.string())),
  }),
  "tag.counts": route({
    method: "GET",
    path: "/api/tag/count",
    summary: "The caller's tags (listed or used in their memos) with their memo counts",
    access: "signed-in",
    answer: data(z.array(tagCountEntitySchema)),
    cacheable: true,
  }),
  "tag.subtreeCounts": route({
    method: "GET",
    path: "/api/tag/count/subtree",
    summary: "Each parent of the caller's tag tree with the memos of its whole subtree",
    description:
      "For each path with tags under it (`work` of `work/meeting`, whether `work` is a tag or not): the caller's NORMAL memos carrying the path or any tag under it, a memo with two of them counted once.",
    access: "signed-in",
    answer: data(z.array(tagSubtreeCountEntitySchema)),
    cacheable: true,
  }),
  "tag.create": route({
    method: "POST",
    path: "/api/tag",
    summary: "Add a tag",
    access: "signed-in",
    body: input(tagCreateSchema, "Malformatted post tag request"),
    answer: data(z.string()),
    errors: { 400: "An empty or invalid tag name" },
  }),
  "tag.rename": route({
    method: "POST",
    path: "/api/tag/rename",
    summary: "Rename a tag and the tags under it, or merge it into another",
    description:
      "Rewrites `#from` and `#from/…` as `#to` and `#to/…` in the content of every memo of the caller (archived ones too; never in code or links), in the tag filters of the caller's shortcuts and in their tag list, in one transaction; each rewritten memo keeps its former version in its history. Onto a name the caller has already, the tags merge. With `dryRun` nothing is written: the answer says what would change.",
    access: "signed-in",
    body: input(tagRenameSchema, "Malformatted post tag rename request"),
    answer: data(tagRenameEntitySchema),
    errors: {
      400: "`from` or `to` not a tag name, or the same",
      404: "The caller has no tag `from` or under it: in no memo, shortcut or their tag list",
    },
  }),
  "tag.delete": route({
    method: "DELETE",
    path: "/api/tag/:tagName",
    summary: "Delete a tag",
    access: "signed-in",
    params: z.object({ tagName: z.string() }),
    answer: bare(z.literal(true)),
    errors: { 404: "Not in the caller's list" },
  }),
};
