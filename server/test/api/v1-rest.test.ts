// The v1 API's REST transport as MoeMemos and scripts use it (a personal access token as Bearer, camelCase JSON):
// the instance and the caller first, then a memo's whole life, paging, and what bad input and missing credentials
// get (grpc-gateway's `{code, message, details}` with its HTTP statuses). The memo is the same memo to v0.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { listen, personalToken, rest } from "../v1-client.js";

let t: TestApp;
let base: string;
let host: TestUser;
let token: string;
let readToken: string;
let memberToken: string;

beforeAll(async () => {
  t = await createTestApp();
  host = await signUpHost(t, "host");
  const member = await createUser(t, host, "member");
  token = await personalToken(host.client);
  readToken = await personalToken(host.client, "read");
  memberToken = await personalToken(member.client);
  base = await listen(t);
});
afterAll(() => t.close());

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

describe("the instance and the caller", () => {
  it("answers the profile to anyone, naming the v1 release it speaks and its administrator", async () => {
    const profile = await rest(base, "GET", "/api/v1/instance/profile");
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ version: "0.30.0", demo: false, needsSetup: false, commit: "" });
    expect(profile.body.admin).toMatchObject({ name: "users/host", role: "ADMIN", username: "host", email: "" });
    const general = await rest(base, "GET", "/api/v1/instance/settings/GENERAL");
    expect(general.status).toBe(200);
    expect(general.body).toMatchObject({
      name: "instance/settings/GENERAL",
      generalSetting: { disallowPasswordAuth: false, weekStartDayOffset: 0 },
    });
  });

  it("says who a token belongs to, and a user by name", async () => {
    const me = await rest(base, "GET", "/api/v1/auth/me", { token });
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ name: "users/host", username: "host", role: "ADMIN", state: "NORMAL" });
    expect(me.body.user.createTime).toMatch(RFC3339);
    const member = await rest(base, "GET", "/api/v1/users/member");
    expect(member.body).toMatchObject({ name: "users/member", role: "USER", email: "" });
  });
});

describe("a memo's life", () => {
  it("creates, reads, patches without a mask and with one, archives and deletes a memo, the same memo v0 sees", async () => {
    const created = await rest(base, "POST", "/api/v1/memos", { token, body: { content: "Hello #v1 `code`", visibility: "PUBLIC" } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const memo = created.body;
    expect(memo).toMatchObject({
      state: "NORMAL",
      creator: "users/host",
      content: "Hello #v1 `code`",
      visibility: "PUBLIC",
      tags: ["v1"],
      pinned: false,
      attachments: [],
      property: { hasLink: false, hasCode: true, hasTaskList: false, hasIncompleteTasks: false },
    });
    expect(memo.name).toMatch(/^memos\/[A-Za-z0-9]{22}$/);
    expect(memo.createTime).toMatch(RFC3339);

    expect((await rest(base, "GET", `/api/v1/${memo.name}`, { token })).body).toEqual(memo);

    // MoeMemos' edit: only the fields it changes, no mask.
    const patched = await rest(base, "PATCH", `/api/v1/${memo.name}`, { token, body: { content: "Changed", pinned: true } });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({ name: memo.name, content: "Changed", pinned: true, visibility: "PUBLIC" });
    // With a mask, only the fields it names.
    const masked = await rest(base, "PATCH", `/api/v1/${memo.name}?updateMask=visibility`, {
      token,
      body: { content: "not this", visibility: "PROTECTED" },
    });
    expect(masked.body).toMatchObject({ content: "Changed", visibility: "PROTECTED" });

    const v0 = await host.client.get("/api/memo");
    const same = (v0.body.data as Array<{ content: string; visibility: string; pinned: boolean }>).find((row) => row.content === "Changed");
    expect(same).toMatchObject({ visibility: "PROTECTED", pinned: true });

    const archived = await rest(base, "PATCH", `/api/v1/${memo.name}?updateMask=state`, { token, body: { state: "ARCHIVED" } });
    expect(archived.body.state).toBe("ARCHIVED");
    const archive = await rest(base, "GET", "/api/v1/memos?state=ARCHIVED", { token });
    expect(archive.body.memos.map((item: { name: string }) => item.name)).toEqual([memo.name]);

    expect(await rest(base, "DELETE", `/api/v1/${memo.name}`, { token })).toMatchObject({ status: 200, body: {} });
    const gone = await rest(base, "GET", `/api/v1/${memo.name}`, { token });
    expect(gone).toMatchObject({ status: 404, body: { code: 5, message: "memo not found", details: [] } });
  });

  it("takes the uid a client chooses, once", async () => {
    const first = await rest(base, "POST", "/api/v1/memos?memoId=chosen-uid", { token, body: { content: "mine" } });
    expect(first.body).toMatchObject({ name: "memos/chosen-uid", visibility: "PRIVATE" });
    const again = await rest(base, "POST", "/api/v1/memos?memoId=chosen-uid", { token, body: { content: "again" } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(6);
  });
});

describe("listing", () => {
  it("pages through what each caller may see, newest first, with opaque tokens that survive new memos", async () => {
    const names: string[] = [];
    for (const [content, visibility] of [
      ["list public", "PUBLIC"],
      ["list protected", "PROTECTED"],
      ["list private", "PRIVATE"],
    ]) {
      names.push((await rest(base, "POST", "/api/v1/memos", { token, body: { content, visibility } })).body.name);
    }
    const memberMemo = (await rest(base, "POST", "/api/v1/memos", { token: memberToken, body: { content: "member private" } })).body.name;

    const seen: string[] = [];
    let pageToken = "";
    for (let page = 0; page < 10; page++) {
      const answer = await rest(base, "GET", `/api/v1/memos?pageSize=2${pageToken ? `&pageToken=${encodeURIComponent(pageToken)}` : ""}`, {
        token,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      seen.push(...answer.body.memos.map((memo: { name: string }) => memo.name));
      if (page === 0)
        // A memo written meanwhile is not met on later pages (it sorts before the cursor).
        await rest(base, "POST", "/api/v1/memos", { token, body: { content: "written meanwhile", visibility: "PUBLIC" } });
      pageToken = answer.body.nextPageToken;
      if (pageToken === "") break;
    }
    // The host's own memos of every visibility, none twice; never the member's private one.
    for (const name of names) expect(seen).toContain(name);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).not.toContain(memberMemo);

    const anonymous = await rest(base, "GET", "/api/v1/memos?pageSize=100");
    const visibilities = new Set(anonymous.body.memos.map((memo: { visibility: string }) => memo.visibility));
    expect([...visibilities]).toEqual(["PUBLIC"]);
    expect(anonymous.body.nextPageToken).toBe("");
  });
});

describe("refusals", () => {
  it("answers bad input 400 InvalidArgument naming the field, never a 5xx", async () => {
    const cases: Array<[string, string, RegExp]> = [
      ["GET", "/api/v1/memos?pageToken=not-a-token", /page_token/],
      ["GET", "/api/v1/memos?state=BOGUS", /state/],
      ["GET", "/api/v1/memos?pageSize=ten", /page_size|pageSize/],
      ["GET", `/api/v1/memos?filter=${encodeURIComponent('color == "red"')}`, /^invalid filter: unknown field "color"/],
      ["GET", "/api/v1/memos?orderBy=content", /order_by/],
      ["GET", "/api/v1/memos/not_a_uid!", /name/],
      ["GET", "/api/v1/instance/settings/NOPE", /name/],
    ];
    for (const [method, path, field] of cases) {
      const answer = await rest(base, method, path, { token });
      expect([answer.status, answer.body.code], path).toEqual([400, 3]);
      expect(answer.body.message, path).toMatch(field);
      expect(answer.body.details).toEqual([]);
    }
    const badEnum = await rest(base, "POST", "/api/v1/memos", { token, body: { content: "x", visibility: "SECRET" } });
    expect([badEnum.status, badEnum.body.code]).toEqual([400, 3]);
    expect(badEnum.body.message).toMatch(/visibility/);
    const malformed = await fetch(`${base}/api/v1/memos`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: "{not json",
    });
    expect([malformed.status, (await malformed.json()).code]).toEqual([400, 3]);
    const notAnObject = await rest(base, "POST", "/api/v1/memos", { token, body: ["content"] });
    expect([notAnObject.status, notAnObject.body.message]).toEqual([400, "invalid memo: expected a JSON object"]);
    const badMask = await rest(base, "PATCH", "/api/v1/memos/chosen-uid?updateMask=creator_id", { token, body: { content: "x" } });
    expect([badMask.status, badMask.body.message]).toEqual([400, expect.stringMatching(/update_mask/)]);
  });

  it("answers a missing credential 401, a read-only token's write 403, and another's private memo as v0 does (403)", async () => {
    const anonymousWrite = await rest(base, "POST", "/api/v1/memos", { body: { content: "x" } });
    expect([anonymousWrite.status, anonymousWrite.body.code]).toEqual([401, 16]);
    expect((await rest(base, "GET", "/api/v1/auth/me")).status).toBe(401);
    const readOnly = await rest(base, "POST", "/api/v1/memos", { token: readToken, body: { content: "x" } });
    expect([readOnly.status, readOnly.body.code]).toEqual([403, 7]);
    expect((await rest(base, "GET", "/api/v1/memos", { token: readToken })).status).toBe(200);
    const hidden = await rest(base, "GET", "/api/v1/memos/chosen-uid", { token: memberToken });
    expect([hidden.status, hidden.body.code]).toEqual([403, 7]);
  });

  it("answers a path under /api/v1 that no call maps as grpc-gateway does (404, code 5), whatever the method", async () => {
    for (const [method, path] of [
      ["GET", "/api/v1/no-such-collection"],
      ["POST", "/api/v1/memos/chosen-uid/no-such-child"],
      ["DELETE", "/api/v1/users/1/nothing/here"],
    ] as const) {
      const answer = await rest(base, method, path, { token, ...(method === "POST" && { body: {} }) });
      expect([answer.status, answer.body], `${method} ${path}`).toEqual([404, { code: 5, message: "Not Found", details: [] }]);
    }
  });
});
