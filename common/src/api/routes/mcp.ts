// The MCP server (Model Context Protocol, Streamable HTTP): AI assistants call the tools of common/src/api/mcp-tools.ts
// with a personal access token. One path, the transport's methods; the body and the answer are JSON-RPC, read and
// written by the official SDK (server/src/mcp/).
import { z } from "zod";
import { file, input, route } from "../route.js";
import { MCP_BODY_LIMIT } from "../body-limits.js";

const jsonRpc = z
  .union([z.looseObject({ jsonrpc: z.literal("2.0") }), z.array(z.looseObject({ jsonrpc: z.literal("2.0") }))])
  .describe("A JSON-RPC 2.0 message of the Model Context Protocol");

const ANSWER = "A JSON-RPC response (`application/json`), or a `text/event-stream` of messages ending with it; 202 for a notification.";
const DESCRIPTION =
  "Needs `Authorization: Bearer <personal access token>` (or one issued to an app through OAuth); a read-only token lists and calls the read tools only. Serves the 2026-07-28 protocol revision and, statelessly, the 2025 ones (`initialize` on every request). An `Origin` other than this server's is refused (403). Rate-limited per token. The host can turn it off (`disableMcp`).";
const ERRORS = { 403: "The host turned MCP off, or a foreign `Origin`", 429: "Too many requests with this token" } as const;

export const mcpRoutes = {
  "mcp.post": route({
    method: "POST",
    path: "/mcp",
    summary: "Send an MCP message (tools/list, tools/call, resources/read, …)",
    description: DESCRIPTION,
    access: "token",
    body: input(jsonRpc, "Malformatted MCP request"),
    bodyLimit: MCP_BODY_LIMIT,
    answer: file("application/json", ANSWER, jsonRpc),
    errors: ERRORS,
  }),
  "mcp.get": route({
    method: "GET",
    path: "/mcp",
    summary: "The transport's server-to-client stream: not offered (stateless), 405",
    description: DESCRIPTION,
    access: "token",
    answer: file("application/json", "405 Method Not Allowed: this server keeps no sessions", jsonRpc),
    errors: ERRORS,
  }),
  "mcp.delete": route({
    method: "DELETE",
    path: "/mcp",
    summary: "End an MCP session: none are kept (stateless), 405",
    description: DESCRIPTION,
    access: "token",
    answer: file("application/json", "405 Method Not Allowed: this server keeps no sessions", jsonRpc),
    errors: ERRORS,
  }),
};
