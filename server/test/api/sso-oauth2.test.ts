// Single sign-on through a plain OAuth 2 provider (memos' kind: GitHub and the like), against a real authorization
// server on 127.0.0.1 (server/test/oauth2-provider.ts) and through our HTTP routes as a browser would go: the host's
// provider (its URLs and field mapping kept, the secret never shown, http URLs only with private targets allowed),
// the flow (PKCE and state at the provider, the code exchanged with our client's secret, the user info read with the
// bearer, dotted and numeric identifier fields), the same account signed in again, linking, the account's own second
// factor, v1 showing it with its config, and the refusals (a wrong state, the provider's error, no identifier, an
// address the outgoing guard refuses).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IdentityProviderService } from "../../src/v1/gen/memos/api/v1/idp_service_pb.js";
import { sessionCookieFrom } from "../client.js";
import { expectError } from "../expect.js";
import { anonymous, createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { signInAtOAuth2, startOAuth2Server, type TestOAuth2Server } from "../oauth2-provider.js";
import { Browser, CALLBACK, meOf } from "../sso-fixture.js";
import { enableTwoFactor } from "../two-factor.js";
import { connectClient, listen } from "../v1-client.js";

let t: TestApp;
let host: TestUser;
let idp: TestOAuth2Server;
/** The provider keyed by `login` (GitHub's way), and one keyed by a numeric id at a dotted path. */
let byLogin: number;
let byNumericId: number;

const ACCOUNTS = {
  octo: { id: 583231, login: "octo", name: "Octo Cat", email: "octo@example.com", profile: { handle: "octo-h" } },
  mona: { id: 9001, login: "mona", name: "Mona Lisa", email: "not an email", profile: { handle: "mona-h" } },
  carol: { id: 4242, login: "carol-at-idp", profile: { handle: "carol-h" } },
  nobody: { name: "No Identifier" },
};

const setSetting = (name: string, value: unknown) => host.client.post("/api/system/setting", { name, value: JSON.stringify(value) });

function oauth2Provider(name: string, mapping: { usernameClaim: string; displayNameField?: string; emailField?: string }) {
  return {
    type: "OAUTH2",
    name,
    authUrl: `${idp.base}/authorize`,
    tokenUrl: `${idp.base}/token`,
    userInfoUrl: `${idp.base}/user`,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    scopes: "read:user user:email",
    avatarUrlField: "avatar_url",
    createUsers: true,
    ...mapping,
  };
}

beforeAll(async () => {
  idp = await startOAuth2Server([CALLBACK], ACCOUNTS);
  t = await createTestApp({ oidcAllowPrivate: true });
  host = await signUpHost(t);
  expect((await setSetting("customizedProfile", { externalUrl: "http://memos.test" })).status).toBe(200);
  expect((await setSetting("allowSignUp", true)).status).toBe(200);
  const first = await host.client.post(
    "/api/identity-provider",
    oauth2Provider("GitHub", { usernameClaim: "login", displayNameField: "name", emailField: "email" }),
  );
  expect(first.status, first.text).toBe(200);
  byLogin = first.body.data.id;
  const second = await host.client.post(
    "/api/identity-provider",
    oauth2Provider("Numeric", { usernameClaim: "id", displayNameField: "profile.handle" }),
  );
  expect(second.status, second.text).toBe(200);
  byNumericId = second.body.data.id;
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

const browserFor = (providerId: number, session?: TestUser) => new Browser({ t, providerId }, session?.client);

/** A whole sign-in as `login` through the provider; the callback's answer. */
async function signInAs(login: string, providerId = byLogin, browser = browserFor(providerId)) {
  return browser.callback(await signInAtOAuth2(await browser.start(), login));
}

describe("the host's OAuth 2 provider", () => {
  it("keeps its URLs and field mapping, never shows the secret, and asks what its type needs", async () => {
    const listed = (await host.client.get("/api/identity-provider")).body.data;
    expect(listed.find((provider: { id: number }) => provider.id === byLogin)).toEqual(
      expect.objectContaining({
        type: "OAUTH2",
        issuer: "",
        authUrl: `${idp.base}/authorize`,
        tokenUrl: `${idp.base}/token`,
        userInfoUrl: `${idp.base}/user`,
        usernameClaim: "login",
        displayNameField: "name",
        emailField: "email",
        avatarUrlField: "avatar_url",
        scopes: "read:user user:email",
        hasSecret: true,
      }),
    );
    expect(JSON.stringify(listed)).not.toContain(idp.clientSecret);
    const { tokenUrl: _, ...withoutToken } = oauth2Provider("Broken", { usernameClaim: "login" });
    expectError(await host.client.post("/api/identity-provider", withoutToken), 400, /tokenUrl: is required for a provider of type OAUTH2/);
    const { usernameClaim: __, ...withoutIdentifier } = oauth2Provider("Broken", { usernameClaim: "login" });
    expectError(await host.client.post("/api/identity-provider", withoutIdentifier), 400, /usernameClaim: is required/);
    expectError(await host.client.patch(`/api/identity-provider/${byLogin}`, { userInfoUrl: "" }), 400, /userInfoUrl/);
  });

  it("is shown by v1 as OAUTH2 with its URLs and field mapping, and v1 creates one the same way", async () => {
    const base = await listen(t);
    const idps = connectClient(base, IdentityProviderService, { cookie: host.client.cookie! });
    const shown = await idps.getIdentityProvider({ name: `identity-providers/${byNumericId}` });
    const config = shown.config?.config;
    expect(config?.case).toBe("oauth2Config");
    expect(config?.value).toMatchObject({
      clientId: idp.clientId,
      clientSecret: "",
      authUrl: `${idp.base}/authorize`,
      tokenUrl: `${idp.base}/token`,
      userInfoUrl: `${idp.base}/user`,
      scopes: ["read:user", "user:email"],
      fieldMapping: { identifier: "id", displayName: "profile.handle", email: "", avatarUrl: "avatar_url" },
    });
    const created = await idps.createIdentityProvider({
      identityProvider: {
        title: "From v1",
        config: {
          config: {
            case: "oauth2Config",
            value: {
              clientId: "v1-client",
              clientSecret: "v1-secret",
              authUrl: "https://gitlab.example.com/oauth/authorize",
              tokenUrl: "https://gitlab.example.com/oauth/token",
              userInfoUrl: "https://gitlab.example.com/api/v4/user",
              scopes: ["read_user"],
              fieldMapping: { identifier: "username", displayName: "name", email: "email", avatarUrl: "" },
            },
          },
        },
      },
    });
    const id = Number(created.name.split("/")[1]);
    const row = await t.ctx.store.db.selectFrom("identity_provider").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      type: "OAUTH2",
      issuer: "",
      token_url: "https://gitlab.example.com/oauth/token",
      client_secret: "v1-secret",
    });
    await idps.deleteIdentityProvider({ name: created.name });
  });
});

describe("the browser flow", () => {
  it("sends the browser to the authorization URL with our client, the callback, the scopes, state and a PKCE challenge", async () => {
    const url = new URL(await browserFor(byLogin).start());
    expect(`${url.origin}${url.pathname}`).toBe(`${idp.base}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      client_id: idp.clientId,
      redirect_uri: CALLBACK,
      scope: "read:user user:email",
      state: expect.stringMatching(/^[\w-]{20,}$/),
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: "S256",
    });
  });

  it("creates a user from the mapped fields on the first sign-in, and signs the same user in the second time", async () => {
    const requestsBefore = idp.tokenRequests.length;
    const first = await meOf({ t }, await signInAs("octo"));
    expect([first.username, first.nickname, first.email, first.role]).toEqual(["octo", "Octo Cat", "octo@example.com", "USER"]);
    const exchange = idp.tokenRequests[requestsBefore]!;
    expect([exchange.get("client_secret"), exchange.get("redirect_uri")]).toEqual([idp.clientSecret, CALLBACK]);
    expect(exchange.get("code_verifier")).toMatch(/^[\w-]{43,}$/);
    expect(idp.userInfoAuthorizations.at(-1)).toMatch(/^Bearer [\w-]+$/);
    const second = await meOf({ t }, await signInAs("octo"));
    expect(second.id).toBe(first.id);
    const identities = await t.ctx.store.db.selectFrom("user_identity").selectAll().where("user_id", "=", first.id).execute();
    expect(identities.map((identity) => [identity.provider_id, identity.subject])).toEqual([[byLogin, "octo"]]);
  });

  it("reads a numeric identifier and a dotted display-name path; an email that is none is left out", async () => {
    const numeric = await meOf({ t }, await signInAs("mona", byNumericId));
    expect([numeric.nickname, numeric.email]).toEqual(["mona-h", ""]);
    const identity = await t.ctx.store.db
      .selectFrom("user_identity")
      .selectAll()
      .where("user_id", "=", numeric.id)
      .executeTakeFirstOrThrow();
    expect([identity.provider_id, identity.subject]).toEqual([byNumericId, "9001"]);
  });

  it("links the provider's account to a signed-in account, which then signs in through it", async () => {
    const carol = await createUser(t, host, "carol");
    const browser = browserFor(byLogin, carol);
    const linked = await browser.callback(await signInAtOAuth2(await browser.start(true), "carol"));
    expect([linked.status, linked.headers.location]).toEqual([302, "/?sso=linked"]);
    expect((await carol.client.get("/api/user/me/identity")).body.data).toEqual([
      expect.objectContaining({ providerId: byLogin, providerName: "GitHub", subject: "carol-at-idp" }),
    ]);
    expect((await meOf({ t }, await signInAs("carol"))).username).toBe("carol");
  });

  it("asks an account with its own second factor for it first, as after an OpenID sign-in", async () => {
    const session = await signInAs("octo");
    const octo = { user: await meOf({ t }, session), client: anonymous(t).withCookie(sessionCookieFrom(session.headers)) } as TestUser;
    await enableTwoFactor(octo);
    const stepped = await signInAs("octo");
    expect([stepped.status, stepped.headers.location]).toEqual([302, "/auth?second-factor=code"]);
    expect(String(stepped.headers["set-cookie"])).not.toContain("memos_session=");
  });
});

describe("refusals come back to /auth?error=<failure>", () => {
  it("a state it did not start", async () => {
    const browser = browserFor(byLogin);
    const callback = await signInAtOAuth2(await browser.start(), "octo");
    callback.searchParams.set("state", "forged-state");
    expect((await browser.callback(callback)).headers.location).toBe("/auth?error=state-invalid");
  });

  it("the token URL's error, and a user info without the identifier field", async () => {
    const browser = browserFor(byLogin);
    const callback = await signInAtOAuth2(await browser.start(), "octo");
    idp.failNextToken("bad_verification_code");
    expect((await browser.callback(callback)).headers.location).toBe("/auth?error=provider-error");
    expect((await signInAs("nobody")).headers.location).toBe("/auth?error=provider-error");
  });

  it("a code used twice", async () => {
    const browser = browserFor(byLogin);
    const callback = await signInAtOAuth2(await browser.start(), "octo");
    expect((await browser.callback(callback)).status).toBe(302);
    const again = browserFor(byLogin);
    const replay = new URL(callback);
    replay.searchParams.set("state", new URL(await again.start()).searchParams.get("state")!);
    expect((await again.callback(replay)).headers.location).toBe("/auth?error=provider-error");
  });
});

describe("without private targets allowed", () => {
  it("refuses http URLs, and the outgoing guard refuses a loopback token URL at sign-in", async () => {
    const guarded = await createTestApp();
    try {
      const guardedHost = await signUpHost(guarded);
      const plain = await guardedHost.client.post("/api/identity-provider", oauth2Provider("Plain", { usernameClaim: "login" }));
      expectError(plain, 400, /authUrl: must be an https URL/);
      const loopback = await guardedHost.client.post("/api/identity-provider", {
        ...oauth2Provider("Loopback", { usernameClaim: "login" }),
        authUrl: "https://127.0.0.1:1/authorize",
        tokenUrl: "https://127.0.0.1:1/token",
        userInfoUrl: "https://127.0.0.1:1/user",
      });
      expect(loopback.status, loopback.text).toBe(200);
      const browser = new Browser({ t: guarded, providerId: loopback.body.data.id });
      const state = new URL(await browser.start()).searchParams.get("state")!;
      const callback = new URL(CALLBACK);
      callback.search = new URLSearchParams({ code: "any", state }).toString();
      expect((await browser.callback(callback)).headers.location).toBe("/auth?error=provider-unreachable");
    } finally {
      await guarded.close();
    }
  });
});
