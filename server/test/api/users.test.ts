// /api/user: creating members, reading users (redacted or full), and deleting them with everything they own.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CREDENTIAL_KINDS, callerOf } from "../credential-kinds.js";
import { expectError } from "../expect.js";
import { anonymous, createMemo, createUser, PASSWORD, signUpHost, type TestUser, uploadResource } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";

let t: TestApp;
let host: TestUser;
beforeEach(async () => {
  // A fresh app per test; their queries run on the main thread (`--sqlite-readers 0`, a supported setting): a
  // reader thread per app cost a third of this file's time, and the reader path is covered by the list suites.
  t = await createTestApp({ sqliteReaders: 0 });
  host = await signUpHost(t);
});
afterEach(() => t.close());

const userCount = async () => (await t.ctx.store.db.selectFrom("user").select("id").execute()).length;

describe("POST /api/user", () => {
  it("lets the host create a USER or an ADMIN, answering the user with its email but never its openId", async () => {
    const response = await host.client.post("/api/user", {
      username: "member",
      password: "pass1234",
      role: "USER",
      email: "m@example.com",
      nickname: "Mem",
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      username: "member",
      role: "USER",
      email: "m@example.com",
      nickname: "Mem",
      rowStatus: "NORMAL",
      userSettingList: null,
    });
    expect(response.body.data.openId).toBe("");
    const admin = await host.client.post("/api/user", { username: "anadmin", password: "pass1234", role: "ADMIN" });
    expect(admin.body.data.role).toBe("ADMIN");
    // An empty nickname falls back to the username; a missing role means USER.
    const plain = await host.client.post("/api/user", { username: "plainer", password: "pass1234", nickname: "" });
    expect(plain.body.data).toMatchObject({ role: "USER", nickname: "plainer" });
  });

  it("lets an admin create members", async () => {
    const admin = await createUser(t, host, "anadmin", "ADMIN");
    const response = await admin.client.post("/api/user", { username: "member", password: "pass1234", role: "USER" });
    expect(response.status).toBe(200);
  });

  it("refuses a USER (403), anonymous (401), and role HOST for anyone (403)", async () => {
    const member = await createUser(t, host, "member");
    const before = await userCount();
    expectError(
      await member.client.post("/api/user", { username: "other", password: "pass1234", role: "USER" }),
      403,
      "Only Host user can create member",
    );
    expectError(
      await anonymous(t).post("/api/user", { username: "other", password: "pass1234", role: "USER" }),
      401,
      "Missing user in session",
    );
    expectError(
      await host.client.post("/api/user", { username: "other", password: "pass1234", role: "HOST" }),
      403,
      "Could not create host user",
    );
    const admin = await createUser(t, host, "anadmin", "ADMIN");
    expectError(await admin.client.post("/api/user", { username: "other", password: "pass1234", role: "HOST" }), 403);
    expect(await userCount()).toBe(before + 1);
  });

  it.each([
    [{ username: "", password: "pass1234" }, "Invalid user create format: username is too short, minimum length is 1"],
    [{ username: "x".repeat(37), password: "pass1234" }, "Invalid user create format: username is too long, maximum length is 36"],
    [{ username: "-member", password: "pass1234" }, "Invalid user create format: username must not start or end with a hyphen"],
    [{ username: "member-", password: "pass1234" }, "Invalid user create format: username must not start or end with a hyphen"],
    [
      { username: "mem ber", password: "pass1234" },
      "Invalid user create format: username may contain only letters a-z and A-Z, digits and hyphens",
    ],
    [{ username: "member", password: "1234567" }, "Invalid user create format: password is too short, minimum length is 8"],
    [
      { username: "member", password: "pass1234", nickname: "n".repeat(65) },
      "Invalid user create format: nickname is too long, maximum length is 64",
    ],
    [{ username: "member", password: "pass1234", email: "@qq.com" }, "Invalid user create format: invalid email format"],
    [
      { username: "member", password: "pass1234", email: `${"e".repeat(251)}@x.com` },
      "Invalid user create format: email is too long, maximum length is 256",
    ],
    [{ username: "member", password: "pass1234", role: "ROOT" }, /^Malformatted post user request: role/],
    [{ username: "member" }, /^Malformatted post user request: password/],
    [{ username: 7, password: "pass1234" }, /^Malformatted post user request: username/],
  ])("validates %j", async (body, message) => {
    const response = await host.client.post("/api/user", body);
    expectError(response, 400, message);
    if (typeof message === "string" && message.includes(": username ")) expect(response.body.field).toBe("username");
    expect(await userCount()).toBe(1);
  });

  it("creates members named by memos' rule: one character, 36, inner hyphens, either case", async () => {
    for (const username of ["b", "x".repeat(36), "Jo-Ann-2"]) {
      const response = await host.client.post("/api/user", { username, password: "pass1234" });
      expect(response.status, response.text).toBe(200);
      expect(response.body.data.username).toBe(username);
      expect((await anonymous(t).post("/api/auth/signin", { username, password: "pass1234" })).status).toBe(200);
    }
  });

  it("accepts the v0 email examples t@gmail.com and 1@gmail", async () => {
    expect((await host.client.post("/api/user", { username: "mail1", password: "pass1234", email: "t@gmail.com" })).status).toBe(200);
    expect((await host.client.post("/api/user", { username: "mail2", password: "pass1234", email: "1@gmail" })).status).toBe(200);
  });

  it("answers 409 for a duplicate username, also when two requests race", async () => {
    await createUser(t, host, "member");
    expectError(await host.client.post("/api/user", { username: "member", password: "pass1234" }), 409, /member/);
    const race = await Promise.all([1, 2, 3, 4].map(() => host.client.post("/api/user", { username: "racer", password: "pass1234" })));
    expect(race.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
  });

  it("takes no server-only field from the body", async () => {
    const response = await host.client.post("/api/user", {
      username: "member",
      password: "pass1234",
      id: 999,
      openId: "chosen-open-id",
      passwordHash: "$2a$10$abcdefghijklmnopqrstuv",
      createdTs: 1,
      rowStatus: "ARCHIVED",
    });
    expect(response.status).toBe(200);
    expect(response.body.data.id).not.toBe(999);
    expect(response.body.data.openId).not.toBe("chosen-open-id");
    expect(response.body.data.rowStatus).toBe("NORMAL");
    expect(response.body.data.createdTs).toBeGreaterThan(1_600_000_000);
    expect((await anonymous(t).post("/api/auth/signin", { username: "member", password: "pass1234" })).status).toBe(200);
  });
});

describe("reading users", () => {
  it("GET /api/user lists every user, redacted, for signed-in callers only", async () => {
    const member = await createUser(t, host, "member");
    await host.client.patch(`/api/user/${member.user.id}`, { email: "m@example.com" });
    expectError(await anonymous(t).get("/api/user"), 401);
    const response = await member.client.get("/api/user");
    expect(response.status).toBe(200);
    const list = response.body.data as Array<Record<string, unknown>>;
    expect(list.map((u) => u.username).sort()).toEqual(["host", "member"]);
    // Newest first (created_ts, then id, descending).
    expect(list.map((u) => u.id)).toEqual([member.user.id, host.user.id]);
    for (const user of list) {
      expect(user.email).toBe("");
      expect(user.openId).toBe("");
      expect(user.userSettingList).toBeNull();
      expect(user).not.toHaveProperty("passwordHash");
      expect(Object.keys(user)).toEqual([
        "id",
        "rowStatus",
        "createdTs",
        "updatedTs",
        "username",
        "role",
        "email",
        "nickname",
        "avatarUrl",
        "openId",
        "userSettingList",
      ]);
    }
  });

  it("GET /api/user/:id is public and redacted; 404 for unknown ids, 400 for non-numeric ones", async () => {
    const member = await createUser(t, host, "member");
    await member.client.patch(`/api/user/${member.user.id}`, { email: "m@example.com" });
    for (const client of [anonymous(t), member.client, host.client]) {
      const response = await client.get(`/api/user/${member.user.id}`);
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ id: member.user.id, username: "member", email: "", openId: "", userSettingList: null });
    }
    expectError(await anonymous(t).get("/api/user/9999"), 404, "User ID not found: 9999");
    // The largest id is merely absent; past PostgreSQL's INTEGER range an id is refused, on both engines.
    expectError(await anonymous(t).get("/api/user/2147483647"), 404, "User ID not found: 2147483647");
    for (const big of ["2147483648", "999999999999999"]) {
      expectError(await anonymous(t).get(`/api/user/${big}`), 400, `ID is not a number: ${big}`);
      expectError(await host.client.patch(`/api/user/${big}`, { nickname: "x" }), 400, `ID is not a number: ${big}`);
      expectError(await host.client.delete(`/api/user/${big}`), 400, `ID is not a number: ${big}`);
    }
    for (const bad of ["abc", "1.5", "-1", "0", "1e3"]) {
      expectError(await anonymous(t).get(`/api/user/${bad}`), 400, `ID is not a number: ${bad}`);
    }
  });

  it("GET /api/user/name/:username finds the account a mention names: exact first, then case and width folded; public and redacted", async () => {
    const member = await createUser(t, host, "Mia-Rose");
    await member.client.patch(`/api/user/${member.user.id}`, { email: "m@example.com" });
    const callers = [anonymous(t), host.client, ...(await Promise.all(CREDENTIAL_KINDS.map((kind) => callerOf(t, member, kind))))];
    for (const client of callers) {
      for (const name of ["Mia-Rose", "mia-rose", "ＭＩＡ-rose", encodeURIComponent("Mia-Rose")]) {
        const response = await client.get(`/api/user/name/${name}`);
        expect(response.status, name).toBe(200);
        expect(response.body.data).toMatchObject({
          id: member.user.id,
          username: "Mia-Rose",
          email: "",
          openId: "",
          userSettingList: null,
        });
      }
    }
    expectError(await anonymous(t).get("/api/user/name/nobody"), 404, "User not found with username nobody");
    // The legacy pair that differs only by case: each exact name reaches its own account.
    const db = t.ctx.store.db;
    const legacy = await db
      .insertInto("user")
      .values({ username: "MIA-ROSE", password_hash: "x", open_id: "legacy-open-id-mia", username_key: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect((await anonymous(t).get("/api/user/name/MIA-ROSE")).body.data.id).toBe(legacy.id);
    expect((await anonymous(t).get("/api/user/name/Mia-Rose")).body.data.id).toBe(member.user.id);
  });

  it("GET /api/user/me is the full self with userSettingList as an array, and 401 when anonymous", async () => {
    const member = await createUser(t, host, "member");
    const me = await member.client.get("/api/user/me");
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ id: member.user.id, openId: member.user.openId, userSettingList: [] });
    await member.client.post("/api/user/setting", { key: "locale", value: '"fr"' });
    const after = await member.client.get("/api/user/me");
    expect(after.body.data.userSettingList).toEqual([{ UserID: member.user.id, key: "locale", value: '"fr"' }]);
    expectError(await anonymous(t).get("/api/user/me"), 401, "Missing user in session");
  });

  it("the status host is redacted too", async () => {
    const status = await anonymous(t).get("/api/status");
    expect(status.body.data.host).toMatchObject({ id: host.user.id, email: "", openId: "" });
  });
});

describe("DELETE /api/user/:id", () => {
  it("is for the host and admins only, and never removes the host", async () => {
    const member = await createUser(t, host, "member");
    const other = await createUser(t, host, "other");
    const admin = await createUser(t, host, "anadmin", "ADMIN");
    expectError(await anonymous(t).delete(`/api/user/${other.user.id}`), 401);
    expectError(await member.client.delete(`/api/user/${other.user.id}`), 403);
    expectError(await member.client.delete(`/api/user/${member.user.id}`), 403);
    expectError(await host.client.delete(`/api/user/${host.user.id}`), 403);
    expectError(await admin.client.delete(`/api/user/${host.user.id}`), 403);
    expect(await userCount()).toBe(4);
    const byAdmin = await admin.client.delete(`/api/user/${other.user.id}`);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toBe(true);
    expect((await host.client.delete(`/api/user/${admin.user.id}`)).body).toBe(true);
    expectError(await host.client.delete("/api/user/9999"), 404, "User ID not found: 9999");
    expectError(await host.client.delete("/api/user/abc"), 400, "ID is not a number: abc");
    expect(await userCount()).toBe(2);
  });

  it("removes the user's memos, resources, shortcuts, settings, tags, pins, links and sessions", async () => {
    const member = await createUser(t, host, "member");
    const hostMemo = await createMemo(host, "host memo #kept", "PUBLIC");
    const memo = await createMemo(member, "member memo #gone", "PUBLIC");
    const resource = await uploadResource(member);
    expect((await member.client.post(`/api/memo/${memo.id}/resource`, { resourceId: resource.id })).status).toBe(200);
    expect((await member.client.post(`/api/memo/${hostMemo.id}/organizer`, { pinned: true })).status).toBe(200);
    expect((await member.client.post("/api/shortcut", { title: "mine", payload: "[]" })).status).toBe(200);
    expect((await member.client.post("/api/user/setting", { key: "locale", value: '"de"' })).status).toBe(200);
    expect((await member.client.post("/api/tag", { name: "extra" })).status).toBe(200);
    const db = t.ctx.store.db;
    const id = member.user.id;
    expect((await db.selectFrom("session").select("id").where("user_id", "=", id).execute()).length).toBeGreaterThan(0);

    expect((await host.client.delete(`/api/user/${id}`)).status).toBe(200);

    expect(await db.selectFrom("user").select("id").where("id", "=", id).execute()).toEqual([]);
    expect(await db.selectFrom("memo").select("id").where("creator_id", "=", id).execute()).toEqual([]);
    expect(await db.selectFrom("resource").select("id").where("creator_id", "=", id).execute()).toEqual([]);
    expect(await db.selectFrom("shortcut").select("id").where("creator_id", "=", id).execute()).toEqual([]);
    expect(await db.selectFrom("user_setting").select("key").where("user_id", "=", id).execute()).toEqual([]);
    expect(await db.selectFrom("tag").select("name").where("creator_id", "=", id).execute()).toEqual([]);
    expect(await db.selectFrom("session").select("id").where("user_id", "=", id).execute()).toEqual([]);
    expect(await db.selectFrom("memo_organizer").select("id").where("user_id", "=", id).execute()).toEqual([]);
    expect(await db.selectFrom("memo_resource").select("memo_id").where("resource_id", "=", resource.id).execute()).toEqual([]);
    expect(await db.selectFrom("memo_tag").select("tag").where("memo_id", "=", memo.id).execute()).toEqual([]);
    // The host's things stay.
    expect((await host.client.get(`/api/memo/${hostMemo.id}`)).status).toBe(200);
    expect((await host.client.get("/api/tag")).body.data).toEqual(["kept"]);
    // The deleted user's cookie is now anonymous, their openId is dead.
    expect((await member.client.get("/api/user/me")).status).toBe(401);
    expect((await anonymous(t).withToken(member.user.openId).get("/api/user/me")).status).toBe(401);
  });
});

describe("sign-in passwords are never sent back", () => {
  it("no user payload carries a password hash", async () => {
    const member = await createUser(t, host, "member", "USER");
    const payloads = [
      (await member.client.get("/api/user/me")).text,
      (await host.client.get("/api/user")).text,
      (await anonymous(t).get(`/api/user/${member.user.id}`)).text,
      (await anonymous(t).post("/api/auth/signin", { username: "member", password: PASSWORD })).text,
      (await host.client.patch(`/api/user/${member.user.id}`, { nickname: "N" })).text,
    ];
    for (const text of payloads) expect(text).not.toMatch(/argon2|\$2[aby]\$|password/i);
  });
});

describe("usernames are unique ignoring case and width", () => {
  it("refuses a look-alike of an existing name at sign-up, creation and rename (409), and keeps the rows as they were", async () => {
    await t.ctx.store.db.insertInto("system_setting").values({ name: "allowSignUp", value: "true", description: "" }).execute();
    const alice = await createUser(t, host, "alice");
    // A full-width look-alike breaks the username rule before it meets the name it imitates.
    expectError(await host.client.post("/api/user", { username: "ａｌｉｃｅ", password: "pass1234" }), 400, /username may contain only/, {
      field: "username",
    });
    for (const name of ["Alice", "ALICE", "Host", "HOST"]) {
      expectError(
        await anonymous(t).post("/api/auth/signup", { username: name, password: "pass1234" }),
        409,
        `Username already exists: ${name}`,
      );
      expectError(await host.client.post("/api/user", { username: name, password: "pass1234" }), 409, `Username already exists: ${name}`);
    }
    const before = await userCount();
    // A member cannot rename themself to look like the host or another member.
    expectError(await alice.client.patch(`/api/user/${alice.user.id}`, { username: "HOST" }), 409, "Username already exists: HOST");
    const bob = await createUser(t, host, "bob-the-builder");
    expectError(await bob.client.patch(`/api/user/${bob.user.id}`, { username: "ALICE" }), 409);
    expect(await userCount()).toBe(before + 1);
    // Changing the case of one's own name is allowed.
    const recased = await alice.client.patch(`/api/user/${alice.user.id}`, { username: "Alice" });
    expect(recased.status).toBe(200);
    expect(recased.body.data.username).toBe("Alice");
  });

  it("signs in whatever the case typed", async () => {
    await createUser(t, host, "carol");
    for (const name of ["carol", "Carol", "CAROL"]) {
      expect((await anonymous(t).post("/api/auth/signin", { username: name, password: PASSWORD })).status, name).toBe(200);
    }
  });

  it("refuses control and invisible characters and spaces in a username (400 naming the field and the rule)", async () => {
    for (const name of ["\u202ehost", "ho\u200bst", "host\u0007", " host", "host ", "ho st"]) {
      const response = await host.client.post("/api/user", { username: name, password: "pass1234" });
      expectError(response, 400, /username may contain only letters a-z and A-Z, digits and hyphens$/, { field: "username" });
    }
  });

  it("keeps accounts of a v0.10 database that differ only by case: both sign in, new clashes are refused", async () => {
    // As the migration leaves such a pair: the older row holds the folded key, the newer none.
    const db = t.ctx.store.db;
    const dave = await createUser(t, host, "dave");
    const hash = (await db.selectFrom("user").select("password_hash").where("id", "=", dave.user.id).executeTakeFirstOrThrow())
      .password_hash;
    await db
      .insertInto("user")
      .values({ username: "Dave", password_hash: hash, open_id: "legacy-open-id-dave", username_key: null })
      .execute();
    expect((await anonymous(t).post("/api/auth/signin", { username: "dave", password: PASSWORD })).body.data.id).toBe(dave.user.id);
    const legacy = await anonymous(t).post("/api/auth/signin", { username: "Dave", password: PASSWORD });
    expect(legacy.status).toBe(200);
    expect(legacy.body.data.username).toBe("Dave");
    expectError(await host.client.post("/api/user", { username: "DAVE", password: "pass1234" }), 409);
    // The newer account can still edit its profile without renaming.
    const legacyClient = anonymous(t).withToken("legacy-open-id-dave");
    expect((await legacyClient.patch(`/api/user/${legacy.body.data.id}`, { username: "Dave", nickname: "Dave two" })).status).toBe(200);
    expect(await userCount()).toBe(3);
  });
});
