// An MCP client's side of OAuth over real HTTP (fetch against the app listening on a loopback port): a real PKCE
// pair, registration, the consent page's two calls made with a user's session cookie, and the token endpoint.
import { createHash, randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";
import { anonymous, type TestUser } from "./factories.js";
import type { TestApp } from "./harness.js";

export interface Pkce {
  verifier: string;
  challenge: string;
}

export function pkcePair(): Pkce {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

interface HttpAnswer {
  status: number;
  headers: Headers;
  body: any;
}

export interface OAuthHttp {
  origin: string;
  get(path: string, init?: { cookie?: string; token?: string }): Promise<HttpAnswer>;
  postJson(path: string, body: unknown, init?: { cookie?: string; token?: string }): Promise<HttpAnswer>;
  postForm(path: string, fields: Record<string, string | undefined>): Promise<HttpAnswer>;
}

async function read(response: Response): Promise<HttpAnswer> {
  const text = await response.text();
  let body: unknown;
  try {
    body = text === "" ? undefined : JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, headers: response.headers, body };
}

const auth = (init?: { cookie?: string; token?: string }): Record<string, string> => ({
  ...(init?.cookie && { cookie: init.cookie }),
  ...(init?.token && { authorization: `Bearer ${init.token}` }),
});

/** Starts `t`'s app on a loopback port (closed with the app). */
export async function listenOAuth(t: TestApp): Promise<OAuthHttp> {
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  return {
    origin,
    get: async (path, init) => read(await fetch(`${origin}${path}`, { headers: auth(init), redirect: "manual" })),
    postJson: async (path, body, init) =>
      read(
        await fetch(`${origin}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", ...auth(init) },
          body: JSON.stringify(body),
        }),
      ),
    postForm: async (path, fields) => {
      const form = new URLSearchParams(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined));
      return read(
        await fetch(`${origin}${path}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: form }),
      );
    },
  };
}

/**
 * Makes every client registered so far two hours old: a test file's registrations all come from 127.0.0.1, and the
 * hourly limit per address is oauth-register.test.ts's to test, not every file's to run into.
 */
export async function ageRegisteredClients(t: TestApp): Promise<void> {
  await t.ctx.store.db
    .updateTable("oauth_client")
    .set((eb) => ({ created_ts: eb("created_ts", "-", 7200) }))
    .execute();
}

export const REDIRECT = "http://127.0.0.1:33418/callback";

export async function register(http: OAuthHttp, metadata: object = {}): Promise<string> {
  const answer = await http.postJson("/oauth/register", { client_name: "Test Agent", redirect_uris: [REDIRECT], ...metadata });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.client_id;
}

export interface AuthorizationParams {
  clientId: string;
  pkce: Pkce;
  redirectUri?: string;
  scope?: string;
  state?: string;
  resource?: string;
}

/** The authorization request as the client puts it in the URL of /oauth/authorize. */
export const authorizationRequest = (http: OAuthHttp, params: AuthorizationParams) => ({
  response_type: "code",
  client_id: params.clientId,
  redirect_uri: params.redirectUri ?? REDIRECT,
  code_challenge: params.pkce.challenge,
  code_challenge_method: "S256",
  state: params.state ?? "state-1",
  ...(params.scope !== undefined && { scope: params.scope }),
  resource: params.resource ?? `${http.origin}/mcp`,
});

/** The user approves or denies on the consent page (with their session cookie): where the answer sends the browser. */
export async function decideConsent(
  http: OAuthHttp,
  cookie: string,
  params: AuthorizationParams,
  decision: { approve: boolean; access?: "read" | "read-write" },
): Promise<URL> {
  const answer = await http.postJson(
    "/api/oauth/authorization",
    { request: authorizationRequest(http, params), approve: decision.approve, access: decision.access ?? "read-write" },
    { cookie },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return new URL(answer.body.data.redirectTo);
}

/** The user approves on the consent page (with their session cookie): the code the redirect carries. */
export async function approve(
  http: OAuthHttp,
  cookie: string,
  params: AuthorizationParams,
  access: "read" | "read-write" = "read-write",
): Promise<string> {
  const redirect = await decideConsent(http, cookie, params, { approve: true, access });
  expect(redirect.searchParams.get("state")).toBe(params.state ?? "state-1");
  return redirect.searchParams.get("code")!;
}

export const exchange = (http: OAuthHttp, clientId: string, code: string, verifier: string, extra: Record<string, string> = {}) =>
  http.postForm("/oauth/token", {
    grant_type: "authorization_code",
    code,
    code_verifier: verifier,
    client_id: clientId,
    redirect_uri: REDIRECT,
    resource: `${http.origin}/mcp`,
    ...extra,
  });

export const refresh = (http: OAuthHttp, clientId: string, refreshToken: string) =>
  http.postForm("/oauth/token", { grant_type: "refresh_token", refresh_token: refreshToken, client_id: clientId });

/**
 * An app's access token for `user` (read-write), through the same flow over app.inject (no socket): for tests that
 * only need such a token as a credential.
 */
export async function appTokenOf(t: TestApp, user: TestUser): Promise<string> {
  const registered = await anonymous(t).post("/oauth/register", { client_name: "Matrix Agent", redirect_uris: [REDIRECT] });
  const clientId = registered.body.client_id as string;
  const pkce = pkcePair();
  const request = {
    response_type: "code",
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: pkce.challenge,
    code_challenge_method: "S256",
  };
  const decided = await user.client.post("/api/oauth/authorization", { request, approve: true, access: "read-write" });
  expect(decided.status, decided.text).toBe(200);
  const code = new URL(decided.body.data.redirectTo).searchParams.get("code")!;
  const form = new URLSearchParams({
    grant_type: "authorization_code",
    code,
    code_verifier: pkce.verifier,
    client_id: clientId,
    redirect_uri: REDIRECT,
  });
  const answer = await anonymous(t).post("/oauth/token", form.toString(), {
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.access_token;
}
