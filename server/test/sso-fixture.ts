// What the single sign-on suites share: a real OpenID provider (server/test/oidc-provider.ts) registered as the
// instance's provider "Test IdP" (creating users, as admins), and a browser that goes through the flow with its
// cookies.
import { expect } from "vitest";
import { type Client, type Response, sessionCookieFrom } from "./client.js";
import { anonymous, signUpHost, type TestUser } from "./factories.js";
import { createTestApp, type TestApp, type TestAppOptions } from "./harness.js";
import { signInAtProvider, startTestProvider, type TestProvider } from "./oidc-provider.js";

const EXTERNAL_URL = "http://memos.test";
export const CALLBACK = `${EXTERNAL_URL}/auth/oidc/callback`;

export interface SsoSetup {
  t: TestApp;
  host: TestUser;
  idp: TestProvider;
  providerId: number;
}

/** The instance's setting `name` set by its host. */
export const setSetting = (sso: SsoSetup, name: string, value: unknown) =>
  sso.host.client.post("/api/system/setting", { name, value: JSON.stringify(value) });

/** A provider with these accounts (by `sub`), and an instance whose host set the external URL and opened sign-up. */
export async function setUpSso(accounts: Record<string, Record<string, unknown>>, options: TestAppOptions = {}): Promise<SsoSetup> {
  const idp = await startTestProvider([CALLBACK], accounts);
  const t = await createTestApp({ oidcAllowPrivate: true, ...options });
  const host = await signUpHost(t);
  const sso = { t, host, idp, providerId: 0 };
  expect((await setSetting(sso, "customizedProfile", { externalUrl: EXTERNAL_URL })).status).toBe(200);
  expect((await setSetting(sso, "allowSignUp", true)).status).toBe(200);
  const created = await host.client.post("/api/identity-provider", {
    name: "Test IdP",
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    createUsers: true,
    newUserRole: "ADMIN",
  });
  expect(created.status, created.text).toBe(200);
  sso.providerId = created.body.data.id;
  return sso;
}

export async function tearDownSso(sso: SsoSetup | undefined): Promise<void> {
  await sso?.t.close();
  await sso?.idp.close();
}

/** One browser's cookies (the session's, if any, and the flow's), as it goes through the flow. */
export class Browser {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly sso: Pick<SsoSetup, "t" | "providerId">,
    session?: Client,
  ) {
    const [name, value] = (session?.cookie ?? "").split("=");
    if (name && value) this.cookies.set(name, value);
  }
  get client(): Client {
    return anonymous(this.sso.t).withCookie([...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
  }
  private take(response: Response): void {
    const raw = response.headers["set-cookie"];
    for (const line of Array.isArray(raw) ? raw : raw ? [String(raw)] : []) {
      const [pair] = line.split(";");
      const [name, value] = pair!.split("=") as [string, string];
      if (value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  /** `/auth/oidc/<id>/start`: the provider's authorization URL it redirects to. */
  async start(link = false, id = this.sso.providerId, next?: string): Promise<string> {
    const query = link ? "?link=1" : next !== undefined ? `?next=${encodeURIComponent(next)}` : "";
    const response = await this.client.get(`/auth/oidc/${id}/start${query}`);
    expect(response.status, response.text).toBe(302);
    this.take(response);
    return String(response.headers.location);
  }
  async callback(url: URL): Promise<Response> {
    const response = await this.client.get(`/auth/oidc/callback${url.search}`);
    this.take(response);
    return response;
  }
}

/** The browser at the provider: signs in as `sub` and comes back with the callback URL. */
export const atProvider = (authorizationUrl: string, sub: string) => signInAtProvider(authorizationUrl, sub, CALLBACK);

/** A whole sign-in through the provider by a browser (a new one by default); the callback's answer. */
export async function ssoSignIn(sso: SsoSetup, sub: string, browser = new Browser(sso)): Promise<Response> {
  return browser.callback(await atProvider(await browser.start(), sub));
}

/** The account an answer signed in (it must have). */
export async function meOf(sso: Pick<SsoSetup, "t">, response: Response) {
  expect([response.status, response.headers.location], response.text).toEqual([302, "/"]);
  const me = await anonymous(sso.t).withCookie(sessionCookieFrom(response.headers)).get("/api/user/me");
  expect(me.status, me.text).toBe(200);
  return me.body.data;
}
