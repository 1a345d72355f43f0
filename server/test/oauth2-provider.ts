// A real plain OAuth 2 authorization server for the tests, on 127.0.0.1 (a random port), shaped like GitHub's and
// memos' providers: `/authorize` sends the browser back with a code (the account chosen by the test, as a signed-in
// person would), `/token` exchanges it (client ID and secret, redirect URI, PKCE verifier, single use), `/user`
// answers the account's JSON to its access token as bearer. What memos sent is kept, so tests can check it.
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface TestOAuth2Server {
  base: string;
  clientId: string;
  clientSecret: string;
  /** The accounts by login: the user-info JSON each one's token reads. Tests may add some. */
  accounts: Map<string, Record<string, unknown>>;
  /** The token requests' forms and the user-info requests' Authorization headers, in order. */
  tokenRequests: URLSearchParams[];
  userInfoAuthorizations: string[];
  /** Makes the next token request answer 200 with this OAuth error (as GitHub does). */
  failNextToken(error: string): void;
  close(): Promise<void>;
}

const CLIENT = { clientId: "memos-oauth2-test", clientSecret: "oauth2-provider-secret-0123456789" };

interface Grant {
  login: string;
  redirectUri: string;
  challenge: string;
}

const base64url = (bytes: Buffer) => bytes.toString("base64url");

export async function startOAuth2Server(
  redirectUris: string[],
  accounts: Record<string, Record<string, unknown>> = {},
): Promise<TestOAuth2Server> {
  const known = new Map(Object.entries(accounts));
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, string>();
  const tokenRequests: URLSearchParams[] = [];
  const userInfoAuthorizations: string[] = [];
  let nextTokenError: string | undefined;

  const json = (response: http.ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { "Content-Type": "application/json" });
    response.end(JSON.stringify(body));
  };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://provider");
    if (request.method === "GET" && url.pathname === "/authorize") {
      const query = url.searchParams;
      const redirectUri = query.get("redirect_uri") ?? "";
      const login = query.get("login") ?? "";
      if (query.get("client_id") !== CLIENT.clientId || !redirectUris.includes(redirectUri) || query.get("response_type") !== "code")
        return json(response, 400, { error: "invalid_request" });
      if (query.get("code_challenge_method") !== "S256" || !query.get("code_challenge"))
        return json(response, 400, { error: "pkce_required" });
      if (!known.has(login)) return json(response, 404, { error: "no such account" });
      const code = base64url(randomBytes(16));
      codes.set(code, { login, redirectUri, challenge: query.get("code_challenge")! });
      const back = new URL(redirectUri);
      back.searchParams.set("code", code);
      back.searchParams.set("state", query.get("state") ?? "");
      response.writeHead(302, { Location: back.href });
      return response.end();
    }
    if (request.method === "POST" && url.pathname === "/token") {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const form = new URLSearchParams(Buffer.concat(chunks).toString());
        tokenRequests.push(form);
        if (nextTokenError) {
          const error = nextTokenError;
          nextTokenError = undefined;
          return json(response, 200, { error, error_description: "refused by the test" });
        }
        const code = form.get("code") ?? "";
        const grant = codes.get(code);
        codes.delete(code);
        const verifier = form.get("code_verifier") ?? "";
        const ok =
          grant !== undefined &&
          form.get("grant_type") === "authorization_code" &&
          form.get("client_id") === CLIENT.clientId &&
          form.get("client_secret") === CLIENT.clientSecret &&
          form.get("redirect_uri") === grant.redirectUri &&
          base64url(createHash("sha256").update(verifier).digest()) === grant.challenge;
        if (!ok) return json(response, 400, { error: "invalid_grant" });
        const token = base64url(randomBytes(24));
        tokens.set(token, grant.login);
        // GitHub's answer: form-encoded unless JSON is asked for; memos asks for JSON.
        if (request.headers.accept?.includes("application/json")) return json(response, 200, { access_token: token, token_type: "bearer" });
        response.writeHead(200, { "Content-Type": "application/x-www-form-urlencoded" });
        return response.end(new URLSearchParams({ access_token: token, token_type: "bearer" }).toString());
      });
      return;
    }
    if (request.method === "GET" && url.pathname === "/user") {
      const authorization = request.headers.authorization ?? "";
      userInfoAuthorizations.push(authorization);
      const login = tokens.get(authorization.replace(/^Bearer /, ""));
      if (!login) return json(response, 401, { message: "Bad credentials" });
      return json(response, 200, known.get(login));
    }
    json(response, 404, { error: "not found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    ...CLIENT,
    accounts: known,
    tokenRequests,
    userInfoAuthorizations,
    failNextToken: (error) => {
      nextTokenError = error;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The browser at the provider, signed in there as `login`: follows the authorization URL to the callback URL. */
export async function signInAtOAuth2(authorizationUrl: string, login: string): Promise<URL> {
  const url = new URL(authorizationUrl);
  url.searchParams.set("login", login);
  const response = await fetch(url, { redirect: "manual" });
  if (response.status !== 302) throw new Error(`the provider answered ${response.status}: ${await response.text()}`);
  return new URL(response.headers.get("location")!);
}
