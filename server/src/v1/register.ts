// Mounts the v1 API (memos 0.30's, for today's memos clients) on the app: its Connect routes and its REST routes,
// each in a scope of its own (Connect reads its bodies itself; REST reads JSON), both from the declared services.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import type { EventStreams } from "../http/event-streams.js";
import type { RestVerb } from "./transport/http-rule.js";
import { registerConnectRoutes } from "./transport/connect.js";
import { registerRestRoutes } from "./transport/rest.js";
import { registerSseRoute } from "./transport/sse.js";
import { V1_SERVICES } from "./rpcs/index.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A v1 RPC's route: `Service/Method` (a REST route shared through custom verbs names each), and the REST verb its token scope is judged by (Connect posts every call). */
    v1?: { rpc: string; verb: RestVerb; connect?: true };
  }
}

export async function registerV1(app: FastifyInstance, ctx: AppContext, streams: EventStreams): Promise<void> {
  await app.register(async (scope) => registerConnectRoutes(scope, ctx, V1_SERVICES));
  await app.register(async (scope) => {
    registerRestRoutes(scope, ctx, V1_SERVICES);
    registerSseRoute(scope, ctx, streams);
  });
}
