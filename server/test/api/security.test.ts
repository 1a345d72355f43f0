// Cross-cutting security: the same-origin rule for cookie requests, access tokens, session revocation,
// archived users, and who gets 401/404.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { anonymous, createMemo, createUser, PASSWORD, signIn, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, TEST_DRIVER, type TestApp } from "../harness.js";

let t: TestApp;
let host: TestUser;
let member: TestUser;
beforeEach(async () => {
  // A fresh app per test; their queries run on the main thread (`--sqlite-readers 0`, a supported setting): a
  // reader thread per app cost a third of this file's time, and the reader path is covered by the list suites.
  t = await createTestApp({ sqliteReaders: 0 });
  host = await signUpHost(t);
  member = await createUser(t, host, "member");
});
afterEach(() => t.close());

const SITE = "memos.example";
const memoCount = async () => (await t.ctx.store.db.selectFrom("memo").select("id").execute()).length;

/** A browser-like request: our Host header plus whatever Origin/Sec-Fetch-Site the test says. */
function browser(user: TestUser, method: "POST" | "PATCH" | "DELETE", url: string, headers: Record<string, string>, payload?: object) {
  return t.app.inject({ method, url, payload, headers: { host: SITE, cookie: user.client.cookie!, ...headers } });
}

// The origin rule is decided on the request's headers before any query (http/access.ts): the same on both engines,
// so it runs once, on SQLite.
describe.runIf(TEST_DRIVER === "sqlite")("cookie requests must come from our own origin", () => {
  const crossSite: Array<Record<string, string>> = [
    { origin: "https://evil.example" },
    { origin: `https://${SITE}.evil.example` },
    { origin: "null" },
    // Same host, other scheme: a page on plain http must not write to the https site (and vice versa).
    { origin: `https://${SITE}` },
    { origin: `http://${SITE}:8080` },
    { origin: "not a url" },
    { "sec-fetch-site": "cross-site" },
    { "sec-fetch-site": "same-site" },
  ];

  it.each(crossSite)("refuses POST, PATCH and DELETE with %j, writing nothing", async (headers) => {
    const memo = await createMemo(member, "original", "PRIVATE");
    const post = await browser(member, "POST", "/api/memo", headers, { content: "forged" });
    expect(post.statusCode).toBe(403);
    expect(JSON.parse(post.body)).toEqual({
      error: `code=403, message=${JSON.parse(post.body).message}`,
      message: expect.any(String),
      reason: "auth.cross-site",
    });
    const patch = await browser(member, "PATCH", `/api/memo/${memo.id}`, headers, { content: "forged" });
    expect(patch.statusCode).toBe(403);
    const userPatch = await browser(member, "PATCH", `/api/user/${member.user.id}`, headers, { password: "forged-pass" });
    expect(userPatch.statusCode).toBe(403);
    const del = await browser(member, "DELETE", `/api/memo/${memo.id}`, headers);
    expect(del.statusCode).toBe(403);
    const setting = await browser(host, "POST", "/api/system/setting", headers, { name: "allowSignUp", value: "true" });
    expect(setting.statusCode).toBe(403);

    expect(await memoCount()).toBe(1);
    expect((await member.client.get(`/api/memo/${memo.id}`)).body.data.content).toBe("original");
    expect((await anonymous(t).post("/api/auth/signin", { username: "member", password: PASSWORD })).status).toBe(200);
    expect((await anonymous(t).get("/api/status")).body.data.allowSignUp).toBe(false);
  });

  it.each<Record<string, string>>([
    { origin: `http://${SITE}` },
    { origin: `http://${SITE}:80` },
    { "sec-fetch-site": "same-origin" },
    { "sec-fetch-site": "none" },
    {},
  ])("accepts %j", async (headers) => {
    const response = await browser(member, "POST", "/api/memo", headers, { content: "mine" });
    expect(response.statusCode).toBe(200);
    expect(await memoCount()).toBe(1);
  });

  it("matches the origin against the Host header, default ports included", async () => {
    const withPort = await t.app.inject({
      method: "POST",
      url: "/api/memo",
      payload: { content: "x" },
      headers: { host: `${SITE}:80`, origin: `http://${SITE}`, cookie: member.client.cookie! },
    });
    expect(withPort.statusCode).toBe(200);
    const otherPort = await t.app.inject({
      method: "POST",
      url: "/api/memo",
      payload: { content: "x" },
      headers: { host: `${SITE}:5230`, origin: `http://${SITE}:8080`, cookie: member.client.cookie! },
    });
    expect(otherPort.statusCode).toBe(403);
  });

  it("lets cross-site reads through (GET is safe)", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/user/me",
      headers: { host: SITE, origin: "https://evil.example", cookie: member.client.cookie! },
    });
    expect(response.statusCode).toBe(200);
  });

  it("refuses a cross-site sign-in or sign-out too (login CSRF)", async () => {
    const signin = await t.app.inject({
      method: "POST",
      url: "/api/auth/signin",
      payload: { username: "member", password: PASSWORD },
      headers: { host: SITE, origin: "https://evil.example" },
    });
    expect(signin.statusCode).toBe(403);
    expect(signin.headers["set-cookie"]).toBeUndefined();
  });

  it("a token that is never checked does not excuse a cross-site sign-in, sign-up or sign-out", async () => {
    const credentials = JSON.stringify({ username: "member", password: PASSWORD });
    for (const [url, headers] of [
      ["/api/auth/signin?openId=anything", {}],
      ["/api/auth/signin", { authorization: "Bearer anything" }],
      [`/api/auth/signin?openId=${member.user.openId}`, {}],
      ["/api/auth/signup?openId=anything", {}],
      ["/api/auth/signout?openId=anything", { cookie: member.client.cookie! }],
    ] as const) {
      const response = await t.app.inject({
        method: "POST",
        url,
        payload: url.includes("signup") ? JSON.stringify({ username: "forged", password: PASSWORD }) : credentials,
        headers: { host: SITE, origin: "https://evil.example", "content-type": "text/plain", ...headers },
      });
      expect(response.statusCode, url).toBe(403);
      expect(response.headers["set-cookie"], url).toBeUndefined();
    }
    expect((await member.client.get("/api/user/me")).status).toBe(200);
  });
});

describe("access tokens (openId)", () => {
  it("Bearer and ?openId= authenticate, and are exempt from the origin rule", async () => {
    const bearer = await t.app.inject({
      method: "POST",
      url: "/api/memo",
      payload: { content: "via bearer" },
      headers: { host: SITE, origin: "https://evil.example", authorization: `Bearer ${member.user.openId}` },
    });
    expect(bearer.statusCode).toBe(200);
    expect(JSON.parse(bearer.body).data.creatorId).toBe(member.user.id);
    const query = await t.app.inject({
      method: "POST",
      url: `/api/memo?openId=${member.user.openId}`,
      payload: { content: "via query" },
      headers: { host: SITE, "sec-fetch-site": "cross-site" },
    });
    expect(query.statusCode).toBe(200);
    const me = await anonymous(t).withToken(member.user.openId).get("/api/user/me");
    expect(me.body.data.id).toBe(member.user.id);
  });

  it("answers 401 for an invalid token, with the header or the query", async () => {
    expect((await anonymous(t).withToken("not-a-real-token").get("/api/user/me")).status).toBe(401);
    expect((await anonymous(t).get("/api/user/me", { query: { openId: "not-a-real-token" } })).status).toBe(401);
    const post = await anonymous(t).withToken("not-a-real-token").post("/api/memo", { content: "x" });
    expect(post.status).toBe(401);
    expect(post.body.error).toBe(`code=401, message=${post.body.message}`);
    expect(await memoCount()).toBe(0);
  });

  it("a token does not fall back to the cookie when it is wrong", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/user/me",
      headers: { cookie: member.client.cookie!, authorization: "Bearer wrong" },
    });
    expect(response.statusCode).toBe(401);
  });

  it("ignores other authorization schemes", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/user/me", headers: { authorization: `Basic ${member.user.openId}` } });
    expect(response.statusCode).toBe(401);
  });
});

describe("session revocation", () => {
  it("a password change revokes the user's other sessions, not the one that changed it", async () => {
    const second = await signIn(t, "member");
    const third = await signIn(t, "member");
    const hostSecond = await signIn(t, "host");
    expect((await member.client.patch(`/api/user/${member.user.id}`, { password: "changed-pass" })).status).toBe(200);
    expect((await member.client.get("/api/user/me")).status).toBe(200);
    expect((await second.get("/api/user/me")).status).toBe(401);
    expect((await third.get("/api/user/me")).status).toBe(401);
    // Nobody else is signed out.
    expect((await hostSecond.get("/api/user/me")).status).toBe(200);
    expect((await host.client.get("/api/user/me")).status).toBe(200);
  });

  it("an admin changing someone's password signs them out everywhere", async () => {
    const second = await signIn(t, "member");
    expect((await host.client.patch(`/api/user/${member.user.id}`, { password: "reset-by-host" })).status).toBe(200);
    expect((await member.client.get("/api/user/me")).status).toBe(401);
    expect((await second.get("/api/user/me")).status).toBe(401);
    expect((await host.client.get("/api/user/me")).status).toBe(200);
    const rows = await t.ctx.store.db.selectFrom("session").select("id").where("user_id", "=", member.user.id).execute();
    expect(rows).toEqual([]);
  });

  it("changing only the nickname keeps every session", async () => {
    const second = await signIn(t, "member");
    expect((await member.client.patch(`/api/user/${member.user.id}`, { nickname: "Nick" })).status).toBe(200);
    expect((await second.get("/api/user/me")).status).toBe(200);
  });

  it("archiving a user revokes their sessions and rotates their openId (the old one answers 401)", async () => {
    const second = await signIn(t, "member");
    expect((await host.client.patch(`/api/user/${member.user.id}`, { rowStatus: "ARCHIVED" })).status).toBe(200);
    expect(await t.ctx.store.db.selectFrom("session").select("id").where("user_id", "=", member.user.id).execute()).toEqual([]);
    expect((await member.client.get("/api/user/me")).status).toBe(401);
    expect((await second.post("/api/memo", { content: "x" })).status).toBe(401);
    const token = await anonymous(t).withToken(member.user.openId).post("/api/memo", { content: "x" });
    expect(token.status).toBe(401);
    const query = await anonymous(t).get("/api/memo", { query: { openId: member.user.openId } });
    expect(query.status).toBe(401);
    expect(await memoCount()).toBe(0);
    // The current token of an archived user is refused as archived, not as unknown.
    const current = await t.ctx.store.db.selectFrom("user").select("open_id").where("id", "=", member.user.id).executeTakeFirstOrThrow();
    expect(current.open_id).not.toBe(member.user.openId);
    const archived = await anonymous(t).withToken(current.open_id).get("/api/memo");
    expect(archived.status).toBe(403);
    expect(archived.body.message).toBe("User has been archived with username member");
  });

  it("a session of a user archived behind the server's back is refused with 403", async () => {
    await t.ctx.store.db.updateTable("user").set({ row_status: "ARCHIVED" }).where("id", "=", member.user.id).execute();
    const response = await member.client.get("/api/user/me");
    expect(response.status).toBe(403);
    expect(response.body.message).toBe("User has been archived with username member");
  });

  it("an expired or unknown session cookie is anonymous", async () => {
    await t.ctx.store.db.updateTable("session").set({ expires_ts: 1 }).where("user_id", "=", member.user.id).execute();
    expect((await member.client.get("/api/user/me")).status).toBe(401);
    const forged = anonymous(t).withCookie("memos_session=forged-token-value");
    expect((await forged.get("/api/user/me")).status).toBe(401);
    expect((await forged.get("/api/status")).status).toBe(200);
    // A v0.10 cookie (the user id, signed) means nothing to us either.
    expect((await anonymous(t).withCookie(`memos_session=${host.user.id}`).get("/api/user/me")).status).toBe(401);
    // The next sign-in sweeps expired rows away.
    await signIn(t, "host");
    expect(await t.ctx.store.db.selectFrom("session").select("id").where("user_id", "=", member.user.id).execute()).toEqual([]);
  });
});

describe("401 and 404", () => {
  it.each([
    ["GET", "/api/user"],
    ["GET", "/api/user/me"],
    ["POST", "/api/user"],
    ["PATCH", "/api/user/1"],
    ["DELETE", "/api/user/1"],
    ["POST", "/api/user/setting"],
    ["POST", "/api/memo"],
    ["PATCH", "/api/memo/1"],
    ["DELETE", "/api/memo/1"],
    ["POST", "/api/memo/1/organizer"],
    ["POST", "/api/memo/1/resource"],
    ["DELETE", "/api/memo/1/resource/1"],
    ["GET", "/api/resource"],
    ["POST", "/api/resource"],
    ["POST", "/api/resource/blob"],
    ["GET", "/api/resource/1"],
    ["GET", "/api/resource/1/blob"],
    ["PATCH", "/api/resource/1"],
    ["DELETE", "/api/resource/1"],
    ["GET", "/api/shortcut"],
    ["POST", "/api/shortcut"],
    ["GET", "/api/shortcut/1"],
    ["PATCH", "/api/shortcut/1"],
    ["DELETE", "/api/shortcut/1"],
    ["GET", "/api/tag"],
    ["GET", "/api/tag/suggestion"],
    ["POST", "/api/tag"],
    ["DELETE", "/api/tag/x"],
    ["GET", "/api/system/setting"],
    ["POST", "/api/system/setting"],
    ["POST", "/api/system/vacuum"],
  ] as const)("%s %s needs a signed-in user", async (method, url) => {
    const response = await anonymous(t).request(method, url, method === "GET" || method === "DELETE" ? undefined : {});
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      error: "code=401, message=Missing user in session",
      message: "Missing user in session",
      reason: "auth.unauthenticated",
    });
  });

  it.each(["/api/ping", "/api/status", "/api/user/1", "/api/memo/all", "/api/memo/stats?creatorId=1", "/api/memo/amount"])(
    "GET %s is open to anonymous callers",
    async (url) => {
      expect((await anonymous(t).get(url)).status).toBe(200);
    },
  );

  it("an unknown /api path is a 404 JSON error, signed in or not", async () => {
    for (const client of [anonymous(t), member.client]) {
      for (const [method, url] of [
        ["GET", "/api/nope"],
        ["POST", "/api/nope"],
        ["GET", "/api/user/1/extra"],
        ["PUT", "/api/memo"],
      ] as const) {
        const response = await client.request(method, url, method === "GET" ? undefined : {});
        expect(response.status).toBe(404);
        expect(response.headers["content-type"]).toMatch(/^application\/json/);
        expect(response.body.error).toBe(`code=404, message=${response.body.message}`);
      }
    }
  });
});
