// Table test: MCP takes a personal access token only (never a session or the open ID), unless the host turned it
// off; a browser's Origin is taken from the external URL, or from this machine when the request reached a loopback
// address, never from the request's own Host; a read token gets the read tools only.
import { MCP_TOOL_NAMES, MCP_TOOLS } from "@memos/common";
import { describe, expect, it } from "vitest";
import type { Actor, Viewer } from "../context.js";
import { HttpError } from "../errors.js";
import { authorizeMcp, authorizeMcpOrigin, type McpOrigins, mayUseMcpTool } from "./mcp.policy.js";

const actor = (via: Actor["via"], scope?: "read" | "read-write"): Actor => ({
  id: 2,
  role: "USER",
  username: "u2",
  via,
  sessionId: via === "session" ? "s" : null,
  ...(scope ? { token: { id: 9, scope } } : {}),
});

const CALLERS: [string, Viewer, "ok" | 401][] = [
  ["nobody", null, 401],
  ["a session", actor("session"), 401],
  ["the open ID", actor("token"), 401],
  ["a read token", actor("token", "read"), "ok"],
  ["a read-write token", actor("token", "read-write"), "ok"],
];

const statusOf = (run: () => void): "ok" | number => {
  try {
    run();
    return "ok";
  } catch (error) {
    if (error instanceof HttpError) return error.status;
    throw error;
  }
};

describe("authorizeMcp", () => {
  it.each(CALLERS)("%s", (_name, viewer, expected) => {
    expect(statusOf(() => authorizeMcp(viewer, false))).toBe(expected);
    // Turned off: a token is refused too; without one, it is still a 401 first.
    expect(statusOf(() => authorizeMcp(viewer, true))).toBe(expected === "ok" ? 403 : 401);
  });
});

describe("authorizeMcpOrigin", () => {
  const external = { external: "https://notes.example.org/memos", reachedLoopback: false };
  const onLoopback = { external: null, reachedLoopback: true };
  const both = { external: "https://notes.example.org", reachedLoopback: true };
  const neither = { external: null, reachedLoopback: false };
  it.each<[string, string | undefined, McpOrigins, "ok" | number]>([
    ["no Origin (an assistant outside a browser)", undefined, neither, "ok"],
    ["no Origin, on loopback", undefined, onLoopback, "ok"],
    ["the external URL's origin", "https://notes.example.org", external, "ok"],
    ["the external URL's origin, its port spelled out", "https://notes.example.org:443", external, "ok"],
    ["the external URL's host over http", "http://notes.example.org", external, 403],
    ["the external URL's host on another port", "https://notes.example.org:8443", external, 403],
    ["a loopback page, reached through the external URL", "http://localhost:6274", external, 403],
    ["a loopback page, reached at a loopback address", "http://localhost:6274", onLoopback, "ok"],
    ["127.0.0.1 on the server's port, reached at a loopback address", "http://127.0.0.1:5230", onLoopback, "ok"],
    ["[::1], reached at a loopback address", "http://[::1]:5230", onLoopback, "ok"],
    ["the external URL or a loopback page: the external URL", "https://notes.example.org", both, "ok"],
    ["the external URL or a loopback page: a loopback page", "http://127.0.0.1:3000", both, "ok"],
    // DNS rebinding: the page's name now points here, and Host and Origin both name it.
    ["a rebound name, no external URL, on loopback", "http://evil.example", onLoopback, 403],
    ["a rebound name, no external URL, elsewhere", "http://evil.example", neither, 403],
    ["a rebound name beside an external URL", "http://evil.example", both, 403],
    ["a name under localhost's", "http://localhost.evil.example", onLoopback, 403],
    ["a LAN address the server may listen on", "http://192.168.1.10:5230", neither, 403],
    ["an opaque origin", "null", both, 403],
    ["not a URL", "not a url", both, 403],
    ["an extension", "chrome-extension://abcdef", both, 403],
  ])("%s → %s", (_name, origin, allowed, expected) => {
    expect(statusOf(() => authorizeMcpOrigin(origin, allowed))).toBe(expected);
  });
});

describe("mayUseMcpTool", () => {
  it("gives a read token the read tools and a read-write token all", () => {
    const read = MCP_TOOL_NAMES.filter((tool) => mayUseMcpTool(actor("token", "read"), tool));
    expect(read).toEqual(MCP_TOOL_NAMES.filter((tool) => !MCP_TOOLS[tool].write));
    expect(read).toContain("search_memos");
    expect(read).not.toContain("create_memo");
    expect(MCP_TOOL_NAMES.filter((tool) => mayUseMcpTool(actor("token", "read-write"), tool))).toEqual(MCP_TOOL_NAMES);
  });
});
