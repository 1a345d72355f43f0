// Personal access tokens: created once, used as Bearer on v0 routes, scoped, revoked, expired, and revoked with
// the account's password or archive.
import type { AccessToken, CreatedAccessToken } from "@memos/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymous, createMemo, createUser, signIn, signUpHost, type TestUser } from "../factories.js";
import { expectError } from "../expect.js";
import { createTestApp, type TestApp } from "../harness.js";

describe("personal access tokens", () => {
  let t: TestApp;
  let host: TestUser;
  let alice: TestUser;
  let bobby: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
    alice = await createUser(t, host, "alice");
    bobby = await createUser(t, host, "bobby");
  });
  afterAll(() => t.close());

  async function mint(owner: TestUser, body: object = {}): Promise<CreatedAccessToken> {
    const response = await owner.client.post("/api/access-token", { name: "script", scope: "read-write", ...body });
    if (response.status !== 200) throw new Error(`token creation failed: ${response.text}`);
    return response.body.data;
  }

  const bearer = (token: string) => anonymous(t).withToken(token);

  it("answers the token once; the list never carries it, and the database keeps only a hash", async () => {
    const expiresTs = Math.floor(Date.now() / 1000) + 7 * 86400;
    const response = await alice.client.post("/api/access-token", { name: "phone shortcut", scope: "read", expiresTs });
    expect(response.status).toBe(200);
    const created = response.body.data as CreatedAccessToken;
    expect(Object.keys(created).sort()).toEqual(["createdTs", "expiresTs", "id", "name", "scope", "token"]);
    expect(created).toMatchObject({ name: "phone shortcut", scope: "read", expiresTs });
    expect(created.token).toMatch(/^memos_pat_[A-Za-z0-9_-]{43}$/);

    const list = (await alice.client.get("/api/access-token")).body.data as AccessToken[];
    const listed = list.find((token) => token.id === created.id)!;
    expect(listed).toEqual({
      id: created.id,
      name: "phone shortcut",
      scope: "read",
      createdTs: created.createdTs,
      expiresTs,
      lastUsedTs: null,
      lastUsedAddress: null,
      connectedApp: false,
    });
    expect(JSON.stringify(list)).not.toContain(created.token);

    const row = await t.ctx.store.db.selectFrom("access_token").selectAll().where("id", "=", created.id).executeTakeFirstOrThrow();
    expect(Object.values(row).map(String)).not.toContain(created.token);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("lists only the caller's own tokens", async () => {
    const mine = await mint(bobby, { name: "bobby's" });
    const aliceList = (await alice.client.get("/api/access-token")).body.data as AccessToken[];
    expect(aliceList.map((token) => token.id)).not.toContain(mine.id);
    expectError(await alice.client.delete(`/api/access-token/${mine.id}`), 404, `Access token not found: ${mine.id}`);
    expect((await bearer(mine.token).get("/api/user/me")).status).toBe(200);
  });

  it("signs a request in on v0 routes, records the last use, and a memo remembers the token to its author only", async () => {
    const { token, id } = await mint(alice, { name: "bot" });
    const me = await bearer(token).get("/api/user/me");
    expect(me.status).toBe(200);
    expect(me.body.data.id).toBe(alice.user.id);

    const created = await bearer(token).post("/api/memo", { content: "written by the bot", visibility: "PUBLIC" });
    expect(created.status).toBe(200);
    // Lists and the create answer keep v0's fields only.
    expect(created.body.data).not.toHaveProperty("accessToken");
    const memoId = created.body.data.id;
    expect((await alice.client.get(`/api/memo/${memoId}`)).body.data.accessToken).toEqual({ id, name: "bot" });
    expect((await bobby.client.get(`/api/memo/${memoId}`)).body.data).not.toHaveProperty("accessToken");
    expect((await anonymous(t).get(`/api/memo/${memoId}`)).body.data).not.toHaveProperty("accessToken");
    const webMemo = await createMemo(alice, "written in the web");
    expect((await alice.client.get(`/api/memo/${webMemo.id}`)).body.data).not.toHaveProperty("accessToken");

    const listed = ((await alice.client.get("/api/access-token")).body.data as AccessToken[]).find((row) => row.id === id)!;
    expect(listed.lastUsedTs).toBeGreaterThan(0);
    expect(listed.lastUsedAddress).toBe("127.0.0.1");
  });

  it("writes the last use at most once a minute", async () => {
    const { token, id } = await mint(alice);
    await bearer(token).get("/api/user/me");
    const first = await t.ctx.store.db.selectFrom("access_token").select("last_used_ts").where("id", "=", id).executeTakeFirstOrThrow();
    // Pretend the use was 30 s ago: a new use within the minute leaves it.
    await t.ctx.store.db
      .updateTable("access_token")
      .set({ last_used_ts: Number(first.last_used_ts) - 30 })
      .where("id", "=", id)
      .execute();
    await bearer(token).get("/api/user/me");
    const second = await t.ctx.store.db.selectFrom("access_token").select("last_used_ts").where("id", "=", id).executeTakeFirstOrThrow();
    expect(Number(second.last_used_ts)).toBe(Number(first.last_used_ts) - 30);
    await t.ctx.store.db
      .updateTable("access_token")
      .set({ last_used_ts: Number(first.last_used_ts) - 61 })
      .where("id", "=", id)
      .execute();
    await bearer(token).get("/api/user/me");
    const third = await t.ctx.store.db.selectFrom("access_token").select("last_used_ts").where("id", "=", id).executeTakeFirstOrThrow();
    expect(Number(third.last_used_ts)).toBeGreaterThanOrEqual(Number(first.last_used_ts));
  });

  it("a read-only token reads but gets 403 on every write", async () => {
    const { token } = await mint(alice, { scope: "read" });
    const memo = await createMemo(alice, "mine");
    expect((await bearer(token).get("/api/memo")).status).toBe(200);
    expect((await bearer(token).get(`/api/memo/${memo.id}`)).status).toBe(200);
    expectError(await bearer(token).post("/api/memo", { content: "no" }), 403, "This access token is read-only");
    expectError(await bearer(token).patch(`/api/memo/${memo.id}`, { content: "no" }), 403, "This access token is read-only");
    expectError(await bearer(token).delete(`/api/memo/${memo.id}`), 403, "This access token is read-only");
    expectError(await bearer(token).post("/api/tag", { name: "no" }), 403, "This access token is read-only");
    expect((await alice.client.get(`/api/memo/${memo.id}`)).body.data.content).toBe("mine");
  });

  it("a token cannot create, list or revoke tokens; neither can the open ID", async () => {
    const { token, id } = await mint(alice);
    expectError(await bearer(token).post("/api/access-token", { name: "more", scope: "read-write" }), 403, /signed-in session/);
    expectError(await bearer(token).get("/api/access-token"), 403, /signed-in session/);
    expectError(await bearer(token).delete(`/api/access-token/${id}`), 403, /signed-in session/);
    expectError(await bearer(alice.user.openId).get("/api/access-token"), 403, /signed-in session/);
    expectError(await anonymous(t).get("/api/access-token"), 401);
  });

  it("revoking answers 401 on the token's next request, and takes it off the list", async () => {
    const { token, id } = await mint(alice);
    expect((await bearer(token).get("/api/memo")).status).toBe(200);
    expect((await alice.client.delete(`/api/access-token/${id}`)).body).toBe(true);
    expectError(await bearer(token).get("/api/memo"), 401, "Invalid access token");
    expect(((await alice.client.get("/api/access-token")).body.data as AccessToken[]).map((row) => row.id)).not.toContain(id);
    expectError(await alice.client.delete(`/api/access-token/${id}`), 404);
  });

  it("an expired token answers 401", async () => {
    const { token, id } = await mint(alice, { expiresTs: Math.floor(Date.now() / 1000) + 3600 });
    expect((await bearer(token).get("/api/memo")).status).toBe(200);
    await t.ctx.store.db
      .updateTable("access_token")
      .set({ expires_ts: Math.floor(Date.now() / 1000) - 1 })
      .where("id", "=", id)
      .execute();
    expectError(await bearer(token).get("/api/memo"), 401, "Access token expired");
  });

  it("keeps the open ID working as Bearer and ?openId=, and refuses a token in the URL", async () => {
    expect((await bearer(alice.user.openId).get("/api/user/me")).body.data.id).toBe(alice.user.id);
    expect((await anonymous(t).get("/api/user/me", { query: { openId: alice.user.openId } })).body.data.id).toBe(alice.user.id);
    const { token } = await mint(alice);
    expectError(await anonymous(t).get("/api/user/me", { query: { openId: token } }), 401, /Authorization header/);
    expectError(await bearer("memos_pat_unknown").get("/api/user/me"), 401, "Invalid access token");
  });

  it.each([
    [{ scope: "read" }, "Malformatted post access token request: name: Invalid input: expected string, received undefined"],
    [{ name: "  ", scope: "read" }, /name: is required/],
    [{ name: "x", scope: "admin" }, /scope/],
    [{ name: "x", scope: "read", expiresTs: 1000 }, /expiresTs: must be in the future/],
    [{ name: "x".repeat(129), scope: "read" }, /name: too long/],
  ])("refuses %j with a 400 naming the field", async (body, message) => {
    expectError(await alice.client.post("/api/access-token", body), 400, message);
  });

  it("a new password, archiving or deleting the account revokes every token", async () => {
    const carol = await createUser(t, host, "carol");
    const before = await mint(carol);
    const patched = await carol.client.patch(`/api/user/${carol.user.id}`, { password: "another-pass" });
    expect(patched.status).toBe(200);
    expectError(await bearer(before.token).get("/api/memo"), 401);

    const carolAgain = { user: carol.user, client: await signIn(t, "carol", "another-pass") };
    const second = await mint(carolAgain);
    expect((await host.client.patch(`/api/user/${carol.user.id}`, { rowStatus: "ARCHIVED" })).status).toBe(200);
    expect((await host.client.patch(`/api/user/${carol.user.id}`, { rowStatus: "NORMAL" })).status).toBe(200);
    expectError(await bearer(second.token).get("/api/memo"), 401);

    const third = await mint({ user: carol.user, client: await signIn(t, "carol", "another-pass") });
    expect((await host.client.delete(`/api/user/${carol.user.id}`)).status).toBe(200);
    expectError(await bearer(third.token).get("/api/memo"), 401);
    const rows = await t.ctx.store.db.selectFrom("access_token").select("id").where("user_id", "=", carol.user.id).execute();
    expect(rows).toEqual([]);
  });
});
