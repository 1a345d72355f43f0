// Single sign-on through v1 with a real OpenID provider (on loopback), as memos' web client runs it: the client
// runs the provider's flow itself (its own state and PKCE) and hands the code to SignIn (`sso_credentials`) or to
// CreateLinkedIdentity. And UserService's linked identities over both transports: listed, read and unlinked by the
// provider's name, the caller's own only, linked and unlinked from a session only.
import { createHash, randomBytes } from "node:crypto";
import { Code } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UserService } from "../../src/v1/gen/memos/api/v1/user_service_pb.js";
import { anonymous, createUser, PASSWORD, type TestUser } from "../factories.js";
import { AuthService } from "../../src/v1/gen/memos/api/v1/auth_service_pb.js";
import { atProvider, Browser, CALLBACK, type SsoSetup, setUpSso, tearDownSso } from "../sso-fixture.js";
import { connectClient, failure, listen, personalToken, rest } from "../v1-client.js";

let sso: SsoSetup;
let base: string;
let carol: TestUser;
let carolsToken: string;

beforeAll(async () => {
  sso = await setUpSso({
    "sub-carol": { preferred_username: "carol-at-idp" },
    "sub-dan": { preferred_username: "dan", email: "dan@example.com" },
    "sub-erin": { preferred_username: "erin-at-idp" },
  });
  carol = await createUser(sso.t, sso.host, "carol");
  const browser = new Browser(sso, carol.client);
  const linked = await browser.callback(await atProvider(await browser.start(true), "sub-carol"));
  expect([linked.status, linked.headers.location]).toEqual([302, "/?sso=linked"]);
  base = await listen(sso.t);
  const signedIn = await rest(base, "POST", "/api/v1/auth/signin", {
    body: { passwordCredentials: { username: "carol", password: PASSWORD } },
  });
  carolsToken = signedIn.body.accessToken;
});
afterAll(() => tearDownSso(sso));

/** memos' web client at the provider: its own state and PKCE, back at `redirectUri` with a code. */
async function providerCode(sub: string, verifier: string, redirectUri = CALLBACK): Promise<string> {
  const url = new URL(`${sso.idp.issuer}/auth`);
  url.search = new URLSearchParams({
    client_id: sso.idp.clientId,
    redirect_uri: redirectUri,
    response_type: "code",
    scope: "openid profile email",
    state: randomBytes(8).toString("hex"),
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  }).toString();
  const back = await atProvider(url.href, sub);
  return back.searchParams.get("code")!;
}

const newVerifier = () => randomBytes(32).toString("base64url");
const idpName = () => `identity-providers/${sso.providerId}`;

describe("signing in through a provider", () => {
  it("signs in with a provider's code (a new account, as the provider's settings make it) and answers a bearer token", async () => {
    const verifier = newVerifier();
    const code = await providerCode("sub-dan", verifier);
    let headers = new Headers();
    const signedIn = await connectClient(base, AuthService).signIn(
      { credentials: { case: "ssoCredentials", value: { idpName: idpName(), code, redirectUri: CALLBACK, codeVerifier: verifier } } },
      { onHeader: (received) => (headers = received) },
    );
    expect(signedIn.user).toMatchObject({ username: "dan", email: "dan@example.com" });
    expect(signedIn.accessToken).toMatch(/^memos_sat_/);
    expect(headers.getSetCookie().some((line) => line.startsWith("memos_refresh="))).toBe(true);
    expect((await rest(base, "GET", "/api/v1/auth/me", { token: signedIn.accessToken })).body.user.username).toBe("dan");

    // The same code again, over REST: the provider spent it.
    const again = await rest(base, "POST", "/api/v1/auth/signin", {
      body: { ssoCredentials: { idpName: idpName(), code, redirectUri: CALLBACK, codeVerifier: verifier } },
    });
    expect([again.status, again.body.message]).toEqual([400, "single sign-on failed: provider-error"]);
  });

  it("refuses a wrong verifier, a redirect elsewhere, an unknown provider and missing fields, each by its field", async () => {
    const signIn = (ssoCredentials: object) => rest(base, "POST", "/api/v1/auth/signin", { body: { ssoCredentials } });
    const verifier = newVerifier();
    const code = await providerCode("sub-dan", verifier);
    const wrongVerifier = await signIn({ idpName: idpName(), code, redirectUri: CALLBACK, codeVerifier: newVerifier() });
    expect([wrongVerifier.status, wrongVerifier.body.code]).toEqual([400, 3]);
    const cases: Array<[object, number, string]> = [
      [{ idpName: idpName(), code: "c", redirectUri: "https://elsewhere.example/auth/callback" }, 400, "sso_credentials.redirect_uri"],
      [{ idpName: "identity-providers/999", code: "c", redirectUri: CALLBACK }, 404, "provider-disabled"],
      [{ idpName: "providers/1", code: "c", redirectUri: CALLBACK }, 400, "sso_credentials.idp_name"],
      [{ idpName: idpName(), redirectUri: CALLBACK }, 400, "sso_credentials.code"],
      [{ idpName: idpName(), code: "c" }, 400, "sso_credentials.redirect_uri"],
    ];
    for (const [credentials, status, named] of cases) {
      const answer = await signIn(credentials);
      expect([answer.status, answer.body.message], JSON.stringify(credentials)).toEqual([status, expect.stringContaining(named)]);
    }
  });
});

describe("linked identities", () => {
  it("lists and reads the caller's links by the provider's name, over REST and Connect", async () => {
    const name = `users/carol/linkedIdentities/${sso.providerId}`;
    const expected = { name, idpName: `identity-providers/${sso.providerId}`, externUid: "sub-carol" };
    const listed = await rest(base, "GET", "/api/v1/users/carol/linkedIdentities", { token: carolsToken });
    expect([listed.status, listed.body]).toEqual([200, { linkedIdentities: [expected] }]);
    const users = connectClient(base, UserService, { authorization: `Bearer ${carolsToken}` });
    expect(await users.getLinkedIdentity({ name })).toMatchObject(expected);
    // A read-only token reads them too.
    const readOnly = await personalToken(carol.client, "read");
    expect((await rest(base, "GET", `/api/v1/${name}`, { token: readOnly })).body).toEqual(expected);
  });

  it("refuses another account's links, an unknown provider and a bad name", async () => {
    const users = connectClient(base, UserService, { authorization: `Bearer ${carolsToken}` });
    expect((await failure(users.listLinkedIdentities({ parent: "users/host" }))).code).toBe(Code.PermissionDenied);
    const hostList = await rest(base, "GET", "/api/v1/users/carol/linkedIdentities", { token: await personalToken(sso.host.client) });
    expect(hostList.status).toBe(403);
    expect((await failure(users.getLinkedIdentity({ name: "users/carol/linkedIdentities/999" }))).code).toBe(Code.NotFound);
    const badName = await rest(base, "GET", "/api/v1/users/carol/linkedIdentities/abc", { token: carolsToken });
    expect([badName.status, badName.body.message]).toEqual([400, expect.stringContaining("name")]);
    expect((await failure(users.listLinkedIdentities({ parent: "people/carol" }))).rawMessage).toContain("parent");
    expect((await rest(base, "GET", "/api/v1/users/carol/linkedIdentities")).status).toBe(401);
  });

  it("links a provider's account from a session with the code of the client's flow, then signs in through it", async () => {
    const erin = await createUser(sso.t, sso.host, "erin");
    const signedIn = await rest(base, "POST", "/api/v1/auth/signin", {
      body: { passwordCredentials: { username: "erin", password: PASSWORD } },
    });
    const users = connectClient(base, UserService, { authorization: `Bearer ${signedIn.body.accessToken}` });
    const verifier = newVerifier();
    const linked = await users.createLinkedIdentity({
      parent: "users/erin",
      idpName: idpName(),
      code: await providerCode("sub-erin", verifier),
      redirectUri: CALLBACK,
      codeVerifier: verifier,
    });
    expect(linked).toMatchObject({ name: `users/erin/linkedIdentities/${sso.providerId}`, idpName: idpName(), externUid: "sub-erin" });
    const second = newVerifier();
    const through = await connectClient(base, AuthService).signIn({
      credentials: {
        case: "ssoCredentials",
        value: { idpName: idpName(), code: await providerCode("sub-erin", second), redirectUri: CALLBACK, codeVerifier: second },
      },
    });
    expect(through.user?.username).toBe(erin.user.username);

    // carol's provider account is hers; another account's parent is refused before the provider is asked.
    const taken = newVerifier();
    const takenAnswer = await failure(
      users.createLinkedIdentity({
        parent: "users/erin",
        idpName: idpName(),
        code: await providerCode("sub-carol", taken),
        redirectUri: CALLBACK,
        codeVerifier: taken,
      }),
    );
    expect([takenAnswer.code, takenAnswer.rawMessage]).toEqual([Code.AlreadyExists, "single sign-on failed: already-linked"]);
    const others = await failure(
      users.createLinkedIdentity({ parent: "users/carol", idpName: idpName(), code: "c", redirectUri: CALLBACK }),
    );
    expect(others.code).toBe(Code.PermissionDenied);
    // A personal token links nothing.
    const byToken = await rest(base, "POST", "/api/v1/users/erin/linkedIdentities", {
      token: await personalToken(erin.client, "read-write"),
      body: { idpName: idpName(), code: "c", redirectUri: CALLBACK },
    });
    expect([byToken.status, byToken.body.code]).toEqual([403, 7]);
  });

  it("unlinks from a session (its bearer token), never by a personal token", async () => {
    const name = `users/carol/linkedIdentities/${sso.providerId}`;
    for (const scope of ["read", "read-write"]) {
      const refused = await rest(base, "DELETE", `/api/v1/${name}`, { token: await personalToken(carol.client, scope) });
      expect([refused.status, refused.body.code], scope).toEqual([403, 7]);
    }
    const unlinked = await rest(base, "DELETE", `/api/v1/${name}`, { token: carolsToken });
    expect(unlinked.status, JSON.stringify(unlinked.body)).toBe(200);
    expect((await rest(base, "GET", "/api/v1/users/carol/linkedIdentities", { token: carolsToken })).body).toEqual({
      linkedIdentities: [],
    });
    expect((await anonymous(sso.t).withToken(carolsToken).get("/api/user/me/identity")).body.data).toEqual([]);
    const again = await failure(
      connectClient(base, UserService, { authorization: `Bearer ${carolsToken}` }).deleteLinkedIdentity({ name }),
    );
    expect(again.code).toBe(Code.NotFound);
  });
});

describe("codes tried in a loop", () => {
  it("are failed sign-ins of the provider from the address: past ten in a window, even a good code is refused", async () => {
    const signIn = (code: string, codeVerifier = "") =>
      connectClient(base, AuthService).signIn({
        credentials: { case: "ssoCredentials", value: { idpName: idpName(), code, redirectUri: CALLBACK, codeVerifier } },
      });
    // The failures of the tests above count too: guess until refused, at most ten times.
    const codes: Code[] = [];
    while (codes.length < 11 && codes.at(-1) !== Code.ResourceExhausted) codes.push((await failure(signIn("guessed"))).code);
    expect(codes.at(-1)).toBe(Code.ResourceExhausted);
    expect(codes.slice(0, -1).every((code) => code === Code.InvalidArgument)).toBe(true);
    const verifier = newVerifier();
    expect((await failure(signIn(await providerCode("sub-dan", verifier), verifier))).code).toBe(Code.ResourceExhausted);
  });
});
