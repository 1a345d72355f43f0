// Sizes a caller decides never reach one SQL statement whole: SQLite binds at most 32,766 values a statement
// (PostgreSQL 65,535), and past that a write or a read failed with a 500 on one engine only. A memo's tags are
// capped (400 naming `content`, the same on both engines); what stays unbounded (an import's tags, a webhook
// fan-out, the memos a resource is linked to) is written or read in batches, or through a join.
import { MAX_MEMO_TAGS, type Memo } from "@memos/common";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../expect.js";
import { anonymous, createMemo, createUser, signUpHost, type TestUser, uploadResource } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { importArchive } from "../import-client.js";
import { note, zip } from "../import-fixtures.js";

/** `count` distinct tags, `#<prefix>0 #<prefix>1 …`. */
const tags = (count: number, prefix = "t") => Array.from({ length: count }, (_, i) => `#${prefix}${i}`).join(" ");

const tagCount = async (t: TestApp, memoId: number) =>
  Number(
    (
      await t.ctx.store.db
        .selectFrom("memo_tag")
        .select(sql<number>`count(*)`.as("n"))
        .where("memo_id", "=", memoId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("statement sizes a caller decides", { timeout: 120_000 }, () => {
  let t: TestApp;
  let host: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
    member = await createUser(t, host, "member");
  });
  afterAll(() => t.close());

  it(`a memo holds at most ${MAX_MEMO_TAGS} tags: past that, create and change answer 400 naming content`, async () => {
    const full = await member.client.post("/api/memo", { content: tags(MAX_MEMO_TAGS) });
    expect(full.status, full.text).toBe(200);
    expect(await tagCount(t, full.body.data.id)).toBe(MAX_MEMO_TAGS);
    const message = `content: content has too many tags, maximum is ${MAX_MEMO_TAGS}`;
    // The review's 16,384 tags (SQLite answered 500), and one past the cap.
    for (const count of [MAX_MEMO_TAGS + 1, 16_384]) {
      expectError(await member.client.post("/api/memo", { content: tags(count) }), 400, `Malformatted post memo request: ${message}`);
      expectError(
        await member.client.patch(`/api/memo/${full.body.data.id}`, { content: tags(count, "u") }),
        400,
        `Malformatted patch memo request: ${message}`,
      );
    }
    // Nothing of the refused change was written; a tag repeated counts once.
    expect(await tagCount(t, full.body.data.id)).toBe(MAX_MEMO_TAGS);
    const repeated = await member.client.post("/api/memo", { content: `${tags(MAX_MEMO_TAGS)} ${tags(MAX_MEMO_TAGS)}` });
    expect(repeated.status, repeated.text).toBe(200);
  });

  it("an import whose notes hold more tags than one statement binds writes them all; a note past the cap is a problem", async () => {
    // 20 notes of 1,000 new tags each: 20,000 tag names in one batch of the import (40,000 values).
    const notes = Object.fromEntries(
      Array.from({ length: 20 }, (_, n) => [`notes/${n}.md`, note(`Note ${n} ${tags(MAX_MEMO_TAGS, `n${n}x`)}`)]),
    );
    const response = await importArchive(member.client, zip({ ...notes, "notes/too-many.md": note(tags(MAX_MEMO_TAGS + 1, "z")) }));
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toMatchObject({
      memos: 20,
      problemCount: 1,
      problems: [{ file: "notes/too-many.md", reason: `the note has more than ${MAX_MEMO_TAGS} tags, the most a memo holds` }],
    });
    const names = (await member.client.get("/api/tag")).body.data as string[];
    expect(names.filter((name) => /^n\d+x\d+$/.test(name))).toHaveLength(20 * MAX_MEMO_TAGS);
  });

  it("a memo write queues a delivery for each of the writer's webhooks, however many", async () => {
    // More webhooks than one INSERT of deliveries can bind on SQLite (7 values a row). Their address is refused
    // (loopback, not allowed here), so the deliveries fail without leaving the machine.
    const count = 4700;
    const now = Math.floor(Date.now() / 1000);
    const rows = Array.from({ length: count }, (_, i) => ({
      user_id: host.user.id,
      name: `hook ${i}`,
      url: "http://127.0.0.1:9/hook",
      secret: "s3cret",
      events: JSON.stringify(["memo.created"]),
      active: 1,
      created_ts: now,
      updated_ts: now,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await t.ctx.store.db
        .insertInto("webhook")
        .values(rows.slice(i, i + 500))
        .execute();
    const created = await host.client.post("/api/memo", { content: "heard by many" });
    expect(created.status, created.text).toBe(200);
    const queued = await t.ctx.store.db
      .selectFrom("webhook_delivery")
      .select(sql<number>`count(*)`.as("n"))
      .where("payload", "like", "%heard by many%")
      .executeTakeFirstOrThrow();
    expect(Number(queued.n)).toBe(count);
    await t.ctx.store.db.deleteFrom("webhook_delivery").execute();
    await t.ctx.store.db.deleteFrom("webhook").execute();
  });

  it("a file linked to more memos than a statement can list is served to whoever may read one of them", async () => {
    // Links made by the owner, one memo at a time through the API in real life; here in batches. Past 65,535
    // links, more ids than either engine binds in one statement.
    const resource = await uploadResource(member, "shared.txt", "text/plain", Buffer.from("shared"));
    const count = 66_000;
    const now = Math.floor(Date.now() / 1000);
    for (let start = 0; start < count; start += 1000) {
      const memos = Array.from({ length: Math.min(1000, count - start) }, (_, i) => ({
        creator_id: member.user.id,
        content: `linked ${start + i}`,
        visibility: "PRIVATE" as const,
        created_ts: now - count + start + i,
        updated_ts: now - count + start + i,
        display_ts: now - count + start + i,
      }));
      const ids = await t.ctx.store.db.insertInto("memo").values(memos).returning("id").execute();
      await t.ctx.store.db
        .insertInto("memo_resource")
        .values(ids.map(({ id }) => ({ memo_id: id, resource_id: resource.id, created_ts: now, updated_ts: now })))
        .execute();
    }
    const url = `/o/r/${resource.id}/shared.txt`;
    // Every link is to a private memo: a visitor and another member are refused, as they were with one link.
    expectError(await anonymous(t).get(url), 404);
    expectError(await host.client.get(url), 404);
    // One of them made public: the file is readable.
    const shared: Memo = await createMemo(member, "the shared one", "PUBLIC", { resourceIdList: [resource.id] });
    expect(shared.resourceList.map((linked) => linked.id)).toEqual([resource.id]);
    const served = await anonymous(t).get(url);
    expect(served.status, served.text).toBe(200);
    expect(served.text).toBe("shared");
  });
});
