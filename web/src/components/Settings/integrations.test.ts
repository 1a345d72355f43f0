import { describe, expect, it } from "vitest";
import { accessTokenCurl, accessTokenMcpConfig } from "./integrations";

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
