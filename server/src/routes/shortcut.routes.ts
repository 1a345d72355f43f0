// /api/shortcut: saved filters.
import type { AppContext } from "../context.js";
import { viewerOf } from "../http/request-context.js";
import type { Handlers } from "../http/route-table.js";
import {
  authorizedShortcut,
  createShortcut,
  deleteShortcut,
  getShortcut,
  listShortcuts,
  patchShortcut,
} from "../services/shortcut.service.js";

export const shortcutHandlers = (ctx: AppContext) =>
  ({
    "shortcut.list": async (request) => listShortcuts(ctx, viewerOf(request)),
    "shortcut.create": async (request) => createShortcut(ctx, viewerOf(request), request.body),
    "shortcut.get": async (request) => getShortcut(ctx, viewerOf(request), request.params.shortcutId),
    "shortcut.patch": {
      // A 404 comes before a 400 of the body, as in v0.
      checkFirst: (request, { shortcutId }) => authorizedShortcut(ctx, viewerOf(request), shortcutId, "update"),
      handler: async (request) => patchShortcut(ctx, viewerOf(request), request.params.shortcutId, request.body),
    },
    "shortcut.delete": async (request) => {
      await deleteShortcut(ctx, viewerOf(request), request.params.shortcutId);
      return true;
    },
  }) satisfies Handlers<"shortcut">;
