// Emoji reactions through HTTP: one of each emoji per member, seen by whoever may read the memo (visitors on a
// public one), given only by members who may read it, on every credential; a page's reactions in a fixed number
// of queries; the memo's author's webhooks hear `reaction.added`.
import type { Reaction } from "@memos/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CREDENTIAL_KINDS, callerOf } from "../credential-kinds.js";
import { expectError } from "../expect.js";
import { anonymous, createMemo, createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { installQueryCounter } from "../query-counter.js";
import { eventually, type Receiver, startReceiver } from "../webhook-receiver.js";

describe("reactions", () => {
  let t: TestApp;
  let host: TestUser;
  let receiver: Receiver;
  let seq = 0;
  const member = () => createUser(t, host, `react${++seq}`);
  const reactionsOf = async (client: TestUser["client"], ids: number[]): Promise<Reaction[]> => {
    const response = await client.get("/api/reaction", { query: { memoIds: ids.join(",") } });
    expect(response.status, response.text).toBe(200);
    return response.body.data;
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

  it("counts each emoji once per member, names who reacted, says which are the caller's, and takes one back", async () => {
    const author = await member();
    const alice = await member();
    const bob = await member();
    const memo = await createMemo(author, "party tonight", "PROTECTED");
    await alice.client.post(`/api/memo/${memo.id}/reaction`, { emoji: "🎉" });
    await alice.client.post(`/api/memo/${memo.id}/reaction`, { emoji: "🎉" });
    await bob.client.post(`/api/memo/${memo.id}/reaction`, { emoji: "🎉" });
    const answer = await bob.client.post(`/api/memo/${memo.id}/reaction`, { emoji: "👍🏽" });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.data).toEqual([
      {
        memoId: memo.id,
        emoji: "🎉",
        count: 2,
        users: [
          { id: alice.user.id, name: alice.user.username },
          { id: bob.user.id, name: bob.user.username },
        ],
        mine: true,
      },
      { memoId: memo.id, emoji: "👍🏽", count: 1, users: [{ id: bob.user.id, name: bob.user.username }], mine: true },
    ]);
    expect((await reactionsOf(alice.client, [memo.id])).map((r) => [r.emoji, r.count, r.mine])).toEqual([
      ["🎉", 2, true],
      ["👍🏽", 1, false],
    ]);
    const removed = await alice.client.request("DELETE", `/api/memo/${memo.id}/reaction`, { emoji: "🎉" });
    expect(removed.body.data.map((r: Reaction) => [r.emoji, r.count, r.mine])).toEqual([
      ["🎉", 1, false],
      ["👍🏽", 1, false],
    ]);
  });

  it("refuses what is not one emoji, and more than 100 memos at once, naming the field", async () => {
    const author = await member();
    const memo = await createMemo(author, "x", "PUBLIC");
    for (const emoji of ["", "ok", "👍👍", "<b>", "👍".repeat(20)]) {
      expectError(await author.client.post(`/api/memo/${memo.id}/reaction`, { emoji }), 400, undefined, { field: "emoji" });
    }
    const ids = Array.from({ length: 101 }, (_, i) => i + 1).join(",");
    expectError(await author.client.get("/api/reaction", { query: { memoIds: ids } }), 400, undefined, { field: "memoIds" });
    expectError(await author.client.get("/api/reaction", { query: { memoIds: "1,x" } }), 400, undefined, { field: "memoIds" });
  });

  it("shows reactions exactly to those who may read the memo, and lets only members who may read it react", async () => {
    const author = await member();
    const other = await member();
    const open = await createMemo(author, "public", "PUBLIC");
    const members = await createMemo(author, "protected", "PROTECTED");
    const secret = await createMemo(author, "private", "PRIVATE");
    for (const memo of [open, members, secret]) await author.client.post(`/api/memo/${memo.id}/reaction`, { emoji: "❤️" });
    const all = [open.id, members.id, secret.id];
    expect((await reactionsOf(anonymous(t), all)).map((r) => r.memoId)).toEqual([open.id]);
    expect((await reactionsOf(other.client, all)).map((r) => r.memoId)).toEqual([open.id, members.id]);
    expect((await reactionsOf(host.client, all)).map((r) => r.memoId)).toEqual([open.id, members.id]);
    expect((await reactionsOf(author.client, all)).map((r) => r.memoId)).toEqual(all);

    expectError(await anonymous(t).post(`/api/memo/${open.id}/reaction`, { emoji: "👍" }), 401);
    expectError(await other.client.post(`/api/memo/${secret.id}/reaction`, { emoji: "👍" }), 403, undefined, { reason: "memo.private" });
    expectError(await host.client.post(`/api/memo/${secret.id}/reaction`, { emoji: "👍" }), 403, undefined, { reason: "memo.private" });
    expectError(await other.client.post("/api/memo/999999/reaction", { emoji: "👍" }), 404);
    // A memo in the trash: its reactions are hidden with it, and nobody reacts to it.
    await author.client.delete(`/api/memo/${open.id}`);
    expect(await reactionsOf(author.client, [open.id])).toEqual([]);
    expectError(await other.client.post(`/api/memo/${open.id}/reaction`, { emoji: "👍" }), 404);
  });

  it("reacts on a session, a read-write token and the open ID; a read token only reads", async () => {
    const author = await member();
    const memo = await createMemo(author, "by token", "PUBLIC");
    const reactor = await member();
    for (const kind of CREDENTIAL_KINDS) {
      const caller = await callerOf(t, reactor, kind);
      expect((await caller.get(`/api/reaction?memoIds=${memo.id}`)).status, kind).toBe(200);
      const added = await caller.post(`/api/memo/${memo.id}/reaction`, { emoji: "👀" });
      if (kind === "read token") expectError(added, 403, undefined, { reason: "auth.read-only-token" });
      else expect(added.status, `${kind}: ${added.text}`).toBe(200);
    }
    expect((await reactionsOf(author.client, [memo.id]))[0]).toMatchObject({ emoji: "👀", count: 1 });
  });

  it("reads a page of 30 memos' reactions in a fixed number of queries", async () => {
    const author = await member();
    const reactors = [await member(), await member(), await member()];
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) {
      const memo = await createMemo(author, `m${i}`, "PUBLIC");
      ids.push(memo.id);
      for (const reactor of reactors.slice(0, (i % 3) + 1)) await reactor.client.post(`/api/memo/${memo.id}/reaction`, { emoji: "👍" });
    }
    const count = async (memoIds: number[]) => {
      const counter = installQueryCounter(t);
      try {
        await reactionsOf(anonymous(t), memoIds);
        return counter.count;
      } finally {
        counter.uninstall();
      }
    };
    expect(await count(ids)).toBe(await count(ids.slice(0, 2)));
    expect(await count(ids)).toBeLessThanOrEqual(3);
  });

  it("tells the memo's author's webhooks who reacted with what", async () => {
    const author = await member();
    const reactor = await member();
    const hook = await author.client.post("/api/webhook", { name: "reactions", url: receiver.url, events: ["reaction.added"] });
    expect(hook.status, hook.text).toBe(200);
    const memo = await createMemo(author, "tell me", "PUBLIC");
    await reactor.client.post(`/api/memo/${memo.id}/reaction`, { emoji: "🎉" });
    const got = await eventually(() => receiver.received.find((delivery) => delivery.body.event === "reaction.added"));
    expect(got.body).toMatchObject({
      event: "reaction.added",
      actor: { id: reactor.user.id },
      memo: { id: memo.id },
      reaction: { emoji: "🎉", user: { id: reactor.user.id, username: reactor.user.username } },
    });
  });
});
