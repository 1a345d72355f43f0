// The MCP endpoint (`/mcp`): who may use it, from where, and which tools a token may call.
//   - Only a personal access token (the access hook's `token` routes take nothing else), while the host has not
//     turned MCP off.
//   - A request that carries an `Origin` (a browser's: assistants outside a browser send none) must come from the
//     host's external URL, or from a page on this machine (`http://localhost:…`, `127.0.0.1`, `[::1]`, any port)
//     when the request itself reached the server at a loopback address (it listens there, or was asked there
//     directly). Never the request's own Host: under DNS rebinding, a page of evil.example reaches this server
//     with `Host: evil.example` and `Origin: http://evil.example`, so a rule that trusts the Host trusts the page.
//     Without an external URL, only pages on this machine may call from a browser. (Behind a proxy on the same
//     machine every request reaches a loopback address, so a page on the visitor's own localhost is let in too:
//     harmless, since no name an attacker's page can have is a loopback origin.)
//   - A read-only token lists and calls the read tools only; a write tool answers it with a clear refusal.
//   - Everything a tool reads or writes is then judged by the memo's own policies, as for the v0 API.
import type { McpToolName } from "@memos/common";
import { MCP_TOOLS } from "@memos/common";
import type { Viewer } from "../context.js";
import { forbidden, unauthenticated } from "../errors.js";
import { isLoopbackOrigin } from "./loopback.js";

export function authorizeMcp(viewer: Viewer, mcpDisabled: boolean): asserts viewer is NonNullable<Viewer> {
  if (viewer?.token === undefined) throw unauthenticated("Send a personal access token", { reason: "auth.token-required" });
  if (mcpDisabled) throw forbidden("MCP is turned off on this instance", { reason: "mcp.disabled" });
}

/** Where browser pages may call `/mcp` from, for one request. */
export interface McpOrigins {
  /** The origin of the host's external URL; null when none is set. */
  external: string | null;
  /** The request reached the server at a loopback address (the socket's local end). */
  reachedLoopback: boolean;
}

/** `origin`: the request's `Origin` header, as sent. */
export function authorizeMcpOrigin(origin: string | undefined, allowed: McpOrigins): void {
  if (origin === undefined) return;
  const asked = URL.canParse(origin) ? new URL(origin).origin : "null";
  const external = allowed.external !== null && URL.canParse(allowed.external) ? new URL(allowed.external).origin : null;
  if (asked !== "null" && asked === external) return;
  if (allowed.reachedLoopback && isLoopbackOrigin(asked)) return;
  throw forbidden(`MCP requests from ${origin.slice(0, 100)} are refused: not this server's origin`, { reason: "mcp.origin-refused" });
}

/** Whether the token may call (and sees) the tool. */
export const mayUseMcpTool = (viewer: Viewer, tool: McpToolName): boolean =>
  !MCP_TOOLS[tool].write || viewer?.token?.scope === "read-write";

/** The refusal a read-only token gets from a write tool. */
export const readOnlyToolMessage = (tool: McpToolName): string =>
  `${tool} changes memos, and this access token is read-only: create a read-write token (Settings › Access tokens) or approve write access for this app`;
