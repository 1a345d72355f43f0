// PATCH /api/user/:id (who may change whom, and what) and POST /api/user/setting.
import { usernameKey } from "@memos/common";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { expectError } from "../expect.js";
import { anonymous, createUser, PASSWORD, signIn, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";

let t: TestApp;
let host: TestUser;
let member: TestUser;
beforeEach(async () => {
  // A fresh app per test; their queries run on the main thread (`--sqlite-readers 0`, a supported setting): a
  // reader thread per app cost a third of this file's time, and the reader path is covered by the list suites.
  t = await createTestApp({ sqliteReaders: 0 });
  host = await signUpHost(t);
  member = await createUser(t, host, "member");
});
afterEach(() => t.close());

const row = (id: number) => t.ctx.store.db.selectFrom("user").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const canSignIn = async (username: string, password: string) =>
  (await anonymous(t).post("/api/auth/signin", { username, password })).status === 200;

describe("PATCH /api/user/:id: who", () => {
  it("lets a user change themself, answering the full user with its settings", async () => {
    await member.client.post("/api/user/setting", { key: "appearance", value: '"dark"' });
    const response = await member.client.patch(`/api/user/${member.user.id}`, {
      nickname: "Mem",
      email: "m@example.com",
      username: "member2",
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      id: member.user.id,
      nickname: "Mem",
      email: "m@example.com",
      username: "member2",
      openId: member.user.openId,
      userSettingList: [{ UserID: member.user.id, key: "appearance", value: '"dark"' }],
    });
    expect(response.body.data.updatedTs).toBeGreaterThanOrEqual(member.user.updatedTs);
  });

  it("refuses a user changing someone else, and anonymous callers", async () => {
    const other = await createUser(t, host, "other");
    expectError(
      await member.client.patch(`/api/user/${other.user.id}`, { nickname: "x" }),
      403,
      "Access forbidden for current session user",
    );
    expectError(await member.client.patch(`/api/user/${host.user.id}`, { password: "hijacked" }), 403);
    expectError(await anonymous(t).patch(`/api/user/${member.user.id}`, { nickname: "x" }), 401);
    expect((await row(other.user.id)).nickname).toBe("other");
    expect(await canSignIn("host", PASSWORD)).toBe(true);
  });

  it("lets the host and admins change others, but an admin cannot change the host", async () => {
    const admin = await createUser(t, host, "anadmin", "ADMIN");
    const otherAdmin = await createUser(t, host, "admin2", "ADMIN");
    expect((await host.client.patch(`/api/user/${member.user.id}`, { nickname: "by host" })).body.data.nickname).toBe("by host");
    expect((await admin.client.patch(`/api/user/${member.user.id}`, { nickname: "by admin" })).body.data.nickname).toBe("by admin");
    expect((await admin.client.patch(`/api/user/${otherAdmin.user.id}`, { nickname: "peer" })).status).toBe(200);
    expect((await host.client.patch(`/api/user/${admin.user.id}`, { nickname: "demoted?" })).body.data.role).toBe("ADMIN");
    for (const body of [
      { nickname: "x" },
      { password: "taken-over" },
      { rowStatus: "ARCHIVED" },
      { resetOpenId: true },
      { email: "a@b.c" },
    ]) {
      expectError(await admin.client.patch(`/api/user/${host.user.id}`, body), 403);
    }
    const hostRow = await row(host.user.id);
    expect(hostRow).toMatchObject({ nickname: "host", row_status: "NORMAL", open_id: host.user.openId, email: "" });
    expect(await canSignIn("host", PASSWORD)).toBe(true);
  });

  it("the host cannot archive itself; a user may archive themself", async () => {
    expectError(await host.client.patch(`/api/user/${host.user.id}`, { rowStatus: "ARCHIVED" }), 403);
    expect((await row(host.user.id)).row_status).toBe("NORMAL");
    const self = await member.client.patch(`/api/user/${member.user.id}`, { rowStatus: "ARCHIVED" });
    expect(self.status).toBe(200);
    expect(self.body.data.rowStatus).toBe("ARCHIVED");
    expect(await canSignIn("member", PASSWORD)).toBe(false);
    // The host restores them.
    expect((await host.client.patch(`/api/user/${member.user.id}`, { rowStatus: "NORMAL" })).status).toBe(200);
    expect(await canSignIn("member", PASSWORD)).toBe(true);
  });

  it("answers 404 for an unknown user and 400 for a bad id", async () => {
    expectError(await host.client.patch("/api/user/9999", { nickname: "x" }), 404);
    expectError(await host.client.patch("/api/user/abc", { nickname: "x" }), 400, "ID is not a number: abc");
  });
});

describe("PATCH /api/user/:id: what", () => {
  it("clears the email with an empty string", async () => {
    await member.client.patch(`/api/user/${member.user.id}`, { email: "m@example.com" });
    const cleared = await member.client.patch(`/api/user/${member.user.id}`, { email: "" });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.email).toBe("");
    expect((await row(member.user.id)).email).toBe("");
  });

  it("changes the password: the new one signs in, the old one does not", async () => {
    const response = await member.client.patch(`/api/user/${member.user.id}`, { password: "brand-new" });
    expect(response.status).toBe(200);
    expect(await canSignIn("member", "brand-new")).toBe(true);
    expect(await canSignIn("member", PASSWORD)).toBe(false);
    expect((await row(member.user.id)).password_hash).toMatch(/^\$argon2id\$/);
  });

  it("resetOpenId issues a new openId and the old one stops working at once", async () => {
    const old = member.user.openId;
    expect((await anonymous(t).withToken(old).get("/api/user/me")).status).toBe(200);
    const response = await member.client.patch(`/api/user/${member.user.id}`, { resetOpenId: true });
    expect(response.status).toBe(200);
    const fresh = response.body.data.openId as string;
    expect(fresh).toMatch(/^[0-9a-f-]{36}$/);
    expect(fresh).not.toBe(old);
    expect((await anonymous(t).withToken(old).get("/api/user/me")).status).toBe(401);
    expect((await anonymous(t).get("/api/user/me", { query: { openId: old } })).status).toBe(401);
    expect((await anonymous(t).withToken(fresh).get("/api/user/me")).body.data.id).toBe(member.user.id);
    // resetOpenId: false changes nothing.
    const same = await member.client.patch(`/api/user/${member.user.id}`, { resetOpenId: false });
    expect(same.body.data.openId).toBe(fresh);
  });

  it("ignores server-only keys in the body", async () => {
    const before = await row(member.user.id);
    const response = await member.client.patch(`/api/user/${member.user.id}`, {
      nickname: "changed",
      passwordHash: "$2a$10$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      password_hash: "x",
      openId: "my-own-open-id",
      id: 4242,
      updatedTs: 1,
      createdTs: 1,
      role: "HOST",
    });
    expect(response.status).toBe(200);
    const after = await row(member.user.id);
    expect(after).toMatchObject({
      id: member.user.id,
      nickname: "changed",
      role: "USER",
      open_id: before.open_id,
      password_hash: before.password_hash,
      created_ts: before.created_ts,
    });
    expect(after.updated_ts).toBeGreaterThan(1_600_000_000);
    expect(await t.ctx.store.db.selectFrom("user").select("id").where("role", "=", "HOST").execute()).toEqual([{ id: host.user.id }]);
    expect(await canSignIn("member", PASSWORD)).toBe(true);
  });

  it.each([
    [{ username: "" }, "Invalid user patch format: username is too short, minimum length is 1"],
    [{ username: "u".repeat(37) }, "Invalid user patch format: username is too long, maximum length is 36"],
    [{ username: "-member" }, "Invalid user patch format: username must not start or end with a hyphen"],
    [{ username: "member-" }, "Invalid user patch format: username must not start or end with a hyphen"],
    [{ password: "" }, "Invalid user patch format: password is too short, minimum length is 8"],
    [{ password: "abc" }, "Invalid user patch format: password is too short, minimum length is 8"],
    [{ password: "1234567" }, "Invalid user patch format: password is too short, minimum length is 8"],
    [{ nickname: "n".repeat(65) }, "Invalid user patch format: nickname is too long, maximum length is 64"],
    [{ email: "not-an-email" }, "Invalid user patch format: invalid email format"],
    [{ rowStatus: "DELETED" }, /^Malformatted patch user request: rowStatus/],
    [{ resetOpenId: "yes" }, /^Malformatted patch user request: resetOpenId/],
    [{ nickname: 5 }, /^Malformatted patch user request: nickname/],
  ])("validates %j", async (body, message) => {
    const before = await row(member.user.id);
    expectError(await member.client.patch(`/api/user/${member.user.id}`, body), 400, message);
    expect(await row(member.user.id)).toEqual(before);
  });

  it("renames to memos' rule at its edges: one character and 36", async () => {
    for (const username of ["m", "M-2".padEnd(36, "x")]) {
      const response = await member.client.patch(`/api/user/${member.user.id}`, { username });
      expect(response.status, response.text).toBe(200);
      expect(response.body.data.username).toBe(username);
    }
    expectError(await member.client.patch(`/api/user/${member.user.id}`, { username: "x".repeat(37) }), 400, /too long/, {
      field: "username",
    });
  });

  it("keeps an account named before the rule signing in and changing other fields with its name unchanged", async () => {
    // v0.10 allowed names like these; the rule binds new names only.
    await t.ctx.store.db
      .updateTable("user")
      .set({ username: "old_name.v0", username_key: usernameKey("old_name.v0") })
      .where("id", "=", member.user.id)
      .execute();
    const signedIn = await signIn(t, "old_name.v0", PASSWORD);
    const response = await signedIn.patch(`/api/user/${member.user.id}`, { username: "old_name.v0", nickname: "Old" });
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toMatchObject({ username: "old_name.v0", nickname: "Old" });
    expectError(await signedIn.patch(`/api/user/${member.user.id}`, { username: "new_name" }), 400, /username may contain only/, {
      field: "username",
    });
  });

  it("answers 400 for a malformed body", async () => {
    const response = await t.app.inject({
      method: "PATCH",
      url: `/api/user/${member.user.id}`,
      payload: "{broken",
      headers: { "content-type": "application/json", cookie: member.client.cookie! },
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body).error).toMatch(/^code=400, message=/);
  });

  it("answers 409 when the new username is taken, and allows keeping one's own", async () => {
    expectError(await member.client.patch(`/api/user/${member.user.id}`, { username: "host" }), 409, /host/);
    expect((await row(member.user.id)).username).toBe("member");
    expect((await member.client.patch(`/api/user/${member.user.id}`, { username: "member" })).status).toBe(200);
  });

  it("ignores null fields, as Go did for pointer fields", async () => {
    const response = await member.client.patch(`/api/user/${member.user.id}`, { nickname: null, email: null, password: null });
    expect(response.status).toBe(200);
    expect(response.body.data.nickname).toBe("member");
    expect(await canSignIn("member", PASSWORD)).toBe(true);
  });
});

describe("POST /api/user/setting", () => {
  const allowed: Record<string, string[]> = {
    locale: ["en", "zh", "vi", "fr", "nl", "sv", "de", "es", "uk", "ru", "it"],
    appearance: ["system", "light", "dark"],
    memoVisibility: ["PRIVATE", "PROTECTED", "PUBLIC"],
    memoDisplayTsOption: ["created_ts", "updated_ts"],
    memoListOrder: ["display", "updated"],
  };

  it("stores every allowed value of every key, upserting per key", async () => {
    for (const [key, values] of Object.entries(allowed)) {
      for (const value of values) {
        const response = await member.client.post("/api/user/setting", { key, value: JSON.stringify(value) });
        expect(response.status).toBe(200);
        expect(response.body.data).toEqual({ UserID: member.user.id, key, value: JSON.stringify(value) });
      }
    }
    const me = await member.client.get("/api/user/me");
    const list = me.body.data.userSettingList as Array<{ key: string; value: string }>;
    expect(list).toHaveLength(5);
    expect(Object.fromEntries(list.map((s) => [s.key, JSON.parse(s.value)]))).toEqual({
      locale: "it",
      appearance: "dark",
      memoVisibility: "PUBLIC",
      memoDisplayTsOption: "updated_ts",
      memoListOrder: "updated",
    });
    // Settings are per user.
    expect((await host.client.get("/api/user/me")).body.data.userSettingList).toEqual([]);
  });

  it("memoVisibility is the default visibility of a new memo", async () => {
    await member.client.post("/api/user/setting", { key: "memoVisibility", value: '"PROTECTED"' });
    const memo = await member.client.post("/api/memo", { content: "defaults" });
    expect(memo.body.data.visibility).toBe("PROTECTED");
  });

  it.each([
    [{ key: "theme", value: '"dark"' }, /^Invalid user setting format/],
    [{ key: "locale", value: '"xx"' }, /^Invalid user setting format/],
    [{ key: "locale", value: "en" }, /^Invalid user setting format/],
    [{ key: "locale", value: "42" }, /^Invalid user setting format/],
    [{ key: "appearance", value: '"blue"' }, /^Invalid user setting format/],
    [{ key: "memoVisibility", value: '"public"' }, /^Invalid user setting format/],
    [{ key: "memoDisplayTsOption", value: '"displayed_ts"' }, /^Invalid user setting format/],
    [{ key: "locale" }, /^Malformatted post user setting upsert request/],
    [{ key: "locale", value: ["en"] }, /^Malformatted post user setting upsert request/],
    [{ value: '"en"' }, /^Malformatted post user setting upsert request/],
  ])("refuses %j with 400", async (body, message) => {
    expectError(await member.client.post("/api/user/setting", body), 400, message);
    expect(await t.ctx.store.db.selectFrom("user_setting").selectAll().execute()).toEqual([]);
  });

  it("needs a signed-in user", async () => {
    expectError(await anonymous(t).post("/api/user/setting", { key: "locale", value: '"en"' }), 401);
  });

  it("changes only the caller's own settings, whatever user id the body names", async () => {
    const response = await member.client.post("/api/user/setting", {
      key: "locale",
      value: '"zh"',
      userId: host.user.id,
      UserID: host.user.id,
    });
    expect(response.body.data.UserID).toBe(member.user.id);
    expect((await host.client.get("/api/user/me")).body.data.userSettingList).toEqual([]);
  });

  it("a session opened after a setting change sees it too", async () => {
    await member.client.post("/api/user/setting", { key: "locale", value: '"sv"' });
    const again = await signIn(t, "member");
    expect((await again.get("/api/user/me")).body.data.userSettingList[0].value).toBe('"sv"');
  });
});

describe("a password change or archiving ends every credential, the access token included", () => {
  const meWith = (token: string) => anonymous(t).withToken(token).get("/api/user/me");

  it("the user's own change: a new openId in the answer and in /me, the old one answers 401 (Bearer and ?openId=)", async () => {
    const old = member.user.openId;
    expect((await meWith(old)).status).toBe(200);
    const response = await member.client.patch(`/api/user/${member.user.id}`, { password: "brand-new-pass" });
    expect(response.status).toBe(200);
    const fresh = response.body.data.openId as string;
    expect(fresh).toMatch(/^[0-9a-f-]{36}$/);
    expect(fresh).not.toBe(old);
    expect((await meWith(old)).status).toBe(401);
    expect((await anonymous(t).get("/api/memo", { query: { openId: old } })).status).toBe(401);
    expect((await anonymous(t).withToken(old).post("/api/memo", { content: "with the old token" })).status).toBe(401);
    // The session that changed it stays, and sees the new token in the account settings.
    expect((await member.client.get("/api/user/me")).body.data.openId).toBe(fresh);
    expect((await meWith(fresh)).body.data.id).toBe(member.user.id);
  });

  for (const by of ["host", "admin"] as const) {
    it(`a reset by the ${by}: the member's old openId answers 401, and the ${by} never sees the new one`, async () => {
      const actor = by === "host" ? host : await createUser(t, host, "an-admin", "ADMIN");
      const old = member.user.openId;
      const response = await actor.client.patch(`/api/user/${member.user.id}`, { password: `reset-by-${by}` });
      expect(response.status).toBe(200);
      expect(response.body.data.openId).toBe("");
      expect((await meWith(old)).status).toBe(401);
      const fresh = (await row(member.user.id)).open_id;
      expect(fresh).not.toBe(old);
      expect(response.text).not.toContain(fresh);
      expect(await canSignIn("member", `reset-by-${by}`)).toBe(true);
      const signedIn = await signIn(t, "member", `reset-by-${by}`);
      expect((await signedIn.get("/api/user/me")).body.data.openId).toBe(fresh);
    });
  }

  it("archiving rotates it too, and restoring does not bring the old one back", async () => {
    const old = member.user.openId;
    expect((await host.client.patch(`/api/user/${member.user.id}`, { rowStatus: "ARCHIVED" })).status).toBe(200);
    expect((await meWith(old)).status).toBe(401);
    expect((await host.client.patch(`/api/user/${member.user.id}`, { rowStatus: "NORMAL" })).status).toBe(200);
    expect((await meWith(old)).status).toBe(401);
    const fresh = (await row(member.user.id)).open_id;
    expect((await meWith(fresh)).status).toBe(200);
  });

  it("a change of nickname or email keeps the token", async () => {
    const old = member.user.openId;
    await member.client.patch(`/api/user/${member.user.id}`, { nickname: "Still me", email: "me@example.com" });
    await host.client.patch(`/api/user/${member.user.id}`, { nickname: "Renamed by host" });
    expect((await meWith(old)).status).toBe(200);
  });
});
