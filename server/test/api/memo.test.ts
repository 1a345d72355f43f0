// Memos through HTTP: create, patch, get and delete, with their links, tags and validation.
import { MAX_MEMO_CONTENT_BYTES } from "@memos/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../expect.js";
import { anonymous, createMemo, createUser, signUpHost, type TestUser, uploadResource } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { idsOf, nowSeconds, setUserSetting } from "../memo-helpers.js";

const MEMO_KEYS = [
  "id",
  "rowStatus",
  "creatorId",
  "createdTs",
  "updatedTs",
  "content",
  "visibility",
  "pinned",
  "displayTs",
  "creator",
  "resourceList",
  // Our addition: the memo's place (null without one).
  "location",
];

describe("memos: create, patch, get, delete", () => {
  let t: TestApp;
  let host: TestUser;
  let seq = 0;
  const member = (prefix = "user") => createUser(t, host, `${prefix}${++seq}`);
  const countMemos = async (creatorId: number) =>
    Number(
      (
        await t.ctx.store.db
          .selectFrom("memo")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("creator_id", "=", creatorId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
  });
  afterAll(() => t.close());

  describe("create", () => {
    it("answers the wire's memo shape with a redacted creator and no resources", async () => {
      const owner = await member();
      const before = nowSeconds();
      const response = await owner.client.post("/api/memo", { content: "hello", visibility: "PUBLIC" });
      expect(response.status).toBe(200);
      const memo = response.body.data;
      expect(Object.keys(memo)).toEqual(MEMO_KEYS);
      expect(memo).toMatchObject({
        rowStatus: "NORMAL",
        creatorId: owner.user.id,
        content: "hello",
        visibility: "PUBLIC",
        pinned: false,
        resourceList: [],
        location: null,
      });
      expect(memo.createdTs).toBeGreaterThanOrEqual(before);
      expect(memo.createdTs).toBeLessThanOrEqual(nowSeconds());
      expect(memo.updatedTs).toBe(memo.createdTs);
      expect(memo.displayTs).toBe(memo.createdTs);
      expect(memo.creator).toMatchObject({
        id: owner.user.id,
        username: owner.user.username,
        email: "",
        openId: "",
        userSettingList: null,
      });
    });

    it("defaults the visibility to PRIVATE, or to the user's memoVisibility setting", async () => {
      const owner = await member();
      expect((await createMemo(owner, "a", undefined as never)).visibility).toBe("PRIVATE");
      const implicit = await owner.client.post("/api/memo", { content: "no visibility" });
      expect(implicit.body.data.visibility).toBe("PRIVATE");
      await setUserSetting(owner, "memoVisibility", "PROTECTED");
      expect((await owner.client.post("/api/memo", { content: "b" })).body.data.visibility).toBe("PROTECTED");
      expect((await owner.client.post("/api/memo", { content: "c", visibility: "" })).body.data.visibility).toBe("PROTECTED");
      expect((await owner.client.post("/api/memo", { content: "d", visibility: "PUBLIC" })).body.data.visibility).toBe("PUBLIC");
    });

    it("refuses anonymous callers, bad visibility and malformed bodies", async () => {
      const owner = await member();
      expectError(await anonymous(t).post("/api/memo", { content: "x" }), 401);
      expectError(await owner.client.post("/api/memo", { content: "x", visibility: "SECRET" }), 400);
      expectError(await owner.client.post("/api/memo", { visibility: "PUBLIC" }), 400);
      expectError(await owner.client.post("/api/memo", { content: 42 }), 400);
      expectError(await owner.client.post("/api/memo", "{not json", { headers: { "content-type": "application/json" } }), 400);
      expect(await countMemos(owner.user.id)).toBe(0);
    });

    it("accepts an empty content (the wire has no content validation)", async () => {
      const owner = await member();
      expect((await owner.client.post("/api/memo", { content: "" })).status).toBe(200);
    });

    it("caps content at 1 MiB of UTF-8 with 400, writing nothing", async () => {
      const owner = await member();
      const atLimit = await owner.client.post("/api/memo", { content: "x".repeat(MAX_MEMO_CONTENT_BYTES) });
      expect(atLimit.status).toBe(200);
      expect(atLimit.body.data.content).toHaveLength(MAX_MEMO_CONTENT_BYTES);
      expectError(await owner.client.post("/api/memo", { content: "x".repeat(MAX_MEMO_CONTENT_BYTES + 1) }), 400);
      // Bytes, not characters: 3 bytes each.
      const cjk = await owner.client.post("/api/memo", { content: "語".repeat(MAX_MEMO_CONTENT_BYTES / 2) });
      expectError(cjk, 400);
      expect(cjk.body.message).toMatch(/content/);
      expect(await countMemos(owner.user.id)).toBe(1);
      const patch = await owner.client.patch(`/api/memo/${atLimit.body.data.id}`, { content: "y".repeat(MAX_MEMO_CONTENT_BYTES + 1) });
      expectError(patch, 400);
    });

    it("takes a past createdTs and refuses a future one", async () => {
      const owner = await member();
      const past = nowSeconds() - 86_400 * 3;
      const memo = await createMemo(owner, "back-dated", "PRIVATE", { createdTs: past });
      expect(memo.createdTs).toBe(past);
      expect(memo.displayTs).toBe(past);
      expectError(await owner.client.post("/api/memo", { content: "future", createdTs: nowSeconds() + 86_400 }), 400);
      expectError(await owner.client.post("/api/memo", { content: "neg", createdTs: -5 }), 400);
      expect(await countMemos(owner.user.id)).toBe(1);
    });

    it("never takes server-only keys from the body", async () => {
      const owner = await member();
      const other = await member();
      const response = await owner.client.post("/api/memo", {
        content: "x",
        id: 999_999,
        creatorId: other.user.id,
        updatedTs: 1,
        rowStatus: "ARCHIVED",
      });
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ creatorId: owner.user.id, rowStatus: "NORMAL" });
      expect(response.body.data.id).not.toBe(999_999);
      expect(response.body.data.updatedTs).not.toBe(1);
    });

    it("links the caller's own resources from resourceIdList", async () => {
      const owner = await member();
      const first = await uploadResource(owner, "one.png");
      const second = await uploadResource(owner, "two.txt", "text/plain");
      const memo = await createMemo(owner, "with files", "PRIVATE", { resourceIdList: [second.id, first.id, first.id] });
      expect(memo.resourceList.map((resource) => resource.id)).toEqual([first.id, second.id]);
      expect(memo.resourceList[0]).toMatchObject({ filename: "one.png", creatorId: owner.user.id, linkedMemoAmount: 0 });
      const listed = await owner.client.get(`/api/memo/${memo.id}/resource`);
      expect(listed.body.data.map((resource: { id: number }) => resource.id)).toEqual([second.id, first.id]);
    });

    it("refuses the whole create when an id is foreign (403) or missing (404), writing nothing", async () => {
      const owner = await member();
      const stranger = await member();
      const mine = await uploadResource(owner);
      const theirs = await uploadResource(stranger);
      expectError(await owner.client.post("/api/memo", { content: "steal #stolen", resourceIdList: [mine.id, theirs.id] }), 403);
      expectError(await owner.client.post("/api/memo", { content: "ghost #ghost", resourceIdList: [mine.id, theirs.id + 1000] }), 404);
      expect(await countMemos(owner.user.id)).toBe(0);
      const links = await t.ctx.store.db.selectFrom("memo_resource").selectAll().where("resource_id", "in", [mine.id, theirs.id]).execute();
      expect(links).toEqual([]);
      expect((await owner.client.get("/api/tag")).body.data).toEqual([]);
    });
  });

  describe("patch", () => {
    it("changes content (re-indexing tags), visibility and updatedTs; never the creator", async () => {
      const owner = await member();
      const memo = await createMemo(owner, "first #old", "PRIVATE", { createdTs: nowSeconds() - 1000 });
      const response = await owner.client.patch(`/api/memo/${memo.id}`, {
        content: "second #new",
        visibility: "PUBLIC",
        creatorId: host.user.id,
        updatedTs: 5,
      });
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({
        id: memo.id,
        content: "second #new",
        visibility: "PUBLIC",
        creatorId: owner.user.id,
        createdTs: memo.createdTs,
      });
      expect(response.body.data.updatedTs).toBeGreaterThanOrEqual(nowSeconds() - 5);
      expect(idsOf(await owner.client.get("/api/memo", { query: { tag: "new" } }))).toEqual([memo.id]);
      expect(idsOf(await owner.client.get("/api/memo", { query: { tag: "old" } }))).toEqual([]);
      expect((await owner.client.get(`/api/memo/${memo.id}`)).body.data.content).toBe("second #new");
    });

    it("archives and restores through rowStatus", async () => {
      const owner = await member();
      const memo = await createMemo(owner, "archive me", "PUBLIC");
      expect((await owner.client.patch(`/api/memo/${memo.id}`, { rowStatus: "ARCHIVED" })).body.data.rowStatus).toBe("ARCHIVED");
      expect(idsOf(await owner.client.get("/api/memo", { query: { rowStatus: "NORMAL" } }))).toEqual([]);
      expect(idsOf(await owner.client.get("/api/memo", { query: { rowStatus: "ARCHIVED" } }))).toEqual([memo.id]);
      expect((await owner.client.patch(`/api/memo/${memo.id}`, { rowStatus: "NORMAL" })).body.data.rowStatus).toBe("NORMAL");
      expectError(await owner.client.patch(`/api/memo/${memo.id}`, { rowStatus: "DELETED" }), 400);
    });

    it("moves createdTs into the past but refuses a future one, leaving the memo as it was", async () => {
      const owner = await member();
      const memo = await createMemo(owner, "time travel");
      const past = nowSeconds() - 86_400 * 30;
      const moved = await owner.client.patch(`/api/memo/${memo.id}`, { createdTs: past });
      expect(moved.body.data).toMatchObject({ createdTs: past, displayTs: past });
      const future = await owner.client.patch(`/api/memo/${memo.id}`, { createdTs: nowSeconds() + 3600, content: "changed" });
      expectError(future, 400);
      expect((await owner.client.get(`/api/memo/${memo.id}`)).body.data).toMatchObject({ createdTs: past, content: "time travel" });
      expectError(await owner.client.patch(`/api/memo/${memo.id}`, { createdTs: "yesterday" }), 400);
    });

    it("adds resourceIdList links and keeps the existing ones; a foreign id rolls the whole patch back", async () => {
      const owner = await member();
      const stranger = await member();
      const [a, b] = [await uploadResource(owner, "a.png"), await uploadResource(owner, "b.png")];
      const theirs = await uploadResource(stranger, "c.png");
      const memo = await createMemo(owner, "links", "PRIVATE", { resourceIdList: [a.id] });
      const patched = await owner.client.patch(`/api/memo/${memo.id}`, { resourceIdList: [b.id] });
      expect(patched.body.data.resourceList.map((resource: { id: number }) => resource.id).sort()).toEqual([a.id, b.id].sort());
      expectError(await owner.client.patch(`/api/memo/${memo.id}`, { content: "edited", resourceIdList: [theirs.id] }), 403);
      const after = (await owner.client.get(`/api/memo/${memo.id}`)).body.data;
      expect(after.content).toBe("links");
      expect(after.resourceList).toHaveLength(2);
    });

    it("answers 400 for a bad id, 404 for a missing memo, 403 for a non-creator, 401 for visitors", async () => {
      const owner = await member();
      const other = await member();
      const memo = await createMemo(owner, "mine", "PUBLIC");
      expectError(await owner.client.patch("/api/memo/abc", { content: "x" }), 400);
      expectError(await owner.client.patch("/api/memo/987654", { content: "x" }), 404);
      expectError(await other.client.patch(`/api/memo/${memo.id}`, { content: "x" }), 403);
      expectError(await host.client.patch(`/api/memo/${memo.id}`, { content: "x" }), 403);
      expectError(await anonymous(t).patch(`/api/memo/${memo.id}`, { content: "x" }), 401);
      expect((await owner.client.get(`/api/memo/${memo.id}`)).body.data.content).toBe("mine");
    });
  });

  describe("get and delete", () => {
    it("answers a visitor 403 for a PROTECTED memo and a PRIVATE one, with v0.10's messages", async () => {
      const owner = await member();
      const prot = await createMemo(owner, "members only", "PROTECTED");
      const priv = await createMemo(owner, "mine only", "PRIVATE");
      const protectedAnswer = await anonymous(t).get(`/api/memo/${prot.id}`);
      expectError(protectedAnswer, 403);
      expect(protectedAnswer.body.message).toBe("this memo is protected, missing user in session");
      const privateAnswer = await anonymous(t).get(`/api/memo/${priv.id}`);
      expectError(privateAnswer, 403);
      expect(privateAnswer.body.message).toBe("this memo is private only");
      expect((await (await member()).client.get(`/api/memo/${prot.id}`)).body.data.content).toBe("members only");
    });

    it("gets a memo by id; 400 for a non-numeric id, 404 for a missing one", async () => {
      const owner = await member();
      const memo = await createMemo(owner, "get me", "PUBLIC");
      const response = await anonymous(t).get(`/api/memo/${memo.id}`);
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual(memo);
      expectError(await anonymous(t).get("/api/memo/x1"), 400);
      expectError(await anonymous(t).get("/api/memo/0"), 400);
      expectError(await owner.client.get("/api/memo/123456789"), 404);
    });

    it("deletes a memo into the trash (tags gone, pins and files kept), and forever with its pins and resource links, keeping the resource", async () => {
      const owner = await member();
      const reader = await member();
      const file = await uploadResource(owner, "keep.png");
      const memo = await createMemo(owner, "bye #gone", "PUBLIC", { resourceIdList: [file.id] });
      await owner.client.post(`/api/memo/${memo.id}/organizer`, { pinned: true });
      await reader.client.post(`/api/memo/${memo.id}/organizer`, { pinned: true });
      expectError(await reader.client.delete(`/api/memo/${memo.id}`), 403);
      const response = await owner.client.delete(`/api/memo/${memo.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toBe(true);
      const db = t.ctx.store.db;
      const rowsOf = async (table: "memo_organizer" | "memo_resource" | "memo_tag") =>
        (await db.selectFrom(table).select("memo_id").where("memo_id", "=", memo.id).execute()).length;
      expect(await rowsOf("memo_tag")).toBe(0);
      expect(await rowsOf("memo_organizer")).toBe(2);
      expect(await rowsOf("memo_resource")).toBe(1);
      expectError(await owner.client.get(`/api/memo/${memo.id}`), 404);
      expectError(await owner.client.delete(`/api/memo/${memo.id}`), 404);
      expect((await owner.client.delete(`/api/trash/${memo.id}`)).status).toBe(200);
      expect(await rowsOf("memo_organizer")).toBe(0);
      expect(await rowsOf("memo_resource")).toBe(0);
      expect((await owner.client.get(`/api/resource/${file.id}`)).status).toBe(200);
      expect(idsOf(await owner.client.get("/api/memo", { query: { tag: "gone" } }))).toEqual([]);
    });
  });
});
