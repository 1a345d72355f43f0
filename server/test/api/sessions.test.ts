// "Where you're signed in" (issue 27): the caller's sessions with their browser, address and activity, signing one
// or all others out (their cookies stop working at once), and the changes that end the others: a new password and
// archiving. Session-only: every other kind of credential gets 403, for the list too.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_ACTIVITY_RESOLUTION_SECONDS } from "../../src/auth/session.js";
import { hashToken } from "../../src/auth/session.js";
import { type Client, sessionCookieFrom } from "../client.js";
import { callerOf, CREDENTIAL_KINDS } from "../credential-kinds.js";
import { anonymous, createUser, PASSWORD, signUpHost, type TestUser } from "../factories.js";
import { expectError } from "../expect.js";
import { createTestApp, type TestApp } from "../harness.js";

const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

let t: TestApp;
let host: TestUser;

beforeAll(async () => {
  t = await createTestApp({ trustProxy: 1 });
  host = await signUpHost(t, "host");
});
afterAll(() => t.close());

/** Signs `username` in from a browser (User-Agent) at an address (X-Forwarded-For: the app trusts the proxy). */
async function signInFrom(username: string, userAgent: string, address: string): Promise<Client> {
  const response = await anonymous(t).post(
    "/api/auth/signin",
    { username, password: PASSWORD },
    { headers: { "user-agent": userAgent, "x-forwarded-for": address } },
  );
  expect(response.status, response.text).toBe(200);
  return anonymous(t).withCookie(sessionCookieFrom(response.headers));
}

const sessionIdOf = (client: Client) => hashToken(decodeURIComponent(client.cookie!.split("=")[1]!));

describe("the list", () => {
  it("shows each session's browser, system, address and times, this one marked current, and never a token hash", async () => {
    await createUser(t, host, "lister");
    const laptop = await signInFrom("lister", FIREFOX_LINUX, "203.0.113.7");
    const phone = await signInFrom("lister", SAFARI_IPHONE, "198.51.100.2");
    const listed = await laptop.get("/api/auth/sessions");
    expect(listed.status, listed.text).toBe(200);
    const sessions = listed.body.data as Array<Record<string, unknown>>;
    // createUser signed in once too, with the test client's User-Agent, which names no browser.
    expect(sessions).toHaveLength(3);
    const mine = sessions.find((session) => session.current === true);
    expect(mine).toMatchObject({
      browser: "Firefox 128",
      os: "Linux",
      deviceType: "desktop",
      address: "203.0.113.7",
      userAgent: FIREFOX_LINUX,
    });
    const other = sessions.find((session) => session.address === "198.51.100.2");
    expect(other).toMatchObject({ current: false, browser: "Safari 17", os: "iOS 17.5", deviceType: "mobile" });
    expect(sessions.find((session) => session.address === "127.0.0.1")).toMatchObject({ browser: null, os: null, deviceType: null });
    for (const session of sessions) {
      expect(typeof session.id).toBe("string");
      expect(session.lastActiveTs).toBeGreaterThanOrEqual(session.createdTs as number);
      expect(session.expiresTs).toBeGreaterThan(session.createdTs as number);
    }
    for (const client of [laptop, phone]) expect(listed.text).not.toContain(sessionIdOf(client));
    // The other device sees the same sessions, itself marked.
    const fromPhone = (await phone.get("/api/auth/sessions")).body.data as Array<Record<string, unknown>>;
    expect(fromPhone.find((session) => session.current)?.id).toBe(other?.id);
  });

  it("never shows another user's sessions", async () => {
    const alice = await createUser(t, host, "alice-s");
    const bob = await createUser(t, host, "bob-s");
    await signInFrom("bob-s", FIREFOX_LINUX, "192.0.2.50");
    const mine = (await alice.client.get("/api/auth/sessions")).body.data as Array<{ id: string; address: string }>;
    const bobs = (await bob.client.get("/api/auth/sessions")).body.data as Array<{ id: string }>;
    expect(mine).toHaveLength(1);
    expect(mine.map((s) => s.address)).not.toContain("192.0.2.50");
    expect(mine.map((s) => s.id)).not.toEqual(expect.arrayContaining([bobs[0]!.id]));
  });

  it("records activity at most once per resolution, with the latest address", async () => {
    await createUser(t, host, "active");
    const client = await signInFrom("active", FIREFOX_LINUX, "203.0.113.10");
    const id = sessionIdOf(client);
    const row = () =>
      t.ctx.store.db.selectFrom("session").select(["last_active_ts", "address"]).where("id", "=", id).executeTakeFirstOrThrow();
    const signedInAt = Number((await row()).last_active_ts);
    // Within the resolution nothing is written, whatever the address.
    await client.get("/api/user/me", { headers: { "x-forwarded-for": "203.0.113.11" } });
    expect(await row()).toMatchObject({ address: "203.0.113.10" });
    // A session last active longer ago is brought up to date by its next request.
    const old = signedInAt - SESSION_ACTIVITY_RESOLUTION_SECONDS - 1;
    await t.ctx.store.db.updateTable("session").set({ last_active_ts: old }).where("id", "=", id).execute();
    await client.get("/api/user/me", { headers: { "x-forwarded-for": "203.0.113.12" } });
    const touched = await row();
    expect(Number(touched.last_active_ts)).toBeGreaterThanOrEqual(signedInAt);
    expect(touched.address).toBe("203.0.113.12");
  });
});

describe("signing out", () => {
  it("one session: its cookie gets 401 at once, the others keep working", async () => {
    await createUser(t, host, "revoker");
    const laptop = await signInFrom("revoker", FIREFOX_LINUX, "203.0.113.20");
    const phone = await signInFrom("revoker", SAFARI_IPHONE, "203.0.113.21");
    const sessions = (await laptop.get("/api/auth/sessions")).body.data as Array<{ id: string; address: string }>;
    const target = sessions.find((session) => session.address === "203.0.113.21")!;
    const deleted = await laptop.delete(`/api/auth/sessions/${encodeURIComponent(target.id)}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body).toBe(true);
    expectError(await phone.get("/api/user/me"), 401);
    expect((await phone.get("/api/auth/session")).body.data).toBeNull();
    expect((await laptop.get("/api/user/me")).status).toBe(200);
    expectError(await laptop.delete(`/api/auth/sessions/${encodeURIComponent(target.id)}`), 404, `Session not found: ${target.id}`, {
      reason: "session.not-found",
    });
  });

  it("another user's session, or an unknown id, is 404 and stays signed in", async () => {
    const mallory = await createUser(t, host, "mallory");
    const victim = await createUser(t, host, "victim-s");
    const victimSessions = (await victim.client.get("/api/auth/sessions")).body.data as Array<{ id: string }>;
    expectError(await mallory.client.delete(`/api/auth/sessions/${encodeURIComponent(victimSessions[0]!.id)}`), 404, undefined, {
      reason: "session.not-found",
    });
    expectError(await host.client.delete(`/api/auth/sessions/${encodeURIComponent(victimSessions[0]!.id)}`), 404);
    expectError(await mallory.client.delete("/api/auth/sessions/unknown"), 404);
    // The session id itself (the cookie's hash) names nothing.
    expectError(await victim.client.delete(`/api/auth/sessions/${sessionIdOf(victim.client)}`), 404);
    expect((await victim.client.get("/api/user/me")).status).toBe(200);
  });

  it("all others: only this one is left", async () => {
    await createUser(t, host, "leaver");
    const a = await signInFrom("leaver", FIREFOX_LINUX, "203.0.113.30");
    const b = await signInFrom("leaver", SAFARI_IPHONE, "203.0.113.31");
    const c = await signInFrom("leaver", SAFARI_IPHONE, "203.0.113.32");
    const revoked = await b.post("/api/auth/sessions/revoke-others");
    expect(revoked.status, revoked.text).toBe(200);
    expectError(await a.get("/api/user/me"), 401);
    expectError(await c.get("/api/user/me"), 401);
    const left = (await b.get("/api/auth/sessions")).body.data as Array<{ current: boolean; address: string }>;
    expect(left).toEqual([expect.objectContaining({ current: true, address: "203.0.113.31" })]);
  });
});

describe("changes that end the other sessions", () => {
  it("a new password ends every other session of the user, this one stays", async () => {
    const owner = await createUser(t, host, "repass");
    const other = await signInFrom("repass", SAFARI_IPHONE, "203.0.113.40");
    const changed = await owner.client.patch(`/api/user/${owner.user.id}`, { password: "a long pass phrase", currentPassword: PASSWORD });
    expect(changed.status, changed.text).toBe(200);
    expectError(await other.get("/api/user/me"), 401);
    expect((await owner.client.get("/api/auth/sessions")).body.data).toEqual([expect.objectContaining({ current: true })]);
  });

  it("archiving ends all of them", async () => {
    const member = await createUser(t, host, "archived-s");
    await signInFrom("archived-s", SAFARI_IPHONE, "203.0.113.50");
    expect((await host.client.patch(`/api/user/${member.user.id}`, { rowStatus: "ARCHIVED" })).status).toBe(200);
    const rows = await t.ctx.store.db.selectFrom("session").select("id").where("user_id", "=", member.user.id).execute();
    expect(rows).toEqual([]);
  });
});

describe("every kind of credential", () => {
  for (const kind of CREDENTIAL_KINDS) {
    it(`${kind}: ${kind === "session" ? "lists and signs out" : "403 for the list, one and all others; nothing ends"}`, async () => {
      const owner = await createUser(t, host, `kind-${CREDENTIAL_KINDS.indexOf(kind)}`);
      const other = await signInFrom(owner.user.username, FIREFOX_LINUX, "203.0.113.60");
      const id = ((await other.get("/api/auth/sessions")).body.data as Array<{ id: string; current: boolean }>).find((s) => s.current)!.id;
      const client = await callerOf(t, owner, kind);
      const answers = [
        await client.get("/api/auth/sessions"),
        await client.delete(`/api/auth/sessions/${encodeURIComponent(id)}`),
        await client.post("/api/auth/sessions/revoke-others"),
      ];
      if (kind === "session") {
        for (const answer of answers) expect(answer.status, answer.text).toBe(200);
        expectError(await other.get("/api/user/me"), 401);
        return;
      }
      expectError(answers[0]!, 403, undefined, { reason: "auth.session-only" });
      const readOnly = kind === "read token";
      for (const answer of answers.slice(1))
        expectError(answer, 403, undefined, { reason: readOnly ? "auth.read-only-token" : "auth.session-only" });
      expect((await other.get("/api/user/me")).status).toBe(200);
      expect((await owner.client.get("/api/user/me")).status).toBe(200);
    });
  }

  it("a visitor gets 401", async () => {
    expectError(await anonymous(t).get("/api/auth/sessions"), 401);
    expectError(await anonymous(t).post("/api/auth/sessions/revoke-others"), 401);
    expectError(await anonymous(t).delete("/api/auth/sessions/x"), 401);
  });
});
