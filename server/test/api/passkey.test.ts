// Passkeys (issue 27): the relying party comes from the external URL (never the Host header); adding, listing,
// renaming and removing them; signing in with one alone and as the second step after a password; challenges used
// once; unknown credentials, other origins and a counter that goes backwards refused; failures throttled.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPasskey, SoftAuthenticator } from "../authenticator.js";
import { type Client, sessionCookieFrom } from "../client.js";
import { expectError } from "../expect.js";
import { anonymous, createUser, PASSWORD, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { enableTwoFactor, totpCode } from "../two-factor.js";

const ORIGIN = "https://memos.example.com";

let t: TestApp;
let host: TestUser;
let serial = 0;

const setSetting = async (name: string, value: unknown) => {
  const set = await host.client.post("/api/system/setting", { name, value: JSON.stringify(value) });
  expect(set.status, set.text).toBe(200);
};
const setExternalUrl = (externalUrl: string) =>
  setSetting("customizedProfile", { name: "memos", logoUrl: "", description: "", locale: "en", appearance: "system", externalUrl });

beforeAll(async () => {
  t = await createTestApp();
  host = await signUpHost(t, "host");
  await setExternalUrl(ORIGIN);
});
afterAll(() => t.close());

const member = async (name = "member") => createUser(t, host, `${name}-${++serial}`);
const authenticationOptions = async (client: Client = anonymous(t)) => {
  const answer = await client.post("/api/auth/passkey/authentication-options");
  expect(answer.status, answer.text).toBe(200);
  return answer.body.data as { challengeId: string; options: any };
};
/** A passwordless sign-in with the authenticator's first credential (or as `answer` shapes it). */
async function passkeySignIn(
  authenticator: SoftAuthenticator,
  shape: (ceremony: { challengeId: string; options: any }) => object = () => ({}),
) {
  const ceremony = await authenticationOptions();
  return anonymous(t).post("/api/auth/passkey/signin", {
    challengeId: ceremony.challengeId,
    response: authenticator.get(ceremony.options),
    ...shape(ceremony),
  });
}
const passwordSignIn = (user: TestUser, body: object = {}) =>
  anonymous(t).post("/api/auth/signin", { username: user.user.username, password: PASSWORD, ...body });

describe("without an external URL", () => {
  it("passkeys are unavailable: 409 passkey.no-external-url, and the sign-in page's options too", async () => {
    await setExternalUrl("");
    try {
      const user = await member();
      for (const response of [
        await user.client.post("/api/auth/passkey/registration-options"),
        await anonymous(t).post("/api/auth/passkey/authentication-options"),
      ])
        expectError(response, 409, /external URL/, { reason: "passkey.no-external-url" });
      expect((await user.client.get("/api/auth/passkey")).body.data).toEqual([]);
    } finally {
      await setExternalUrl(ORIGIN);
    }
  });
});

describe("the relying party", () => {
  it("is the external URL's host, whatever Host header the request carries", async () => {
    const user = await member();
    const headers = { host: "attacker.example", "x-forwarded-host": "attacker.example" };
    const registration = await user.client.request("POST", "/api/auth/passkey/registration-options", undefined, { headers });
    expect(registration.status, registration.text).toBe(200);
    const { options } = registration.body.data;
    expect(options.rp).toEqual({ id: "memos.example.com", name: "memos" });
    expect(options.user.name).toBe(user.user.username);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: "required", requireResidentKey: true });
    expect(options.challenge).toMatch(/^[\w-]{20,}$/);
    const authentication = await anonymous(t).request("POST", "/api/auth/passkey/authentication-options", undefined, { headers });
    expect(authentication.body.data.options).toMatchObject({ rpId: "memos.example.com", userVerification: "preferred" });
    expect(authentication.body.data.options.allowCredentials ?? []).toEqual([]);
    expect(authentication.body.data.challengeId).not.toBe(registration.body.data.challengeId);
  });

  it("a passkey made for another origin is refused", async () => {
    const user = await member();
    const options = await user.client.post("/api/auth/passkey/registration-options");
    const { response } = new SoftAuthenticator("https://attacker.example").create(options.body.data.options);
    const added = await user.client.post("/api/auth/passkey/registration", {
      challengeId: options.body.data.challengeId,
      name: "x",
      response,
    });
    expectError(added, 400, undefined, { reason: "passkey.invalid-registration", field: "response" });
  });
});

describe("adding, listing, renaming and removing", () => {
  it("adds a named passkey (other sessions end); the list shows name and dates, never the key", async () => {
    const user = await member();
    const other = anonymous(t).withCookie(sessionCookieFrom((await passwordSignIn(user)).headers));
    const before = Math.floor(Date.now() / 1000);
    const { passkey } = await addPasskey(user.client, new SoftAuthenticator(ORIGIN), "  MacBook  ");
    expect(passkey).toEqual({ id: expect.any(Number), name: "MacBook", createdTs: expect.any(Number), lastUsedTs: null });
    const list = await user.client.get("/api/auth/passkey");
    expect(list.body.data).toEqual([passkey]);
    expect(list.body.data[0].createdTs).toBeGreaterThanOrEqual(before);
    expect((await other.get("/api/auth/session")).body.data).toBeNull();
  });

  it("renames and removes only the caller's own (404 for another's)", async () => {
    const [user, stranger] = [await member(), await member()];
    const { passkey } = await addPasskey(user.client, new SoftAuthenticator(ORIGIN));
    const renamed = await user.client.patch(`/api/auth/passkey/${passkey.id}`, { name: "Phone" });
    expect(renamed.body.data).toMatchObject({ id: passkey.id, name: "Phone" });
    expectError(await user.client.patch(`/api/auth/passkey/${passkey.id}`, { name: " " }), 400, undefined, { field: "name" });
    expectError(await stranger.client.patch(`/api/auth/passkey/${passkey.id}`, { name: "Mine" }), 404, undefined, {
      reason: "passkey.not-found",
    });
    expectError(await stranger.client.delete(`/api/auth/passkey/${passkey.id}`), 404, undefined, { reason: "passkey.not-found" });
    expect((await user.client.delete(`/api/auth/passkey/${passkey.id}`)).body).toBe(true);
    expect((await user.client.get("/api/auth/passkey")).body.data).toEqual([]);
    expectError(await user.client.delete(`/api/auth/passkey/${passkey.id}`), 404, undefined, { reason: "passkey.not-found" });
  });

  it("an account without a password or linked identity keeps its last passkey (409), not its others", async () => {
    const user = await member();
    const authenticator = new SoftAuthenticator(ORIGIN);
    const first = await addPasskey(user.client, authenticator, "One");
    const second = await addPasskey(user.client, authenticator, "Two");
    // As an account made by single sign-on whose identity was unlinked: its passkeys are its only way in.
    await t.ctx.store.db.updateTable("user").set({ password_hash: "" }).where("id", "=", user.user.id).execute();
    expect((await user.client.delete(`/api/auth/passkey/${first.passkey.id}`)).body).toBe(true);
    expectError(await user.client.delete(`/api/auth/passkey/${second.passkey.id}`), 409, "This is the account's last way to sign in", {
      reason: "passkey.last-sign-in-method",
    });
    expect((await user.client.get("/api/auth/passkey")).body.data).toEqual([second.passkey]);
  });

  it("a registration challenge is good once, and for the account that asked for it only", async () => {
    const [user, stranger] = [await member(), await member()];
    const authenticator = new SoftAuthenticator(ORIGIN);
    const options = (await user.client.post("/api/auth/passkey/registration-options")).body.data;
    const { response } = authenticator.create(options.options);
    const body = { challengeId: options.challengeId, name: "Key", response };
    expectError(await stranger.client.post("/api/auth/passkey/registration", body), 400, undefined, {
      reason: "passkey.invalid-registration",
    });
    // The stranger's try used it up.
    expectError(await user.client.post("/api/auth/passkey/registration", body), 400, undefined, { reason: "passkey.invalid-registration" });
    const fresh = (await user.client.post("/api/auth/passkey/registration-options")).body.data;
    const again = { ...body, challengeId: fresh.challengeId, response: authenticator.create(fresh.options).response };
    expect((await user.client.post("/api/auth/passkey/registration", again)).status).toBe(200);
    expectError(await user.client.post("/api/auth/passkey/registration", again), 400, undefined, {
      reason: "passkey.invalid-registration",
    });
    expectError(await user.client.post("/api/auth/passkey/registration", { ...again, challengeId: "nope" }), 400);
  });
});

describe("signing in with a passkey alone", () => {
  it("signs the passkey's account in (a session with the browser's user agent); the passkey's last use is recorded", async () => {
    const user = await member();
    const authenticator = new SoftAuthenticator(ORIGIN);
    const { passkey } = await addPasskey(user.client, authenticator);
    const ceremony = await authenticationOptions();
    const signedIn = await anonymous(t).request(
      "POST",
      "/api/auth/passkey/signin",
      { challengeId: ceremony.challengeId, response: authenticator.get(ceremony.options) },
      { headers: { "user-agent": "PasskeyBrowser/1.0" } },
    );
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body.data).toMatchObject({ id: user.user.id, username: user.user.username });
    const session = anonymous(t).withCookie(sessionCookieFrom(signedIn.headers));
    expect((await session.get("/api/auth/session")).body.data.id).toBe(user.user.id);
    const sessions = (await session.get("/api/auth/sessions")).body.data;
    expect(sessions.find((s: { current: boolean }) => s.current)).toMatchObject({ userAgent: "PasskeyBrowser/1.0" });
    const [listed] = (await session.get("/api/auth/passkey")).body.data;
    expect(listed).toMatchObject({ id: passkey.id, lastUsedTs: expect.any(Number) });
  });

  it("refuses a replayed challenge, an unknown credential, a counter that went backwards, and a passkey that did not verify its user", async () => {
    const user = await member();
    const authenticator = new SoftAuthenticator(ORIGIN);
    await addPasskey(user.client, authenticator);
    const incorrect = (response: Awaited<ReturnType<typeof passkeySignIn>>) =>
      expectError(response, 401, "The passkey could not be verified", { reason: "auth.incorrect-passkey" });

    const ceremony = await authenticationOptions();
    const body = { challengeId: ceremony.challengeId, response: authenticator.get(ceremony.options) };
    expect((await anonymous(t).post("/api/auth/passkey/signin", body)).status).toBe(200);
    incorrect(await anonymous(t).post("/api/auth/passkey/signin", body));
    incorrect(await passkeySignIn(authenticator, () => ({ challengeId: "made-up" })));
    // A credential the server never saw.
    const stranger = new SoftAuthenticator(ORIGIN);
    stranger.create({ rp: { id: "memos.example.com" }, user: { id: "eA" }, challenge: "x" });
    incorrect(await passkeySignIn(stranger));
    // A cloned key: its counter is behind the one the server saw last.
    const current = authenticator.credentials[0]!.counter;
    incorrect(await passkeySignIn(authenticator, (c) => ({ response: authenticator.get(c.options, { counter: current - 1 }) })));
    // Another origin's ceremony.
    incorrect(
      await passkeySignIn(authenticator, (c) => ({ response: authenticator.get(c.options, { origin: "https://attacker.example" }) })),
    );
    authenticator.userVerified = false;
    incorrect(await passkeySignIn(authenticator));
    authenticator.userVerified = true;
    expect((await passkeySignIn(authenticator)).status).toBe(200);
  });

  it("an archived account is refused", async () => {
    const user = await member();
    const authenticator = new SoftAuthenticator(ORIGIN);
    await addPasskey(user.client, authenticator);
    expect((await host.client.patch(`/api/user/${user.user.id}`, { rowStatus: "ARCHIVED" })).status).toBe(200);
    expectError(await passkeySignIn(authenticator), 403, `User has been archived with username ${user.user.username}`);
  });

  it("failures are throttled as password sign-ins: the tenth from one address makes even a right passkey wait (429)", async () => {
    const user = await member();
    const authenticator = new SoftAuthenticator(ORIGIN);
    await addPasskey(user.client, authenticator);
    const address = { remoteAddress: "203.0.113.9" };
    const from = async (body: object) => {
      const response = await t.app.inject({ method: "POST", url: "/api/auth/passkey/signin", payload: body, ...address });
      return { status: response.statusCode, body: JSON.parse(response.body), headers: response.headers };
    };
    for (let i = 0; i < 10; i++) {
      const ceremony = await authenticationOptions();
      expect(
        (await from({ challengeId: ceremony.challengeId, response: authenticator.get(ceremony.options, { origin: "https://x.example" }) }))
          .status,
      ).toBe(401);
    }
    const ceremony = await authenticationOptions();
    const refused = await from({ challengeId: ceremony.challengeId, response: authenticator.get(ceremony.options) });
    expect([refused.status, refused.body.reason]).toEqual([429, "rate.limited"]);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await passkeySignIn(authenticator)).status).toBe(200);
  });
});

describe("a passkey as the second factor", () => {
  it("an account with a passkey needs it after the password (401 auth.passkey-required), not another account's", async () => {
    const [user, stranger] = [await member(), await member()];
    const authenticator = new SoftAuthenticator(ORIGIN);
    await addPasskey(user.client, authenticator);
    const strangers = new SoftAuthenticator(ORIGIN);
    await addPasskey(stranger.client, strangers);
    expectError(await passwordSignIn(user), 401, /passkey is required/, { reason: "auth.passkey-required" });
    const theirs = await authenticationOptions();
    expectError(
      await passwordSignIn(user, { passkey: { challengeId: theirs.challengeId, response: strangers.get(theirs.options) } }),
      401,
      undefined,
      { reason: "auth.incorrect-passkey" },
    );
    // Without user verification it is still a second factor: the password was the first.
    authenticator.userVerified = false;
    const ceremony = await authenticationOptions();
    const signedIn = await passwordSignIn(user, {
      passkey: { challengeId: ceremony.challengeId, response: authenticator.get(ceremony.options) },
    });
    expect(signedIn.status, signedIn.text).toBe(200);
    // The password comes first: a wrong one is refused before the passkey is looked at.
    const next = await authenticationOptions();
    const withWrongPassword = {
      password: "wrong-pass",
      passkey: { challengeId: next.challengeId, response: authenticator.get(next.options) },
    };
    expectError(await passwordSignIn(user, withWrongPassword), 401, "Incorrect password");
  });

  it("in two steps (`twoStep`, the web's): the password answers 200 with the passkey step and no session", async () => {
    const user = await member();
    const authenticator = new SoftAuthenticator(ORIGIN);
    await addPasskey(user.client, authenticator);
    const first = await passwordSignIn(user, { twoStep: true });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({ data: { secondFactor: "passkey" } });
    expect(() => sessionCookieFrom(first.headers)).toThrow(/no memos_session cookie/);
    const ceremony = await authenticationOptions();
    const second = await passwordSignIn(user, {
      twoStep: true,
      passkey: { challengeId: ceremony.challengeId, response: authenticator.get(ceremony.options) },
    });
    expect(second.status, second.text).toBe(200);
    expect(second.body.data.id).toBe(user.user.id);
  });

  it("with the app's codes on too, either a code or a passkey passes the code step", async () => {
    const user = await member();
    const { secret } = await enableTwoFactor(user);
    const authenticator = new SoftAuthenticator(ORIGIN);
    await addPasskey(user.client, authenticator);
    expectError(await passwordSignIn(user), 401, undefined, { reason: "auth.code-required" });
    const ceremony = await authenticationOptions();
    expect(
      (await passwordSignIn(user, { passkey: { challengeId: ceremony.challengeId, response: authenticator.get(ceremony.options) } }))
        .status,
    ).toBe(200);
    expect((await passwordSignIn(user, { code: totpCode(secret) })).status).toBe(200);
  });

  it("meets the host's requirement: a pending session adds a passkey and is through; the last one cannot be removed", async () => {
    await setSetting("requireTwoFactor", true);
    try {
      const user = await member();
      const pending = anonymous(t).withCookie(sessionCookieFrom((await passwordSignIn(user)).headers));
      expectError(await pending.get("/api/memo"), 403, undefined, { reason: "auth.two-factor-setup-required" });
      const authenticator = new SoftAuthenticator(ORIGIN);
      const { passkey } = await addPasskey(pending, authenticator);
      expect((await pending.get("/api/memo")).status).toBe(200);
      expectError(await pending.delete(`/api/auth/passkey/${passkey.id}`), 403, undefined, { reason: "auth.two-factor-required" });
      const second = await addPasskey(pending, authenticator, "Spare");
      expect((await pending.delete(`/api/auth/passkey/${second.passkey.id}`)).body).toBe(true);
      // Signing in again asks for the passkey, and the session is not pending.
      const ceremony = await authenticationOptions();
      const signedIn = await passwordSignIn(user, {
        passkey: { challengeId: ceremony.challengeId, response: authenticator.get(ceremony.options) },
      });
      const session = anonymous(t).withCookie(sessionCookieFrom(signedIn.headers));
      expect((await session.get("/api/memo")).status).toBe(200);
    } finally {
      await setSetting("requireTwoFactor", false);
    }
  });

  it("an administrator's reset of a member's two-factor sign-in removes their passkeys", async () => {
    const user = await member();
    await addPasskey(user.client, new SoftAuthenticator(ORIGIN));
    expect((await host.client.delete(`/api/user/${user.user.id}/totp`)).status).toBe(200);
    expect((await passwordSignIn(user)).status).toBe(200);
  });
});
