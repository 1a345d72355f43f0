// Single sign-on, the host's side: the providers (the client secret never in an answer, the host's and admins' only,
// bad fields named), password sign-in turned off, and an instance without --oidc-allow-private. Against a real
// OpenID provider (server/test/oidc-provider.ts); the browser flow is in sso.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../expect.js";
import { anonymous, createUser, PASSWORD, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import type { TestProvider } from "../oidc-provider.js";
import { meOf, setSetting, type SsoSetup, setUpSso, ssoSignIn, tearDownSso } from "../sso-fixture.js";

let sso: SsoSetup;
let t: TestApp;
let host: TestUser;
let idp: TestProvider;
let providerId: number;

beforeAll(async () => {
  sso = await setUpSso({ "sub-ada": { preferred_username: "lovelace" } });
  ({ t, host, idp, providerId } = sso);
});
afterAll(() => tearDownSso(sso));

describe("the host's providers", () => {
  it("never send the client secret back; a PATCH without it keeps it (the flow still authenticates)", async () => {
    const answers = [
      await host.client.get("/api/identity-provider"),
      await host.client.patch(`/api/identity-provider/${providerId}`, { name: "Test IdP" }),
    ];
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(200);
      expect(answer.text).not.toContain(idp.clientSecret);
    }
    expect(answers[0]!.body.data[0]).toMatchObject({
      id: providerId,
      hasSecret: true,
      clientId: idp.clientId,
      usernameClaim: "preferred_username",
    });
    expect((await meOf(sso, await ssoSignIn(sso, "sub-ada"))).username).toBe("lovelace");
    const other = await host.client.post("/api/identity-provider", {
      name: "Public client",
      issuer: idp.issuer,
      clientId: "x",
      clientSecret: "s3cr3t-value",
    });
    expect(other.text).not.toContain("s3cr3t-value");
    const cleared = await host.client.patch(`/api/identity-provider/${other.body.data.id}`, { clientSecret: "" });
    expect(cleared.body.data.hasSecret).toBe(false);
    expect((await host.client.delete(`/api/identity-provider/${other.body.data.id}`)).status).toBe(200);
    expectError(await host.client.delete(`/api/identity-provider/${other.body.data.id}`), 404, undefined, {
      reason: "identity-provider.not-found",
    });
  });

  it("are the host's and admins' only", async () => {
    const member = await createUser(t, host, "member-x");
    expectError(await member.client.get("/api/identity-provider"), 403, undefined, { reason: "auth.admin-only" });
    expectError(await member.client.post("/api/identity-provider", { name: "x", issuer: idp.issuer, clientId: "x" }), 403);
    expectError(await anonymous(t).get("/api/identity-provider"), 401);
  });

  it("refuses a bad issuer or role, naming the field", async () => {
    expectError(await host.client.post("/api/identity-provider", { name: "x", issuer: "ftp://x", clientId: "x" }), 400, /issuer/, {
      field: "issuer",
    });
    expectError(
      await host.client.post("/api/identity-provider", { name: "x", issuer: idp.issuer, clientId: "x", newUserRole: "HOST" }),
      400,
      /newUserRole/,
      {
        field: "newUserRole",
      },
    );
  });
});

describe("password sign-in turned off", () => {
  it("refuses members with a clear reason and keeps the host's, and the sign-in page is told", async () => {
    await createUser(t, host, "gina");
    expect((await setSetting(sso, "disablePasswordSignIn", true)).status).toBe(200);
    try {
      expect((await anonymous(t).get("/api/auth/sso")).body.data).toEqual({
        providers: [{ id: providerId, name: "Test IdP" }],
        passwordSignIn: false,
        secondFactor: true,
      });
      expectError(
        await anonymous(t).post("/api/auth/signin", { username: "gina", password: PASSWORD }),
        403,
        /Password sign-in is turned off/,
        {
          reason: "auth.password-sign-in-off",
        },
      );
      expect((await anonymous(t).post("/api/auth/signin", { username: "host", password: PASSWORD })).status).toBe(200);
      expect((await meOf(sso, await ssoSignIn(sso, "sub-ada"))).username).toBe("lovelace");
    } finally {
      expect((await setSetting(sso, "disablePasswordSignIn", false)).status).toBe(200);
    }
    expect((await anonymous(t).post("/api/auth/signin", { username: "gina", password: PASSWORD })).status).toBe(200);
  });
});

describe("without --oidc-allow-private", () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp();
  });
  afterAll(() => strict?.close());

  it("refuses an http:// issuer, and never reaches a private address", async () => {
    const owner = await signUpHost(strict);
    expectError(await owner.client.post("/api/identity-provider", { name: "x", issuer: idp.issuer, clientId: "x" }), 400, /issuer/, {
      reason: "identity-provider.insecure-issuer",
    });
    const created = await owner.client.post("/api/identity-provider", { name: "x", issuer: "https://127.0.0.1:1/", clientId: "x" });
    expect(created.status, created.text).toBe(200);
    const response = await anonymous(strict).get(`/auth/oidc/${created.body.data.id}/start`);
    expect(response.headers.location).toBe("/auth?error=provider-unreachable");
  });
});
