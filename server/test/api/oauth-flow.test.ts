// OAuth 2.1 for MCP clients over real HTTP, as a client does it: register, the user approves on the consent page,
// the code is exchanged with its PKCE verifier, the refresh token rotates; every way it can go wrong is refused, a
// code or refresh token presented twice revokes what it gave, and the token is an app's: MCP only.
import { createHash } from "node:crypto";
import type { AccessToken } from "@memos/common";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { anonymous, createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { connectMcp } from "../mcp-client.js";
import { callTool, toolError } from "../mcp-tools.js";
import {
  ageRegisteredClients,
  approve,
  decideConsent,
  exchange,
  listenOAuth,
  type OAuthHttp,
  pkcePair,
  REDIRECT,
  refresh,
  register,
} from "../oauth-flow.js";

let t: TestApp;
let http: OAuthHttp;
let host: TestUser;
let alice: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  host = await signUpHost(t);
  alice = await createUser(t, host, "alice");
  http = await listenOAuth(t);
});
afterAll(() => t.close());
beforeEach(() => ageRegisteredClients(t));

const cookie = () => alice.client.cookie!;

/** Register, approve and exchange: the token answer. */
async function connect(access: "read" | "read-write" = "read-write", scope?: string) {
  const clientId = await register(http);
  const pkce = pkcePair();
  const code = await approve(http, cookie(), { clientId, pkce, ...(scope !== undefined && { scope }) }, access);
  const answer = await exchange(http, clientId, code, pkce.verifier);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { clientId, tokens: answer.body as { access_token: string; refresh_token: string; scope: string; expires_in: number } };
}

const listed = async (): Promise<AccessToken[]> => (await alice.client.get("/api/access-token")).body.data;
const rowOf = (accessToken: string) =>
  t.ctx.store.db.selectFrom("access_token").selectAll().where("token_hash", "=", hashOf(accessToken)).executeTakeFirst();
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

describe("the authorization code flow", () => {
  it("gives an app an access token (an hour) and a refresh token, listed in Settings under the app's name", async () => {
    const { tokens } = await connect();
    expect(tokens).toMatchObject({ token_type: "Bearer", expires_in: 3600, scope: "memos:read memos:write" });
    expect(tokens.access_token).toMatch(/^memos_pat_[A-Za-z0-9_-]{43}$/);
    expect(tokens.refresh_token).toMatch(/^memos_rt_[A-Za-z0-9_-]{43}$/);
    const app = (await listed()).find((token) => token.connectedApp && token.name === "Test Agent");
    expect(app).toMatchObject({ scope: "read-write", expiresTs: null, connectedApp: true });
    // Only hashes reach the database.
    const row = await t.ctx.store.db.selectFrom("access_token").selectAll().where("id", "=", app!.id).executeTakeFirstOrThrow();
    expect(Object.values(row).map(String)).not.toContain(tokens.access_token);
    expect(Object.values(row).map(String)).not.toContain(tokens.refresh_token);
  });

  it("answers the token with Cache-Control: no-store, and the redirect carries state and iss", async () => {
    const clientId = await register(http);
    const pkce = pkcePair();
    const redirect = await decideConsent(http, cookie(), { clientId, pkce, state: "xyz" }, { approve: true });
    expect(`${redirect.origin}${redirect.pathname}`).toBe(REDIRECT);
    expect(redirect.searchParams.get("state")).toBe("xyz");
    expect(redirect.searchParams.get("iss")).toBe(http.origin);
    const answer = await exchange(http, clientId, redirect.searchParams.get("code")!, pkce.verifier);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
  });

  it("takes JSON at the token endpoint too", async () => {
    const clientId = await register(http);
    const pkce = pkcePair();
    const code = await approve(http, cookie(), { clientId, pkce });
    const answer = await http.postJson("/oauth/token", {
      grant_type: "authorization_code",
      code,
      code_verifier: pkce.verifier,
      client_id: clientId,
      redirect_uri: REDIRECT,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  });

  it("grants read only when the user chooses it (or the app asks only that)", async () => {
    const chosen = await connect("read");
    expect(chosen.tokens.scope).toBe("memos:read");
    const asked = await connect("read-write", "memos:read");
    expect(asked.tokens.scope).toBe("memos:read");
    const rows = (await listed()).filter((token) => token.connectedApp && token.scope === "read");
    expect(rows.length).toBeGreaterThanOrEqual(2);
  });

  it("sends a denial back as access_denied with the state", async () => {
    const clientId = await register(http);
    const pkce = pkcePair();
    const redirect = await decideConsent(http, cookie(), { clientId, pkce, state: "s2" }, { approve: false });
    expect(redirect.searchParams.get("error")).toBe("access_denied");
    expect(redirect.searchParams.get("state")).toBe("s2");
    expect(redirect.searchParams.has("code")).toBe(false);
  });
});

describe("what the token endpoint refuses", () => {
  it("a wrong verifier, and the code is spent by the attempt", async () => {
    const clientId = await register(http);
    const pkce = pkcePair();
    const code = await approve(http, cookie(), { clientId, pkce });
    const wrong = await exchange(http, clientId, code, pkcePair().verifier);
    expect([wrong.status, wrong.body.error]).toEqual([400, "invalid_grant"]);
    expect(wrong.body.error_description).toMatch(/code_verifier/);
    expect(wrong.headers.get("cache-control")).toBe("no-store");
    const right = await exchange(http, clientId, code, pkce.verifier);
    expect([right.status, right.body.error]).toEqual([400, "invalid_grant"]);
  });

  it("a code used twice, and the tokens from its first use are revoked", async () => {
    const clientId = await register(http);
    const pkce = pkcePair();
    const code = await approve(http, cookie(), { clientId, pkce });
    const first = await exchange(http, clientId, code, pkce.verifier);
    expect(first.status).toBe(200);
    const again = await exchange(http, clientId, code, pkce.verifier);
    expect([again.status, again.body.error]).toEqual([400, "invalid_grant"]);
    expect(again.body.error_description).toMatch(/used already/);
    expect((await rowOf(first.body.access_token))?.revoked_ts).not.toBeNull();
    expect((await anonymous(t).withToken(first.body.access_token).get("/api/user/me")).body.reason).toBe("auth.invalid-token");
    expect((await refresh(http, clientId, first.body.refresh_token)).body.error).toBe("invalid_grant");
  });

  it("an expired code", async () => {
    const clientId = await register(http);
    const pkce = pkcePair();
    const code = await approve(http, cookie(), { clientId, pkce });
    await t.ctx.store.db
      .updateTable("oauth_code")
      .set({ expires_ts: Math.floor(Date.now() / 1000) - 1 })
      .where("code_hash", "=", hashOf(code))
      .execute();
    const answer = await exchange(http, clientId, code, pkce.verifier);
    expect([answer.status, answer.body.error, answer.body.error_description]).toEqual([
      400,
      "invalid_grant",
      "The authorization code expired",
    ]);
  });

  it("another redirect URI, another client, an unknown client, another resource", async () => {
    const clientId = await register(http);
    const other = await register(http);
    const pkce = pkcePair();
    const code = () => approve(http, cookie(), { clientId, pkce });
    const redirect = await exchange(http, clientId, await code(), pkce.verifier, { redirect_uri: "http://127.0.0.1:33418/other" });
    expect([redirect.status, redirect.body.error]).toEqual([400, "invalid_grant"]);
    const client = await exchange(http, other, await code(), pkce.verifier);
    expect([client.status, client.body.error, client.body.error_description]).toEqual([
      400,
      "invalid_grant",
      "The authorization code was issued to another client",
    ]);
    const unknown = await exchange(http, "memos_client_nobody", await code(), pkce.verifier);
    expect([unknown.status, unknown.body.error]).toEqual([401, "invalid_client"]);
    const resource = await exchange(http, clientId, await code(), pkce.verifier, { resource: "https://elsewhere.example/mcp" });
    expect([resource.status, resource.body.error]).toEqual([400, "invalid_target"]);
  });

  it("missing parameters, an unknown grant type, a repeated parameter", async () => {
    const missing = await http.postForm("/oauth/token", { grant_type: "authorization_code", client_id: "x" });
    expect(missing.body).toEqual({ error: "invalid_request", error_description: "code is required" });
    const grant = await http.postForm("/oauth/token", { grant_type: "password" });
    expect([grant.status, grant.body.error]).toEqual([400, "unsupported_grant_type"]);
    const repeated = await fetch(`${http.origin}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=refresh_token&grant_type=authorization_code",
    });
    expect([repeated.status, (await repeated.json()).error]).toEqual([400, "invalid_request"]);
  });
});

describe("refresh tokens", () => {
  it("rotate: the new pair works, the old access token stops", async () => {
    const { clientId, tokens } = await connect();
    const before = await rowOf(tokens.access_token);
    const count = (await listed()).length;
    const next = await refresh(http, clientId, tokens.refresh_token);
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(next.body).toMatchObject({ token_type: "Bearer", expires_in: 3600, scope: "memos:read memos:write" });
    expect(next.body.refresh_token).not.toBe(tokens.refresh_token);
    expect(next.body.access_token).not.toBe(tokens.access_token);
    expect(await rowOf(tokens.access_token)).toBeUndefined();
    expect((await anonymous(t).withToken(tokens.access_token).get("/api/user/me")).body.reason).toBe("auth.invalid-token");
    // The same entry in Settings, with the new tokens.
    expect((await rowOf(next.body.access_token))?.id).toBe(before!.id);
    expect((await listed()).length).toBe(count);
  });

  it("a replayed refresh token revokes the app's access", async () => {
    const { clientId, tokens } = await connect();
    const next = await refresh(http, clientId, tokens.refresh_token);
    const replay = await refresh(http, clientId, tokens.refresh_token);
    expect([replay.status, replay.body.error]).toEqual([400, "invalid_grant"]);
    expect((await rowOf(next.body.access_token))?.revoked_ts).not.toBeNull();
    expect((await refresh(http, clientId, next.body.refresh_token)).body.error).toBe("invalid_grant");
  });

  it("never widen what was granted", async () => {
    const { clientId, tokens } = await connect("read");
    const wider = await http.postForm("/oauth/token", {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token,
      client_id: clientId,
      scope: "memos:read memos:write",
    });
    expect([wider.status, wider.body.error]).toEqual([400, "invalid_scope"]);
    const same = await http.postForm("/oauth/token", {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token,
      client_id: clientId,
      scope: "memos:read",
    });
    expect([same.status, same.body.scope]).toEqual([200, "memos:read"]);
  });

  it("narrow the access token when asked, while the refresh token keeps the approval (RFC 6749 §6)", async () => {
    const { clientId, tokens } = await connect();
    const refreshWith = (refreshToken: string, scope?: string) =>
      http.postForm("/oauth/token", { grant_type: "refresh_token", refresh_token: refreshToken, client_id: clientId, scope });
    const narrower = await refreshWith(tokens.refresh_token, "memos:read");
    expect([narrower.status, narrower.body.scope], JSON.stringify(narrower.body)).toEqual([200, "memos:read"]);
    const reader = await connectMcp(t, narrower.body.access_token);
    try {
      expect((await reader.listTools()).tools.map((tool) => tool.name)).not.toContain("create_memo");
      expect(await toolError(reader, "create_memo", { content: "no" })).toMatch(/read-only/);
      await callTool(reader, "list_tags", {});
    } finally {
      await reader.close();
    }
    const row = await rowOf(narrower.body.access_token);
    expect((await listed()).find((token) => token.id === row!.id)?.scope).toBe("read");
    // The new refresh token is still the whole approval: a refresh may ask for write again, or omit the scope.
    const again = await refreshWith(narrower.body.refresh_token, "memos:read memos:write");
    expect([again.status, again.body.scope], JSON.stringify(again.body)).toEqual([200, "memos:read memos:write"]);
    const writer = await connectMcp(t, again.body.access_token);
    try {
      await callTool(writer, "create_memo", { content: "written after the scope came back" });
    } finally {
      await writer.close();
    }
    const narrowedAgain = await refreshWith(again.body.refresh_token, "memos:read");
    const asGranted = await refreshWith(narrowedAgain.body.refresh_token);
    expect([asGranted.status, asGranted.body.scope]).toEqual([200, "memos:read memos:write"]);
  });

  it("belong to their client", async () => {
    const { tokens } = await connect();
    const other = await register(http);
    expect((await refresh(http, other, tokens.refresh_token)).body.error).toBe("invalid_grant");
  });

  it("stop, with the access token, when the user revokes the entry in Settings", async () => {
    const { clientId, tokens } = await connect();
    const row = await rowOf(tokens.access_token);
    expect((await alice.client.delete(`/api/access-token/${row!.id}`)).status).toBe(200);
    expect((await anonymous(t).withToken(tokens.access_token).get("/api/user/me")).body.reason).toBe("auth.invalid-token");
    expect((await refresh(http, clientId, tokens.refresh_token)).body.error).toBe("invalid_grant");
  });

  it("an access token past its hour is expired", async () => {
    const { tokens } = await connect();
    await t.ctx.store.db
      .updateTable("access_token")
      .set({ access_expires_ts: 1 })
      .where("token_hash", "=", hashOf(tokens.access_token))
      .execute();
    expect((await anonymous(t).withToken(tokens.access_token).get("/api/user/me")).body.reason).toBe("auth.token-expired");
  });
});

describe("revocation (RFC 7009)", () => {
  it("revokes by the access or the refresh token; an unknown token is fine", async () => {
    for (const which of ["access_token", "refresh_token"] as const) {
      const { clientId, tokens } = await connect();
      const answer = await http.postForm("/oauth/revoke", { token: tokens[which], client_id: clientId });
      expect([answer.status, answer.body]).toEqual([200, {}]);
      expect((await refresh(http, clientId, tokens.refresh_token)).body.error).toBe("invalid_grant");
    }
    expect((await http.postForm("/oauth/revoke", { token: "nothing" })).status).toBe(200);
  });

  it("refuses another client's token", async () => {
    const { tokens } = await connect();
    const other = await register(http);
    const answer = await http.postForm("/oauth/revoke", { token: tokens.access_token, client_id: other });
    expect([answer.status, answer.body.error]).toEqual([401, "invalid_client"]);
    expect((await rowOf(tokens.access_token))?.revoked_ts).toBeNull();
  });
});

describe("an app's token is for MCP only", () => {
  it("works at /mcp: the tools its grant allows, as the user who approved", async () => {
    const { tokens } = await connect();
    const client = await connectMcp(t, tokens.access_token);
    try {
      const memo = await callTool<{ id: number }>(client, "create_memo", { content: "written by an app #oauth" });
      const row = await t.ctx.store.db
        .selectFrom("memo")
        .select(["creator_id", "access_token_id"])
        .where("id", "=", memo.id)
        .executeTakeFirstOrThrow();
      expect(row.creator_id).toBe(alice.user.id);
      expect(row.access_token_id).toBe((await rowOf(tokens.access_token))!.id);
    } finally {
      await client.close();
    }
    const read = await connect("read");
    const reader = await connectMcp(t, read.tokens.access_token);
    try {
      const tools = (await reader.listTools()).tools.map((tool) => tool.name);
      expect(tools).toContain("search_memos");
      expect(tools).not.toContain("create_memo");
      expect(await toolError(reader, "create_memo", { content: "no" })).toMatch(/read-only/);
    } finally {
      await reader.close();
    }
  });

  it("is refused on /api routes, while a personal access token works there", async () => {
    const { tokens } = await connect();
    const app = anonymous(t).withToken(tokens.access_token);
    for (const answer of [await app.get("/api/user/me"), await app.get("/api/memo"), await app.post("/api/memo", { content: "no" })]) {
      expect([answer.status, answer.body.reason]).toEqual([403, "auth.mcp-only-token"]);
    }
    const pat = await alice.client.post("/api/access-token", { name: "script", scope: "read-write" });
    expect((await anonymous(t).withToken(pat.body.data.token).get("/api/user/me")).status).toBe(200);
  });

  it("a refresh token is no Bearer credential", async () => {
    const { tokens } = await connect();
    expect((await anonymous(t).withToken(tokens.refresh_token).get("/api/user/me")).status).toBe(401);
  });
});

describe("who may approve", () => {
  it("a session only: a token or the open ID gets 403, a visitor 401", async () => {
    const clientId = await register(http);
    const body = {
      request: {
        response_type: "code",
        client_id: clientId,
        redirect_uri: REDIRECT,
        code_challenge: pkcePair().challenge,
        code_challenge_method: "S256",
      },
      approve: true,
      access: "read-write",
    };
    const codes = () => t.ctx.store.db.selectFrom("oauth_code").select("code_hash").where("user_id", "=", alice.user.id).execute();
    const before = (await codes()).length;
    const pat = (await alice.client.post("/api/access-token", { name: "script", scope: "read-write" })).body.data.token;
    const openId = (await alice.client.get("/api/user/me")).body.data.openId;
    for (const token of [pat, openId]) {
      const answer = await http.postJson("/api/oauth/authorization", body, { token });
      expect([answer.status, answer.body.reason]).toEqual([403, "auth.session-only"]);
    }
    const visitor = await http.postJson("/api/oauth/authorization", body);
    expect([visitor.status, visitor.body.reason]).toEqual([401, "auth.unauthenticated"]);
    expect((await codes()).length).toBe(before);
  });
});
