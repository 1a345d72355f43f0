// Reactions on comments through HTTP: one of each emoji per member, carried by the comment page (a fixed number of
// queries whatever the page), given by exactly those who may react to the comment's memo on every credential (a
// comment of a memo the caller may not read does not exist for them); the comment's author hears of it in their inbox
// and through `reaction.added`; the reactions go with the comment, its memo's purge and the reactor.
import type { Comment, CommentPage, CommentReaction, MemoInboxItem } from "@memos/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../client.js";
import { CREDENTIAL_KINDS, callerOf } from "../credential-kinds.js";
import { expectError } from "../expect.js";
import { anonymous, createMemo, createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { installQueryCounter } from "../query-counter.js";
import { eventually, type Receiver, startReceiver } from "../webhook-receiver.js";

describe("reactions on comments", () => {
  let t: TestApp;
  let host: TestUser;
  let receiver: Receiver;
  let seq = 0;
  const member = () => createUser(t, host, `creact${++seq}`);
  const comment = async (who: TestUser, memoId: number, content: string): Promise<Comment> => {
    const response = await who.client.post(`/api/memo/${memoId}/comment`, { content });
    expect(response.status, response.text).toBe(200);
    return response.body.data;
  };
  const page = async (client: Client, memoId: number, query: Record<string, string | number> = {}): Promise<CommentPage> => {
    const response = await client.get(`/api/memo/${memoId}/comment`, { query });
    expect(response.status, response.text).toBe(200);
    return response.body.data;
  };
  const react = async (who: TestUser, commentId: number, emoji: string): Promise<CommentReaction[]> => {
    const response = await who.client.post(`/api/comment/${commentId}/reaction`, { emoji });
    expect(response.status, response.text).toBe(200);
    return response.body.data;
  };
  const inboxOf = async (who: TestUser) => (await who.client.get("/api/inbox")).body.data.items as MemoInboxItem[];
  const rows = (table: "comment_reaction" | "inbox_item", column: "comment_id", id: number) =>
    t.ctx.store.db.selectFrom(table).select("id").where(column, "=", id).execute();

  beforeAll(async () => {
    t = await createTestApp({ webhookAllowPrivate: true, webhook: { webhookRetryBaseMs: 50, webhookTimeoutMs: 3000 } });
    host = await signUpHost(t);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it("counts each emoji once per member, names who reacted, says which are the caller's, and takes one back", async () => {
    const author = await member();
    const alice = await member();
    const bob = await member();
    const memo = await createMemo(author, "party tonight", "PROTECTED");
    const said = await comment(author, memo.id, "bring snacks");
    const other = await comment(alice, memo.id, "sure");
    expect(said.reactions).toEqual([]);
    await react(alice, said.id, "🎉");
    await react(alice, said.id, "🎉");
    await react(bob, said.id, "🎉");
    expect(await react(bob, said.id, "👍🏽")).toEqual([
      {
        commentId: said.id,
        emoji: "🎉",
        count: 2,
        users: [
          { id: alice.user.id, name: alice.user.username },
          { id: bob.user.id, name: bob.user.username },
        ],
        mine: true,
      },
      { commentId: said.id, emoji: "👍🏽", count: 1, users: [{ id: bob.user.id, name: bob.user.username }], mine: true },
    ]);
    // The page carries each comment's own, as the caller sees them; the memo's reactions are its own.
    const seen = await page(alice.client, memo.id);
    expect(seen.comments.map((c) => c.reactions.map((r) => [r.commentId, r.emoji, r.count, r.mine]))).toEqual([
      [
        [said.id, "🎉", 2, true],
        [said.id, "👍🏽", 1, false],
      ],
      [],
    ]);
    expect(other.reactions).toEqual([]);
    expect((await alice.client.get("/api/reaction", { query: { memoIds: String(memo.id) } })).body.data).toEqual([]);

    const removed = await alice.client.request("DELETE", `/api/comment/${said.id}/reaction`, { emoji: "🎉" });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.data.map((r: CommentReaction) => [r.emoji, r.count, r.mine])).toEqual([
      ["🎉", 1, false],
      ["👍🏽", 1, false],
    ]);
    // An edit answers the comment with its reactions.
    const edited = await author.client.patch(`/api/comment/${said.id}`, { content: "bring more snacks" });
    expect(edited.body.data.reactions.map((r: CommentReaction) => r.emoji)).toEqual(["🎉", "👍🏽"]);
  });

  it("refuses what is not one emoji, naming the field, and a comment id that is not a number", async () => {
    const author = await member();
    const memo = await createMemo(author, "x", "PUBLIC");
    const said = await comment(author, memo.id, "y");
    for (const emoji of ["", "ok", "👍👍", "<b>", "👍".repeat(20)]) {
      expectError(await author.client.post(`/api/comment/${said.id}/reaction`, { emoji }), 400, undefined, {
        reason: emoji === "👍".repeat(20) ? undefined : "reaction.invalid-emoji",
        field: "emoji",
      });
    }
    expectError(await author.client.post("/api/comment/x/reaction", { emoji: "👍" }), 400);
    expect(await rows("comment_reaction", "comment_id", said.id)).toEqual([]);
  });

  it("shows the counts to whoever may read the memo, and lets only members who may read it react", async () => {
    const author = await member();
    const other = await member();
    const open = await createMemo(author, "public", "PUBLIC");
    const members = await createMemo(author, "protected", "PROTECTED");
    const secret = await createMemo(author, "private", "PRIVATE");
    const [onOpen, onMembers, onSecret] = [
      await comment(author, open.id, "a"),
      await comment(author, members.id, "b"),
      await comment(author, secret.id, "c"),
    ];
    for (const said of [onOpen, onMembers, onSecret]) await react(author, said.id, "❤️");

    // A visitor sees the counts on a public memo's comments (and cannot react); nothing of the others.
    const visible = await page(anonymous(t), open.id);
    expect(visible.comments[0]?.reactions).toMatchObject([{ emoji: "❤️", count: 1, mine: false }]);
    expectError(await anonymous(t).get(`/api/memo/${members.id}/comment`), 403);
    expectError(await anonymous(t).post(`/api/comment/${onOpen.id}/reaction`, { emoji: "👍" }), 401);
    expectError(await anonymous(t).post(`/api/comment/${onMembers.id}/reaction`, { emoji: "👍" }), 401);
    expect((await react(other, onMembers.id, "👍")).map((r) => r.emoji)).toEqual(["❤️", "👍"]);

    // A member, or an admin, who may not read the memo learns nothing: the same 404 as for no comment at all.
    const missing = await other.client.post("/api/comment/999999/reaction", { emoji: "👍" });
    expectError(missing, 404, "Comment not found: 999999", { reason: "comment.not-found" });
    for (const who of [other, host]) {
      for (const [method, body] of [
        ["POST", { emoji: "👍" }],
        ["DELETE", { emoji: "❤️" }],
      ] as const) {
        const refused = await who.client.request(method, `/api/comment/${onSecret.id}/reaction`, body);
        expectError(refused, 404, `Comment not found: ${onSecret.id}`, { reason: "comment.not-found" });
        expect(Object.keys(refused.body).sort()).toEqual(Object.keys(missing.body).sort());
      }
    }
    expect((await page(author.client, secret.id)).comments[0]?.reactions).toMatchObject([{ emoji: "❤️", count: 1 }]);

    // Another's archived memo, and a memo in the trash, hide their comments: nobody reacts to them.
    await author.client.patch(`/api/memo/${members.id}`, { rowStatus: "ARCHIVED" });
    expectError(await other.client.post(`/api/comment/${onMembers.id}/reaction`, { emoji: "👀" }), 404, undefined, {
      reason: "comment.not-found",
    });
    await author.client.delete(`/api/memo/${open.id}`);
    for (const who of [author, other])
      expectError(await who.client.post(`/api/comment/${onOpen.id}/reaction`, { emoji: "👀" }), 404, undefined, {
        reason: "comment.not-found",
      });
  });

  it("reacts on a session, a read-write token and the open ID; a read token only reads", async () => {
    const author = await member();
    const memo = await createMemo(author, "by token", "PUBLIC");
    const said = await comment(author, memo.id, "react to me");
    const reactor = await member();
    const emojis: Record<string, string> = {
      session: "👀",
      "read token": "🙈",
      "read-write token": "🎉",
      "open ID": "🚀",
      "?openId=": "🔥",
    };
    for (const kind of CREDENTIAL_KINDS) {
      const caller = await callerOf(t, reactor, kind);
      const read = await caller.get(`/api/memo/${memo.id}/comment`);
      expect(read.status, kind).toBe(200);
      const added = await caller.post(`/api/comment/${said.id}/reaction`, { emoji: emojis[kind] });
      if (kind === "read token") expectError(added, 403, undefined, { reason: "auth.read-only-token" });
      else {
        expect(added.status, `${kind}: ${added.text}`).toBe(200);
        expect(added.body.data.find((r: CommentReaction) => r.emoji === emojis[kind])).toMatchObject({ count: 1, mine: true });
      }
    }
    const reader = await callerOf(t, reactor, "read token");
    expectError(await reader.request("DELETE", `/api/comment/${said.id}/reaction`, { emoji: "👀" }), 403, undefined, {
      reason: "auth.read-only-token",
    });
    const writer = await callerOf(t, reactor, "read-write token");
    const taken = await writer.request("DELETE", `/api/comment/${said.id}/reaction`, { emoji: "👀" });
    expect(taken.status, taken.text).toBe(200);
    const [shown] = (await page(author.client, memo.id)).comments;
    expect(shown?.reactions.map((r) => r.emoji)).toEqual(["🎉", "🚀", "🔥"]);
  });

  it("reads a page of comments with their reactions in a fixed number of queries", async () => {
    const author = await member();
    const reactors = [await member(), await member(), await member()];
    const memo = await createMemo(author, "busy thread", "PUBLIC");
    for (let i = 0; i < 30; i++) {
      const said = await comment(author, memo.id, `c${i}`);
      for (const reactor of reactors.slice(0, (i % 3) + 1)) await react(reactor, said.id, i % 2 ? "👍" : "🎉");
    }
    const queries = async (limit: number) => {
      const counter = installQueryCounter(t);
      try {
        const answer = await page(anonymous(t), memo.id, { limit });
        expect(answer.comments.map((c) => c.reactions[0]?.count)).toEqual(answer.comments.map((_, i) => (i % 3) + 1));
        return counter.count;
      } finally {
        counter.uninstall();
      }
    };
    expect(await queries(30)).toBe(await queries(2));
    expect(await queries(30)).toBeLessThanOrEqual(7);
  });

  it("tells the comment's author in their inbox, unless they reacted themselves, and forgets it with the comment", async () => {
    const author = await member();
    const writer = await member();
    const alice = await member();
    const bob = await member();
    const memo = await createMemo(author, "the memo's own words", "PROTECTED");
    const said = await comment(writer, memo.id, "the comment's own words");
    await react(writer, said.id, "👍");
    await react(alice, said.id, "🎉");
    await react(bob, said.id, "🎉");
    const items = await inboxOf(writer);
    expect(items.map((item) => [item.kind, item.memoId, item.commentId, item.emoji, item.actor.id, item.snippet])).toEqual([
      ["reaction", memo.id, said.id, "🎉", bob.user.id, "the comment's own words"],
      ["reaction", memo.id, said.id, "🎉", alice.user.id, "the comment's own words"],
    ]);
    // The memo's author hears of the comment, not of reactions to it.
    expect((await inboxOf(author)).map((item) => item.kind)).toEqual(["comment"]);
    // A memo reaction's item names no comment.
    await react(author, said.id, "👀");
    await writer.client.post(`/api/memo/${memo.id}/reaction`, { emoji: "🎉" });
    expect((await inboxOf(author)).map((item) => [item.kind, item.commentId])).toEqual([
      ["reaction", undefined],
      ["comment", said.id],
    ]);

    expect((await writer.client.delete(`/api/comment/${said.id}`)).status).toBe(200);
    expect(await inboxOf(writer)).toEqual([]);
    // The memo's author's "commented" item goes with the comment too.
    expect((await inboxOf(author)).map((item) => item.kind)).toEqual(["reaction"]);
    expect(await rows("comment_reaction", "comment_id", said.id)).toEqual([]);
    expect(await rows("inbox_item", "comment_id", said.id)).toEqual([]);
  });

  it("tells the comment's author's webhooks who reacted with what, with the memo and the comment", async () => {
    const author = await member();
    const writer = await member();
    const reactor = await member();
    const hook = await writer.client.post("/api/webhook", { name: "reactions", url: receiver.url, events: ["reaction.added"] });
    expect(hook.status, hook.text).toBe(200);
    const memo = await createMemo(author, "tell the commenter", "PUBLIC");
    const said = await comment(writer, memo.id, "hear me");
    await react(reactor, said.id, "🎉");
    const got = await eventually(() =>
      receiver.received.find((delivery) => delivery.body.event === "reaction.added" && delivery.body.comment?.id === said.id),
    );
    expect(got.body).toMatchObject({
      event: "reaction.added",
      actor: { id: reactor.user.id },
      memo: { id: memo.id },
      comment: { id: said.id, content: "hear me", reactions: [{ emoji: "🎉", count: 1, mine: false }] },
      reaction: { emoji: "🎉", user: { id: reactor.user.id, username: reactor.user.username } },
    });
  });

  it("deletes the reactions with a purged memo's comments, with the reactor, and with the comment's author", async () => {
    const author = await member();
    const writer = await member();
    const leaving = await member();
    const purged = await createMemo(author, "to be purged", "PUBLIC");
    const onPurged = await comment(writer, purged.id, "gone soon");
    await react(leaving, onPurged.id, "👋");
    await author.client.delete(`/api/memo/${purged.id}`);
    expect((await author.client.delete(`/api/trash/${purged.id}`)).status).toBe(200);
    expect(await rows("comment_reaction", "comment_id", onPurged.id)).toEqual([]);
    expect(await rows("inbox_item", "comment_id", onPurged.id)).toEqual([]);

    const stays = await createMemo(author, "stays", "PUBLIC");
    const kept = await comment(writer, stays.id, "kept");
    const theirs = await comment(leaving, stays.id, "theirs");
    await react(leaving, kept.id, "👋");
    await react(writer, kept.id, "👍");
    await react(writer, theirs.id, "👍");
    expect((await host.client.delete(`/api/user/${leaving.user.id}`)).status).toBe(200);
    expect((await page(author.client, stays.id)).comments.map((c) => [c.id, c.reactions.map((r) => r.emoji)])).toEqual([[kept.id, ["👍"]]]);
    expect(await rows("comment_reaction", "comment_id", theirs.id)).toEqual([]);
  });

  it("vacuums reactions whose comment is gone, and keeps every inbox item about no comment", async () => {
    // Its own instance: with no comment left at all, `comment_id NOT IN (no rows)` would hold for every item.
    const own = await createTestApp();
    try {
      const admin = await signUpHost(own);
      const author = await createUser(own, admin, "author");
      const other = await createUser(own, admin, "other");
      const memo = await createMemo(author, "vacuum", "PUBLIC");
      const said = await comment(author, memo.id, "x");
      await react(other, said.id, "👍");
      await other.client.post(`/api/memo/${memo.id}/reaction`, { emoji: "👍" });
      // As if a crash had left them behind: the comment's row alone removed.
      await own.ctx.store.db.deleteFrom("memo_comment").where("id", "=", said.id).execute();
      expect((await inboxOf(author)).map((item) => item.commentId)).toEqual([undefined, said.id]);
      expect((await admin.client.post("/api/system/vacuum")).status).toBe(200);
      const left = await own.ctx.store.db.selectFrom("comment_reaction").select("id").execute();
      expect(left).toEqual([]);
      expect((await inboxOf(author)).map((item) => [item.kind, item.commentId])).toEqual([["reaction", undefined]]);
    } finally {
      await own.close();
    }
  });
});
