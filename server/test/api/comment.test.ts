// Comments through HTTP: written by members who may read the memo (session, read-write token, open ID; a read
// token only reads), seen by exactly those who may read it, edited by their author, deleted by their author or the
// memo's; closed by the memo's author or turned off by the host; hidden with a memo in the trash and purged with
// it; never a memo (lists, search, counts, tags, export); a page's counts in a fixed number of queries; the memo's
// author's webhooks hear `comment.created`.
import type { Comment, CommentPage } from "@memos/common";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../client.js";
import { CREDENTIAL_KINDS, callerOf } from "../credential-kinds.js";
import { expectError } from "../expect.js";
import { anonymous, createMemo, createUser, signUpHost, type TestUser, uploadResource } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { installQueryCounter } from "../query-counter.js";
import { eventually, type Receiver, startReceiver } from "../webhook-receiver.js";

describe("comments", () => {
  let t: TestApp;
  let host: TestUser;
  let receiver: Receiver;
  let seq = 0;
  const member = () => createUser(t, host, `cmt${++seq}`);
  const comment = async (who: TestUser, memoId: number, content: string, extra: object = {}): Promise<Comment> => {
    const response = await who.client.post(`/api/memo/${memoId}/comment`, { content, ...extra });
    expect(response.status, response.text).toBe(200);
    return response.body.data;
  };
  const page = async (client: Client, memoId: number, query: Record<string, string | number> = {}): Promise<CommentPage> => {
    const response = await client.get(`/api/memo/${memoId}/comment`, { query });
    expect(response.status, response.text).toBe(200);
    return response.body.data;
  };
  const counts = async (client: Client, ids: number[]) => {
    const response = await client.get("/api/memo/comment-count", { query: { memoIds: ids.join(",") } });
    expect(response.status, response.text).toBe(200);
    return response.body.data as { memoId: number; count: number }[];
  };

  beforeAll(async () => {
    t = await createTestApp({ webhookAllowPrivate: true, webhook: { webhookRetryBaseMs: 50, webhookTimeoutMs: 3000 } });
    host = await signUpHost(t);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it("adds, lists oldest first in pages, edits and deletes comments, with their authors and files", async () => {
    const author = await member();
    const alice = await member();
    const memo = await createMemo(author, "what do you think?", "PUBLIC");
    const file = await uploadResource(alice, "plan.png");
    const first = await comment(alice, memo.id, "**yes**", { resourceIdList: [file.id] });
    // Attached to a comment, the file is in use: "clear unused resources" leaves it.
    const mine = (await alice.client.get("/api/resource")).body.data as { id: number; linkedMemoAmount: number }[];
    expect(mine.find((resource) => resource.id === file.id)?.linkedMemoAmount).toBe(1);
    expect(first).toMatchObject({
      memoId: memo.id,
      creator: { id: alice.user.id, username: alice.user.username },
      content: "**yes**",
      resourceList: [{ id: file.id, filename: "plan.png" }],
    });
    // Whoever may read the memo may read the comment's file.
    const served = await anonymous(t).get(`/o/r/${file.id}/plan.png`);
    expect(served.status, served.text).toBe(200);
    const second = await comment(author, memo.id, "thanks");
    const third = await comment(alice, memo.id, "one more");
    const all = await page(anonymous(t), memo.id);
    expect(all.comments.map((c) => c.id)).toEqual([first.id, second.id, third.id]);
    expect(all).toMatchObject({ next: null, closed: false, disabled: false });
    const one = await page(anonymous(t), memo.id, { limit: 2 });
    expect(one.comments.map((c) => c.id)).toEqual([first.id, second.id]);
    expect((await page(anonymous(t), memo.id, { limit: 2, after: one.next as number })).comments.map((c) => c.id)).toEqual([third.id]);

    const edited = await alice.client.patch(`/api/comment/${first.id}`, { content: "no", resourceIdList: [] });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.data).toMatchObject({ id: first.id, content: "no", resourceList: [] });
    // Edited at once, within the second it was written, it still reads as edited.
    expect(edited.body.data.updatedTs).toBeGreaterThan(edited.body.data.createdTs);
    expect((await alice.client.delete(`/api/comment/${third.id}`)).status).toBe(200);
    expect((await page(alice.client, memo.id)).comments.map((c) => c.content)).toEqual(["no", "thanks"]);
    expectError(await alice.client.delete(`/api/comment/${third.id}`), 404, undefined, { reason: "comment.not-found" });
  });

  it("refuses bad input, naming the field, and another's files", async () => {
    const author = await member();
    const other = await member();
    const memo = await createMemo(author, "x", "PUBLIC");
    expectError(await author.client.post(`/api/memo/${memo.id}/comment`, {}), 400, undefined, { field: "content" });
    expectError(await author.client.post(`/api/memo/${memo.id}/comment`, { content: "a".repeat(1024 * 1024 + 1) }), 400, undefined, {
      reason: "memo.content-too-long",
      field: "content",
    });
    const theirs = await uploadResource(other);
    expectError(await author.client.post(`/api/memo/${memo.id}/comment`, { content: "x", resourceIdList: [theirs.id] }), 403);
    expectError(await author.client.post(`/api/memo/${memo.id}/comment`, { content: "x", resourceIdList: [999999] }), 404, undefined, {
      reason: "resource.not-found",
      field: "resourceIdList",
    });
    expect((await page(author.client, memo.id)).comments).toEqual([]);
    const ids = Array.from({ length: 101 }, (_, i) => i + 1).join(",");
    expectError(await author.client.get("/api/memo/comment-count", { query: { memoIds: ids } }), 400, undefined, { field: "memoIds" });
  });

  it("shows comments exactly to those who may read the memo; only members who may read it comment", async () => {
    const author = await member();
    const other = await member();
    const open = await createMemo(author, "public", "PUBLIC");
    const members = await createMemo(author, "protected", "PROTECTED");
    const secret = await createMemo(author, "private", "PRIVATE");
    for (const memo of [open, members, secret]) await comment(author, memo.id, `on ${memo.id}`);
    const all = [open.id, members.id, secret.id];
    expect((await counts(anonymous(t), all)).map((c) => c.memoId)).toEqual([open.id]);
    expect((await counts(other.client, all)).map((c) => c.memoId)).toEqual([open.id, members.id]);
    expect((await counts(host.client, all)).map((c) => c.memoId)).toEqual([open.id, members.id]);
    expect(await counts(author.client, all)).toEqual(all.map((memoId) => ({ memoId, count: 1 })));

    expect((await page(anonymous(t), open.id)).comments).toHaveLength(1);
    expectError(await anonymous(t).get(`/api/memo/${members.id}/comment`), 403);
    expectError(await other.client.get(`/api/memo/${secret.id}/comment`), 403, undefined, { reason: "memo.private" });
    expectError(await host.client.get(`/api/memo/${secret.id}/comment`), 403, undefined, { reason: "memo.private" });
    expectError(await anonymous(t).post(`/api/memo/${open.id}/comment`, { content: "hi" }), 401);
    expectError(await other.client.post(`/api/memo/${secret.id}/comment`, { content: "hi" }), 403, undefined, { reason: "memo.private" });
    expectError(await host.client.post(`/api/memo/${secret.id}/comment`, { content: "hi" }), 403, undefined, { reason: "memo.private" });
    expectError(await other.client.post("/api/memo/999999/comment", { content: "hi" }), 404);
    const mine = await comment(other, members.id, "members only");

    // A comment of a memo the caller may not read does not exist for them.
    const [secretComment] = (await page(author.client, secret.id)).comments;
    expectError(await other.client.patch(`/api/comment/${secretComment?.id}`, { content: "x" }), 404, undefined, {
      reason: "comment.not-found",
    });
    // The comment's author edits; the memo's author deletes but does not edit; an admin gains nothing.
    expectError(await author.client.patch(`/api/comment/${mine.id}`, { content: "x" }), 403, undefined, { reason: "comment.not-allowed" });
    expectError(await host.client.patch(`/api/comment/${mine.id}`, { content: "x" }), 403, undefined, { reason: "comment.not-allowed" });
    expectError(await host.client.delete(`/api/comment/${mine.id}`), 403, undefined, { reason: "comment.not-allowed" });
    expectError(await anonymous(t).delete(`/api/comment/${mine.id}`), 401);
    expect((await author.client.delete(`/api/comment/${mine.id}`)).status).toBe(200);
  });

  it("comments on a session, a read-write token and the open ID; a read token only reads", async () => {
    const author = await member();
    const memo = await createMemo(author, "by token", "PUBLIC");
    const writer = await member();
    for (const kind of CREDENTIAL_KINDS) {
      const caller = await callerOf(t, writer, kind);
      expect((await caller.get(`/api/memo/${memo.id}/comment`)).status, kind).toBe(200);
      expect((await caller.get(`/api/memo/comment-count?memoIds=${memo.id}`)).status, kind).toBe(200);
      const added = await caller.post(`/api/memo/${memo.id}/comment`, { content: kind });
      if (kind === "read token") expectError(added, 403, undefined, { reason: "auth.read-only-token" });
      else {
        expect(added.status, `${kind}: ${added.text}`).toBe(200);
        const id = added.body.data.id;
        expect((await caller.patch(`/api/comment/${id}`, { content: `${kind}!` })).status, kind).toBe(200);
      }
    }
    const [first] = (await page(author.client, memo.id)).comments;
    const reader = await callerOf(t, writer, "read token");
    expectError(await reader.patch(`/api/comment/${first?.id}`, { content: "x" }), 403, undefined, { reason: "auth.read-only-token" });
    expectError(await reader.delete(`/api/comment/${first?.id}`), 403, undefined, { reason: "auth.read-only-token" });
    expect((await counts(author.client, [memo.id]))[0]?.count).toBe(CREDENTIAL_KINDS.length - 1);
  });

  it("lets the memo's author close comments, and the host turn them off", async () => {
    const author = await member();
    const other = await member();
    const memo = await createMemo(author, "closing soon", "PUBLIC");
    await comment(other, memo.id, "before");
    expectError(await other.client.post(`/api/memo/${memo.id}/comment/close`, { closed: true }), 403, undefined, {
      reason: "memo.not-creator",
    });
    expectError(await host.client.post(`/api/memo/${memo.id}/comment/close`, { closed: true }), 403, undefined, {
      reason: "memo.not-creator",
    });
    expect((await author.client.post(`/api/memo/${memo.id}/comment/close`, { closed: true })).body.data).toEqual({ closed: true });
    expect((await page(other.client, memo.id)).closed).toBe(true);
    expectError(await other.client.post(`/api/memo/${memo.id}/comment`, { content: "late" }), 403, undefined, { reason: "comment.closed" });
    expectError(await author.client.post(`/api/memo/${memo.id}/comment`, { content: "late" }), 403, undefined, {
      reason: "comment.closed",
    });
    await author.client.post(`/api/memo/${memo.id}/comment/close`, { closed: false });
    await comment(other, memo.id, "reopened");

    expect((await host.client.post("/api/system/setting", { name: "disableComments", value: "true" })).status).toBe(200);
    try {
      expect((await anonymous(t).get("/api/status")).body.data.disableComments).toBe(true);
      expect((await page(other.client, memo.id)).disabled).toBe(true);
      expectError(await other.client.post(`/api/memo/${memo.id}/comment`, { content: "off" }), 403, undefined, {
        reason: "comment.disabled",
      });
      expectError(await other.client.post("/api/system/setting", { name: "disableComments", value: "false" }), 403);
    } finally {
      await host.client.post("/api/system/setting", { name: "disableComments", value: "false" });
    }
    await comment(other, memo.id, "back on");
  });

  it("hides a trashed memo's comments, brings them back on restore and deletes them on purge", async () => {
    const author = await member();
    const other = await member();
    const memo = await createMemo(author, "to the trash", "PUBLIC");
    const file = await uploadResource(other);
    const said = await comment(other, memo.id, "kept?", { resourceIdList: [file.id] });
    await author.client.delete(`/api/memo/${memo.id}`);
    expectError(await other.client.get(`/api/memo/${memo.id}/comment`), 404);
    expectError(await author.client.get(`/api/memo/${memo.id}/comment`), 404);
    expectError(await other.client.patch(`/api/comment/${said.id}`, { content: "x" }), 404, undefined, { reason: "comment.not-found" });
    expectError(await other.client.post(`/api/memo/${memo.id}/comment`, { content: "x" }), 404);
    expect(await counts(author.client, [memo.id])).toEqual([]);
    expect((await author.client.post(`/api/trash/${memo.id}/restore`)).status).toBe(200);
    expect((await page(other.client, memo.id)).comments.map((c) => c.id)).toEqual([said.id]);
    await author.client.delete(`/api/memo/${memo.id}`);
    expect((await author.client.delete(`/api/trash/${memo.id}`)).status).toBe(200);
    const left = await t.ctx.store.db.selectFrom("memo_comment").select("id").where("memo_id", "=", memo.id).execute();
    expect(left).toEqual([]);
    const links = await t.ctx.store.db.selectFrom("memo_comment_resource").select("comment_id").where("comment_id", "=", said.id).execute();
    expect(links).toEqual([]);
  });

  it("deletes a user's comments, and the comments on their memos, with the user", async () => {
    const author = await member();
    const leaving = await member();
    const memo = await createMemo(author, "stays", "PUBLIC");
    const theirs = await createMemo(leaving, "goes", "PUBLIC");
    await comment(leaving, memo.id, "bye");
    await comment(author, theirs.id, "on theirs");
    expect((await host.client.delete(`/api/user/${leaving.user.id}`)).status).toBe(200);
    expect((await page(author.client, memo.id)).comments).toEqual([]);
    const left = await t.ctx.store.db.selectFrom("memo_comment").select("id").where("memo_id", "=", theirs.id).execute();
    expect(left).toEqual([]);
  });

  it("never shows a comment as a memo: lists, search, counts, tags, export", async () => {
    const author = await member();
    const other = await member();
    const memo = await createMemo(author, "plain memo", "PUBLIC");
    const before = {
      list: (await author.client.get("/api/memo", { query: { limit: 1000 } })).body.data.length,
      amount: (await author.client.get("/api/memo/amount", { query: { userId: other.user.id } })).body.data,
      stats: (await author.client.get("/api/memo/stats", { query: { creatorId: other.user.id } })).body.data,
    };
    await comment(other, memo.id, "zebracomment #commenttag");
    await comment(author, memo.id, "zebracomment by the author #commenttag");
    expect((await author.client.get("/api/memo", { query: { limit: 1000 } })).body.data.length).toBe(before.list);
    expect((await anonymous(t).get("/api/memo/all", { query: { text: "zebracomment" } })).body.data).toEqual([]);
    expect((await other.client.get("/api/memo", { query: { text: "zebracomment" } })).body.data).toEqual([]);
    expect((await author.client.get("/api/memo/amount", { query: { userId: other.user.id } })).body.data).toBe(before.amount);
    expect((await author.client.get("/api/memo/stats", { query: { creatorId: other.user.id } })).body.data).toEqual(before.stats);
    expect(JSON.stringify((await other.client.get("/api/tag")).body.data)).not.toContain("commenttag");
    const exported = await t.app.inject({ method: "GET", url: "/api/export", headers: { cookie: author.client.cookie as string } });
    expect(exported.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(exported.rawPayload));
    // Only comments.jsonl (the author's own comments, not a memo) holds the author's comment; nothing holds the other's.
    for (const [path, data] of Object.entries(files)) {
      if (path !== "comments.jsonl") expect(strFromU8(data), path).not.toContain("zebracomment");
    }
    expect(strFromU8(files["comments.jsonl"]!)).toContain("zebracomment by the author");
    expect(strFromU8(files["comments.jsonl"]!).match(/zebracomment/g)).toHaveLength(1);
  });

  it("counts a page of 30 memos' comments in a fixed number of queries", async () => {
    const author = await member();
    const writers = [await member(), await member()];
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) {
      const memo = await createMemo(author, `m${i}`, "PUBLIC");
      ids.push(memo.id);
      for (const writer of writers.slice(0, (i % 2) + 1)) await comment(writer, memo.id, `c${i}`);
    }
    const queries = async (memoIds: number[]) => {
      const counter = installQueryCounter(t);
      try {
        const answer = await counts(anonymous(t), memoIds);
        expect(answer).toHaveLength(memoIds.length);
        return counter.count;
      } finally {
        counter.uninstall();
      }
    };
    expect(await queries(ids)).toBe(await queries(ids.slice(0, 2)));
    expect(await queries(ids)).toBeLessThanOrEqual(3);
    expect((await counts(anonymous(t), ids)).map((c) => c.count)).toEqual(ids.map((_, i) => (i % 2) + 1));
  });

  it("tells the memo's author, and members the comment names who may read the memo, in their inbox", async () => {
    const author = await member();
    const writer = await member();
    const named = await member();
    const memo = await createMemo(author, "members only", "PROTECTED");
    await comment(writer, memo.id, `what do you say, @${named.user.username}?`);
    const inboxOf = async (who: TestUser) => (await who.client.get("/api/inbox")).body.data.items as { kind: string; memoId: number }[];
    expect((await inboxOf(author)).map((item) => [item.kind, item.memoId])).toEqual([["comment", memo.id]]);
    expect((await inboxOf(named)).map((item) => [item.kind, item.memoId])).toEqual([["mention", memo.id]]);
    expect(await inboxOf(writer)).toEqual([]);
    // The memo's author's own comment tells nobody.
    await comment(author, memo.id, "noted");
    expect(await inboxOf(author)).toHaveLength(1);
  });

  it("tells the memo's author's webhooks of a new comment", async () => {
    const author = await member();
    const writer = await member();
    const hook = await author.client.post("/api/webhook", { name: "comments", url: receiver.url, events: ["comment.created"] });
    expect(hook.status, hook.text).toBe(200);
    const memo = await createMemo(author, "tell me", "PUBLIC");
    const said = await comment(writer, memo.id, "hello there");
    const got = await eventually(() => receiver.received.find((delivery) => delivery.body.event === "comment.created"));
    expect(got.body).toMatchObject({
      event: "comment.created",
      actor: { id: writer.user.id },
      memo: { id: memo.id },
      comment: { id: said.id, content: "hello there", creator: { id: writer.user.id } },
    });
  });
});
