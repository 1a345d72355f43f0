// Sign-up, sign-in and sign-out through HTTP: who may sign up as what, the validation messages, the session
// cookie, bcrypt hashes carried over from memos v0.10, and strict body parsing.
import bcrypt from "bcryptjs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hashPassword } from "../../src/auth/password.js";
import { sessionCookieFrom } from "../client.js";
import { expectError } from "../expect.js";
import { anonymous, createUser, PASSWORD, signIn, signUpHost } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";

let t: TestApp;
beforeEach(async () => {
  // A fresh app per test; their queries run on the main thread (`--sqlite-readers 0`, a supported setting): a
  // reader thread per app cost a third of this file's time, and the reader path is covered by the list suites.
  t = await createTestApp({ sqliteReaders: 0 });
});
afterEach(() => t.close());

const signUp = (body: unknown) => anonymous(t).post("/api/auth/signup", body);
const signInRaw = (body: unknown) => anonymous(t).post("/api/auth/signin", body);

async function allowSignUp(host: Awaited<ReturnType<typeof signUpHost>>, allow: boolean) {
  const response = await host.client.post("/api/system/setting", { name: "allowSignUp", value: JSON.stringify(allow) });
  expect(response.status).toBe(200);
}

describe("sign-up", () => {
  it("makes the first account the host, with a full user payload and a session", async () => {
    const response = await signUp({ username: "first", password: "pass1234", role: "HOST" });
    expect(response.status).toBe(200);
    const user = response.body.data;
    expect(user).toMatchObject({
      username: "first",
      nickname: "first",
      role: "HOST",
      rowStatus: "NORMAL",
      email: "",
      userSettingList: null,
    });
    expect(user.openId).toMatch(/^[0-9a-f-]{36}$/);
    expect(user).not.toHaveProperty("passwordHash");
    const me = await anonymous(t).withCookie(sessionCookieFrom(response.headers)).get("/api/user/me");
    expect(me.status).toBe(200);
    expect(me.body.data.id).toBe(user.id);
  });

  it("makes the first account the host when the body names no role", async () => {
    const response = await signUp({ username: "first", password: "pass1234" });
    expect(response.status).toBe(200);
    expect(response.body.data.role).toBe("HOST");
  });

  it.each(["USER", "ADMIN"])("refuses a %s sign-up while no host exists, and writes nothing", async (role) => {
    const response = await signUp({ username: "early", password: "pass1234", role });
    expectError(response, 403);
    expect((await anonymous(t).get("/api/status")).body.data.host).toBeNull();
    expect(await t.ctx.store.db.selectFrom("user").select("id").execute()).toEqual([]);
  });

  it("refuses sign-up once a host exists unless allowSignUp is on", async () => {
    const host = await signUpHost(t);
    expectError(await signUp({ username: "second", password: "pass1234", role: "USER" }), 403, /Site Host existed/);
    expectError(await signUp({ username: "second", password: "pass1234", role: "HOST" }), 403);
    await allowSignUp(host, true);
    const ok = await signUp({ username: "second", password: "pass1234", role: "USER" });
    expect(ok.status).toBe(200);
    expect(ok.body.data.role).toBe("USER");
    await allowSignUp(host, false);
    expectError(await signUp({ username: "third", password: "pass1234" }), 403);
  });

  it.each(["HOST", "ADMIN", undefined])("always signs up later accounts as USER (body role %s)", async (role) => {
    const host = await signUpHost(t);
    await allowSignUp(host, true);
    const response = await signUp({ username: "later", password: "pass1234", role });
    expect(response.status).toBe(200);
    expect(response.body.data.role).toBe("USER");
    const hosts = await t.ctx.store.db.selectFrom("user").select("id").where("role", "=", "HOST").execute();
    expect(hosts).toEqual([{ id: host.user.id }]);
  });

  it("lets only one of two simultaneous first sign-ups become the host", async () => {
    const results = await Promise.all(
      ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot"].map((username) => signUp({ username, password: "pass1234", role: "HOST" })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) expect(r.status).toBe(403);
    const hosts = await t.ctx.store.db.selectFrom("user").select("id").where("role", "=", "HOST").execute();
    expect(hosts).toHaveLength(1);
  });

  it.each([
    [{ username: "", password: "pass1234" }, "username is too short, minimum length is 1"],
    [{ username: "a".repeat(37), password: "pass1234" }, "username is too long, maximum length is 36"],
    [{ username: "-host", password: "pass1234" }, "username must not start or end with a hyphen"],
    [{ username: "host-", password: "pass1234" }, "username must not start or end with a hyphen"],
    [{ username: "日本", password: "pass1234" }, "username may contain only letters a-z and A-Z, digits and hyphens"],
    [{ username: "good", password: "abc" }, "password is too short, minimum length is 8"],
    [{ username: "good", password: "seven77" }, "password is too short, minimum length is 8"],
    // Characters, not bytes: seven CJK characters are 21 bytes, and still too short.
    [{ username: "good", password: "密码密码密码密" }, "password is too short, minimum length is 8"],
    [{ username: "good", password: "" }, "password is too short, minimum length is 8"],
  ])("validates %j", async (body, rule) => {
    const response = await signUp({ ...body, role: "HOST" });
    expectError(response, 400, `Invalid user create format: ${rule}`, { field: rule.split(" ")[0] });
    expect(await t.ctx.store.db.selectFrom("user").select("id").execute()).toEqual([]);
  });

  it("accepts the length bounds: a 4 and a 32 byte username, an 8 character password", async () => {
    expect((await signUp({ username: "abcd", password: "12345678" })).status).toBe(200);
    const host = await signIn(t, "abcd", "12345678");
    const created = await host.post("/api/user", { username: "b".repeat(32), password: "12345678", role: "USER" });
    expect(created.status).toBe(200);
  });

  it("takes a passphrase with spaces, and asks nothing of its characters", async () => {
    expect((await signUp({ username: "phrase", password: "four words in a row", role: "HOST" })).status).toBe(200);
    expect((await signIn(t, "phrase", "four words in a row")).cookie).toBeTruthy();
    expectError(await anonymous(t).post("/api/auth/signin", { username: "phrase", password: "fourwordsinarow" }), 401);
    const host = await signIn(t, "phrase", "four words in a row");
    expect((await host.post("/api/user", { username: "spacey", password: "        " })).status).toBe(200);
  });

  it("answers 409 for a duplicate username", async () => {
    const host = await signUpHost(t, "taken");
    await allowSignUp(host, true);
    expectError(await signUp({ username: "taken", password: "pass1234" }), 409, /taken/);
  });
});

describe("sign-in", () => {
  it("signs in with a fresh session and returns the full user", async () => {
    const host = await signUpHost(t);
    const response = await signInRaw({ username: "host", password: PASSWORD });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ id: host.user.id, username: "host", openId: host.user.openId, userSettingList: null });
    const cookie = sessionCookieFrom(response.headers);
    expect(cookie).not.toBe(host.client.cookie);
    expect((await anonymous(t).withCookie(cookie).get("/api/user/me")).status).toBe(200);
  });

  it("answers 401 Incorrect password, 401 for an unknown user, 403 for an archived user", async () => {
    const host = await signUpHost(t);
    const member = await createUser(t, host, "member");
    expectError(await signInRaw({ username: "host", password: "wrong-pass" }), 401, "Incorrect password");
    expectError(await signInRaw({ username: "nobody", password: PASSWORD }), 401, "User not found with username nobody");
    // Names are one account ignoring case: "HOST" is the host.
    expect((await signInRaw({ username: "HOST", password: PASSWORD })).status).toBe(200);
    expectError(await signInRaw({ username: "HOST", password: "wrong-pass" }), 401, "Incorrect password");
    expect((await host.client.patch(`/api/user/${member.user.id}`, { rowStatus: "ARCHIVED" })).status).toBe(200);
    expectError(await signInRaw({ username: "member", password: PASSWORD }), 403, "User has been archived with username member");
  });

  it("sets the session cookie: opaque, HttpOnly, SameSite=Lax, Path=/, 30 days", async () => {
    await signUpHost(t);
    for (const response of [await signInRaw({ username: "host", password: PASSWORD })]) {
      const raw = ([] as string[]).concat(response.headers["set-cookie"] as string | string[]).find((c) => c.startsWith("memos_session="))!;
      const parts = raw.split(";").map((part) => part.trim());
      const token = parts[0]!.slice("memos_session=".length);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
      expect(parts).toContain("HttpOnly");
      expect(parts).toContain("SameSite=Lax");
      expect(parts).toContain("Path=/");
      expect(parts).toContain(`Max-Age=${30 * 24 * 3600}`);
      expect(parts).not.toContain("Secure");
      // Only a hash of the token is stored.
      const rows = await t.ctx.store.db.selectFrom("session").select("id").execute();
      expect(rows.map((row) => row.id)).not.toContain(token);
    }
  });

  it("marks the cookie Secure when served over HTTPS behind a proxy that says so", async () => {
    await signUpHost(t);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/signin",
      payload: { username: "host", password: PASSWORD },
      headers: { "x-forwarded-proto": "https" },
    });
    expect(response.statusCode).toBe(200);
    // Without trustProxy the forwarded header is ignored: no Secure flag from a spoofable header.
    expect(String(response.headers["set-cookie"])).not.toContain("Secure");
  });

  it("verifies a bcrypt hash from memos v0.10 and re-hashes it with argon2id", async () => {
    await signUpHost(t);
    const legacyHash = bcrypt.hashSync("legacy-pass", 10);
    await t.ctx.store.db
      .insertInto("user")
      .values({ username: "legacy", password_hash: legacyHash, open_id: "legacy-open-id", role: "USER", nickname: "Legacy" })
      .execute();
    expectError(await signInRaw({ username: "legacy", password: "wrong-pass" }), 401, "Incorrect password");
    const stillBcrypt = await t.ctx.store.db
      .selectFrom("user")
      .select("password_hash")
      .where("username", "=", "legacy")
      .executeTakeFirstOrThrow();
    expect(stillBcrypt.password_hash).toBe(legacyHash);

    const response = await signInRaw({ username: "legacy", password: "legacy-pass" });
    expect(response.status).toBe(200);
    const row = await t.ctx.store.db.selectFrom("user").select("password_hash").where("username", "=", "legacy").executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    // The new hash works, the old one is gone.
    expect((await signInRaw({ username: "legacy", password: "legacy-pass" })).status).toBe(200);
    expect((await signInRaw({ username: "legacy", password: "wrong-pass" })).status).toBe(401);
  });

  it("a password set before the 8-character rule still signs in, and may be kept by changing nothing else", async () => {
    const host = await signUpHost(t);
    const shortHash = await hashPassword("abcd");
    await t.ctx.store.db
      .insertInto("user")
      .values({ username: "oldtimer", password_hash: shortHash, open_id: "oldtimer-open-id" })
      .execute();
    const signedIn = await signInRaw({ username: "oldtimer", password: "abcd" });
    expect(signedIn.status, signedIn.text).toBe(200);
    const client = anonymous(t).withCookie(sessionCookieFrom(signedIn.headers));
    const id = signedIn.body.data.id as number;
    expect((await client.patch(`/api/user/${id}`, { nickname: "Old timer" })).status).toBe(200);
    expectError(await client.patch(`/api/user/${id}`, { password: "abcde", currentPassword: "abcd" }), 400, undefined, {
      field: "password",
    });
    expect((await signInRaw({ username: "oldtimer", password: "abcd" })).status).toBe(200);
    expect(host.user.id).not.toBe(id);
  });

  it("verifies a $2b$ hash too", async () => {
    await signUpHost(t);
    const hash = bcrypt.hashSync("secret", 4).replace(/^\$2a\$/, "$2b$");
    await t.ctx.store.db.insertInto("user").values({ username: "seeded", password_hash: hash, open_id: "seeded-open-id" }).execute();
    expect((await signInRaw({ username: "seeded", password: "secret" })).status).toBe(200);
  });
});

describe("sign-out", () => {
  it("revokes the session on the server and clears the cookie", async () => {
    const host = await signUpHost(t);
    const other = await signIn(t, "host");
    const response = await host.client.post("/api/auth/signout");
    expect(response.status).toBe(200);
    expect(response.text.trim()).toBe("true");
    const cleared = String(response.headers["set-cookie"]);
    expect(cleared).toMatch(/memos_session=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
    // Replaying the old cookie no longer works; other sessions are untouched.
    expect((await host.client.get("/api/user/me")).status).toBe(401);
    expect((await other.get("/api/user/me")).status).toBe(200);
  });

  it("answers true without a session", async () => {
    const response = await anonymous(t).post("/api/auth/signout");
    expect(response.status).toBe(200);
    expect(response.body).toBe(true);
  });
});

describe("GET /api/auth/session", () => {
  it("answers the signed-in account as /api/user/me does (and whether the session must set up 2FA), and null (not 401) for a visitor or after sign-out", async () => {
    const host = await signUpHost(t);
    const member = await createUser(t, host, "sessioned");
    const me = await member.client.get("/api/user/me");
    const session = await member.client.get("/api/auth/session");
    expect(session.status).toBe(200);
    expect(session.body).toEqual({ data: { ...me.body.data, twoFactorSetupRequired: false } });
    expect(session.body.data.username).toBe("sessioned");

    const visitor = await anonymous(t).get("/api/auth/session");
    expect(visitor.status).toBe(200);
    expect(visitor.body).toEqual({ data: null });

    await member.client.post("/api/auth/signout");
    expect((await member.client.get("/api/auth/session")).body).toEqual({ data: null });
  });
});

describe("malformed requests are 400 with the error envelope, never 500", () => {
  const raw = (url: string, payload: string, contentType = "application/json") =>
    t.app.inject({ method: "POST", url, payload, headers: { "content-type": contentType } });

  it.each([
    ["/api/auth/signin", "{not json"],
    ["/api/auth/signin", ""],
    ["/api/auth/signin", "null"],
    ["/api/auth/signin", "[]"],
    ["/api/auth/signin", "42"],
    ["/api/auth/signin", '{"username": 5, "password": "x"}'],
    ["/api/auth/signin", '{"username": "host"}'],
    ["/api/auth/signin", '{"username": ["host"], "password": {"$ne": 1}}'],
    ["/api/auth/signin", '{"__proto__": {"admin": true}, "username": "host", "password": "p"}'],
    ["/api/auth/signup", "{not json"],
    ["/api/auth/signup", '{"username": "newbie"}'],
    ["/api/auth/signup", '{"username": "newbie", "password": 1234}'],
    ["/api/auth/signup", '{"username": "newbie", "password": "pass1234", "role": "ROOT"}'],
    ["/api/auth/signup", '{"username": null, "password": "pass1234"}'],
  ])("POST %s %s", async (url, payload) => {
    await signUpHost(t);
    const response = await raw(url, payload);
    expect(response.statusCode).toBe(400);
    const body = JSON.parse(response.body);
    expect(body.error).toBe(`code=400, message=${body.message}`);
    expect(body.message.length).toBeGreaterThan(0);
    expect(response.body).not.toMatch(/at .*\.ts|node_modules|SELECT|stack/i);
  });

  it("text a database cannot store (NUL) is a client error, never 500", async () => {
    const host = await signUpHost(t);
    const responses = [
      await signInRaw({ username: "ho\u0000st", password: PASSWORD }),
      await host.client.post("/api/user", { username: "nul\u0000user", password: "pass1234" }),
      await host.client.post("/api/user", { username: "nuluser", password: "pass1234", nickname: "a\u0000b" }),
      await host.client.patch(`/api/user/${host.user.id}`, { nickname: "a\u0000b" }),
      await anonymous(t).get("/api/user/me", { query: { openId: "a\u0000b" } }),
    ];
    for (const response of responses) {
      expect(response.status).toBeLessThan(500);
      if (response.status >= 400) expect(response.body.error).toBe(`code=${response.status}, message=${response.body.message}`);
    }
    expect((await signInRaw({ username: "host", password: PASSWORD })).status).toBe(200);
  });

  it("names the field and the rule", async () => {
    const response = await signInRaw({ username: "host" });
    expectError(response, 400, /^Malformatted signin request: password: /);
    const signup = await signUp({ username: 42, password: "pass1234" });
    expectError(signup, 400, /^Malformatted signup request: username: /);
  });

  it("reads a JSON body sent as text/plain, as scripts do", async () => {
    await signUpHost(t);
    const response = await raw("/api/auth/signin", JSON.stringify({ username: "host", password: PASSWORD }), "text/plain");
    expect(response.statusCode).toBe(200);
    expect((await raw("/api/auth/signin", "{oops", "text/plain")).statusCode).toBe(400);
  });
});
