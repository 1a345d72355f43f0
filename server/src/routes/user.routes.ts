// /api/user: members, the current user, and per-user settings.
import { userCreateSchema, userPatchSchema, userSettingUpsertSchema } from "@memos/common";
import { userEntitySchema, userSettingEntitySchema } from "@memos/common/api/responses";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { ok, viewerOf } from "../http/request-context.js";
import { answers, checkFirst, input, params, pathId } from "../http/route-schema.js";
import {
  assertKnownSettingKey,
  authorizedUser,
  createMember,
  deleteUser,
  getMe,
  getUser,
  listUsers,
  patchUser,
  upsertSetting,
} from "../services/user.service.js";

const idParams = params({ id: pathId() });

export async function userRoutes(base: FastifyInstance, ctx: AppContext) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/api/user",
    {
      schema: {
        summary: "Create a member (host only)",
        body: input(userCreateSchema, "Malformatted post user request"),
        response: answers(userEntitySchema),
      },
    },
    async (request) => ok(await createMember(ctx, viewerOf(request), request.body)),
  );
  app.get("/api/user", { schema: { summary: "List the accounts", response: answers(z.array(userEntitySchema)) } }, async () =>
    ok(await listUsers(ctx)),
  );
  app.get("/api/user/me", { schema: { summary: "The signed-in account, with its settings", response: answers(userEntitySchema) } }, async (request) =>
    ok(await getMe(ctx, viewerOf(request))),
  );
  app.post(
    "/api/user/setting",
    {
      schema: {
        summary: "Set one of the caller's settings",
        description: "`value` is JSON text of the setting's value, e.g. `\"\\\"en\\\"\"` for the locale.",
        body: input(userSettingUpsertSchema, "Malformatted post user setting upsert request"),
        response: answers(userSettingEntitySchema),
      },
      // An unknown key is "Invalid user setting format: …", whatever else the body holds, as in v0.
      preValidation: checkFirst(async (request) => assertKnownSettingKey(request.body)),
    },
    async (request) => ok(await upsertSetting(ctx, viewerOf(request), request.body)),
  );
  app.get("/api/user/:id", { schema: { summary: "One account", params: idParams, response: answers(userEntitySchema) } }, async (request) =>
    ok(await getUser(ctx, request.params.id)),
  );
  app.patch(
    "/api/user/:id",
    {
      schema: {
        summary: "Change an account (itself, or the host)",
        params: idParams,
        body: input(userPatchSchema, "Malformatted patch user request"),
        response: answers(userEntitySchema),
      },
      // 404/403 come before a 400 of the body, as in v0.
      preValidation: checkFirst(idParams, (request, { id }) => authorizedUser(ctx, viewerOf(request), id, "update")),
    },
    async (request) => ok(await patchUser(ctx, viewerOf(request), request.params.id, request.body, request.ip)),
  );
  app.delete(
    "/api/user/:id",
    { schema: { summary: "Delete an account and everything it owns (host only)", params: idParams, response: answers(z.literal(true), { raw: true }) } },
    async (request) => {
      await deleteUser(ctx, viewerOf(request), request.params.id, request.log);
      return true;
    },
  );
}
