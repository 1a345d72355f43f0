// Our OAuth authorization server driven by a strict client library (oauth4webapi, which checks every answer against
// the RFCs it implements and throws on any departure): discovery (RFC 8414, RFC 9728), dynamic registration
// (RFC 7591), the authorization code with PKCE (RFC 7636) and the `iss` of the response (RFC 9207), the token
// endpoint, refresh with and without a narrower scope (RFC 6749 §6), and revocation (RFC 7009). The user's approval
// is the consent page's call, made with their session as the page does.
import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { ageRegisteredClients, listenOAuth, type OAuthHttp, REDIRECT } from "../oauth-flow.js";

let t: TestApp;
let http: OAuthHttp;
let alice: TestUser;
let as: oauth.AuthorizationServer;
let issuer: URL;

// The test server is plain http on a loopback port; the library refuses that unless told.
const insecure = { [oauth.allowInsecureRequests]: true } as const;
const publicClient = oauth.None();

beforeAll(async () => {
  t = await createTestApp();
  const host = await signUpHost(t);
  alice = await createUser(t, host, "alice");
  http = await listenOAuth(t);
  issuer = new URL(http.origin);
  as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...insecure }));
});
afterAll(() => t.close());
beforeEach(() => ageRegisteredClients(t));

const resource = () => `${http.origin}/mcp`;

async function registerClient(): Promise<oauth.Client> {
  const answer = await oauth.dynamicClientRegistrationRequest(
    as,
    { client_name: "Strict Agent", redirect_uris: [REDIRECT], token_endpoint_auth_method: "none" },
    insecure,
  );
  return oauth.processDynamicClientRegistrationResponse(answer);
}

/** The authorization request as the library builds it, the user's decision on the consent page, and the redirect. */
async function authorize(client: oauth.Client, approve = true) {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", client.client_id);
  url.searchParams.set("redirect_uri", REDIRECT);
  url.searchParams.set("scope", "memos:read memos:write");
  url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(verifier));
  url.searchParams.set("code_challenge_method", "S256");
  url.searchParams.set("state", state);
  url.searchParams.set("resource", resource());
  const request = Object.fromEntries(url.searchParams);
  const answer = await http.postJson(
    "/api/oauth/authorization",
    { request, approve, access: "read-write" },
    { cookie: alice.client.cookie! },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { verifier, state, redirect: new URL(answer.body.data.redirectTo) };
}

/** Register, approve, exchange: the client and the token answer, each checked by the library. */
async function connect() {
  const client = await registerClient();
  const { verifier, state, redirect } = await authorize(client);
  const params = oauth.validateAuthResponse(as, client, redirect, state);
  const answer = await oauth.authorizationCodeGrantRequest(as, client, publicClient, params, REDIRECT, verifier, {
    additionalParameters: { resource: resource() },
    ...insecure,
  });
  return { client, tokens: await oauth.processAuthorizationCodeResponse(as, client, answer) };
}

const refresh = async (client: oauth.Client, refreshToken: string, scope?: string) =>
  oauth.processRefreshTokenResponse(
    as,
    client,
    await oauth.refreshTokenGrantRequest(as, client, publicClient, refreshToken, {
      ...(scope !== undefined && { additionalParameters: { scope } }),
      ...insecure,
    }),
  );

/** The OAuth error code a call fails with (oauth4webapi's ResponseBodyError or AuthorizationResponseError). */
async function oauthError(call: () => Promise<unknown>): Promise<string> {
  try {
    await call();
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError || error instanceof oauth.AuthorizationResponseError) return error.error;
    throw error;
  }
  throw new Error("the call succeeded");
}

describe("discovery", () => {
  it("the authorization server metadata names our endpoints, S256, public clients and the iss parameter", () => {
    expect(as.issuer).toBe(http.origin);
    expect(as).toMatchObject({
      authorization_endpoint: `${http.origin}/oauth/authorize`,
      token_endpoint: `${http.origin}/oauth/token`,
      registration_endpoint: `${http.origin}/oauth/register`,
      revocation_endpoint: `${http.origin}/oauth/revoke`,
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["none"],
      authorization_response_iss_parameter_supported: true,
    });
  });

  it("the MCP endpoint's protected resource metadata names this server", async () => {
    const url = new URL(resource());
    const metadata = await oauth.processResourceDiscoveryResponse(url, await oauth.resourceDiscoveryRequest(url, insecure));
    expect(metadata.resource).toBe(resource());
    expect(metadata.authorization_servers).toEqual([as.issuer]);
  });
});

describe("a public client", () => {
  it("registers, and is given a client_id and no secret", async () => {
    const client = await registerClient();
    expect(client.client_id).toEqual(expect.any(String));
    expect(client.client_secret).toBeUndefined();
    expect(client.token_endpoint_auth_method).toBe("none");
  });

  it("exchanges the code of an approval, with its PKCE verifier, for a bearer token and a refresh token", async () => {
    const { tokens } = await connect();
    expect(tokens.token_type).toBe("bearer");
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.scope).toBe("memos:read memos:write");
    expect(tokens.refresh_token).toEqual(expect.any(String));
  });

  it("is sent access_denied, with its state, when the user denies", async () => {
    const client = await registerClient();
    const { state, redirect } = await authorize(client, false);
    expect(await oauthError(async () => oauth.validateAuthResponse(as, client, redirect, state))).toBe("access_denied");
  });

  it("cannot use a code with another verifier", async () => {
    const client = await registerClient();
    const { state, redirect } = await authorize(client);
    const params = oauth.validateAuthResponse(as, client, redirect, state);
    const wrong = oauth.generateRandomCodeVerifier();
    const error = await oauthError(async () =>
      oauth.processAuthorizationCodeResponse(
        as,
        client,
        await oauth.authorizationCodeGrantRequest(as, client, publicClient, params, REDIRECT, wrong, insecure),
      ),
    );
    expect(error).toBe("invalid_grant");
  });

  it("is refused as invalid_client when it was never registered", async () => {
    const stranger: oauth.Client = { client_id: "never-registered", token_endpoint_auth_method: "none" };
    const error = await oauthError(async () =>
      oauth.processRefreshTokenResponse(
        as,
        stranger,
        await oauth.refreshTokenGrantRequest(as, stranger, publicClient, "memos_rt_unknown", insecure),
      ),
    );
    expect(error).toBe("invalid_client");
  });
});

describe("refresh (RFC 6749 §6)", () => {
  it("rotates the refresh token; the old one is refused", async () => {
    const { client, tokens } = await connect();
    const refreshed = await refresh(client, tokens.refresh_token!);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(await oauthError(() => refresh(client, tokens.refresh_token!))).toBe("invalid_grant");
  });

  it("narrows the new access token to a scope asked, and gives the whole grant again when the scope is omitted", async () => {
    const { client, tokens } = await connect();
    const narrowed = await refresh(client, tokens.refresh_token!, "memos:read");
    expect(narrowed.scope).toBe("memos:read");
    const whole = await refresh(client, narrowed.refresh_token!);
    expect(whole.scope).toBe("memos:read memos:write");
  });

  it("refuses a scope beyond the grant with invalid_scope", async () => {
    const client = await registerClient();
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const request = {
      response_type: "code",
      client_id: client.client_id,
      redirect_uri: REDIRECT,
      scope: "memos:read",
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
      state,
    };
    const decided = await http.postJson(
      "/api/oauth/authorization",
      { request, approve: true, access: "read" },
      { cookie: alice.client.cookie! },
    );
    const params = oauth.validateAuthResponse(as, client, new URL(decided.body.data.redirectTo), state);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, publicClient, params, REDIRECT, verifier, insecure),
    );
    expect(tokens.scope).toBe("memos:read");
    expect(await oauthError(() => refresh(client, tokens.refresh_token!, "memos:read memos:write"))).toBe("invalid_scope");
  });
});

describe("revocation (RFC 7009)", () => {
  it("revokes by the refresh token: the refresh token and the access token both stop working", async () => {
    const { client, tokens } = await connect();
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client, publicClient, tokens.refresh_token!, {
        additionalParameters: { token_type_hint: "refresh_token" },
        ...insecure,
      }),
    );
    expect(await oauthError(() => refresh(client, tokens.refresh_token!))).toBe("invalid_grant");
    const mcp = await http.postJson("/mcp", { jsonrpc: "2.0", id: 1, method: "ping" }, { token: tokens.access_token });
    expect(mcp.status).toBe(401);
  });

  it("revokes by the access token: its refresh token stops working too", async () => {
    const { client, tokens } = await connect();
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client, publicClient, tokens.access_token, {
        additionalParameters: { token_type_hint: "access_token" },
        ...insecure,
      }),
    );
    expect(await oauthError(() => refresh(client, tokens.refresh_token!))).toBe("invalid_grant");
  });

  it("answers 200 for a token it does not know", async () => {
    const client = await registerClient();
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, publicClient, "memos_rt_unknown", insecure));
  });
});
