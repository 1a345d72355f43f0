// The MCP endpoint's methods: each is served by the SDK behind this server's gates (mcp/endpoint.ts).
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import type { Handlers } from "../http/route-table.js";
import { createMcpEndpoint } from "../mcp/endpoint.js";

export function mcpHandlers(ctx: AppContext, app: FastifyInstance) {
  const endpoint = createMcpEndpoint(ctx);
  app.addHook("onClose", () => endpoint.close());
  return {
    "mcp.post": (request, reply) => endpoint.handle(request, reply),
    "mcp.get": (request, reply) => endpoint.handle(request, reply),
    "mcp.delete": (request, reply) => endpoint.handle(request, reply),
  } satisfies Handlers<"mcp">;
}
