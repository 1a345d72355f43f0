// The v1 UserService over both transports: custom-verb routes (`users/{u}:getStats`, `users:stats`,
// `users:batchGet`) beside the plain ones, stats as each caller may see them, the administrators' list with its pages,
// the caller's GENERAL preferences (our locale, appearance and default visibility), personal access tokens from a
// session (the secret once, never to a token), and account changes by our rules.
import { Code } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UserService } from "../../src/v1/gen/memos/api/v1/user_service_pb.js";
import { createMemo, PASSWORD, type TestUser } from "../factories.js";
import type { TestApp } from "../harness.js";
import { connectClient, failure, personalToken, rest, startV1Instance } from "../v1-client.js";

let t: TestApp;
let base: string;
let member: TestUser;
let hostToken: string;
let memberToken: string;
let memberCookie: string;

beforeAll(async () => {
  ({ t, base, member, hostToken, memberToken } = await startV1Instance());
  memberCookie = member.client.cookie!;
});
afterAll(() => t.close());

describe("custom verbs and stats", () => {
  it("routes a verb beside its plain route, and counts what each caller may see of an account", async () => {
    await createMemo(member, "Public #work/q3 see https://example.com", "PUBLIC");
    await createMemo(member, "Shared #work\n- [ ] call back", "PROTECTED");
    const pinned = await createMemo(member, "Private `code`\n- [x] done", "PRIVATE");
    expect((await member.client.post(`/api/memo/${pinned.id}/organizer`, { pinned: true })).status).toBe(200);
    const archived = await createMemo(member, "Gone #old", "PUBLIC");
    await member.client.patch(`/api/memo/${archived.id}`, { rowStatus: "ARCHIVED" });

    expect((await rest(base, "GET", "/api/v1/users/member")).body).toMatchObject({ name: "users/member", username: "member" });
    const own = await rest(base, "GET", "/api/v1/users/member:getStats", { token: memberToken });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body).toMatchObject({
      name: "users/member/stats",
      totalMemoCount: 3,
      tagCount: { "work/q3": 1, work: 1 },
      memoTypeStats: { linkCount: 1, codeCount: 1, todoCount: 2, undoCount: 1 },
    });
    expect(own.body.memoCreatedTimestamps).toHaveLength(3);
    expect(own.body.memoUpdatedTimestamps).toHaveLength(3);
    expect(own.body.pinnedMemos).toEqual([expect.stringMatching(/^memos\/\w+$/)]);

    const visitor = await rest(base, "GET", "/api/v1/users/member:getStats");
    expect(visitor.body).toMatchObject({ totalMemoCount: 1, tagCount: { "work/q3": 1 }, pinnedMemos: [] });
    const other = await connectClient(base, UserService, { authorization: `Bearer ${hostToken}` }).getUserStats({ name: "users/member" });
    expect([other.totalMemoCount, other.tagCount]).toEqual([2, { "work/q3": 1, work: 1 }]);

    const all = await rest(base, "GET", "/api/v1/users:stats");
    expect(all.status).toBe(200);
    expect(all.body.stats).toEqual([expect.objectContaining({ name: "users/member/stats", totalMemoCount: 1 })]);

    const unknownVerb = await rest(base, "GET", "/api/v1/users/member:explode");
    expect([unknownVerb.status, unknownVerb.body.code]).toEqual([404, 5]);
    const batch = await rest(base, "POST", "/api/v1/users:batchGet", { body: { usernames: ["member", "nobody", "HOST"] } });
    expect(batch.body.users.map((user: { name: string }) => user.name)).toEqual(["users/member", "users/host"]);
  });
});

describe("stats of the archive", () => {
  it("counts the caller's own archived memos for state ARCHIVED (the archive page), nobody else's", async () => {
    const archived = await createMemo(member, "Put away #shelved", "PUBLIC");
    await member.client.patch(`/api/memo/${archived.id}`, { rowStatus: "ARCHIVED" });
    const own = await rest(base, "GET", "/api/v1/users:stats?state=ARCHIVED", { token: memberToken });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.stats).toHaveLength(1);
    expect(own.body.stats[0]).toMatchObject({ name: "users/member/stats", tagCount: { shelved: 1 } });
    expect(own.body.stats[0].totalMemoCount).toBeGreaterThanOrEqual(1);
    const viaConnect = await connectClient(base, UserService, { authorization: `Bearer ${memberToken}` }).listAllUserStats({ state: 2 });
    expect(viaConnect.stats.map((stats) => stats.name)).toEqual(["users/member/stats"]);
    // Another member's archive is theirs alone; a visitor has none.
    expect((await rest(base, "GET", "/api/v1/users:stats?state=ARCHIVED", { token: hostToken })).body.stats).toEqual([]);
    expect((await rest(base, "GET", "/api/v1/users:stats?state=ARCHIVED")).body.stats).toEqual([]);
    const bad = await rest(base, "GET", "/api/v1/users:stats?state=7");
    expect([bad.status, bad.body.message]).toEqual([400, expect.stringContaining("state")]);
  });
});

describe("stats of explore", () => {
  it("narrows the counted memos by visibility (explore's filter), and refuses any other filter by name", async () => {
    await createMemo(member, "Only mine #secretive", "PRIVATE");
    await createMemo(member, "For members #sharedtag", "PROTECTED");
    const filter = encodeURIComponent('visibility in ["PUBLIC", "PROTECTED"]');
    const answer = await rest(base, "GET", `/api/v1/users:stats?filter=${filter}`, { token: memberToken });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const own = answer.body.stats.find((stats: { name: string }) => stats.name === "users/member/stats");
    expect(own.tagCount).toHaveProperty("sharedtag", 1);
    expect(own.tagCount).not.toHaveProperty("secretive");
    const publicOnly = await connectClient(base, UserService, { authorization: `Bearer ${memberToken}` }).listAllUserStats({
      filter: 'visibility == "PUBLIC"',
    });
    expect(publicOnly.stats.flatMap((stats) => Object.keys(stats.tagCount))).not.toContain("sharedtag");
    const other = await rest(base, "GET", `/api/v1/users:stats?filter=${encodeURIComponent("pinned")}`);
    expect([other.status, other.body.message]).toEqual([400, expect.stringContaining("invalid filter")]);
    const broken = await rest(base, "GET", `/api/v1/users:stats?filter=${encodeURIComponent("visibility in [")}`);
    expect([broken.status, broken.body.message]).toEqual([400, expect.stringContaining("filter")]);
  });
});

describe("listing accounts", () => {
  it("pages through every account for an administrator, filters by name, and refuses a member", async () => {
    const first = await rest(base, "GET", "/api/v1/users?pageSize=1", { token: hostToken });
    expect(first.status).toBe(200);
    expect(first.body.users).toHaveLength(1);
    const second = await rest(base, "GET", `/api/v1/users?pageSize=1&pageToken=${first.body.nextPageToken}`, { token: hostToken });
    expect(second.body.nextPageToken).toBe("");
    const names = [...first.body.users, ...second.body.users].map((user: { name: string }) => user.name).sort();
    expect(names).toEqual(["users/host", "users/member"]);
    // An administrator sees the emails of those they manage.
    expect(second.body.users[0]).toHaveProperty("email");

    const filtered = await rest(base, "GET", `/api/v1/users?filter=${encodeURIComponent('username == "member"')}`, { token: hostToken });
    expect(filtered.body.users.map((user: { username: string }) => user.username)).toEqual(["member"]);
    const refused = await rest(base, "GET", "/api/v1/users", { token: memberToken });
    expect([refused.status, refused.body.code]).toEqual([403, 7]);
  });
});

describe("preferences", () => {
  it("reads and writes GENERAL as our locale, appearance and default visibility, the same settings v0 keeps", async () => {
    const path = "/api/v1/users/member/settings/GENERAL";
    const fresh = await rest(base, "GET", path, { token: memberToken });
    expect(fresh.body).toEqual({
      name: "users/member/settings/GENERAL",
      generalSetting: { locale: "en", memoVisibility: "PRIVATE", theme: "system" },
    });
    const patched = await rest(base, "PATCH", `${path}?updateMask=locale,theme,memo_visibility`, {
      token: memberToken,
      body: { generalSetting: { locale: "zh-Hans", theme: "default-dark", memoVisibility: "PROTECTED" } },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.generalSetting).toEqual({ locale: "zh", memoVisibility: "PROTECTED", theme: "default-dark" });
    // Without a mask, the fields the body fills.
    const inferred = await rest(base, "PATCH", path, { token: memberToken, body: { generalSetting: { theme: "default" } } });
    expect(inferred.body.generalSetting).toMatchObject({ theme: "default", locale: "zh" });
    const v0 = (await member.client.get("/api/user/me")).body.data.userSettingList as Array<{ key: string; value: string }>;
    expect(v0).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: "appearance", value: '"light"' }),
        expect.objectContaining({ key: "memoVisibility", value: '"PROTECTED"' }),
      ]),
    );
    // A memo created through v1 without a visibility gets the default.
    const created = await rest(base, "POST", "/api/v1/memos", { token: memberToken, body: { content: "default visibility" } });
    expect(created.body.visibility).toBe("PROTECTED");

    const list = await connectClient(base, UserService, { authorization: `Bearer ${memberToken}` }).listUserSettings({
      parent: "users/member",
    });
    expect(list.settings.map((setting) => setting.name)).toEqual(["users/member/settings/GENERAL"]);

    const others = await rest(base, "GET", path, { token: hostToken });
    expect([others.status, others.body.code]).toEqual([403, 7]);
    for (const [query, body, field] of [
      ["?updateMask=theme", { generalSetting: { theme: "paper" } }, /setting\.general_setting\.theme/],
      ["?updateMask=locale", { generalSetting: { locale: "tlh" } }, /setting\.general_setting\.locale/],
      ["?updateMask=memo_visibility", { generalSetting: { memoVisibility: "SECRET" } }, /memo_visibility/],
      ["?updateMask=colour", { generalSetting: {} }, /update_mask/],
    ] as const) {
      const answer = await rest(base, "PATCH", `${path}${query}`, { token: memberToken, body });
      expect([answer.status, answer.body.message], query).toEqual([400, expect.stringMatching(field)]);
    }
    const webhooks = await rest(base, "GET", "/api/v1/users/member/settings/WEBHOOKS", { token: memberToken });
    expect(webhooks.status).toBe(501);
    const unknown = await rest(base, "GET", "/api/v1/users/member/settings/NOPE", { token: memberToken });
    expect([unknown.status, unknown.body.message]).toEqual([400, expect.stringMatching(/^invalid name: /)]);
  });
});

describe("personal access tokens", () => {
  it("are made, listed and revoked from a session: the secret once, and never to a token", async () => {
    const tokens = connectClient(base, UserService, { cookie: memberCookie });
    const created = await tokens.createPersonalAccessToken({ parent: "users/member", description: "script", expiresInDays: 30 });
    expect(created.token).toMatch(/^memos_pat_/);
    expect(created.personalAccessToken?.name).toMatch(/^users\/member\/personalAccessTokens\/\d+$/);
    expect(created.personalAccessToken?.expiresAt).toBeDefined();
    // The new token works, and may not manage tokens.
    const me = await rest(base, "GET", "/api/v1/auth/me", { token: created.token });
    expect(me.body.user.username).toBe("member");
    const byToken = await rest(base, "GET", "/api/v1/users/member/personalAccessTokens", { token: created.token });
    expect([byToken.status, byToken.body.code]).toEqual([403, 7]);

    const listed = await tokens.listPersonalAccessTokens({ parent: "users/member" });
    const entry = listed.personalAccessTokens.find((token) => token.name === created.personalAccessToken?.name);
    expect(entry).toMatchObject({ description: "script" });
    expect(JSON.stringify(listed, (_key, value) => (typeof value === "bigint" ? String(value) : value))).not.toContain(created.token);

    await tokens.deletePersonalAccessToken({ name: created.personalAccessToken!.name });
    expect((await rest(base, "GET", "/api/v1/auth/me", { token: created.token })).status).toBe(401);

    const bad: Array<[() => Promise<unknown>, Code, RegExp]> = [
      [
        () => tokens.createPersonalAccessToken({ parent: "users/member", description: " " }),
        Code.InvalidArgument,
        /^invalid description: /,
      ],
      [
        () => tokens.createPersonalAccessToken({ parent: "users/member", description: "x", expiresInDays: -1 }),
        Code.InvalidArgument,
        /expires_in_days/,
      ],
      [() => tokens.createPersonalAccessToken({ parent: "users/host", description: "x" }), Code.PermissionDenied, /permission denied/],
      [() => tokens.deletePersonalAccessToken({ name: "users/member/personalAccessTokens/abc" }), Code.InvalidArgument, /^invalid name: /],
      [() => tokens.deletePersonalAccessToken({ name: "users/member/personalAccessTokens/999999" }), Code.NotFound, /not found/],
    ];
    for (const [call, code, message] of bad) {
      const error = await failure(call());
      expect([error.code, error.rawMessage]).toEqual([code, expect.stringMatching(message)]);
    }
  });
});

describe("changing an account", () => {
  it("changes the nickname and email by mask, the password from a session only, and refuses what we do not keep or cannot read", async () => {
    const patched = await rest(base, "PATCH", "/api/v1/users/member", {
      token: memberToken,
      body: { displayName: "Mem", email: "mem@example.com" },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({ displayName: "Mem", email: "mem@example.com", name: "users/member" });
    expect((await member.client.get("/api/user/me")).body.data).toMatchObject({ nickname: "Mem", email: "mem@example.com" });

    const byToken = await rest(base, "PATCH", "/api/v1/users/member?updateMask=password", {
      token: memberToken,
      body: { password: "another-pass" },
    });
    expect([byToken.status, byToken.body.code]).toEqual([403, 7]);
    const session = connectClient(base, UserService, { cookie: memberCookie });
    await session.updateUser({ user: { name: "users/member", password: PASSWORD }, updateMask: { paths: ["password"] } });

    const others = await rest(base, "PATCH", "/api/v1/users/host?updateMask=display_name", {
      token: await personalToken(member.client),
      body: { displayName: "x" },
    });
    expect([others.status, others.body.code]).toEqual([403, 7]);
    const cases: Array<[string, object, number, RegExp]> = [
      ["?updateMask=display_name", { displayName: "x".repeat(65) }, 400, /^invalid user\.display_name: /],
      ["?updateMask=email", { email: "not an email" }, 400, /^invalid user\.email: /],
      ["?updateMask=state", { state: "STATE_UNSPECIFIED" }, 400, /^invalid user\.state: /],
      ["?updateMask=avatar_url", { avatarUrl: "https://example.com/a.png" }, 400, /^invalid user\.avatar_url: expected a data:image/],
      ["?updateMask=role", { role: "ADMIN" }, 501, /roles/],
      ["?updateMask=nickname", { displayName: "x" }, 400, /^invalid update_mask: /],
    ];
    const token = await personalToken(member.client);
    for (const [query, body, status, message] of cases) {
      const answer = await rest(base, "PATCH", `/api/v1/users/member${query}`, { token, body });
      expect([answer.status, answer.body.message], query).toEqual([status, expect.stringMatching(message)]);
    }
  });
});
