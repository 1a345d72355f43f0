// Table test: MCP takes a personal access token only (never a session or the open ID), unless the host turned it
// off; a foreign Origin is refused; a read token gets the read tools only.
import { MCP_TOOL_NAMES, MCP_TOOLS } from "@memos/common";
import { describe, expect, it } from "vitest";
import type { Actor, Viewer } from "../context.js";
import { HttpError } from "../errors.js";
import { authorizeMcp, authorizeMcpOrigin, mayUseMcpTool } from "./mcp.policy.js";

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
  const own = ["http://127.0.0.1:5230", "https://notes.example.org"];
  it.each([
    [undefined, "ok"],
    ["http://127.0.0.1:5230", "ok"],
    ["https://notes.example.org", "ok"],
    ["https://notes.example.org:443", "ok"],
    ["http://notes.example.org", 403],
    ["http://127.0.0.1:5231", 403],
    ["https://evil.example", 403],
    ["null", 403],
    ["not a url", 403],
  ] as const)("%s → %s", (origin, expected) => {
    expect(statusOf(() => authorizeMcpOrigin(origin, own))).toBe(expected);
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
