// UserService's linked identities over both transports: an account linked to a real OpenID provider (on loopback)
// through our own link flow is listed, read and unlinked through v1 by the provider's name, the caller's own only,
// unlinking from a session only; linking through v1 is not served (Unimplemented).
import { Code } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UserService } from "../../src/v1/gen/memos/api/v1/user_service_pb.js";
import { anonymous, createUser, PASSWORD, type TestUser } from "../factories.js";
import { atProvider, Browser, type SsoSetup, setUpSso, tearDownSso } from "../sso-fixture.js";
import { connectClient, failure, listen, personalToken, rest } from "../v1-client.js";

let sso: SsoSetup;
let base: string;
let carol: TestUser;
let carolsToken: string;

beforeAll(async () => {
  sso = await setUpSso({ "sub-carol": { preferred_username: "carol-at-idp" } });
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

  it("refuses another account's links, an unknown provider, a bad name, and linking through v1", async () => {
    const users = connectClient(base, UserService, { authorization: `Bearer ${carolsToken}` });
    expect((await failure(users.listLinkedIdentities({ parent: "users/host" }))).code).toBe(Code.PermissionDenied);
    const hostList = await rest(base, "GET", "/api/v1/users/carol/linkedIdentities", { token: await personalToken(sso.host.client) });
    expect(hostList.status).toBe(403);
    expect((await failure(users.getLinkedIdentity({ name: "users/carol/linkedIdentities/999" }))).code).toBe(Code.NotFound);
    const badName = await rest(base, "GET", "/api/v1/users/carol/linkedIdentities/abc", { token: carolsToken });
    expect([badName.status, badName.body.message]).toEqual([400, expect.stringContaining("name")]);
    expect((await failure(users.listLinkedIdentities({ parent: "people/carol" }))).rawMessage).toContain("parent");
    expect((await rest(base, "GET", "/api/v1/users/carol/linkedIdentities")).status).toBe(401);
    const link = await failure(
      users.createLinkedIdentity({
        parent: "users/carol",
        idpName: `identity-providers/${sso.providerId}`,
        code: "c",
        redirectUri: "http://memos.test/auth/callback",
      }),
    );
    expect(link.code).toBe(Code.Unimplemented);
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
