// /api/user: members, the current user, and per-user settings.
import type { AppContext } from "../context.js";
import { viewerOf } from "../http/request-context.js";
import type { Handlers } from "../http/route-table.js";
import { noSniff } from "../http/send-file.js";
import {
  assertKnownSettingKey,
  authorizedUser,
  createMember,
  deleteUser,
  getMe,
  getUser,
  getUserAvatar,
  getUserByName,
  listUsers,
  patchUser,
  upsertSetting,
} from "../services/user.service.js";

export const userHandlers = (ctx: AppContext) =>
  ({
    "user.create": async (request) => createMember(ctx, viewerOf(request), request.body),
    "user.list": async () => listUsers(ctx),
    "user.me": async (request) => getMe(ctx, viewerOf(request)),
    "user.setSetting": {
      // An unknown key is "Invalid user setting format: …", whatever else the body holds, as in v0.
      checkFirst: async (request) => assertKnownSettingKey(request.body),
      handler: async (request) => upsertSetting(ctx, viewerOf(request), request.body),
    },
    "user.get": async (request) => getUser(ctx, request.params.id),
    "user.byName": async (request) => getUserByName(ctx, request.params.username),
    "user.avatarFile": {
      onRequest: noSniff,
      handler: async (request, reply) => {
        const avatar = await getUserAvatar(ctx, request.params.username);
        const etag = `"${avatar.updatedTs}-${avatar.bytes.length}"`;
        reply.header("Cache-Control", "no-cache").header("ETag", etag).header("Content-Security-Policy", "default-src 'none'; sandbox");
        if (request.headers["if-none-match"] === etag) return reply.code(304).send();
        return reply.type(avatar.mimeType).send(avatar.bytes);
      },
    },
    "user.patch": {
      // 404/403 come before a 400 of the body, as in v0.
      checkFirst: (request, { id }) => authorizedUser(ctx, viewerOf(request), id, "update"),
      handler: async (request) => patchUser(ctx, viewerOf(request), request.params.id, request.body, request.ip),
    },
    "user.delete": async (request) => {
      await deleteUser(ctx, viewerOf(request), request.params.id, request.log);
      return true;
    },
  }) satisfies Handlers<"user">;
