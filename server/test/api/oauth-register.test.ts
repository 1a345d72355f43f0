// OAuth for MCP clients before anyone signs in: the metadata documents, dynamic client registration (what it takes,
// what it refuses, how often), the consent page's check of an authorization request, and the host's switch.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { anonymous, signUpHost, type TestUser } from "../factories.js";
import { protectedResourceMetadataUrl } from "@memos/common";
import { createTestApp, type TestApp } from "../harness.js";
import { ageRegisteredClients, authorizationRequest, listenOAuth, type OAuthHttp, pkcePair, REDIRECT, register } from "../oauth-flow.js";

let t: TestApp;
let http: OAuthHttp;
let host: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  host = await signUpHost(t);
  http = await listenOAuth(t);
});
afterAll(() => t.close());
beforeEach(() => ageRegisteredClients(t));

const setSetting = async (name: string, value: unknown) =>
  expect((await host.client.post("/api/system/setting", { name, value: JSON.stringify(value) })).status).toBe(200);

describe("the metadata documents", () => {
  it("describe the MCP endpoint as a protected resource, at both paths, readable from any site", async () => {
    for (const path of ["/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/mcp"]) {
      const answer = await http.get(path);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("access-control-allow-origin")).toBe("*");
      expect(answer.body).toEqual({
        resource: `${http.origin}/mcp`,
        authorization_servers: [http.origin],
        scopes_supported: ["memos:read", "memos:write"],
        bearer_methods_supported: ["header"],
        resource_name: "memos",
        resource_documentation: `${http.origin}/api/docs`,
      });
    }
  });

  it("are where the MCP endpoint's WWW-Authenticate will point (public-origin.ts builds the URL)", async () => {
    const url = new URL(protectedResourceMetadataUrl(http.origin));
    expect(url.pathname).toBe("/.well-known/oauth-protected-resource/mcp");
    expect((await http.get(url.pathname)).body.resource).toBe(`${http.origin}/mcp`);
  });

  it("describe the authorization server", async () => {
    const answer = await http.get("/.well-known/oauth-authorization-server");
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      issuer: http.origin,
      authorization_endpoint: `${http.origin}/oauth/authorize`,
      token_endpoint: `${http.origin}/oauth/token`,
      registration_endpoint: `${http.origin}/oauth/register`,
      revocation_endpoint: `${http.origin}/oauth/revoke`,
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["none"],
      scopes_supported: ["memos:read", "memos:write"],
      authorization_response_iss_parameter_supported: true,
    });
  });

  it("use the external URL the host set, and the instance's name", async () => {
    await setSetting("customizedProfile", { name: "Team notes", externalUrl: "https://notes.example.com/" });
    try {
      const resource = await http.get("/.well-known/oauth-protected-resource/mcp");
      expect(resource.body).toMatchObject({ resource: "https://notes.example.com/mcp", resource_name: "Team notes" });
      expect((await http.get("/.well-known/oauth-authorization-server")).body.issuer).toBe("https://notes.example.com");
      // The MCP endpoint's challenge points there too.
      const challenge = (await http.postJson("/mcp", { jsonrpc: "2.0", id: 1, method: "ping" })).headers.get("www-authenticate");
      expect(challenge).toBe('Bearer resource_metadata="https://notes.example.com/.well-known/oauth-protected-resource/mcp"');
    } finally {
      await setSetting("customizedProfile", {});
    }
  });
});

describe("registration", () => {
  it("answers 201 with a random client_id, ignoring metadata it does not use", async () => {
    const answer = await http.postJson("/oauth/register", {
      client_name: "Claude",
      redirect_uris: [
        "https://claude.ai/api/mcp/auth_callback",
        "http://localhost:6274/oauth/callback",
        "cursor://anysphere.cursor-retrieval/oauth/callback",
      ],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
      logo_uri: "https://example.com/logo.png",
      software_statement: "ignored",
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.headers.get("access-control-allow-origin")).toBe("*");
    expect(answer.body).toMatchObject({
      client_name: "Claude",
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
    });
    expect(answer.body.client_id).toMatch(/^memos_client_[A-Za-z0-9_-]{24}$/);
    expect(answer.body).not.toHaveProperty("client_secret");
    expect(answer.body.redirect_uris).toHaveLength(3);
    expect(await register(http)).not.toBe(answer.body.client_id);
  });

  it("cleans the name, caps it, and names a client without one after its redirect host", async () => {
    const named = await http.postJson("/oauth/register", {
      client_name: ` A\u0007gent\u202e  ${"x".repeat(200)}`,
      redirect_uris: [REDIRECT],
    });
    expect(named.body.client_name).toBe(`Agent ${"x".repeat(94)}`);
    const nameless = await http.postJson("/oauth/register", { redirect_uris: ["https://app.example.com/cb"] });
    expect(nameless.body.client_name).toBe("app.example.com");
  });

  it.each<[string, object, string, RegExp]>([
    ["no redirect URI", { redirect_uris: [] }, "invalid_redirect_uri", /at least one/],
    ["http off loopback", { redirect_uris: ["http://evil.example.com/cb"] }, "invalid_redirect_uri", /loopback/],
    ["javascript:", { redirect_uris: ["javascript:alert(1)"] }, "invalid_redirect_uri", /javascript/],
    ["data:", { redirect_uris: ["data:text/html,hi"] }, "invalid_redirect_uri", /data/],
    ["a fragment", { redirect_uris: ["https://app.example.com/cb#frag"] }, "invalid_redirect_uri", /fragment/],
    ["not a URL", { redirect_uris: ["not a url"] }, "invalid_redirect_uri", /not a URL/],
    [
      "11 redirect URIs",
      { redirect_uris: Array.from({ length: 11 }, (_, i) => `https://app.example.com/${i}`) },
      "invalid_redirect_uri",
      /at most 10/,
    ],
    [
      "a client secret",
      { redirect_uris: [REDIRECT], token_endpoint_auth_method: "client_secret_basic" },
      "invalid_client_metadata",
      /none/,
    ],
    ["the implicit grant", { redirect_uris: [REDIRECT], grant_types: ["implicit"] }, "invalid_client_metadata", /authorization_code/],
    ["a token response", { redirect_uris: [REDIRECT], response_types: ["token"] }, "invalid_client_metadata", /code/],
    ["redirect_uris not a list", { redirect_uris: "https://app.example.com/cb" }, "invalid_request", /redirect_uris/],
  ])("refuses %s", async (_label, body, error, description) => {
    const answer = await http.postJson("/oauth/register", body);
    expect([answer.status, answer.body.error]).toEqual([400, error]);
    expect(answer.body.error_description).toMatch(description);
    expect(Object.keys(answer.body).sort()).toEqual(["error", "error_description"]);
  });

  it("answers a browser's preflight", async () => {
    const answer = await fetch(`${http.origin}/oauth/register`, {
      method: "OPTIONS",
      headers: {
        origin: "https://inspector.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers.get("access-control-allow-origin")).toBe("*");
    expect(answer.headers.get("access-control-allow-headers")).toContain("content-type");
  });

  it("takes a registration from another site's page (no cookie is read, so no cross-site rule)", async () => {
    const answer = await fetch(`${http.origin}/oauth/register`, {
      method: "POST",
      headers: { origin: "https://inspector.example", "content-type": "application/json", "sec-fetch-site": "cross-site" },
      body: JSON.stringify({ redirect_uris: [REDIRECT] }),
    });
    expect(answer.status).toBe(201);
  });

  it("limits registrations to 20 an hour per address", async () => {
    await t.ctx.store.db.deleteFrom("oauth_code").execute();
    await t.ctx.store.db.updateTable("oauth_client").set({ created_ts: 0 }).execute();
    for (let i = 0; i < 20; i++) await register(http);
    const refused = await http.postJson("/oauth/register", { redirect_uris: [REDIRECT] });
    expect([refused.status, refused.body.error]).toEqual([429, "temporarily_unavailable"]);
    expect(refused.headers.get("retry-after")).toBe("3600");
    // Clients nobody approved within a week are gone by then.
    const old = await t.ctx.store.db.selectFrom("oauth_client").select("id").where("created_ts", "=", 0).execute();
    expect(old).toEqual([]);
  });
});

describe("the consent page's check", () => {
  const check = (query: Record<string, string>) => http.get(`/api/oauth/authorization?${new URLSearchParams(query)}`);

  it("names the client as it registered, where the code goes, and what it asks", async () => {
    const clientId = await register(http);
    const answer = await check(authorizationRequest(http, { clientId, pkce: pkcePair(), scope: "memos:read memos:write" }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({
      outcome: "consent",
      client: { clientId, name: "Test Agent", redirectHost: "127.0.0.1:33418" },
      access: "read-write",
    });
    const read = await check(authorizationRequest(http, { clientId, pkce: pkcePair(), scope: "memos:read offline_access" }));
    expect(read.body.data.access).toBe("read");
  });

  it("accepts a loopback redirect on any port, never another path or host", async () => {
    const clientId = await register(http);
    const port = await check(authorizationRequest(http, { clientId, pkce: pkcePair(), redirectUri: "http://127.0.0.1:50123/callback" }));
    expect(port.body.data.outcome).toBe("consent");
    for (const redirectUri of ["http://127.0.0.1:33418/other", "http://localhost:33418/callback", "https://evil.example/callback"]) {
      const answer = await check(authorizationRequest(http, { clientId, pkce: pkcePair(), redirectUri }));
      expect([answer.status, answer.body.reason, answer.body.field], redirectUri).toEqual([
        400,
        "oauth.redirect-not-registered",
        "redirect_uri",
      ]);
    }
  });

  it("refuses a loopback redirect URI with a fragment or credentials on any port, as registration does", async () => {
    const clientId = await register(http);
    for (const redirectUri of [
      "http://127.0.0.1:33418/callback#frag",
      "http://127.0.0.1:50123/callback#frag",
      "http://user:pw@127.0.0.1:50123/callback",
    ]) {
      const answer = await check(authorizationRequest(http, { clientId, pkce: pkcePair(), redirectUri }));
      expect([answer.status, answer.body.reason, answer.body.field], redirectUri).toEqual([
        400,
        "oauth.redirect-not-registered",
        "redirect_uri",
      ]);
      const approval = await http.postJson(
        "/api/oauth/authorization",
        { request: authorizationRequest(http, { clientId, pkce: pkcePair(), redirectUri }), approve: true, access: "read" },
        { cookie: host.client.cookie! },
      );
      expect([approval.status, approval.body.reason], redirectUri).toEqual([400, "oauth.redirect-not-registered"]);
    }
    const registered = await http.postJson("/oauth/register", { redirect_uris: ["http://127.0.0.1:33418/callback#frag"] });
    expect([registered.status, registered.body.error]).toEqual([400, "invalid_redirect_uri"]);
  });

  it("shows an unknown client as an error, never a redirect", async () => {
    const answer = await check(authorizationRequest(http, { clientId: "memos_client_unknown", pkce: pkcePair() }));
    expect([answer.status, answer.body.reason]).toEqual([400, "oauth.unknown-client"]);
  });

  it.each<[string, Record<string, string | undefined>, string]>([
    ["no PKCE", { code_challenge: undefined }, "invalid_request"],
    ["plain PKCE", { code_challenge_method: "plain" }, "invalid_request"],
    ["a token response", { response_type: "token" }, "unsupported_response_type"],
    ["another resource", { resource: "https://elsewhere.example/mcp" }, "invalid_target"],
  ])("answers %s with the redirect back to the client, carrying the error and the state", async (_label, change, error) => {
    const clientId = await register(http);
    const query = { ...authorizationRequest(http, { clientId, pkce: pkcePair(), state: "st" }), ...change };
    const answer = await check(
      Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined)),
    );
    expect(answer.body.data).toMatchObject({ outcome: "error", error, redirectHost: "127.0.0.1:33418" });
    const redirect = new URL(answer.body.data.redirectTo);
    expect([redirect.searchParams.get("error"), redirect.searchParams.get("state"), redirect.searchParams.has("code")]).toEqual([
      error,
      "st",
      false,
    ]);
  });
});

describe("with MCP turned off by the host", () => {
  it("registration, the consent page and the token endpoint refuse, plainly; the setting is in the status", async () => {
    const clientId = await register(http);
    await setSetting("disableMcp", true);
    try {
      expect((await anonymous(t).get("/api/status")).body.data.disableMcp).toBe(true);
      const registration = await http.postJson("/oauth/register", { redirect_uris: [REDIRECT] });
      expect([registration.status, registration.body.error]).toEqual([403, "access_denied"]);
      expect(registration.body.error_description).toMatch(/MCP off/);
      const page = await http.get(
        `/api/oauth/authorization?${new URLSearchParams(authorizationRequest(http, { clientId, pkce: pkcePair() }))}`,
      );
      expect([page.status, page.body.reason]).toEqual([403, "oauth.mcp-disabled"]);
      const token = await http.postForm("/oauth/token", {
        grant_type: "authorization_code",
        code: "x",
        code_verifier: "y",
        client_id: clientId,
        redirect_uri: REDIRECT,
      });
      expect([token.status, token.body.error]).toEqual([403, "access_denied"]);
    } finally {
      await setSetting("disableMcp", false);
    }
    expect((await anonymous(t).get("/api/status")).body.data.disableMcp).toBe(false);
  });

  it("takes only a boolean", async () => {
    const answer = await host.client.post("/api/system/setting", { name: "disableMcp", value: '"yes"' });
    expect([answer.status, answer.body.message]).toEqual([400, "system setting invalidate: disableMcp must be a JSON boolean"]);
  });
});
