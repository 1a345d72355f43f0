// The inbox through HTTP: a mention tells the named member only when they may read the memo, an edit (or a batch, a
// restore) only the newly named or those it made the memo readable to, once per memo; a reaction tells the memo's
// author; items drop out when their memo becomes unreadable or goes to the trash; marked read one by one or all at
// once; every credential reads its owner's inbox only.
import type { MemoInboxItem } from "@memos/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CREDENTIAL_KINDS, callerOf } from "../credential-kinds.js";
import { expectError } from "../expect.js";
import { anonymous, createMemo, createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";

describe("the inbox", () => {
  let t: TestApp;
  let host: TestUser;
  let seq = 0;
  const member = () => createUser(t, host, `inbox${++seq}`);
  const inboxOf = async (user: TestUser, query = "") => {
    const response = await user.client.get(`/api/inbox${query}`);
    expect(response.status, response.text).toBe(200);
    // Items about a memo only: no account here meets the two-factor lock (two-factor-lock.test.ts).
    return response.body.data as { items: MemoInboxItem[]; unread: number; next: number | null };
  };

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
  });
  afterAll(() => t.close());

  it("tells the members a memo names, if they may read it; an edit tells only the newly named", async () => {
    const author = await member();
    const alice = await member();
    const bob = await member();
    const open = await createMemo(
      author,
      `hello @${alice.user.username} and @${bob.user.username}, and me @${author.user.username}`,
      "PROTECTED",
    );
    await createMemo(author, `secret plan for @${alice.user.username}`, "PRIVATE");
    const aliceInbox = await inboxOf(alice);
    expect(aliceInbox.items.map((item) => [item.kind, item.memoId, item.actor.id])).toEqual([["mention", open.id, author.user.id]]);
    expect(aliceInbox.items[0]!.snippet).toContain("hello @");
    expect(aliceInbox.unread).toBe(1);
    expect((await inboxOf(author)).items).toEqual([]);

    const carol = await member();
    await author.client.patch(`/api/memo/${open.id}`, {
      content: `hello @${alice.user.username}, @${bob.user.username} and @${carol.user.username}`,
    });
    expect((await inboxOf(alice)).items).toHaveLength(1);
    expect((await inboxOf(carol)).items.map((item) => item.memoId)).toEqual([open.id]);
    // A name written in upper case is the same account, as at sign-in; a mail address is no mention.
    const dave = await member();
    await createMemo(author, `@${dave.user.username.toUpperCase()} mail ${dave.user.username}@example.com`, "PUBLIC");
    expect((await inboxOf(dave)).items).toHaveLength(1);
  });

  it("tells those a memo names when it becomes readable to them (an edit, a batch, a restore), once per memo", async () => {
    const author = await member();
    const alice = await member();
    const bob = await member();
    const cara = await member();
    const mentionsOf = async (user: TestUser) =>
      (await inboxOf(user)).items.filter((item) => item.kind === "mention").map((item) => item.memoId);
    const draft = await createMemo(author, `draft for @${alice.user.username}`, "PRIVATE");
    expect(await mentionsOf(alice)).toEqual([]);
    expect((await author.client.patch(`/api/memo/${draft.id}`, { visibility: "PROTECTED" })).status).toBe(200);
    expect(await mentionsOf(alice)).toEqual([draft.id]);
    // Private and back again: still one item.
    await author.client.patch(`/api/memo/${draft.id}`, { visibility: "PRIVATE" });
    await author.client.patch(`/api/memo/${draft.id}`, { visibility: "PUBLIC", content: `draft for @${alice.user.username}!` });
    expect(await mentionsOf(alice)).toEqual([draft.id]);

    // A batch's visibility change tells too.
    const batch = [
      await createMemo(author, `ask @${bob.user.username}`, "PRIVATE"),
      await createMemo(author, `and @${bob.user.username}`, "PRIVATE"),
    ];
    const changed = await author.client.post("/api/memo/batch", {
      ids: batch.map((memo) => memo.id),
      action: "visibility",
      visibility: "PROTECTED",
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await mentionsOf(bob)).sort()).toEqual(batch.map((memo) => memo.id).sort());

    // An archived memo is its author's alone: made protected while archived it tells nobody; restored, it tells.
    const archived = await createMemo(author, `later, @${cara.user.username}`, "PRIVATE");
    await author.client.patch(`/api/memo/${archived.id}`, { rowStatus: "ARCHIVED" });
    await author.client.patch(`/api/memo/${archived.id}`, { visibility: "PROTECTED" });
    expect(await mentionsOf(cara)).toEqual([]);
    expect((await author.client.post("/api/memo/batch", { ids: [archived.id], action: "restore" })).status).toBe(200);
    expect(await mentionsOf(cara)).toEqual([archived.id]);
  });

  it("a comment's mention is its own: told whatever the memo told, and gone with the comment", async () => {
    const author = await member();
    const alice = await member();
    const memo = await createMemo(author, `plan with @${alice.user.username}`, "PROTECTED");
    const said = await author.client.post(`/api/memo/${memo.id}/comment`, { content: `and again, @${alice.user.username}` });
    expect(said.status, said.text).toBe(200);
    const items = (await inboxOf(alice)).items;
    expect(items.map((item) => [item.kind, item.memoId, item.commentId])).toEqual([
      ["mention", memo.id, said.body.data.id],
      ["mention", memo.id, undefined],
    ]);
    expect(items[0]!.snippet).toBe(`and again, @${alice.user.username}`);
    // The memo's text naming her again (after a private spell) does not tell her twice; the comment did not count.
    await author.client.patch(`/api/memo/${memo.id}`, { visibility: "PRIVATE" });
    await author.client.patch(`/api/memo/${memo.id}`, { visibility: "PROTECTED" });
    expect((await inboxOf(alice)).items).toHaveLength(2);
    await author.client.delete(`/api/comment/${said.body.data.id}`);
    expect((await inboxOf(alice)).items.map((item) => item.commentId)).toEqual([undefined]);
  });

  it("tells the author of reactions by others, and drops items whose memo became unreadable or went to the trash", async () => {
    const author = await member();
    const fan = await member();
    const memo = await createMemo(author, `for @${fan.user.username}`, "PUBLIC");
    await fan.client.post(`/api/memo/${memo.id}/reaction`, { emoji: "🎉" });
    await author.client.post(`/api/memo/${memo.id}/reaction`, { emoji: "👍" });
    const inbox = await inboxOf(author);
    expect(inbox.items.map((item) => [item.kind, item.emoji, item.actor.id])).toEqual([["reaction", "🎉", fan.user.id]]);

    expect((await inboxOf(fan)).items).toHaveLength(1);
    await author.client.patch(`/api/memo/${memo.id}`, { visibility: "PRIVATE" });
    expect(await inboxOf(fan)).toMatchObject({ items: [], unread: 0 });
    await author.client.patch(`/api/memo/${memo.id}`, { visibility: "PUBLIC" });
    expect((await inboxOf(fan)).items).toHaveLength(1);
    await author.client.delete(`/api/memo/${memo.id}`);
    expect((await inboxOf(fan)).items).toEqual([]);
    expect((await inboxOf(author)).items).toEqual([]);
  });

  it("marks items read one by one or all, pages with `before`, and lists only unread with `unread=true`", async () => {
    const author = await member();
    const reader = await member();
    for (let i = 0; i < 5; i++) await createMemo(author, `note ${i} @${reader.user.username}`, "PUBLIC");
    const first = await inboxOf(reader, "?limit=2");
    expect(first.items).toHaveLength(2);
    expect(first.unread).toBe(5);
    const second = await inboxOf(reader, `?limit=2&before=${first.next}`);
    expect(second.items.map((item) => item.id).every((id) => id < first.items[1]!.id)).toBe(true);
    const marked = await reader.client.post("/api/inbox/read", { ids: [first.items[0]!.id] });
    expect(marked.body.data).toEqual({ unread: 4 });
    expect((await inboxOf(reader, "?unread=true")).items).toHaveLength(4);
    expect((await reader.client.post("/api/inbox/read", { all: true })).body.data).toEqual({ unread: 0 });
    expect((await inboxOf(reader)).items.every((item) => item.read)).toBe(true);
    expectError(await reader.client.post("/api/inbox/read", {}), 400);
    expectError(await reader.client.post("/api/inbox/read", { ids: [] }), 400);
  });

  it("is its owner's on every credential; a read token reads but does not mark; visitors have none", async () => {
    const author = await member();
    const owner = await member();
    await createMemo(author, `ping @${owner.user.username}`, "PUBLIC");
    for (const kind of CREDENTIAL_KINDS) {
      const caller = await callerOf(t, owner, kind);
      const response = await caller.get("/api/inbox");
      expect(response.status, kind).toBe(200);
      expect(response.body.data.items).toHaveLength(1);
    }
    const reader = await callerOf(t, owner, "read token");
    expectError(await reader.post("/api/inbox/read", { all: true }), 403, undefined, { reason: "auth.read-only-token" });
    expect((await inboxOf(author)).items).toEqual([]);
    expectError(await anonymous(t).get("/api/inbox"), 401);
  });
});
