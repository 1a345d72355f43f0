// `/mcp` over Fastify: the official SDK's handler (createMcpHandler: the 2026-07-28 revision, and the 2025 ones served
// statelessly) fed a web Request built from Fastify's, after this server's own gates: MCP on, the caller's token
// (the access hook resolved it), the Origin, the token's rate. Its web Response is sent back as it is (JSON, or an
// event stream).
import { Readable } from "node:stream";
import type { McpHttpHandler } from "@modelcontextprotocol/server";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import { HttpError } from "../errors.js";
import { callerOf, viewerOf } from "../http/request-context.js";
import { isLoopbackAddress } from "../policies/loopback.js";
import { authorizeMcp, authorizeMcpOrigin, type McpOrigins } from "../policies/mcp.policy.js";
import { readSystemSetting } from "../store/sql/settings.js";
import { externalUrl, requestOrigin } from "../http/public-origin.js";
import type { McpCall } from "./mcp-call.js";
import { tokenRate } from "./token-rate.js";
import { refusedToolCall } from "./tool-gate.js";

/** Request headers the SDK has no use for and that must not travel further: credentials. */
const KEPT_OUT = new Set(["authorization", "cookie", "host", "connection", "content-length", "transfer-encoding"]);

export interface McpEndpoint {
  handle(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  close(): Promise<void>;
}

/** The origin links are made with (the instance's public one), and where browser pages may call from. */
async function originsOf(ctx: AppContext, request: FastifyRequest): Promise<{ origin: string; allowed: McpOrigins }> {
  const external = await externalUrl(ctx);
  return {
    origin: external ?? requestOrigin(request),
    allowed: { external, reachedLoopback: isLoopbackAddress(request.socket.localAddress) },
  };
}

function webRequest(request: FastifyRequest, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || KEPT_OUT.has(name)) continue;
    headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  // The matched route, not the URL as sent (which may be an absolute-form target or another spelling).
  const query = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
  const url = `${request.protocol}://${request.host}${request.routeOptions.url}${query}`;
  return new Request(url, { method: request.method, headers, signal });
}

export function createMcpEndpoint(ctx: AppContext): McpEndpoint {
  const rate = tokenRate(ctx);
  let handler: Promise<McpHttpHandler> | null = null;
  const sdkHandler = () => (handler ??= import("./sdk-handler.js").then(({ createSdkHandler }) => createSdkHandler()));

  return {
    async handle(request, reply) {
      const viewer = viewerOf(request);
      authorizeMcp(viewer, await readSystemSetting(ctx.store.db, "disableMcp"));
      const { origin, allowed } = await originsOf(ctx, request);
      authorizeMcpOrigin(request.headers.origin, allowed);
      const wait = await rate.take(viewer.token!.id);
      if (wait > 0)
        throw new HttpError(429, `Too many MCP requests with this access token: wait ${wait} s`, {
          reason: "mcp.rate-limited",
          params: { seconds: wait },
          headers: { "retry-after": String(wait) },
        });
      const refused = refusedToolCall(viewer, request.body);
      if (refused) return reply.type("application/json").send(refused);
      const call: McpCall = { ctx, viewer, origin, caller: callerOf(request) };
      const aborted = new AbortController();
      request.raw.once("close", () => aborted.abort());
      const scopes = viewer.token!.scope === "read-write" ? ["memos:read", "memos:write"] : ["memos:read"];
      const response = await (await sdkHandler()).fetch(webRequest(request, aborted.signal), {
        authInfo: { token: "", clientId: `token:${viewer.token!.id}`, scopes, extra: { call } },
        ...(request.body !== undefined && { parsedBody: request.body }),
      });
      reply.status(response.status);
      response.headers.forEach((value, name) => void reply.header(name, value));
      return reply.send(response.body ? Readable.fromWeb(response.body as import("node:stream/web").ReadableStream) : null);
    },
    close: async () => (await handler)?.close(),
  };
}
