// /api/tag: the tag list, creation, deletion, suggestions and renaming.
import type { AppContext } from "../context.js";
import { viewerOf } from "../http/request-context.js";
import type { Handlers } from "../http/route-table.js";
import { renameTag } from "../services/tag-rename.service.js";
import { countTags, countTagSubtrees, createTag, deleteTag, listTags, suggestTags } from "../services/tag.service.js";

export const tagHandlers = (ctx: AppContext) =>
  ({
    "tag.list": async (request) => listTags(ctx, viewerOf(request)),
    "tag.suggestions": async (request) => suggestTags(ctx, viewerOf(request)),
    "tag.counts": async (request) => countTags(ctx, viewerOf(request)),
    "tag.subtreeCounts": async (request) => countTagSubtrees(ctx, viewerOf(request)),
    "tag.create": async (request) => createTag(ctx, viewerOf(request), request.body),
    "tag.rename": async (request) => renameTag(ctx, viewerOf(request), request.body),
    "tag.delete": async (request) => {
      await deleteTag(ctx, viewerOf(request), request.params.tagName);
      return true;
    },
  }) satisfies Handlers<"tag">;
