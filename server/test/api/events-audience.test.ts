// Who hears what on GET /api/events, for every kind of credential a member opens it with: the member's own inbox,
// settings, renamed tags and imports reach the member's streams alone; memo changes (trashed and restored too) reach
// whoever may read the memo; the private memos of others reach no one else. On PostgreSQL, a change written through
// one server process reaches a stream on another, with the same ids.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CREDENTIAL_KINDS } from "../credential-kinds.js";
import { anonymous, createMemo, createUser, PASSWORD, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, TEST_DRIVER, type TestApp } from "../harness.js";
import { importArchive } from "../import-client.js";
import { markdownFolder } from "../import-fixtures.js";
import { EventStreamClient, streamOptionsOf } from "../live-stream.js";
import { listen } from "../v1-client.js";

describe("the audience of each live event", () => {
  let t: TestApp;
  let base: string;
  let host: TestUser;
  let member: TestUser;
  let other: TestUser;
  const streams: EventStreamClient[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
    member = await createUser(t, host, "member");
    other = await createUser(t, host, "other");
    base = await listen(t);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t.close();
  });

  it("tells a member's own changes to the member's streams alone, whatever the credential, and memo changes to every reader", async () => {
    const mine = new Map<string, EventStreamClient>();
    for (const kind of CREDENTIAL_KINDS) mine.set(kind, await EventStreamClient.open(base, await streamOptionsOf(t, member, kind)));
    const others = await EventStreamClient.open(base, { headers: { cookie: other.client.cookie! } });
    streams.push(...mine.values(), others);

    // A mention of the member in a memo members may read: the member's inbox.
    const mention = await createMemo(host, "for @member to see", "PROTECTED");
    // The host's private memo: nobody else hears of it.
    await createMemo(host, "the host's own", "PRIVATE");
    expect((await member.client.post("/api/inbox/read", { all: true })).status).toBe(200);
    expect((await member.client.post("/api/user/setting", { key: "locale", value: '"fr"' })).status).toBe(200);
    const tagged = await createMemo(member, "a #work memo", "PRIVATE");
    const renamed = await member.client.post("/api/tag/rename", { from: "work", to: "job" });
    expect(renamed.status, renamed.text).toBe(200);
    const imported = await importArchive(member.client, markdownFolder());
    expect(imported.status, imported.text).toBe(200);
    expect((await host.client.delete(`/api/memo/${mention.id}`)).status).toBe(200);
    expect((await host.client.post(`/api/trash/${mention.id}/restore`, {})).status).toBe(200);
    const marker = await createMemo(host, "the last one", "PUBLIC");

    const reached = (stream: EventStreamClient) => stream.events.some((event) => event.data.memoId === marker.id);
    for (const stream of [...mine.values(), others]) await vi.waitFor(() => expect(reached(stream)).toBe(true));

    const memoEvent = (type: string, memoId: number, creatorId: number) => ({ type, memoId, creatorId });
    const expectedMine = [
      memoEvent("memo.created", mention.id, host.user.id),
      { type: "inbox.created" },
      { type: "inbox.updated" },
      { type: "user.settings.updated", key: "locale" },
      memoEvent("memo.created", tagged.id, member.user.id),
      { type: "tag.renamed", from: "work", to: "job" },
      { type: "import.finished", memos: imported.body.data.memos },
      memoEvent("memo.trashed", mention.id, host.user.id),
      memoEvent("memo.restored", mention.id, host.user.id),
      memoEvent("memo.created", marker.id, host.user.id),
    ];
    // An inbox item's event and its memo's are two appends, which PostgreSQL's processes may order either way.
    const sorted = (events: unknown[]) => events.map((event) => JSON.stringify(event)).sort();
    for (const [kind, stream] of mine) {
      expect([kind, sorted(stream.events.map((event) => event.data))]).toEqual([kind, sorted(expectedMine)]);
      // Every event has an id, each greater than the last.
      const ids = stream.events.map((event) => Number(event.id));
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(new Set(ids).size).toBe(ids.length);
    }
    expect(others.events.map((event) => event.data)).toEqual([
      memoEvent("memo.created", mention.id, host.user.id),
      memoEvent("memo.trashed", mention.id, host.user.id),
      memoEvent("memo.restored", mention.id, host.user.id),
      memoEvent("memo.created", marker.id, host.user.id),
    ]);
  });

  it("tells a comment and a reaction to the memo's readers, and the author's inbox to the author alone", async () => {
    const memo = await createMemo(member, "discuss", "PROTECTED");
    const authors = await EventStreamClient.open(base, { headers: { cookie: member.client.cookie! } });
    const hosts = await EventStreamClient.open(base, { headers: { cookie: host.client.cookie! } });
    streams.push(authors, hosts);
    const comment = await other.client.post(`/api/memo/${memo.id}/comment`, { content: "a comment" });
    expect(comment.status, comment.text).toBe(200);
    const commentId = comment.body.data.id as number;
    expect((await other.client.post(`/api/comment/${commentId}/reaction`, { emoji: "👍" })).status).toBe(200);
    const marker = await createMemo(member, "marker", "PUBLIC");
    for (const stream of [authors, hosts])
      await vi.waitFor(() => expect(stream.events.some((event) => event.data.memoId === marker.id)).toBe(true));
    const onMemo = { memoId: memo.id, creatorId: member.user.id };
    expect(hosts.events.map((event) => event.data)).toEqual([
      { type: "comment.created", ...onMemo, commentId },
      { type: "reaction.upserted", ...onMemo, commentId },
      { type: "memo.created", memoId: marker.id, creatorId: member.user.id },
    ]);
    // The comment told the memo's author (the reaction to another's comment tells that comment's author).
    expect(authors.events.map((event) => event.data).filter((data) => data.type === "inbox.created")).toEqual([{ type: "inbox.created" }]);
  });
});

describe.runIf(TEST_DRIVER === "postgres")("the live event stream across server processes", () => {
  let first: TestApp;
  let second: TestApp;
  const streams: EventStreamClient[] = [];

  beforeAll(async () => {
    first = await createTestApp();
    // A second server process on the same database, as an instance of several processes runs.
    second = await createTestApp({ dsn: first.ctx.config.dsn });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await second?.close();
    await first.close();
  });

  it("tells a stream on one process of what is written through another, with the same ids, and resumes on either", async () => {
    const host = await signUpHost(first);
    const signedIn = await anonymous(second).post("/api/auth/signin", { username: host.user.username, password: PASSWORD });
    expect(signedIn.status, signedIn.text).toBe(200);
    const cookie = String(signedIn.headers["set-cookie"]).split(";")[0]!;
    const secondBase = await listen(second);
    const onSecond = await EventStreamClient.open(secondBase, { headers: { cookie } });
    const onFirst = await EventStreamClient.open(await listen(first), { headers: { cookie: host.client.cookie! } });
    streams.push(onSecond, onFirst);

    const memo = await createMemo(host, "written on the first process", "PRIVATE");
    const there = await onSecond.next();
    const here = await onFirst.next();
    expect(there).toEqual(here);
    expect(there.data).toEqual({ type: "memo.created", memoId: memo.id, creatorId: host.user.id });

    // Lost on the second process; written meanwhile through the first; resumed on the second.
    onSecond.close();
    const missed = await createMemo(host, "written while away", "PRIVATE");
    const back = await EventStreamClient.open(secondBase, { headers: { cookie }, lastEventId: there.id });
    streams.push(back);
    expect(back.events.map((event) => event.data)).toEqual([{ type: "memo.created", memoId: missed.id, creatorId: host.user.id }]);
  });
});
