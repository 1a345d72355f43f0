// A read-only token never sees the write tools (mcp-server.ts leaves them out), so the SDK would answer a call to
// one "Tool create_memo not found". It is answered here instead, before the SDK, with what is actually wrong.
import { MCP_TOOL_NAMES, type McpToolName } from "@memos/common";
import type { Actor } from "../context.js";
import { mayUseMcpTool, readOnlyToolMessage } from "../policies/mcp.policy.js";

/** JSON-RPC's "invalid params", as the SDK answers a call to a tool it does not offer. */
const INVALID_PARAMS = -32602;

interface JsonRpcError {
  jsonrpc: "2.0";
  id: string | number;
  error: { code: number; message: string };
}

const isToolName = (name: unknown): name is McpToolName => typeof name === "string" && (MCP_TOOL_NAMES as string[]).includes(name);

/** The answer to a `tools/call` of a tool the token may not use; null for anything else. */
export function refusedToolCall(viewer: Actor, body: unknown): JsonRpcError | null {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return null;
  const { method, id, params } = body as { method?: unknown; id?: unknown; params?: { name?: unknown } };
  if (method !== "tools/call" || (typeof id !== "string" && typeof id !== "number")) return null;
  const name = params?.name;
  if (!isToolName(name) || mayUseMcpTool(viewer, name)) return null;
  return { jsonrpc: "2.0", id, error: { code: INVALID_PARAMS, message: readOnlyToolMessage(name) } };
}
