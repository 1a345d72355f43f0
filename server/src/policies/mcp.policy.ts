// The MCP endpoint (`/mcp`): who may use it, from where, and which tools a token may call.
//   - Only a personal access token (the access hook's `token` routes take nothing else), while the host has not
//     turned MCP off.
//   - A request that carries an `Origin` must come from this server's own origin (its address as asked, or the
//     host's external URL): a web page elsewhere, or one reached through DNS rebinding, is refused. Assistants
//     outside a browser send no `Origin`.
//   - A read-only token lists and calls the read tools only; a write tool answers it with a clear refusal.
//   - Everything a tool reads or writes is then judged by the memo's own policies, as for the v0 API.
import type { McpToolName } from "@memos/common";
import { MCP_TOOLS } from "@memos/common";
import type { Viewer } from "../context.js";
import { forbidden, unauthenticated } from "../errors.js";

export function authorizeMcp(viewer: Viewer, mcpDisabled: boolean): asserts viewer is NonNullable<Viewer> {
  if (viewer?.token === undefined) throw unauthenticated("Send a personal access token", { reason: "auth.token-required" });
  if (mcpDisabled) throw forbidden("MCP is turned off on this instance", { reason: "mcp.disabled" });
}

/** `origins`: this server's own (as the request reached it, and the host's external URL when set). */
export function authorizeMcpOrigin(origin: string | undefined, origins: readonly string[]): void {
  if (origin === undefined) return;
  let asked: string;
  try {
    asked = new URL(origin).origin;
  } catch {
    asked = "null";
  }
  const own = origins.flatMap((value) => {
    try {
      return [new URL(value).origin];
    } catch {
      return [];
    }
  });
  if (asked === "null" || !own.includes(asked))
    throw forbidden(`MCP requests from ${origin.slice(0, 100)} are refused: not this server's origin`, { reason: "mcp.origin-refused" });
}

/** Whether the token may call (and sees) the tool. */
export const mayUseMcpTool = (viewer: Viewer, tool: McpToolName): boolean =>
  !MCP_TOOLS[tool].write || viewer?.token?.scope === "read-write";

/** The refusal a read-only token gets from a write tool. */
export const readOnlyToolMessage = (tool: McpToolName): string =>
  `${tool} changes memos, and this access token is read-only: create a read-write token (Settings › Access tokens) or approve write access for this app`;
