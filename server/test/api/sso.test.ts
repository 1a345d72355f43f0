// Single sign-on against a real OpenID provider (oidc-provider on 127.0.0.1, server/test/oidc-provider.ts): the
// host's providers, the browser flow (first sign-in creating a user, the same user again, linking, unlinking),
// and its refusals (a wrong state or nonce, a reused code, a disabled provider, sign-up off, an archived account).
// The host's providers and password sign-in turned off: sso-providers.test.ts; the starts per address: sso-throttle.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Response, sessionCookieFrom } from "../client.js";
import { expectError } from "../expect.js";
import { anonymous, createUser, type TestUser } from "../factories.js";
import type { TestApp } from "../harness.js";
import { rowCount } from "../row-count.js";
import type { TestProvider } from "../oidc-provider.js";
import {
  meOf as accountOf,
  atProvider,
  CALLBACK,
  Browser,
  setSetting as setUpSetting,
  type SsoSetup,
  setUpSso,
  ssoSignIn as signInThrough,
  tearDownSso,
} from "../sso-fixture.js";

let sso: SsoSetup;
let t: TestApp;
let host: TestUser;
let idp: TestProvider;
let providerId: number;
const logLines: string[] = [];

beforeAll(async () => {
  sso = await setUpSso(
    {
      "sub-ada": { preferred_username: "lovelace", email: "ada@example.com", name: "Ada Lovelace" },
      "sub-grace": { email: "grace.hopper@example.com" },
      "sub-ada-2": { preferred_username: "LOVELACE" },
      "sub-carol": { preferred_username: "carol-at-idp" },
      "sub-dan": { preferred_username: "dan" },
    },
    { logLines },
  );
  ({ t, host, idp, providerId } = sso);
});
afterAll(() => tearDownSso(sso));

const setSetting = (name: string, value: unknown) => setUpSetting(sso, name, value);
const ssoSignIn = (sub: string, browser?: Browser) => signInThrough(sso, sub, browser);
const meOf = (response: Response) => accountOf(sso, response);

/** Whether an answer signed someone in. */
const setsSession = (response: Response) => String(response.headers["set-cookie"] ?? "").includes("memos_session=");

/** The flow row a start made, found by its authorization URL's state (kept hashed). */
const flowOf = (authorizationUrl: string) =>
  t.ctx.store.db
    .selectFrom("oidc_flow")
    .selectAll()
    .where("state_hash", "=", createHash("sha256").update(new URL(authorizationUrl).searchParams.get("state")!).digest("hex"));

const userCount = () => rowCount(t, "user");

describe("the browser flow", () => {
  it("sends the browser to the provider with PKCE, state and nonce, and the external URL's callback", async () => {
    const url = new URL(await new Browser(sso).start());
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get("redirect_uri")).toBe(CALLBACK);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    for (const name of ["state", "nonce", "code_challenge"]) expect(url.searchParams.get(name)).toBeTruthy();
    const flows = await t.ctx.store.db.selectFrom("oidc_flow").selectAll().execute();
    expect(flows.map((flow) => flow.state_hash)).not.toContain(url.searchParams.get("state"));
  });

  it("creates a user on the first sign-in (the provider's role), and signs the same user in the second time", async () => {
    const first = await meOf(await ssoSignIn("sub-ada"));
    expect([first.username, first.role, first.nickname, first.email]).toEqual(["lovelace", "ADMIN", "Ada Lovelace", "ada@example.com"]);
    const users = await userCount();
    const second = await meOf(await ssoSignIn("sub-ada"));
    expect(second.id).toBe(first.id);
    expect(await userCount()).toBe(users);
  });

  it("goes back to the app's page it started from (an app's consent page), and takes only a path of this site", async () => {
    const next = "/oauth/authorize?client_id=memos_client_x&state=s";
    const browser = new Browser(sso);
    const response = await browser.callback(await atProvider(await browser.start(false, providerId, next), "sub-ada"));
    expect([response.status, response.headers.location]).toEqual([302, next]);
    expect(setsSession(response)).toBe(true);
    for (const elsewhere of ["https://evil.example/", "//evil.example/x", "/\\evil.example"]) {
      const refused = await new Browser(sso).client.get(`/auth/oidc/${providerId}/start?next=${encodeURIComponent(elsewhere)}`);
      expectError(refused, 400, /next: must be a path of this site/);
    }
  });

  it("records the browser of a session it starts, and where the host requires two-factor sign-in, that session sets it up first", async () => {
    const response = await ssoSignIn("sub-ada");
    const cookie = sessionCookieFrom(response.headers);
    const sessions = (await anonymous(t).withCookie(cookie).get("/api/auth/sessions")).body.data;
    expect(sessions.find((session: { current: boolean }) => session.current)).toMatchObject({ address: expect.any(String) });
    expect((await host.client.post("/api/system/setting", { name: "requireTwoFactor", value: "true" })).status).toBe(200);
    try {
      const pending = anonymous(t).withCookie(sessionCookieFrom((await ssoSignIn("sub-ada")).headers));
      expect((await pending.get("/api/memo")).body.reason).toBe("auth.two-factor-setup-required");
      expect((await pending.post("/api/auth/totp/setup")).status).toBe(200);
    } finally {
      await host.client.post("/api/system/setting", { name: "requireTwoFactor", value: "false" });
    }
  });

  it("names a new user by the email's local part without the claim, and makes a taken name unique", async () => {
    expect((await meOf(await ssoSignIn("sub-grace"))).username).toBe("grace-hopper");
    expect((await meOf(await ssoSignIn("sub-ada-2"))).username).toBe("LOVELACE2");
  });

  it("links a provider to a signed-in account, signs it in through the provider, and unlinks it", async () => {
    const carol = await createUser(t, host, "carol");
    const carolsBrowser = new Browser(sso, carol.client);
    const linked = await carolsBrowser.callback(await atProvider(await carolsBrowser.start(true), "sub-carol"));
    expect([linked.status, linked.headers.location]).toEqual([302, "/?sso=linked"]);
    const identities = await carol.client.get("/api/user/me/identity");
    expect(identities.body.data).toMatchObject([{ providerId, providerName: "Test IdP", subject: "sub-carol" }]);
    expect((await meOf(await ssoSignIn("sub-carol"))).id).toBe(carol.user.id);
    // Another account cannot take the same identity.
    const dave = await createUser(t, host, "dave");
    const davesBrowser = new Browser(sso, dave.client);
    const taken = await davesBrowser.callback(await atProvider(await davesBrowser.start(true), "sub-carol"));
    expect(taken.headers.location).toBe("/?ssoError=already-linked");
    // A password remains, so the link may go; then the identity is nobody's.
    expect((await carol.client.delete(`/api/user/me/identity/${identities.body.data[0].id}`)).status).toBe(200);
    expect((await carol.client.get("/api/user/me/identity")).body.data).toEqual([]);
    expectError(await carol.client.delete(`/api/user/me/identity/${identities.body.data[0].id}`), 404, undefined, {
      reason: "identity.not-found",
    });
  });

  it("finishes a link only with the session that started it", async () => {
    const erin = await createUser(t, host, "erin");
    const browser = new Browser(sso, erin.client);
    const url = await atProvider(await browser.start(true), "sub-dan");
    // Signed out meanwhile: the flow's cookie is there, the session is not.
    browser.cookies.delete("memos_session");
    const response = await browser.callback(url);
    expect(response.headers.location).toBe("/?ssoError=link-session");
  });
});

describe("refusals come back to /auth?error=<failure>", () => {
  it("a state nobody issued, and a state used once already", async () => {
    const bogus = await anonymous(t).get("/auth/oidc/callback?code=abc&state=nobody-issued-this");
    expect([bogus.status, bogus.headers.location]).toEqual([302, "/auth?error=state-invalid"]);
    expect((await anonymous(t).get("/auth/oidc/callback")).headers.location).toBe("/auth?error=state-invalid");
    const browser = new Browser(sso);
    const url = await atProvider(await browser.start(), "sub-ada");
    expect((await browser.callback(url)).headers.location).toBe("/");
    expect((await browser.callback(url)).headers.location).toBe("/auth?error=state-invalid");
  });

  it("a flow finished in another browser than the one that started it (someone handing over their own)", async () => {
    const attacker = new Browser(sso);
    const url = await atProvider(await attacker.start(), "sub-ada");
    const victim = new Browser(sso);
    const response = await victim.callback(url);
    expect(response.headers.location).toBe("/auth?error=state-invalid");
    expect(setsSession(response)).toBe(false);
    // The flow is spent: the one who started it cannot finish it either.
    expect((await attacker.callback(url)).headers.location).toBe("/auth?error=state-invalid");
  });

  it("a flow older than ten minutes", async () => {
    const browser = new Browser(sso);
    const authorizationUrl = await browser.start();
    const { state_hash } = await flowOf(authorizationUrl).executeTakeFirstOrThrow();
    await t.ctx.store.db
      .updateTable("oidc_flow")
      .set({ expires_ts: Math.floor(Date.now() / 1000) - 1 })
      .where("state_hash", "=", state_hash)
      .execute();
    const response = await browser.callback(await atProvider(authorizationUrl, "sub-ada"));
    expect(response.headers.location).toBe("/auth?error=state-invalid");
  });

  it("a wrong nonce (the flow's row tampered with): nobody is signed in", async () => {
    const browser = new Browser(sso);
    const authorizationUrl = await browser.start();
    const { state_hash } = await flowOf(authorizationUrl).executeTakeFirstOrThrow();
    await t.ctx.store.db.updateTable("oidc_flow").set({ nonce: "not-the-nonce-sent" }).where("state_hash", "=", state_hash).execute();
    const response = await browser.callback(await atProvider(authorizationUrl, "sub-ada"));
    expect([response.status, response.headers.location]).toEqual([302, "/auth?error=provider-error"]);
    expect(setsSession(response)).toBe(false);
    expect(logLines.join("\n")).toMatch(/single sign-on failed: .*nonce/);
  });

  it("a code expired at the provider: nobody is signed in", async () => {
    const browser = new Browser(sso);
    const url = await atProvider(await browser.start(), "sub-ada");
    await idp.expireCode(new URL(url).searchParams.get("code")!);
    const response = await browser.callback(url);
    expect([response.status, response.headers.location]).toEqual([302, "/auth?error=provider-error"]);
    expect(setsSession(response)).toBe(false);
  });

  it("a code used once already", async () => {
    const browser = new Browser(sso);
    const authorizationUrl = await browser.start();
    const flow = await flowOf(authorizationUrl).executeTakeFirstOrThrow();
    const url = await atProvider(authorizationUrl, "sub-ada");
    const flowCookie = browser.cookies.get("memos_sso_flow")!;
    expect((await browser.callback(url)).headers.location).toBe("/");
    // The same flow again (as if its row and cookie had been kept): the provider refuses the spent code.
    await t.ctx.store.db.insertInto("oidc_flow").values(flow).execute();
    browser.cookies.set("memos_sso_flow", flowCookie);
    const again = await browser.callback(url);
    expect(again.headers.location).toBe("/auth?error=provider-error");
    expect(setsSession(again)).toBe(false);
  });

  it("a disabled provider, at the start and at the callback", async () => {
    const browser = new Browser(sso);
    const authorizationUrl = await browser.start();
    expect((await host.client.patch(`/api/identity-provider/${providerId}`, { enabled: false })).status).toBe(200);
    try {
      expect((await anonymous(t).get(`/auth/oidc/${providerId}/start`)).headers.location).toBe("/auth?error=provider-disabled");
      expect((await anonymous(t).get("/auth/oidc/999/start")).headers.location).toBe("/auth?error=provider-disabled");
      expect((await anonymous(t).get("/api/auth/sso")).body.data.providers).toEqual([]);
      const url = await atProvider(authorizationUrl, "sub-ada");
      expect((await browser.callback(url)).headers.location).toBe("/auth?error=provider-disabled");
    } finally {
      await host.client.patch(`/api/identity-provider/${providerId}`, { enabled: true });
    }
  });

  it("sign-up off on the instance, or the provider creates nobody: no user is made", async () => {
    idp.accounts.set("sub-newcomer", { preferred_username: "newcomer" });
    const users = await userCount();
    await setSetting("allowSignUp", false);
    try {
      expect((await ssoSignIn("sub-newcomer")).headers.location).toBe("/auth?error=signup-closed");
    } finally {
      await setSetting("allowSignUp", true);
    }
    await host.client.patch(`/api/identity-provider/${providerId}`, { createUsers: false });
    try {
      expect((await ssoSignIn("sub-newcomer")).headers.location).toBe("/auth?error=signup-closed");
      // A known account still signs in.
      expect((await meOf(await ssoSignIn("sub-ada"))).username).toBe("lovelace");
    } finally {
      await host.client.patch(`/api/identity-provider/${providerId}`, { createUsers: true });
    }
    expect(await userCount()).toBe(users);
  });

  it("an archived account", async () => {
    idp.accounts.set("sub-frank", { preferred_username: "frank" });
    const frank = await meOf(await ssoSignIn("sub-frank"));
    expect((await host.client.patch(`/api/user/${frank.id}`, { rowStatus: "ARCHIVED" })).status).toBe(200);
    expect((await ssoSignIn("sub-frank")).headers.location).toBe("/auth?error=account-archived");
  });

  it("a HEAD starts nothing and spends nothing", async () => {
    const before = await rowCount(t, "oidc_flow");
    expect((await anonymous(t).request("HEAD", `/auth/oidc/${providerId}/start`)).status).toBe(404);
    expect(await rowCount(t, "oidc_flow")).toBe(before);
  });

  it("logs the failure without the code or the state", async () => {
    await anonymous(t).get("/auth/oidc/callback?code=secret-code-value&state=secret-state-value");
    const text = logLines.join("\n");
    expect(text).toContain("state-invalid");
    expect(text).not.toContain("secret-code-value");
    expect(text).not.toContain("secret-state-value");
  });
});
