// /api/user: members, the current user, and per-user settings.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { ok, viewerOf } from "../http/request-context.js";
import { createMember, deleteUser, getMe, getUser, listUsers, patchUser, upsertSetting } from "../services/user.service.js";
import { parseId } from "../services/validate.js";

type IdParams = { Params: { id: string } };

export async function userRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post("/api/user", async (request) => ok(await createMember(ctx, viewerOf(request), request.body)));
  app.get("/api/user", async () => ok(await listUsers(ctx)));
  app.get("/api/user/me", async (request) => ok(await getMe(ctx, viewerOf(request))));
  app.post("/api/user/setting", async (request) => ok(await upsertSetting(ctx, viewerOf(request), request.body)));
  app.get<IdParams>("/api/user/:id", async (request) => ok(await getUser(ctx, parseId(request.params.id))));
  app.patch<IdParams>("/api/user/:id", async (request) =>
    ok(await patchUser(ctx, viewerOf(request), parseId(request.params.id), request.body)),
  );
  app.delete<IdParams>("/api/user/:id", async (request) => {
    await deleteUser(ctx, viewerOf(request), parseId(request.params.id));
    return true;
  });
}
