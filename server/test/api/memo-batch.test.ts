// POST /api/memo/batch (bulk edits) and GET /api/memo/ids (the ids a list's filter selects): each action, memos the
// caller may not change refused with their reasons, credentials, validation, and 10,000 memos in one request.
import { MAX_BATCH_IDS, type Memo, type MemoBatchRequest, type MemoRevision } from "@memos/common";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../client.js";
import { expectError } from "../expect.js";
import { anonymous, createMemo, createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { idsOf, nowSeconds } from "../memo-helpers.js";
import type { WebhookDispatcher } from "../../src/services/webhook-dispatcher.js";
import { installQueryCounter } from "../query-counter.js";

describe("bulk edits", { timeout: 120_000 }, () => {
  let t: TestApp;
  let host: TestUser;
  let seq = 0;
  const member = () => createUser(t, host, `bulk${++seq}`);
  const batch = (user: TestUser | Client, body: MemoBatchRequest | object) =>
    ("client" in user ? user.client : user).post("/api/memo/batch", body);
  const get = async (user: TestUser, id: number): Promise<Memo> => (await user.client.get(`/api/memo/${id}`)).body.data;
  const revisionsOf = async (user: TestUser, id: number): Promise<MemoRevision[]> =>
    (await user.client.get(`/api/memo/${id}/revision`)).body.data.revisions;
  const listIds = async (user: TestUser, query: Record<string, string> = {}) =>
    idsOf(await user.client.get("/api/memo", { query: { limit: "1000", ...query } }));

  /** `count` memos of `owner`, written straight to the table (the newest last), for sizes the API would take long to make. */
  async function seed(owner: TestUser, count: number, visibility: Memo["visibility"] = "PRIVATE"): Promise<number[]> {
    const now = nowSeconds() - count;
    const ids: number[] = [];
    for (let start = 0; start < count; start += 1000) {
      const rows = Array.from({ length: Math.min(1000, count - start) }, (_, i) => ({
        creator_id: owner.user.id,
        content: `seeded ${start + i}`,
        visibility,
        created_ts: now + start + i,
        updated_ts: now + start + i,
        display_ts: now + start + i,
      }));
      ids.push(...(await t.ctx.store.db.insertInto("memo").values(rows).returning("id").execute()).map((row) => row.id));
    }
    return ids;
  }

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
  });
  afterAll(() => t.close());

  describe("each action", () => {
    it("archives and restores: the memos leave and return to the list; those already so count as neither", async () => {
      const owner = await member();
      const [a, b, c] = [await createMemo(owner, "a"), await createMemo(owner, "b"), await createMemo(owner, "c")];
      const archived = await batch(owner, { ids: [a.id, b.id], action: "archive" });
      expect(archived.status, archived.text).toBe(200);
      expect(archived.body.data).toEqual({ changed: 2, refused: [] });
      expect(await listIds(owner, { rowStatus: "NORMAL" })).toEqual([c.id]);
      expect(await listIds(owner, { rowStatus: "ARCHIVED" })).toEqual([b.id, a.id]);
      expect((await get(owner, a.id)).updatedTs).toBeGreaterThanOrEqual(a.updatedTs);

      expect((await batch(owner, { ids: [a.id, b.id, c.id], action: "archive" })).body.data).toEqual({ changed: 1, refused: [] });
      expect((await batch(owner, { ids: [a.id, b.id, c.id], action: "restore" })).body.data).toEqual({ changed: 3, refused: [] });
      expect((await batch(owner, { ids: [a.id], action: "restore" })).body.data).toEqual({ changed: 0, refused: [] });
      expect(await listIds(owner, { rowStatus: "NORMAL" })).toEqual([c.id, b.id, a.id]);
      // The counters the sidebar reads follow (maintained by the database in the same transaction).
      expect((await owner.client.get("/api/memo/amount", { query: { userId: owner.user.id } })).body.data).toBe(3);
    });

    it("pins and unpins for the caller: pinned memos list first", async () => {
      const owner = await member();
      const [a, b, c] = [await createMemo(owner, "a"), await createMemo(owner, "b"), await createMemo(owner, "c")];
      expect((await batch(owner, { ids: [a.id, b.id], action: "pin" })).body.data).toEqual({ changed: 2, refused: [] });
      expect(await listIds(owner)).toEqual([b.id, a.id, c.id]);
      expect((await get(owner, a.id)).pinned).toBe(true);
      expect((await batch(owner, { ids: [a.id, b.id, c.id], action: "pin" })).body.data.changed).toBe(1);
      expect((await batch(owner, { ids: [a.id, c.id], action: "unpin" })).body.data).toEqual({ changed: 2, refused: [] });
      expect(await listIds(owner)).toEqual([b.id, c.id, a.id]);
    });

    it("sets the visibility; others see what it allows", async () => {
      const owner = await member();
      const other = await member();
      const [a, b] = [await createMemo(owner, "a", "PRIVATE"), await createMemo(owner, "b", "PUBLIC")];
      expect((await batch(owner, { ids: [a.id, b.id], action: "visibility", visibility: "PUBLIC" })).body.data).toEqual({
        changed: 1,
        refused: [],
      });
      expect((await get(other, a.id)).visibility).toBe("PUBLIC");
      expect((await batch(owner, { ids: [a.id, b.id], action: "visibility", visibility: "PRIVATE" })).body.data.changed).toBe(2);
      expectError(await other.client.get(`/api/memo/${b.id}`), 403, undefined, { reason: "memo.private" });
      // Each change kept the version it replaced, as a single change would.
      expect((await revisionsOf(owner, a.id)).map((r) => [r.visibility, r.source])).toEqual([
        ["PUBLIC", "batch"],
        ["PRIVATE", "web"],
      ]);
      expect((await revisionsOf(owner, b.id)).map((r) => [r.visibility, r.source])).toEqual([["PUBLIC", "web"]]);
    });

    it("adds and removes tags in the text, outside code; the tag filter and the tag list follow", async () => {
      const owner = await member();
      const a = await createMemo(owner, "plain note");
      const b = await createMemo(owner, "note #keep\n\n```\n#code\n```");
      const c = await createMemo(owner, "already #done");
      const added = await batch(owner, { ids: [a.id, b.id, c.id], action: "addTags", tags: ["done", "work/q3"] });
      expect(added.body.data).toEqual({ changed: 3, refused: [] });
      expect((await get(owner, a.id)).content).toBe("plain note\n#done #work/q3");
      expect((await get(owner, b.id)).content).toBe("note #keep\n\n```\n#code\n```\n#done #work/q3");
      expect((await get(owner, c.id)).content).toBe("already #done\n#work/q3");
      expect(await listIds(owner, { tag: "work" })).toEqual([c.id, b.id, a.id]);
      expect((await owner.client.get("/api/tag")).body.data).toEqual(expect.arrayContaining(["done", "work/q3"]));

      const removed = await batch(owner, { ids: [a.id, b.id, c.id], action: "removeTags", tags: ["done", "code"] });
      expect(removed.body.data).toEqual({ changed: 3, refused: [] });
      expect((await get(owner, a.id)).content).toBe("plain note\n#work/q3");
      // A `#` in a fenced block is not a tag: left as it was.
      expect((await get(owner, b.id)).content).toBe("note #keep\n\n```\n#code\n```\n#work/q3");
      expect((await get(owner, c.id)).content).toBe("already\n#work/q3");
      expect(await listIds(owner, { tag: "done" })).toEqual([]);
      expect((await batch(owner, { ids: [a.id], action: "removeTags", tags: ["absent"] })).body.data).toEqual({ changed: 0, refused: [] });
      // Each rewrite is a version: undone memo by memo from the history.
      const [latest, original] = await revisionsOf(owner, a.id);
      expect([latest!.content, latest!.source, original!.content, original!.source]).toEqual([
        "plain note\n#done #work/q3",
        "batch",
        "plain note",
        "web",
      ]);
      expect((await owner.client.post(`/api/memo/${a.id}/revision/${original!.id}/restore`)).status).toBe(200);
      expect((await get(owner, a.id)).content).toBe("plain note");
    });

    it("refuses a text the added tags would take past the content cap, and writes the rest", async () => {
      const owner = await member();
      const full = await createMemo(owner, `${"x".repeat(1024 * 1024 - 3)}`);
      const small = await createMemo(owner, "small");
      const answer = await batch(owner, { ids: [full.id, small.id], action: "addTags", tags: ["more"] });
      expect(answer.body.data).toEqual({ changed: 1, refused: [{ id: full.id, reason: "memo.content-too-long" }] });
      expect((await get(owner, full.id)).content).not.toContain("#more");
      expect((await get(owner, small.id)).content).toBe("small\n#more");
    });

    it("moves memos to the trash: out of every list, for their creator and everyone else, until restored", async () => {
      const owner = await member();
      const [a, b, c] = [await createMemo(owner, "a #gone", "PUBLIC"), await createMemo(owner, "b"), await createMemo(owner, "c")];
      expect((await batch(owner, { ids: [a.id, b.id], action: "trash" })).body.data).toEqual({ changed: 2, refused: [] });
      expect(await listIds(owner)).toEqual([c.id]);
      expectError(await anonymous(t).get(`/api/memo/${a.id}`), 404, undefined, { reason: "memo.not-found" });
      expect(await listIds(owner, { tag: "gone" })).toEqual([]);
      const trash = (await owner.client.get("/api/trash")).body.data;
      expect(trash.memos.map((memo: Memo) => memo.id).sort()).toEqual([a.id, b.id].sort());
      expect((await owner.client.post(`/api/trash/${a.id}/restore`)).status).toBe(200);
      expect(await listIds(owner, { tag: "gone" })).toEqual([a.id]);
      // A memo in the trash is no longer one the bulk edit finds.
      expect((await batch(owner, { ids: [b.id], action: "trash" })).body.data).toEqual({
        changed: 0,
        refused: [{ id: b.id, reason: "memo.not-found" }],
      });
    });

    it("takes a repeated id once", async () => {
      const owner = await member();
      const a = await createMemo(owner, "a");
      expect((await batch(owner, { ids: [a.id, a.id, a.id], action: "pin" })).body.data).toEqual({ changed: 1, refused: [] });
    });
  });

  describe("who may change what", () => {
    it("refuses others' memos memo by memo with the single route's reason, never saying another's private memo exists", async () => {
      const alice = await member();
      const bobby = await member();
      const own = await createMemo(alice, "own");
      const publicOne = await createMemo(bobby, "bobby's public", "PUBLIC");
      const protectedOne = await createMemo(bobby, "bobby's protected", "PROTECTED");
      const privateOne = await createMemo(bobby, "bobby's private", "PRIVATE");
      const archivedOne = await createMemo(bobby, "bobby's archived", "PUBLIC");
      await batch(bobby, { ids: [archivedOne.id], action: "archive" });
      const missing = 2_000_000_000;
      const ids = [own.id, publicOne.id, protectedOne.id, privateOne.id, archivedOne.id, missing];

      for (const action of ["archive", "trash", "visibility", "addTags"] as const) {
        const body = { ids, action, visibility: "PUBLIC", tags: ["x"] } as const;
        const answer = await batch(alice, body);
        expect(answer.body.data, action).toEqual({
          changed: 1,
          refused: [
            { id: publicOne.id, reason: "memo.not-creator" },
            { id: protectedOne.id, reason: "memo.not-creator" },
            { id: privateOne.id, reason: "memo.not-found" },
            { id: archivedOne.id, reason: "memo.not-found" },
            { id: missing, reason: "memo.not-found" },
          ],
        });
        if (action === "archive") await batch(alice, { ids: [own.id], action: "restore" });
        if (action === "trash") break;
      }
      // Pins are the caller's own, on any memo they may read (as POST /api/memo/:id/organizer).
      const pinned = await batch(alice, { ids: [publicOne.id, protectedOne.id, privateOne.id, archivedOne.id, missing], action: "pin" });
      expect(pinned.body.data).toEqual({
        changed: 2,
        refused: [
          { id: privateOne.id, reason: "memo.not-found" },
          { id: archivedOne.id, reason: "memo.not-found" },
          { id: missing, reason: "memo.not-found" },
        ],
      });
      // Nothing of Bobby's changed.
      expect((await get(bobby, publicOne.id)).content).toBe("bobby's public");
      expect((await get(bobby, privateOne.id)).rowStatus).toBe("NORMAL");
      expect((await get(bobby, publicOne.id)).pinned).toBe(false);
    });

    it("a host or admin may not change members' memos in bulk either", async () => {
      const bobby = await member();
      const memo = await createMemo(bobby, "bobby's", "PUBLIC");
      expect((await batch(host, { ids: [memo.id], action: "archive" })).body.data).toEqual({
        changed: 0,
        refused: [{ id: memo.id, reason: "memo.not-creator" }],
      });
    });

    it("by credential: visitors 401, a read-only token 403; a read-write token and the open ID change the memos", async () => {
      const owner = await member();
      const memo = await createMemo(owner, "scripted");
      const mint = async (scope: "read" | "read-write") =>
        (await owner.client.post("/api/access-token", { name: scope, scope })).body.data.token as string;
      expectError(await batch(anonymous(t), { ids: [memo.id], action: "pin" }), 401);
      expectError(await batch(anonymous(t).withToken(await mint("read")), { ids: [memo.id], action: "pin" }), 403, undefined, {
        reason: "auth.read-only-token",
      });
      expect((await batch(anonymous(t).withToken(await mint("read-write")), { ids: [memo.id], action: "pin" })).body.data.changed).toBe(1);
      const openId = (await owner.client.get("/api/user/me")).body.data.openId as string;
      const byOpenId = await anonymous(t).post(`/api/memo/batch?openId=${openId}`, { ids: [memo.id], action: "unpin" });
      expect(byOpenId.body.data.changed).toBe(1);
    });
  });

  describe("validation", () => {
    it("answers 400 naming the field: ids, action, tags, visibility", async () => {
      const owner = await member();
      const memo = await createMemo(owner, "x");
      const prefix = "Malformatted memo batch request";
      const cases: Array<[object, string, string]> = [
        [{ ids: [], action: "pin" }, "ids", `${prefix}: ids: choose at least one memo`],
        [
          { ids: Array.from({ length: MAX_BATCH_IDS + 1 }, (_, i) => i + 1), action: "pin" },
          "ids",
          `${prefix}: ids: at most ${MAX_BATCH_IDS} memos in one request`,
        ],
        [{ ids: [0], action: "pin" }, "ids.0", `${prefix}: ids.0: ID is not a number: 0`],
        [{ ids: ["7"], action: "pin" }, "ids.0", `${prefix}: ids.0: ID is not a number: 7`],
        [{ action: "pin" }, "ids", `${prefix}: ids: Invalid input: expected array, received undefined`],
        [{ ids: [memo.id], action: "delete" }, "action", new RegExp(`^${prefix}: action: Invalid option`).source],
        [{ ids: [memo.id], action: "addTags" }, "tags", `${prefix}: tags: is required for addTags`],
        [{ ids: [memo.id], action: "removeTags", tags: [] }, "tags", `${prefix}: tags: choose at least one tag`],
        [{ ids: [memo.id], action: "addTags", tags: ["two words"] }, "tags.0", `${prefix}: tags.0: is not a tag name (no spaces or #)`],
        [{ ids: [memo.id], action: "addTags", tags: ["#hash"] }, "tags.0", `${prefix}: tags.0: is not a tag name (no spaces or #)`],
        [{ ids: [memo.id], action: "visibility" }, "visibility", `${prefix}: visibility: is required for visibility`],
        [
          { ids: [memo.id], action: "visibility", visibility: "SECRET" },
          "visibility",
          new RegExp(`^${prefix}: visibility: Invalid option`).source,
        ],
      ];
      for (const [body, field, message] of cases) {
        const answer = await batch(owner, body);
        expectError(answer, 400, message.startsWith("^") ? new RegExp(message) : message, { field });
      }
      expectError(await batch(owner, { ids: [memo.id], action: "addTags", tags: ["a b"] }), 400, undefined, { reason: "tag.invalid-name" });
      // Nothing was written by a refused request.
      expect((await get(owner, memo.id)).pinned).toBe(false);
    });
  });

  describe("10,000 memos in one request", () => {
    it("changes them all in one transaction, with one webhook delivery per changed memo and no statement per memo", async () => {
      const owner = await member();
      const ids = await seed(owner, MAX_BATCH_IDS);
      // A webhook that hears archives; with the dispatcher stopped its deliveries stay queued for the test to read.
      await (t.ctx.webhooks as WebhookDispatcher | undefined)?.stop();
      const now = nowSeconds();
      await t.ctx.store.db
        .insertInto("webhook")
        .values({
          user_id: owner.user.id,
          name: "hears archives",
          url: "http://127.0.0.1:9/hook",
          secret: "",
          events: JSON.stringify(["memo.archived"]),
          active: 1,
          created_ts: now,
          updated_ts: now,
        })
        .execute();
      const counter = installQueryCounter(t);
      const archived = await batch(owner, { ids, action: "archive" });
      const statements = counter.count;
      counter.uninstall();
      expect(archived.status, archived.text).toBe(200);
      expect(archived.body.data).toEqual({ changed: MAX_BATCH_IDS, refused: [] });
      // A few statements per batch of memos (read, write, the events' memos, creators, resources, deliveries: 100 a
      // batch on SQLite, 500 on PostgreSQL), never one per memo.
      expect(statements).toBeLessThan(MAX_BATCH_IDS / 10);
      const deliveries = await t.ctx.store.db
        .selectFrom("webhook_delivery")
        .select(["event", "payload", "ordering_key"])
        .where("event", "=", "memo.archived")
        .execute();
      expect(deliveries).toHaveLength(MAX_BATCH_IDS);
      const first = deliveries.find((row) => row.ordering_key === `memo:${ids[0]}`)!;
      expect(JSON.parse(first.payload)).toMatchObject({
        actor: { id: owner.user.id },
        memo: { id: ids[0], rowStatus: "ARCHIVED", content: "seeded 0" },
      });
      const counts = await t.ctx.store.db
        .selectFrom("memo")
        .select(sql<number>`count(*)`.as("n"))
        .where("creator_id", "=", owner.user.id)
        .where("row_status", "=", "ARCHIVED")
        .executeTakeFirstOrThrow();
      expect(Number(counts.n)).toBe(MAX_BATCH_IDS);
      await t.ctx.store.db.deleteFrom("webhook_delivery").execute();
      await t.ctx.store.db.deleteFrom("webhook").where("user_id", "=", owner.user.id).execute();

      // Texts are rewritten memo by memo, 10,000 of them in one request too.
      const tagged = await batch(owner, { ids, action: "addTags", tags: ["bulk"] });
      expect(tagged.body.data).toEqual({ changed: MAX_BATCH_IDS, refused: [] });
      expect((await owner.client.get("/api/tag/count")).body.data).toEqual([{ name: "bulk", count: 0 }]);
      expect((await batch(owner, { ids, action: "restore" })).body.data.changed).toBe(MAX_BATCH_IDS);
      expect((await owner.client.get("/api/tag/count")).body.data).toEqual([{ name: "bulk", count: MAX_BATCH_IDS }]);
      expect((await batch(owner, { ids, action: "trash" })).body.data.changed).toBe(MAX_BATCH_IDS);
      expect(await listIds(owner)).toEqual([]);
    });
  });

  describe("GET /api/memo/ids", () => {
    it("answers the ids the list shows for the filter, in list order (pinned first)", async () => {
      const owner = await member();
      const [a, b, c] = [await createMemo(owner, "a #trip"), await createMemo(owner, "b"), await createMemo(owner, "c #trip/day")];
      await batch(owner, { ids: [a.id], action: "pin" });
      const ids = (query: Record<string, string> = {}) => owner.client.get("/api/memo/ids", { query });
      expect((await ids()).body.data).toEqual({ ids: [a.id, c.id, b.id], more: false });
      expect((await ids({ tag: "trip" })).body.data).toEqual({ ids: [a.id, c.id], more: false });
      expect((await ids({ search: "b" })).body.data).toEqual({ ids: [b.id], more: false });
      await batch(owner, { ids: [b.id], action: "archive" });
      expect((await ids({ rowStatus: "ARCHIVED" })).body.data).toEqual({ ids: [b.id], more: false });
      expect((await ids({ rowStatus: "NORMAL" })).body.data).toEqual({ ids: [a.id, c.id], more: false });
    });

    it("of another's list, only what the caller may see; visitors 401; a bad filter 400", async () => {
      const owner = await member();
      const other = await member();
      const shared = await createMemo(owner, "shared", "PROTECTED");
      await createMemo(owner, "private");
      expect((await other.client.get("/api/memo/ids", { query: { creatorId: owner.user.id } })).body.data).toEqual({
        ids: [shared.id],
        more: false,
      });
      expectError(await anonymous(t).get("/api/memo/ids", { query: { creatorId: owner.user.id } }), 401);
      expectError(await owner.client.get("/api/memo/ids", { query: { from: 10, to: 5 } }), 400);
    });

    it(`stops at ${MAX_BATCH_IDS} ids and says more match`, async () => {
      const owner = await member();
      const ids = await seed(owner, MAX_BATCH_IDS + 1, "PUBLIC");
      const answer = await owner.client.get("/api/memo/ids");
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.data.more).toBe(true);
      expect(answer.body.data.ids).toEqual(ids.slice(1).reverse());
      await t.ctx.store.db.deleteFrom("memo").where("creator_id", "=", owner.user.id).execute();
    });
  });
});
