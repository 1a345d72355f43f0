// GET /api/events over real HTTP: every event has the log's id, a client that comes back with Last-Event-ID is sent
// what it missed that it may read (or one `reset` when that cannot be done), keep-alives come on the interval and carry
// the stream's position, and a bad Last-Event-ID is a 400 naming it.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createMemo, createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { EventStreamClient } from "../live-stream.js";
import { personalToken, listen } from "../v1-client.js";

describe("the live event stream", () => {
  let t: TestApp;
  let base: string;
  let host: TestUser;
  let member: TestUser;
  let memberHeaders: Record<string, string>;
  const streams: EventStreamClient[] = [];
  const open = async (options: Parameters<typeof EventStreamClient.open>[1] = {}) => {
    const stream = await EventStreamClient.open(base, { headers: memberHeaders, ...options });
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    // Keep-alives every 50 ms: the test waits for them rather than for the real 30 s.
    t = await createTestApp({ liveKeepAliveMs: 50 });
    host = await signUpHost(t);
    member = await createUser(t, host, "member");
    memberHeaders = { authorization: `Bearer ${await personalToken(member.client, "read")}` };
    base = await listen(t);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t.close();
  });

  it("opens at the log's current id and sends each event the caller may read with its id, in order", async () => {
    const stream = await open();
    expect(stream.retry).toBe(1000);
    const start = Number(stream.lastEventId);
    expect(Number.isSafeInteger(start)).toBe(true);
    const hidden = await createMemo(host, "private to the host", "PRIVATE");
    const shown = await createMemo(host, "for members", "PROTECTED");
    const event = await stream.next();
    // The private memo's event came first and was passed over: the member's first event is the second id.
    expect(event.data).toEqual({ type: "memo.created", memoId: shown.id, creatorId: host.user.id });
    expect(Number(event.id)).toBeGreaterThan(start + 1);
    expect(event.data.memoId).not.toBe(hidden.id);
  });

  it("sends a client that comes back what it missed (only what it may read), then follows on", async () => {
    const first = await open();
    const before = await createMemo(host, "before the drop", "PUBLIC");
    expect((await first.next()).data.memoId).toBe(before.id);
    const lastId = first.lastEventId!;
    first.close();

    const missedPrivate = await createMemo(host, "missed, private", "PRIVATE");
    const missed = await createMemo(host, "missed, protected", "PROTECTED");
    expect((await host.client.patch(`/api/memo/${missed.id}`, { content: "edited while away" })).status).toBe(200);

    const again = await open({ lastEventId: lastId });
    // Sent before it is open: the two events it may read, with their ids, and no reset.
    expect(again.events.map((event) => event.data)).toEqual([
      { type: "memo.created", memoId: missed.id, creatorId: host.user.id },
      { type: "memo.updated", memoId: missed.id, creatorId: host.user.id },
    ]);
    expect(Number(again.events[1]!.id)).toBeGreaterThan(Number(again.events[0]!.id));
    expect(again.events.some((event) => event.data.memoId === missedPrivate.id)).toBe(false);
    // Its position is past them; what comes next comes once.
    const after = await createMemo(host, "after the return", "PUBLIC");
    await again.next();
    await again.next();
    expect((await again.next()).data).toEqual({ type: "memo.created", memoId: after.id, creatorId: host.user.id });
    expect(again.events).toHaveLength(3);
  });

  it("comes back to nothing missed when nothing changed, and to a reset when the id is unknown or too old", async () => {
    const stream = await open();
    const same = await open({ lastEventId: stream.lastEventId });
    expect(same.events).toEqual([]);

    const unknown = await open({ lastEventId: "999999999" });
    expect(unknown.events.map((event) => event.data)).toEqual([{ type: "reset" }]);
    // It carries the current id (keep-alives move the other stream's meanwhile): the client resumes from there.
    expect(Number(unknown.events[0]!.id)).toBeGreaterThanOrEqual(Number(same.lastEventId));

    // More than a stream is sent on its return (500): reading afresh costs less.
    const lastId = stream.lastEventId!;
    stream.close();
    const bodies = Array.from({ length: 501 }, () =>
      JSON.stringify({
        type: "memo.updated",
        memo: { id: 1, uid: "x", creator_id: host.user.id, visibility: "PUBLIC", row_status: "NORMAL" },
      }),
    );
    await t.ctx.store.live.append(bodies);
    const tooMany = await open({ lastEventId: lastId });
    expect(tooMany.events[0]?.data).toEqual({ type: "reset" });
    // PostgreSQL: this process may hear of the 501 rows after the stream opened (NOTIFY comes when it comes); the reset
    // then carries the position the process had reached, and what it hears later follows it, never an older row.
    const resetId = Number(tooMany.events[0]!.id);
    for (const event of tooMany.events.slice(1)) expect(Number(event.id)).toBeGreaterThan(resetId);
  });

  it("writes keep-alives on the interval, carrying the position past events the caller may not read", async () => {
    const stream = await open();
    await vi.waitFor(() => expect(stream.comments.filter((comment) => comment === "keep-alive").length).toBeGreaterThan(1));
    const position = stream.lastEventId;
    await createMemo(host, "private: not for the member", "PRIVATE");
    // No event reaches the member; the next keep-alive moves its last id anyway.
    await vi.waitFor(() => expect(stream.lastEventId).not.toBe(position));
    expect(stream.events).toEqual([]);
    expect(Number(stream.lastEventId)).toBeGreaterThan(Number(position));
  });

  it("refuses a Last-Event-ID that is not an id, naming it", async () => {
    const response = await fetch(`${base}/api/events`, { headers: { ...memberHeaders, "last-event-id": "yesterday" } });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.field).toBe("Last-Event-ID");
  });
});

it("ends its streams when the server closes, rather than keep the server waiting for their clients", async () => {
  const t = await createTestApp();
  const host = await signUpHost(t);
  const stream = await EventStreamClient.open(await listen(t), { headers: { cookie: host.client.cookie! } });
  await t.close();
  await stream.ended;
  expect(stream.comments).toEqual(["connected"]);
});
