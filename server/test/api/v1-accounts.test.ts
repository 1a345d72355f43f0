// UserService's accounts made and removed, over both transports: CreateUser as memos' first-run sign-up (the first
// account becomes the host), as a later sign-up (the instance's allow-sign-up setting, always a member) and as an
// administrator's "add a member" (with a role, from a session only); DeleteUser by our account rules; each bad
// input a 400 naming its v1 field.
import { Code } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuthService } from "../../src/v1/gen/memos/api/v1/auth_service_pb.js";
import { User_Role, UserService } from "../../src/v1/gen/memos/api/v1/user_service_pb.js";
import { anonymous, PASSWORD } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { connectClient, failure, listen, personalToken, rest } from "../v1-client.js";

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
});
afterAll(() => t.close());

/** A bearer token of a v1 password sign-in. */
async function accessTokenOf(username: string, password = PASSWORD): Promise<string> {
  const signedIn = await rest(base, "POST", "/api/v1/auth/signin", { body: { passwordCredentials: { username, password } } });
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  return signedIn.body.accessToken;
}

const createUser = (body: object, token?: string) => rest(base, "POST", "/api/v1/users", { body, ...(token && { token }) });

describe("CreateUser", () => {
  it("makes the first account the host, signs nobody in, and then follows the allow-sign-up setting", async () => {
    const anonymousUsers = connectClient(base, UserService);
    let headers = new Headers();
    const first = await anonymousUsers.createUser(
      { user: { username: "first", password: PASSWORD, role: User_Role.USER, displayName: "First One", email: "first@example.com" } },
      { onHeader: (received) => (headers = received) },
    );
    expect(first).toMatchObject({ name: "users/first", role: User_Role.ADMIN, displayName: "First One", email: "first@example.com" });
    expect(headers.getSetCookie()).toEqual([]);
    const hostRow = await t.ctx.store.db.selectFrom("user").select("role").where("username", "=", "first").executeTakeFirstOrThrow();
    expect(hostRow.role).toBe("HOST");

    const closed = await failure(anonymousUsers.createUser({ user: { username: "second", password: PASSWORD } }));
    expect(closed.code).toBe(Code.PermissionDenied);
    const closedRest = await createUser({ username: "second", password: PASSWORD });
    expect([closedRest.status, closedRest.body.code]).toEqual([403, 7]);

    const hostToken = await accessTokenOf("first");
    const opened = await rest(base, "POST", "/api/system/setting", { token: hostToken, body: { name: "allowSignUp", value: "true" } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    // A sign-up is a member whatever it asks for.
    const signedUp = await createUser({ username: "second", password: PASSWORD, role: "ADMIN" });
    expect([signedUp.status, signedUp.body.role, signedUp.body.name]).toEqual([200, "USER", "users/second"]);
    const signsIn = await connectClient(base, AuthService).signIn({
      credentials: { case: "passwordCredentials", value: { username: "second", password: PASSWORD } },
    });
    expect(signsIn.user?.role).toBe(User_Role.USER);
    // A member's call is a sign-up too, never an administrator's.
    const byMember = await createUser({ username: "third", password: PASSWORD, role: "ADMIN" }, await accessTokenOf("second"));
    expect([byMember.status, byMember.body.role]).toEqual([200, "USER"]);
    expect(
      (await rest(base, "POST", "/api/system/setting", { token: hostToken, body: { name: "allowSignUp", value: "false" } })).status,
    ).toBe(200);
  });

  it("lets an administrator's session add a member with a role, never a token of it", async () => {
    const hostToken = await accessTokenOf("first");
    const users = connectClient(base, UserService, { authorization: `Bearer ${hostToken}` });
    const admin = await users.createUser({ user: { username: "deputy", password: PASSWORD, role: User_Role.ADMIN } });
    expect(admin.role).toBe(User_Role.ADMIN);
    const plain = await createUser({ username: "plain", password: PASSWORD }, hostToken);
    expect([plain.status, plain.body.role]).toEqual([200, "USER"]);

    const host = anonymous(t).withToken(hostToken);
    const readOnly = await personalToken(host, "read");
    const readWrite = await personalToken(host, "read-write");
    for (const token of [readOnly, readWrite]) {
      const refused = await createUser({ username: "by-token", password: PASSWORD }, token);
      expect([refused.status, refused.body.code], token.slice(0, 12)).toEqual([403, 7]);
    }
    expect(await t.ctx.store.db.selectFrom("user").select("id").where("username", "=", "by-token").executeTakeFirst()).toBeUndefined();
  });

  it("refuses bad input naming the v1 field, and a taken name as AlreadyExists", async () => {
    const hostToken = await accessTokenOf("first");
    const cases: Array<[object, string]> = [
      [{}, "user.username"],
      [{ username: "ok-name", password: "" }, "user.password"],
      [{ username: "bad name!", password: PASSWORD }, "user.username"],
      [{ username: "ok-name", password: PASSWORD, displayName: "n".repeat(300) }, "user.display_name"],
      [{ username: "ok-name", password: PASSWORD, email: "not-an-email" }, "user.email"],
    ];
    for (const [user, field] of cases) {
      const answer = await createUser(user, hostToken);
      expect([answer.status, answer.body.message], JSON.stringify(user)).toEqual([400, expect.stringContaining(field)]);
    }
    const mismatch = await failure(
      connectClient(base, UserService, { authorization: `Bearer ${hostToken}` }).createUser({
        user: { username: "ok-name", password: PASSWORD },
        userId: "other-name",
      }),
    );
    expect([mismatch.code, mismatch.rawMessage]).toEqual([Code.InvalidArgument, expect.stringContaining("user_id")]);
    const missing = await failure(connectClient(base, UserService).createUser({}));
    expect([missing.code, missing.rawMessage]).toEqual([Code.InvalidArgument, expect.stringContaining("user")]);
    const taken = await createUser({ username: "FIRST", password: PASSWORD }, hostToken);
    expect([taken.status, taken.body.code]).toEqual([409, 6]);
    const role = await createUser({ username: "ok-name", password: PASSWORD, role: 7 }, hostToken);
    expect([role.status, role.body.message]).toEqual([400, expect.stringContaining("user.role")]);
  });
});

describe("DeleteUser", () => {
  it("deletes an account for an administrator's session, by our rules otherwise", async () => {
    const hostToken = await accessTokenOf("first");
    const host = anonymous(t).withToken(hostToken);
    expect((await createUser({ username: "leaving", password: PASSWORD }, hostToken)).status).toBe(200);
    expect((await createUser({ username: "staying", password: PASSWORD }, hostToken)).status).toBe(200);

    // A member may not delete another account; nobody may without a session (a token is refused, read-only or not).
    const member = await failure(
      connectClient(base, UserService, { authorization: `Bearer ${await accessTokenOf("staying")}` }).deleteUser({ name: "users/leaving" }),
    );
    expect(member.code).toBe(Code.PermissionDenied);
    for (const scope of ["read", "read-write"]) {
      const refused = await rest(base, "DELETE", "/api/v1/users/leaving", { token: await personalToken(host, scope) });
      expect([refused.status, refused.body.code], scope).toEqual([403, 7]);
    }
    expect((await rest(base, "DELETE", "/api/v1/users/leaving")).status).toBe(401);
    // The host cannot delete itself.
    const self = await rest(base, "DELETE", "/api/v1/users/first", { token: hostToken });
    expect(self.status).toBe(403);

    const deleted = await rest(base, "DELETE", "/api/v1/users/leaving", { token: hostToken });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await rest(base, "GET", "/api/v1/users/leaving")).status).toBe(404);
    await connectClient(base, UserService, { authorization: `Bearer ${hostToken}` }).deleteUser({ name: "users/staying" });
    expect((await rest(base, "GET", "/api/v1/users/staying")).status).toBe(404);

    const unknown = await rest(base, "DELETE", "/api/v1/users/nobody", { token: hostToken });
    expect(unknown.status).toBe(404);
    const badName = await failure(
      connectClient(base, UserService, { authorization: `Bearer ${hostToken}` }).deleteUser({ name: "people/x" }),
    );
    expect([badName.code, badName.rawMessage]).toEqual([Code.InvalidArgument, expect.stringContaining("name")]);
  });
});
