// The v1 AuthService as memos' v0.30 web client uses it, over both transports: a password sign-in answers a
// short-lived bearer token of a new session and sets two HttpOnly cookies (ours and `memos_refresh`); the token
// acts as that session anywhere (v1 and v0, a password change included) until it expires or the session ends;
// RefreshToken trades the refresh cookie for a new token and a new cookie (the old one works once); SignOut ends the
// session of whatever credential named it. No token or cookie reaches the log.
import { Code } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearerKey, SESSION_BEARER_SECONDS, signSessionBearer } from "../../src/auth/session-bearer.js";
import { AuthService } from "../../src/v1/gen/memos/api/v1/auth_service_pb.js";
import { UserService } from "../../src/v1/gen/memos/api/v1/user_service_pb.js";
import { createUser, PASSWORD, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { enableTwoFactor } from "../two-factor.js";
import { connectClient, failure, listen, rest } from "../v1-client.js";

let t: TestApp;
let base: string;
let host: TestUser;
let member: TestUser;
const lines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ slowRequestMs: 0, logStream: { write: (line) => void lines.push(line) } });
  host = await signUpHost(t, "host");
  member = await createUser(t, host, "member");
  base = await listen(t);
});
afterAll(() => t.close());

/** A cookie's `name=value` among an answer's Set-Cookie headers, and the attributes it was set with. */
function cookieOf(headers: Headers, name: string): { pair: string; value: string; attributes: string } {
  const line = headers.getSetCookie().find((each) => each.startsWith(`${name}=`));
  if (line === undefined) throw new Error(`no ${name} cookie in ${JSON.stringify(headers.getSetCookie())}`);
  const pair = line.split(";")[0]!;
  return { pair, value: pair.slice(name.length + 1), attributes: line.slice(pair.length) };
}

interface SignedIn {
  accessToken: string;
  refresh: string;
  session: string;
  expiresAt: string;
}

/** A REST sign-in of the member: its token, and the two cookies as `name=value`. */
async function signInRest(username = "member", password = PASSWORD): Promise<SignedIn> {
  const answer = await rest(base, "POST", "/api/v1/auth/signin", { body: { passwordCredentials: { username, password } } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return {
    accessToken: answer.body.accessToken,
    expiresAt: answer.body.accessTokenExpiresAt,
    refresh: cookieOf(answer.headers, "memos_refresh").pair,
    session: cookieOf(answer.headers, "memos_session").pair,
  };
}

const me = (token: string) => rest(base, "GET", "/api/v1/auth/me", { token });

describe("signing in", () => {
  it("answers a 15-minute bearer token over Connect and sets the session and refresh cookies as memos does", async () => {
    let headers = new Headers();
    const before = Date.now();
    const signedIn = await connectClient(base, AuthService).signIn(
      { credentials: { case: "passwordCredentials", value: { username: "member", password: PASSWORD } } },
      { onHeader: (received) => (headers = received) },
    );
    expect(signedIn.user?.name).toBe("users/member");
    expect(signedIn.accessToken).toMatch(/^memos_sat_/);
    const expires = Number(signedIn.accessTokenExpiresAt?.seconds) * 1000;
    expect(expires).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + SESSION_BEARER_SECONDS * 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + SESSION_BEARER_SECONDS * 1000);
    const refresh = cookieOf(headers, "memos_refresh");
    expect(refresh.attributes).toMatch(/Path=\//);
    expect(refresh.attributes).toMatch(/HttpOnly/);
    expect(refresh.attributes).toMatch(/SameSite=Lax/);
    expect(refresh.attributes).not.toMatch(/Secure/);
    expect(cookieOf(headers, "memos_session").value).toBe(refresh.value);

    // The token alone (no cookie) is the caller, on v1 over both transports and on v0.
    const viaConnect = connectClient(base, AuthService, { authorization: `Bearer ${signedIn.accessToken}` });
    expect((await viaConnect.getCurrentUser({})).user?.username).toBe("member");
    expect((await me(signedIn.accessToken)).body.user).toMatchObject({ username: "member" });
    const v0 = await rest(base, "GET", "/api/user/me", { token: signedIn.accessToken });
    expect([v0.status, v0.body.data?.username]).toEqual([200, "member"]);
  });

  it("answers the token over REST too, its expiry as an RFC 3339 time", async () => {
    const signedIn = await signInRest();
    expect(signedIn.accessToken).toMatch(/^memos_sat_/);
    expect(Date.parse(signedIn.expiresAt) - Date.now()).toBeGreaterThan((SESSION_BEARER_SECONDS - 60) * 1000);
    expect((await me(signedIn.accessToken)).status).toBe(200);
  });

  it("refuses bad input by field, and a wrong password as memos words it", async () => {
    const long = await rest(base, "POST", "/api/v1/auth/signin", {
      body: { passwordCredentials: { username: "member", password: "p".repeat(1025) } },
    });
    expect([long.status, long.body.message]).toEqual([400, expect.stringContaining("password_credentials.password")]);
    const none = await rest(base, "POST", "/api/v1/auth/signin", { body: {} });
    expect([none.status, none.body.message]).toEqual([400, expect.stringContaining("credentials")]);
    const wrong = await failure(
      connectClient(base, AuthService).signIn({
        credentials: { case: "passwordCredentials", value: { username: "member", password: "nope-nope" } },
      }),
    );
    expect([wrong.code, wrong.rawMessage]).toEqual([Code.InvalidArgument, "unmatched username and password"]);
  });

  it("tells an account with two-factor sign-in what to do instead, and starts no session", async () => {
    const guarded = await createUser(t, host, "guarded");
    await enableTwoFactor(guarded);
    const refused = await failure(
      connectClient(base, AuthService).signIn({
        credentials: { case: "passwordCredentials", value: { username: "guarded", password: PASSWORD } },
      }),
    );
    expect(refused.code).toBe(Code.FailedPrecondition);
    expect(refused.rawMessage).toMatch(/second factor .* personal access token/);
    const overRest = await rest(base, "POST", "/api/v1/auth/signin", {
      body: { passwordCredentials: { username: "guarded", password: PASSWORD } },
    });
    expect([overRest.status, overRest.headers.get("set-cookie")]).toEqual([400, null]);
  });
});

describe("the bearer token", () => {
  it("is a session's credential: the password changes with it (the web client's way), unlike with a personal token", async () => {
    const signedIn = await signInRest();
    const users = connectClient(base, UserService, { authorization: `Bearer ${signedIn.accessToken}` });
    const changed = await users.updateUser({ user: { name: "users/member", password: PASSWORD }, updateMask: { paths: ["password"] } });
    expect(changed.username).toBe("member");
  });

  it("is refused expired, altered, or signed by another key, each as Unauthenticated", async () => {
    const signedIn = await signInRest();
    const [, , publicId] = /^memos_sat_(\d+)\.([^.]+)\./.exec(signedIn.accessToken)!;
    const key = await bearerKey(t.ctx.store.db);
    const past = Math.floor(Date.now() / 1000) - 1;
    const expired = signSessionBearer(key, { userId: member.user.id, sessionPublicId: publicId!, expiresTs: past });
    const expiredAnswer = await me(expired);
    expect([expiredAnswer.status, expiredAnswer.body.code, expiredAnswer.body.message]).toEqual([401, 16, "Access token expired"]);
    const connectExpired = await failure(connectClient(base, AuthService, { authorization: `Bearer ${expired}` }).getCurrentUser({}));
    expect(connectExpired.code).toBe(Code.Unauthenticated);

    const future = Math.floor(Date.now() / 1000) + 3600;
    const otherKey = signSessionBearer(Buffer.from("another instance's key, not ours"), {
      userId: member.user.id,
      sessionPublicId: publicId!,
      expiresTs: future,
    });
    const altered = signedIn.accessToken.replace(/^memos_sat_\d+/, "memos_sat_1");
    for (const token of [otherKey, altered, `${signedIn.accessToken}x`, "memos_sat_garbage"]) {
      expect((await me(token)).status, token).toBe(401);
    }
    // On a public RPC too: a bad token is an error, not a visitor.
    expect((await rest(base, "GET", "/api/v1/users/member", { token: altered })).status).toBe(401);
  });

  it("opens neither a URL (?openId=) nor the routes of personal access tokens alone (/mcp)", async () => {
    const signedIn = await signInRest();
    const inUrl = await rest(base, "GET", `/api/user/me?openId=${encodeURIComponent(signedIn.accessToken)}`);
    expect(inUrl.status).toBe(401);
    const mcp = await rest(base, "POST", "/mcp", {
      token: signedIn.accessToken,
      body: { jsonrpc: "2.0", id: 1, method: "tools/list" },
    });
    expect(mcp.status).toBe(401);
  });

  it("dies with its session: signed out elsewhere, or by 'sign other sessions out'", async () => {
    const kept = await signInRest();
    const other = await signInRest();
    expect((await me(other.accessToken)).status).toBe(200);
    const revoked = await rest(base, "POST", "/api/auth/sessions/revoke-others", { token: kept.accessToken });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect((await me(other.accessToken)).status).toBe(401);
    // The caller's own session (named by its token) is the one kept.
    expect((await me(kept.accessToken)).status).toBe(200);
  });
});

describe("refreshing", () => {
  it("trades the refresh cookie for a new token and a new cookie over Connect; the old cookie works once", async () => {
    const signedIn = await signInRest();
    let headers = new Headers();
    const refreshed = await connectClient(base, AuthService, { cookie: signedIn.refresh }).refreshToken(
      {},
      { onHeader: (received) => (headers = received) },
    );
    expect(refreshed.accessToken).toMatch(/^memos_sat_/);
    expect(Number(refreshed.expiresAt?.seconds) * 1000).toBeGreaterThan(Date.now());
    const rotated = cookieOf(headers, "memos_refresh");
    expect(rotated.pair).not.toBe(signedIn.refresh);
    expect(rotated.attributes).toMatch(/HttpOnly/);
    expect(cookieOf(headers, "memos_session").value).toBe(rotated.value);
    expect((await me(refreshed.accessToken)).status).toBe(200);
    // The same session: the earlier token still holds until its time.
    expect((await me(signedIn.accessToken)).status).toBe(200);

    const replay = await failure(connectClient(base, AuthService, { cookie: signedIn.refresh }).refreshToken({}));
    expect(replay.code).toBe(Code.Unauthenticated);
    // The session cookie that held the same token went with it.
    expect((await rest(base, "GET", "/api/user/me", { cookie: signedIn.session })).status).toBe(401);
    expect((await rest(base, "GET", "/api/user/me", { cookie: `memos_session=${rotated.value}` })).status).toBe(200);
  });

  it("over REST, and refuses a missing, unknown or session cookie as Unauthenticated", async () => {
    const signedIn = await signInRest();
    const answer = await rest(base, "POST", "/api/v1/auth/refresh", { body: {}, cookie: signedIn.refresh });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ accessToken: expect.stringMatching(/^memos_sat_/), expiresAt: expect.any(String) });
    const missing = await rest(base, "POST", "/api/v1/auth/refresh", { body: {} });
    expect([missing.status, missing.body.code, missing.body.message]).toEqual([401, 16, "refresh token not found"]);
    expect((await rest(base, "POST", "/api/v1/auth/refresh", { body: {}, cookie: "memos_refresh=forged" })).status).toBe(401);
    // Our session cookie is not the refresh cookie (only memos_refresh is read).
    const other = await signInRest();
    expect((await rest(base, "POST", "/api/v1/auth/refresh", { body: {}, cookie: other.session })).status).toBe(401);
    const missingConnect = await failure(connectClient(base, AuthService).refreshToken({}));
    expect(missingConnect.code).toBe(Code.Unauthenticated);
  });
});

describe("signing out", () => {
  it("by the bearer token ends its session: the token, the refresh cookie and the session cookie stop working; both cookies cleared", async () => {
    const signedIn = await signInRest();
    let headers = new Headers();
    await connectClient(base, AuthService, { authorization: `Bearer ${signedIn.accessToken}` }).signOut(
      {},
      { onHeader: (received) => (headers = received) },
    );
    for (const name of ["memos_refresh", "memos_session"]) {
      const cleared = cookieOf(headers, name);
      expect(cleared.value).toBe("");
      expect(cleared.attributes).toMatch(/Max-Age=0/);
    }
    expect((await me(signedIn.accessToken)).status).toBe(401);
    const replay = await rest(base, "POST", "/api/v1/auth/refresh", { body: {}, cookie: signedIn.refresh });
    expect(replay.status).toBe(401);
    expect((await rest(base, "GET", "/api/user/me", { cookie: signedIn.session })).status).toBe(401);
  });

  it("over REST with the cookies alone, as a browser without a token", async () => {
    const signedIn = await signInRest();
    const out = await rest(base, "POST", "/api/v1/auth/signout", { cookie: `${signedIn.session}; ${signedIn.refresh}` });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect((await me(signedIn.accessToken)).status).toBe(401);
    expect((await rest(base, "POST", "/api/v1/auth/refresh", { body: {}, cookie: signedIn.refresh })).status).toBe(401);
  });
});

describe("the log", () => {
  it("holds no bearer token and no refresh cookie", async () => {
    const signedIn = await signInRest();
    const refreshed = await rest(base, "POST", "/api/v1/auth/refresh", { body: {}, cookie: signedIn.refresh });
    await rest(base, "GET", `/api/user/me?openId=${encodeURIComponent(signedIn.accessToken)}`);
    await me(refreshed.body.accessToken);
    const rotated = cookieOf(refreshed.headers, "memos_refresh").value;
    // Each request writes its slow-request line once answered: wait for the last one.
    for (let tries = 0; tries < 1000 && !lines.some((line) => line.includes("/api/v1/auth/me")); tries++)
      await new Promise((resolve) => setImmediate(resolve));
    const log = lines.join("");
    expect(log).toContain("/api/v1/auth/me");
    for (const secret of [signedIn.accessToken, refreshed.body.accessToken, signedIn.refresh.split("=")[1]!, rotated]) {
      expect(log).not.toContain(secret);
    }
  });
});
