// Who reaches the MCP server, and what a token's user gets there: only a personal access token (every other kind
// of credential is a 401 with the OAuth challenge), a read token gets the read tools only, a revoked or expired
// token is refused at once, another user's private memo is never returned or changed by any tool, a foreign Origin
// is refused (the request's own Host never counts as the server's origin), each token is rate-limited, and the host
// can turn MCP off.
import { MCP_TOOL_NAMES, MCP_TOOLS } from "@memos/common";
import type { Client as McpClient } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openIdOf } from "../credential-kinds.js";
import { createMemo, createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { connectMcp, MCP_ERAS, mcpUrl } from "../mcp-client.js";
import { callTool, toolError } from "../mcp-tools.js";
import { listenRaw } from "../raw-http.js";

let t: TestApp;
let host: TestUser;
let member: TestUser;

const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};

/** A raw initialize POST to /mcp with these headers. */
async function post(app: TestApp, headers: Record<string, string>, body: unknown = INITIALIZE) {
  const response = await fetch(await mcpUrl(app), {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
}

async function newToken(user: TestUser, scope: "read" | "read-write", name = `${scope} token`) {
  const created = await user.client.post("/api/access-token", { name, scope });
  expect(created.status, created.text).toBe(200);
  return created.body.data as { id: number; token: string };
}

beforeAll(async () => {
  t = await createTestApp();
  host = await signUpHost(t);
  member = await createUser(t, host, "member");
});
afterAll(() => t.close());

describe("credentials", () => {
  it("takes a personal access token only: every other credential is a 401 with the OAuth challenge", async () => {
    const bearer = async (value: string) => post(t, { authorization: `Bearer ${value}` });
    const expectChallenge = (response: Awaited<ReturnType<typeof post>>, reason: string) => {
      expect(response.status, response.text).toBe(401);
      expect(response.json().reason).toBe(reason);
      expect(response.headers.get("www-authenticate")).toMatch(
        /^Bearer resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/mcp"/,
      );
    };
    expectChallenge(await post(t, {}), "auth.token-required");
    expectChallenge(await post(t, { cookie: `${await sessionCookie(host)}` }), "auth.token-required");
    expectChallenge(await bearer(await openIdOf(t, host)), "auth.token-required");
    const openIdInQuery = await fetch(`${await mcpUrl(t)}?openId=${await openIdOf(t, host)}`, { method: "POST", body: "{}" });
    expect(openIdInQuery.status).toBe(401);
    const unknown = await bearer("memos_pat_not-a-real-token");
    expectChallenge(unknown, "auth.invalid-token");
    expect(unknown.headers.get("www-authenticate")).toMatch(/error="invalid_token"/);
    // Both kinds of token get in.
    for (const scope of ["read", "read-write"] as const) {
      const response = await bearer((await newToken(host, scope)).token);
      expect(response.status, response.text).toBe(200);
      expect(response.text).toContain('"serverInfo"');
    }
  });

  it("takes no share link: it opens one memo's page, never /mcp", async () => {
    const memo = await createMemo(host, "shared once");
    const link = await host.client.post(`/api/memo/${memo.id}/share`, {});
    expect(link.status, link.text).toBe(200);
    const token = String(link.body.data.token);
    expect((await fetch(new URL(`/api/share/${token}`, await mcpUrl(t)))).status).toBe(200);
    const response = await post(t, { authorization: `Bearer ${token}` });
    expect([response.status, response.json().reason]).toEqual([401, "auth.token-required"]);
  });

  it("refuses a revoked token at once, and an expired one", async () => {
    const { id, token } = await newToken(host, "read-write", "to revoke");
    const mcp = await connectMcp(t, token);
    await callTool(mcp, "list_tags", {});
    expect((await host.client.delete(`/api/access-token/${id}`)).status).toBe(200);
    expect(await toolError(mcp, "list_tags", {})).toMatch(/401/);
    await mcp.close().catch(() => undefined);
    const expiring = await newToken(host, "read", "to expire");
    await t.ctx.store.db.updateTable("access_token").set({ expires_ts: 1 }).where("id", "=", expiring.id).execute();
    const expired = await post(t, { authorization: `Bearer ${expiring.token}` });
    expect([expired.status, expired.json().reason]).toEqual([401, "auth.token-expired"]);
  });

  it("answers GET and DELETE 405: no sessions are kept", async () => {
    const { token } = await newToken(host, "read");
    for (const method of ["GET", "DELETE"]) {
      const response = await fetch(await mcpUrl(t), { method, headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" } });
      expect(response.status, method).toBe(405);
    }
  });
});

describe.each(MCP_ERAS)("a read-only token (%s era)", (era) => {
  let mcp: McpClient;
  beforeAll(async () => {
    mcp = await connectMcp(t, (await newToken(host, "read")).token, era);
  });
  afterAll(() => mcp.close());

  it("lists and calls the read tools only; a write tool says why it is refused", async () => {
    const { tools } = await mcp.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(MCP_TOOL_NAMES.filter((name) => !MCP_TOOLS[name].write));
    await callTool(mcp, "recent_memos", {});
    const before = (await host.client.get("/api/memo")).body.data.length;
    for (const name of MCP_TOOL_NAMES.filter((tool) => MCP_TOOLS[tool].write))
      expect(await toolError(mcp, name, { id: 1, content: "x", action: "pin", tags: ["x"] }), name).toMatch(
        new RegExp(`^(MCP error -32602: )?${name} changes memos, and this access token is read-only`),
      );
    expect((await host.client.get("/api/memo")).body.data.length).toBe(before);
  });
});

describe("another user's memos", () => {
  let secret: number;
  let shared: number;
  let mcp: McpClient;
  beforeAll(async () => {
    secret = (await createMemo(member, "member's secret plan zebra", "PRIVATE")).id;
    shared = (await createMemo(member, "member's public note", "PUBLIC")).id;
    mcp = await connectMcp(t, (await newToken(host, "read-write")).token);
  });
  afterAll(() => mcp.close());

  it("never returns a private memo of someone else through any tool or resource", async () => {
    expect(await callTool(mcp, "search_memos", { query: "zebra" })).toEqual({ memos: [] });
    const refusal = await toolError(mcp, "get_memo", { id: secret });
    expect(refusal).not.toContain("zebra");
    await expect(mcp.readResource({ uri: `memo://${secret}` })).rejects.toThrow();
    for (const [name, args] of [
      ["update_memo", { id: secret, content: "taken over" }],
      ["update_memo", { id: secret, content: "taken over", mode: "append" }],
      ["add_tags", { id: secret, tags: ["mine"] }],
      ["set_memo_state", { id: secret, action: "archive" }],
      ["set_memo_state", { id: secret, action: "pin" }],
    ] as const)
      expect(await toolError(mcp, name, args), name).not.toContain("zebra");
    const { resources } = await mcp.listResources();
    expect(resources.map((resource) => resource.uri)).not.toContain(`memo://${secret}`);
    const kept = (await member.client.get(`/api/memo/${secret}`)).body.data;
    expect([kept.content, kept.rowStatus]).toEqual(["member's secret plan zebra", "NORMAL"]);
  });

  it("reads someone's public memo as the API shows it, and never changes it", async () => {
    expect((await callTool<{ content: string }>(mcp, "get_memo", { id: shared })).content).toBe("member's public note");
    expect(await toolError(mcp, "update_memo", { id: shared, content: "edited" })).toMatch(/only the creator may/);
    expect(await toolError(mcp, "add_tags", { id: shared, tags: ["x"] })).toMatch(/only the creator may/);
    expect((await member.client.get(`/api/memo/${shared}`)).body.data.content).toBe("member's public note");
  });
});

describe("the gates", () => {
  it("refuses a foreign Origin and takes a page on this machine, reached at a loopback address", async () => {
    const { token } = await newToken(host, "read");
    const own = new URL(await mcpUrl(t)).origin;
    const foreign = await post(t, { authorization: `Bearer ${token}`, origin: "https://evil.example" });
    expect([foreign.status, foreign.json().reason]).toEqual([403, "mcp.origin-refused"]);
    const rebound = await post(t, { authorization: `Bearer ${token}`, origin: "http://attacker.example:80" });
    expect(rebound.status).toBe(403);
    expect((await post(t, { authorization: `Bearer ${token}`, origin: own })).status).toBe(200);
    expect((await post(t, { authorization: `Bearer ${token}`, origin: "http://localhost:6274" })).status).toBe(200);
  });

  it("never takes the request's own Host as its origin (DNS rebinding); the external URL's origin when set", async () => {
    const { token } = await newToken(host, "read");
    const raw = await listenRaw(t);
    const send = (headers: Record<string, string>) =>
      raw.send(
        "POST",
        "/mcp",
        { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${token}`, ...headers },
        JSON.stringify(INITIALIZE),
      );
    // A page of evil.example whose name now points here: the browser sends both as evil.example.
    const rebound = await send({ host: "evil.example", origin: "http://evil.example" });
    expect(rebound.status, rebound.text).toBe(403);
    expect(JSON.parse(rebound.text).reason).toBe("mcp.origin-refused");
    expect((await send({ host: "evil.example" })).status).toBe(200);
    const setProfile = async (value: object) =>
      expect((await host.client.post("/api/system/setting", { name: "customizedProfile", value: JSON.stringify(value) })).status).toBe(200);
    await setProfile({ externalUrl: "https://notes.example.org/" });
    try {
      expect((await send({ host: "notes.example.org", origin: "https://notes.example.org" })).status).toBe(200);
      expect((await send({ host: "evil.example", origin: "http://evil.example" })).status).toBe(403);
      expect((await send({ host: "notes.example.org", origin: "http://notes.example.org" })).status).toBe(403);
    } finally {
      await setProfile({});
    }
  });

  it("limits each token's requests per minute", async () => {
    const limited = await createTestApp({ mcpRequestsPerMinute: 3 });
    try {
      const owner = await signUpHost(limited);
      const first = await newToken(owner, "read");
      const second = await newToken(owner, "read");
      const headers = { authorization: `Bearer ${first.token}` };
      for (let i = 0; i < 3; i++) expect((await post(limited, headers)).status).toBe(200);
      const refused = await post(limited, headers);
      expect([refused.status, refused.json().reason]).toEqual([429, "mcp.rate-limited"]);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect((await post(limited, { authorization: `Bearer ${second.token}` })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("is off when the host turns it off, and on again", async () => {
    const { token } = await newToken(member, "read-write");
    const set = async (value: boolean) =>
      expect((await host.client.post("/api/system/setting", { name: "disableMcp", value: JSON.stringify(value) })).status).toBe(200);
    await set(true);
    expect((await host.client.get("/api/status")).body.data.disableMcp).toBe(true);
    const off = await post(t, { authorization: `Bearer ${token}` });
    expect([off.status, off.json().reason]).toEqual([403, "mcp.disabled"]);
    // A member may not turn it back on.
    expect((await member.client.post("/api/system/setting", { name: "disableMcp", value: "false" })).status).toBe(403);
    await set(false);
    expect((await post(t, { authorization: `Bearer ${token}` })).status).toBe(200);
  });
});

async function sessionCookie(user: TestUser): Promise<string> {
  const signedIn = await fetch(new URL("/api/auth/signin", await mcpUrl(t)), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: user.user.username, password: "secret-pass" }),
  });
  return (signedIn.headers.get("set-cookie") ?? "").split(";")[0]!;
}
