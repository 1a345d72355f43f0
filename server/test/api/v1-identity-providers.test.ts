// The v1 IdentityProviderService on both transports: our OpenID Connect providers as OAUTH2 providers (the issuer in
// auth_url; plain OAuth 2 ones with their URLs: sso-oauth2.test.ts), the list public for the sign-in page (the disabled ones to administrators only), changes an
// administrator's from a session, the client secret written and never read back, bad input refused by field name.
import { Code } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IdentityProviderService } from "../../src/v1/gen/memos/api/v1/idp_service_pb.js";
import type { TestUser } from "../factories.js";
import type { TestApp } from "../harness.js";
import { connectClient, failure, rest, startV1Instance } from "../v1-client.js";

let t: TestApp;
let base: string;
let host: TestUser;
let member: TestUser;
let hostToken: string;

beforeAll(async () => {
  ({ t, base, host, member, hostToken } = await startV1Instance());
});
afterAll(() => t.close());

const SECRET = "s3cr3t-of-the-client";
const provider = (title: string, extra: Record<string, unknown> = {}) => ({
  type: "OAUTH2",
  title,
  config: {
    oauth2Config: {
      clientId: "memos-app",
      clientSecret: SECRET,
      authUrl: "https://id.example.com/realms/main",
      scopes: ["openid", "email"],
      fieldMapping: { identifier: "nickname" },
      ...extra,
    },
  },
});

const storedSecret = async (id: string) =>
  (await t.ctx.store.db.selectFrom("identity_provider").select("client_secret").where("id", "=", Number(id)).executeTakeFirstOrThrow())
    .client_secret;

describe("identity providers", () => {
  it("an administrator's session makes, changes and deletes one; the secret is kept and never answered", async () => {
    const cookie = host.client.cookie!;
    const created = await rest(base, "POST", "/api/v1/identity-providers", { cookie, body: provider("Keycloak") });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({
      type: "OAUTH2",
      title: "Keycloak",
      config: {
        oauth2Config: {
          clientId: "memos-app",
          authUrl: "https://id.example.com/realms/main",
          scopes: ["openid", "email"],
          fieldMapping: { identifier: "nickname", displayName: "name", email: "email" },
        },
      },
    });
    expect(created.body.name).toMatch(/^identity-providers\/\d+$/);
    expect(JSON.stringify(created.body)).not.toContain(SECRET);
    const id = created.body.name.split("/")[1];
    expect(await storedSecret(id)).toBe(SECRET);

    // Connect (binary) with the same session: get, then an update whose empty secret keeps the stored one.
    const idps = connectClient(base, IdentityProviderService, { cookie });
    const got = await idps.getIdentityProvider({ name: created.body.name });
    expect(got.config?.config.case === "oauth2Config" && got.config.config.value.clientSecret).toBe("");
    const updated = await idps.updateIdentityProvider({
      identityProvider: { ...got, title: "Keycloak (main)" },
      updateMask: { paths: ["title", "config"] },
    });
    expect(updated.title).toBe("Keycloak (main)");
    expect(await storedSecret(id)).toBe(SECRET);

    // REST PATCH without a mask: the body's fields.
    const retitled = await rest(base, "PATCH", `/api/v1/${created.body.name}`, { cookie, body: { title: "Main" } });
    expect([retitled.status, retitled.body.title]).toEqual([200, "Main"]);

    expect((await rest(base, "DELETE", `/api/v1/${created.body.name}`, { cookie })).status).toBe(200);
    expect((await failure(idps.getIdentityProvider({ name: created.body.name }))).code).toBe(Code.NotFound);
  });

  it("lists publicly for the sign-in page: the disabled ones to administrators only, no secret to anyone", async () => {
    const cookie = host.client.cookie!;
    const shown = await rest(base, "POST", "/api/v1/identity-providers", { cookie, body: provider("Shown") });
    const hidden = await rest(base, "POST", "/api/v1/identity-providers", { cookie, body: provider("Hidden") });
    const hiddenId = Number(hidden.body.name.split("/")[1]);
    expect((await host.client.patch(`/api/identity-provider/${hiddenId}`, { enabled: false })).status).toBe(200);

    const visitor = await rest(base, "GET", "/api/v1/identity-providers");
    expect(visitor.status).toBe(200);
    expect(visitor.body.identityProviders.map((idp: { title: string }) => idp.title)).toContain("Shown");
    expect(visitor.body.identityProviders.map((idp: { title: string }) => idp.title)).not.toContain("Hidden");
    const admin = await connectClient(base, IdentityProviderService, { authorization: `Bearer ${hostToken}` }).listIdentityProviders({});
    expect(admin.identityProviders.map((idp) => idp.title)).toEqual(expect.arrayContaining(["Shown", "Hidden"]));
    for (const answer of [JSON.stringify(visitor.body), JSON.stringify(admin)]) expect(answer).not.toContain(SECRET);

    const asMember = connectClient(base, IdentityProviderService, { cookie: member.client.cookie! });
    expect((await asMember.getIdentityProvider({ name: shown.body.name })).title).toBe("Shown");
    expect((await failure(asMember.getIdentityProvider({ name: hidden.body.name }))).code).toBe(Code.NotFound);
  });

  it("changes are an administrator's, from a session: a member 403, a token 403, a visitor 401", async () => {
    const body = provider("Refused");
    const memberAnswer = await rest(base, "POST", "/api/v1/identity-providers", { cookie: member.client.cookie!, body });
    expect([memberAnswer.status, memberAnswer.body.code]).toEqual([403, Code.PermissionDenied]);
    const tokenAnswer = await rest(base, "POST", "/api/v1/identity-providers", { token: hostToken, body });
    expect([tokenAnswer.status, tokenAnswer.body.message]).toEqual([403, expect.stringMatching(/session/)]);
    expect((await rest(base, "POST", "/api/v1/identity-providers", { body })).status).toBe(401);
    expect((await rest(base, "GET", "/api/v1/identity-providers/1")).status).toBe(401);
  });

  it("refuses bad input naming the field, on both transports", async () => {
    const cookie = host.client.cookie!;
    const cases: Array<[unknown, RegExp]> = [
      [provider(" "), /^invalid identity_provider\.title: /],
      [provider("x", { authUrl: "ftp://id.example.com" }), /^invalid identity_provider\.config\.oauth2_config\.auth_url: /],
      [provider("x", { authUrl: "http://id.example.com" }), /^invalid identity_provider\.config\.oauth2_config\.auth_url: .*https/],
      // A token or user-info URL makes it a plain OAuth 2 provider, which needs both.
      [
        provider("x", { tokenUrl: "https://id.example.com/token" }),
        /^invalid identity_provider\.config\.oauth2_config\.user_info_url: is required/,
      ],
      [provider("x", { userInfoUrl: "https://id.example.com/me" }), /token_url: is required/],
      [provider("x", { tokenUrl: "http://id.example.com/token", userInfoUrl: "https://id.example.com/me" }), /token_url: .*https/],
      [provider("x", { clientId: "" }), /^invalid identity_provider\.config\.oauth2_config\.client_id: /],
      [provider("x", { fieldMapping: { avatarUrl: "picture" } }), /field_mapping\.avatar_url: /],
      [{ title: "x" }, /^invalid identity_provider\.config: /],
      [{ ...provider("x"), identifierFilter: ".*@example.com" }, /^invalid identity_provider\.identifier_filter: /],
    ];
    for (const [body, message] of cases) {
      const answer = await rest(base, "POST", "/api/v1/identity-providers", { cookie, body });
      expect([answer.status, answer.body.message], JSON.stringify(body)).toEqual([400, expect.stringMatching(message)]);
    }
    const idps = connectClient(base, IdentityProviderService, { cookie });
    const withId = await failure(idps.createIdentityProvider({ identityProvider: { title: "x" }, identityProviderId: "keycloak" }));
    expect([withId.code, withId.rawMessage]).toEqual([Code.InvalidArgument, expect.stringMatching(/^invalid identity_provider_id: /)]);
    const badName = await failure(idps.getIdentityProvider({ name: "identity-providers/abc" }));
    expect([badName.code, badName.rawMessage]).toEqual([Code.InvalidArgument, expect.stringMatching(/^invalid name: /)]);
    const noMask = await failure(idps.updateIdentityProvider({ identityProvider: { name: "identity-providers/1", title: "x" } }));
    expect(noMask.rawMessage).toMatch(/^invalid update_mask: /);
  });
});
