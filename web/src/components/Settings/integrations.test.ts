import { describe, expect, it } from "vitest";
import { accessTokenCurl, accessTokenMcpConfig, expiresTsOf } from "./integrations";

const NOW = Date.UTC(2026, 0, 10, 12, 0, 0);

describe("expiresTsOf", () => {
  it("counts days from now, and never is no expiry", () => {
    expect(expiresTsOf("7", "", NOW)).toBe(NOW / 1000 + 7 * 86_400);
    expect(expiresTsOf("90", "", NOW)).toBe(NOW / 1000 + 90 * 86_400);
    expect(expiresTsOf("never", "", NOW)).toBeUndefined();
  });

  it("a chosen day ends at its last second, local time; a past or malformed day is refused", () => {
    const ts = expiresTsOf("date", "2026-02-01", NOW)!;
    const end = new Date(ts * 1000);
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes()]).toEqual([2026, 1, 1, 23, 59]);
    expect(expiresTsOf("date", "2025-12-31", NOW)).toBeNull();
    expect(expiresTsOf("date", "", NOW)).toBeNull();
    expect(expiresTsOf("date", "2026-13-40", NOW)).toBeNull();
  });
});

describe("accessTokenCurl", () => {
  it("sends the token as a Bearer header, quoted for a shell", () => {
    const curl = accessTokenCurl("https://memos.example", "memos_pat_abc");
    expect(curl).toContain("curl -X POST 'https://memos.example/api/memo'");
    expect(curl).toContain("-H 'Authorization: Bearer memos_pat_abc'");
    expect(curl).toContain(`-d '{"content": "Hello #memos from https://memos.example"}'`);
  });
});

describe("accessTokenMcpConfig", () => {
  it("is an MCP client's entry for this server's /mcp with the token", () => {
    expect(JSON.parse(accessTokenMcpConfig("https://memos.example", "memos_pat_abc"))).toEqual({
      mcpServers: { memos: { url: "https://memos.example/mcp", headers: { Authorization: "Bearer memos_pat_abc" } } },
    });
  });
});
