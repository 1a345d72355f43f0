// An MCP client signs in to memos without a pasted token: the official client package's `auth()` discovers the
// metadata, registers itself and builds the authorization URL; the signed-in user sees the app's name on the
// consent screen and approves; the app's loopback redirect URI (a tiny HTTP server here) receives code and state;
// `auth()` exchanges the code; the app calls an MCP tool with the token; the token is listed in Settings › Access
// tokens under the app's name, and revoking it there ends the app's refresh token too.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  auth,
  Client,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
  StreamableHTTPClientTransport,
} from "@modelcontextprotocol/client";
import { request as playwrightRequest } from "@playwright/test";
import { expect, screenshot, test } from "../support/fixtures";
import { memoCard, openSettings, submitAuthForm } from "../support/ui";

/** The app's redirect URI: a loopback server that answers a page and hands the query it got to the test. */
async function loopbackCallback(): Promise<{ url: string; received: Promise<URLSearchParams>; close: () => Promise<void> }> {
  let deliver!: (query: URLSearchParams) => void;
  const received = new Promise<URLSearchParams>((resolve) => {
    deliver = resolve;
  });
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/callback") return void response.writeHead(404).end();
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end("<!doctype html><title>Agent</title><h1>Connected</h1>");
    deliver(url.searchParams);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/callback`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** What an MCP client keeps: its registration, its tokens, the PKCE verifier, and where it would send the browser. */
class MemoryProvider implements OAuthClientProvider {
  client?: StoredOAuthClientInformation;
  saved?: StoredOAuthTokens;
  verifier = "";
  authorizationUrl?: URL;

  constructor(
    readonly redirectUrl: string,
    private readonly name: string,
  ) {}

  get clientMetadata(): OAuthClientMetadata {
    return { client_name: this.name, redirect_uris: [this.redirectUrl], token_endpoint_auth_method: "none" };
  }
  state = () => "e2e-state";
  clientInformation = () => this.client;
  saveClientInformation = (client: StoredOAuthClientInformation) => {
    this.client = client;
  };
  tokens = () => this.saved;
  saveTokens = (tokens: StoredOAuthTokens) => {
    this.saved = tokens;
  };
  redirectToAuthorization = (url: URL) => {
    this.authorizationUrl = url;
  };
  saveCodeVerifier = (verifier: string) => {
    this.verifier = verifier;
  };
  codeVerifier = () => this.verifier;
}

test("an app signs in through the consent screen and is listed under its name", async ({ page, signedIn, serverURL }, testInfo) => {
  test.slow();
  const callback = await loopbackCallback();
  try {
    const provider = new MemoryProvider(callback.url, "E2E Agent");
    const serverUrl = `${serverURL}/mcp`;
    expect(await auth(provider, { serverUrl })).toBe("REDIRECT");
    const authorizationUrl = provider.authorizationUrl!;
    expect(`${authorizationUrl.origin}${authorizationUrl.pathname}`).toBe(`${serverURL}/oauth/authorize`);
    expect(authorizationUrl.searchParams.get("code_challenge_method")).toBe("S256");

    await page.goto(authorizationUrl.href);
    await expect(page.getByRole("heading", { name: "E2E Agent wants to use your memos" })).toBeVisible();
    await expect(page.getByText("The app chose this name itself.")).toBeVisible();
    await expect(page.getByText(new URL(callback.url).host)).toBeVisible();
    await expect(page.getByText(`Signed in as ${signedIn.user.username}`)).toBeVisible();
    await expect(page.getByRole("link", { name: "Use another account" })).toBeVisible();
    await expect(page.getByRole("radio", { name: /Read and write/ })).toBeChecked();
    await screenshot(page, testInfo, "oauth-consent");
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, testInfo, "oauth-consent-dark");
    await page.emulateMedia({ colorScheme: "light" });

    await page.getByRole("button", { name: "Allow" }).click();
    const query = await callback.received;
    expect(query.get("state")).toBe("e2e-state");
    expect(query.get("iss")).toBe(serverURL);
    await expect(page.getByRole("heading", { name: "Connected" })).toBeVisible();

    expect(await auth(provider, { serverUrl, authorizationCode: query.get("code")!, iss: query.get("iss")! })).toBe("AUTHORIZED");
    const accessToken = provider.saved!.access_token;
    expect(accessToken).toMatch(/^memos_pat_/);
    expect(provider.saved!.refresh_token).toMatch(/^memos_rt_/);

    // The app calls a tool with it, through the SDK's transport and the same provider.
    const mcp = new Client({ name: "e2e-agent", version: "1.0.0" });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(serverUrl), { authProvider: provider }));
    try {
      const created = await mcp.callTool({ name: "create_memo", arguments: { content: "Written by the E2E Agent #mcp" } });
      expect(created.isError).toBeFalsy();
    } finally {
      await mcp.close();
    }
    await page.goto("/");
    await expect(memoCard(page, "Written by the E2E Agent")).toBeVisible();

    // The token is the app's: for MCP only, not for the rest of the API.
    const app = await playwrightRequest.newContext({ baseURL: serverURL, extraHTTPHeaders: { Authorization: `Bearer ${accessToken}` } });
    try {
      const refused = await app.get("/api/user/me");
      expect([refused.status(), (await refused.json()).reason]).toEqual([403, "auth.mcp-only-token"]);
    } finally {
      await app.dispose();
    }

    await page.goto("/");
    const tokens = (await openSettings(page, "My account")).getByRole("region", { name: "Access tokens" });
    const row = tokens.getByTestId("access-token-row").filter({ hasText: "E2E Agent" });
    await expect(row).toContainText("App");
    await expect(row).toContainText("Read and write");
    await expect(row).toContainText("until revoked");
    await expect(row).not.toContainText("never expires");
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, "oauth-access-tokens", { fullPage: false });

    // Revoked in Settings: the app's refresh token stops too.
    await row.getByRole("button", { name: "Revoke E2E Agent" }).click();
    await page.getByRole("dialog", { name: "Revoke “E2E Agent”?" }).getByRole("button", { name: "Revoke" }).click();
    await expect(row).toHaveCount(0);
    const refreshed = await fetch(`${serverURL}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: provider.saved!.refresh_token!,
        client_id: provider.client!.client_id,
      }),
    });
    expect([refreshed.status, (await refreshed.json()).error]).toEqual([400, "invalid_grant"]);
  } finally {
    await callback.close();
  }
});

test("signed out, the user signs in first and comes back to the consent; a denial reaches the app", async ({ page, member, serverURL }) => {
  const callback = await loopbackCallback();
  try {
    const provider = new MemoryProvider(callback.url, "Signed-out Agent");
    expect(await auth(provider, { serverUrl: `${serverURL}/mcp`, scope: "memos:read" })).toBe("REDIRECT");
    await page.goto(provider.authorizationUrl!.href);
    await expect(page).toHaveURL(/\/auth\?next=%2Foauth%2Fauthorize/);
    await submitAuthForm(page, member.credentials.username, member.credentials.password, "Sign in");
    await expect(page.getByRole("heading", { name: "Signed-out Agent wants to use your memos" })).toBeVisible();
    // It asked to read only: nothing more is offered.
    await expect(page.getByRole("radio", { name: /Read only/ })).toBeChecked();
    await expect(page.getByRole("radio", { name: /Read and write/ })).toHaveCount(0);
    await page.getByRole("button", { name: "Deny" }).click();
    const query = await callback.received;
    expect([query.get("error"), query.get("state"), query.has("code")]).toEqual(["access_denied", "e2e-state", false]);
  } finally {
    await callback.close();
  }
});

test("a request from an unknown client is shown as an error and goes nowhere", async ({ page, signedIn }) => {
  expect(signedIn.user.id).toBeGreaterThan(0);
  const query = new URLSearchParams({
    response_type: "code",
    client_id: "memos_client_unknown",
    redirect_uri: "https://evil.example/callback",
    code_challenge: "x".repeat(43),
    code_challenge_method: "S256",
    state: "s",
  });
  await page.goto(`/oauth/authorize?${query}`);
  await expect(page.getByRole("alert")).toContainText("This sign-in request cannot be used");
  await expect(page.getByRole("alert")).toContainText("This app is not registered here.");
  expect(new URL(page.url()).pathname).toBe("/oauth/authorize");
});

test("a malformed request of a known app is shown, with a way back that tells the app", async ({ page, signedIn, serverURL }) => {
  expect(signedIn.user.id).toBeGreaterThan(0);
  const callback = await loopbackCallback();
  try {
    const registered = await fetch(`${serverURL}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "Sloppy Agent", redirect_uris: [callback.url] }),
    });
    const { client_id } = (await registered.json()) as { client_id: string };
    // No PKCE: refused, but the browser stays here until the user chooses to go back.
    const query = new URLSearchParams({ response_type: "code", client_id, redirect_uri: callback.url, state: "s3" });
    await page.goto(`/oauth/authorize?${query}`);
    await expect(page.getByRole("alert")).toContainText("(invalid_request)");
    expect(new URL(page.url()).pathname).toBe("/oauth/authorize");
    await page.getByRole("button", { name: `Back to ${new URL(callback.url).host}` }).click();
    const answer = await callback.received;
    expect([answer.get("error"), answer.get("state"), answer.has("code")]).toEqual(["invalid_request", "s3", false]);
  } finally {
    await callback.close();
  }
});
