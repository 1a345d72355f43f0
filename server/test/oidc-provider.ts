// A real OpenID provider for the tests: oidc-provider on 127.0.0.1 (a random port), with its own accounts
// (findAccount) and one client, memos. `signInAtProvider` plays the browser at the provider: it follows the
// authorization URL, fills the provider's login form (its development interactions) with a cookie jar, and returns
// the callback URL the provider sends the browser back to (with `code`, `state` and `iss`).
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The provider's accounts by `sub`: their claims. Tests may add some. */
  accounts: Map<string, Record<string, unknown>>;
  /** Makes an issued authorization code expired at the provider (as if its 60 s had passed), not spent. */
  expireCode(code: string): Promise<void>;
  close(): Promise<void>;
}

const PROVIDER_CLIENT = { clientId: "memos-test", clientSecret: "provider-side-secret-0123456789" };

export async function startTestProvider(
  redirectUris: string[],
  accounts: Record<string, Record<string, unknown>> = {},
): Promise<TestProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const known = new Map(Object.entries(accounts));
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: PROVIDER_CLIENT.clientId,
        client_secret: PROVIDER_CLIENT.clientSecret,
        redirect_uris: redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: { openid: ["sub"], profile: ["preferred_username", "name"], email: ["email", "email_verified"] },
    async findAccount(_ctx, sub) {
      const claims = known.get(sub);
      return claims ? { accountId: sub, claims: async () => ({ sub, ...claims }) } : undefined;
    },
    // Consent is the provider's concern, not ours: every scope asked is granted.
    async loadExistingGrant(ctx) {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope("openid profile email");
      await grant.save();
      return grant;
    },
    cookies: { keys: ["memos-test-provider-cookie-key"] },
    // Set, so the provider does not remind the test of its defaults.
    ttl: { AuthorizationCode: 60, Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
    features: { devInteractions: { enabled: true } },
  });
  // Its warnings about development settings are for deployments, not this test.
  provider.on("server_error", (_ctx, error) => console.error("oidc-provider:", error));
  server.on("request", provider.callback());
  return {
    issuer,
    ...PROVIDER_CLIENT,
    accounts: known,
    async expireCode(code) {
      const { adapter } = provider.AuthorizationCode;
      const stored = await adapter.find(code);
      if (!stored) throw new Error("the provider issued no such code");
      await adapter.upsert(code, { ...stored, exp: Math.floor(Date.now() / 1000) - 1 }, 60);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A cookie jar of one browser: name → value (the provider's cookies have distinct names). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, ...value] = pair!.split("=");
      this.cookies.set(name!.trim(), value.join("="));
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/**
 * Follows `authorizationUrl` at the provider as a browser would, signing in as `accountId`, until the provider
 * sends the browser to `callbackBase`; returns that URL. Fails if the provider ends elsewhere.
 */
export async function signInAtProvider(authorizationUrl: string, accountId: string, callbackBase: string): Promise<URL> {
  const jar = new CookieJar();
  let url = new URL(authorizationUrl);
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 10; step++) {
    const response = await fetch(url, {
      method: body ? "POST" : "GET",
      redirect: "manual",
      headers: { cookie: jar.header(), ...(body && { "content-type": "application/x-www-form-urlencoded" }) },
      body,
    });
    jar.take(response);
    body = undefined;
    const location = response.headers.get("location");
    if (location === null) {
      const text = await response.text();
      if (response.status === 200 && text.includes('name="login"')) {
        body = new URLSearchParams({ prompt: "login", login: accountId, password: "any" });
        continue;
      }
      throw new Error(`the provider answered ${response.status} at ${url.pathname}: ${text.slice(0, 300)}`);
    }
    await response.arrayBuffer();
    const next = new URL(location, url);
    if (next.href.startsWith(callbackBase)) return next;
    url = next;
  }
  throw new Error("the provider never sent the browser back");
}
