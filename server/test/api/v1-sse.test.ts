// GET /api/v1/sse, memos' live event stream, over real HTTP as its web client reads it: each committed change to a
// memo, comment or reaction that the caller may read arrives as `data: {"type", "name", "parent"?}`, what it may not
// read never does, every kind of credential is judged as for the other v1 reads, and on PostgreSQL a change made
// through another server process on the same database arrives too.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { anonymous, createMemo, createUser, PASSWORD, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, TEST_DRIVER, type TestApp } from "../harness.js";
import { appTokenOf } from "../oauth-flow.js";
import { openIdOf } from "../credential-kinds.js";
import { listen, personalToken } from "../v1-client.js";

interface LiveEvent {
  type: string;
  name: string;
  parent?: string;
}

/** An open stream: the events read so far, in order. */
class Stream {
  readonly events: LiveEvent[] = [];
  readonly comments: string[] = [];
  /** Each event's memo author (`creatorId`), in the order of `events`. */
  readonly creators: number[] = [];
  private readonly abort = new AbortController();
  /** Resolves when the server ended the stream (or it was aborted). */
  ended: Promise<void> = Promise.resolve();

  static async open(base: string, headers: Record<string, string>, path = "/api/v1/sse"): Promise<Stream> {
    const stream = new Stream();
    const response = await fetch(`${base}${path}`, { headers: { accept: "text/event-stream", ...headers }, signal: stream.abort.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    stream.ended = stream.read(response.body!);
    // Open once the stream says so: from then on every change reaches it.
    await vi.waitFor(() => expect(stream.comments).toContain("connected"));
    return stream;
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        const messages = buffer.split("\n\n");
        buffer = messages.pop() ?? "";
        for (const message of messages) {
          if (message.startsWith(": ")) this.comments.push(message.slice(2));
          else if (message.startsWith("data: ")) {
            // memos' fields, and apart from them the author our web app reads.
            const { creatorId, ...event } = JSON.parse(message.slice(6)) as LiveEvent & { creatorId: number };
            this.events.push(event);
            this.creators.push(creatorId);
          }
        }
      }
    } catch {
      // aborted by close()
    }
  }

  /** Waits for the next event after those already taken, and takes it. */
  private taken = 0;
  async next(): Promise<LiveEvent> {
    await vi.waitFor(() => expect(this.events.length).toBeGreaterThan(this.taken));
    return this.events[this.taken++]!;
  }

  close(): void {
    this.abort.abort();
  }
}

const uidOf = async (t: TestApp, id: number) =>
  (await t.ctx.store.db.selectFrom("memo").select("uid").where("id", "=", id).executeTakeFirstOrThrow()).uid;

describe("the live event stream", () => {
  let t: TestApp;
  let base: string;
  let host: TestUser;
  let member: TestUser;
  let memberToken: string;
  const streams: Stream[] = [];
  const open = async (headers: Record<string, string>, path?: string) => {
    const stream = await Stream.open(base, headers, path);
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
    member = await createUser(t, host, "member");
    memberToken = await personalToken(member.client, "read");
    base = await listen(t);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t.close();
  });

  it("tells a member of what they may read, in order, and never of another's private memo", async () => {
    const stream = await open({ authorization: `Bearer ${memberToken}` });
    const own = await open({ cookie: host.client.cookie! });
    const hidden = await createMemo(host, "private to the host", "PRIVATE");
    const shown = await createMemo(host, "for members", "PROTECTED");
    // The private memo came first: had it been told, it would be first.
    expect(await stream.next()).toEqual({ type: "memo.created", name: `memos/${await uidOf(t, shown.id)}` });
    expect(await own.next()).toEqual({ type: "memo.created", name: `memos/${await uidOf(t, hidden.id)}` });
    expect(await own.next()).toEqual({ type: "memo.created", name: `memos/${await uidOf(t, shown.id)}` });
    expect(own.creators).toEqual([host.user.id, host.user.id]);

    // Made private: those who saw it hear it changed (to drop it); after that, nothing of it.
    const name = `memos/${await uidOf(t, shown.id)}`;
    expect((await host.client.patch(`/api/memo/${shown.id}`, { visibility: "PRIVATE" })).status).toBe(200);
    expect(await stream.next()).toEqual({ type: "memo.updated", name });
    expect((await host.client.patch(`/api/memo/${shown.id}`, { content: "still private" })).status).toBe(200);
    const marker = await createMemo(host, "public marker", "PUBLIC");
    expect(await stream.next()).toEqual({ type: "memo.created", name: `memos/${await uidOf(t, marker.id)}` });
  });

  it("names comments, reactions and deletions as memos' web client reads them", async () => {
    const stream = await open({ authorization: `Bearer ${memberToken}` });
    const memo = await createMemo(host, "discuss", "PUBLIC");
    const name = `memos/${await uidOf(t, memo.id)}`;
    expect(await stream.next()).toEqual({ type: "memo.created", name });

    const comment = await member.client.post(`/api/memo/${memo.id}/comment`, { content: "a comment" });
    expect(comment.status, comment.text).toBe(200);
    // A new comment names its memo (the client reloads that memo's comments).
    expect(await stream.next()).toEqual({ type: "memo.comment.created", name });
    const commentUid = (
      await t.ctx.store.db.selectFrom("memo_comment").select("uid").where("id", "=", comment.body.data.id).executeTakeFirstOrThrow()
    ).uid;
    expect((await member.client.patch(`/api/comment/${comment.body.data.id}`, { content: "edited" })).status).toBe(200);
    expect(await stream.next()).toEqual({ type: "memo.updated", name: `memos/${commentUid}`, parent: name });

    expect((await member.client.post(`/api/memo/${memo.id}/reaction`, { emoji: "👍" })).status).toBe(200);
    expect(await stream.next()).toEqual({ type: "reaction.upserted", name });
    expect((await member.client.request("DELETE", `/api/memo/${memo.id}/reaction`, { emoji: "👍" })).status).toBe(200);
    expect(await stream.next()).toEqual({ type: "reaction.deleted", name });

    expect((await member.client.delete(`/api/comment/${comment.body.data.id}`)).status).toBe(200);
    expect(await stream.next()).toEqual({ type: "memo.deleted", name: `memos/${commentUid}`, parent: name });
    expect((await host.client.delete(`/api/memo/${memo.id}`)).status).toBe(200);
    expect(await stream.next()).toEqual({ type: "memo.deleted", name });
  });

  it("tells of bulk edits, one event a memo", async () => {
    const stream = await open({ cookie: host.client.cookie! });
    const a = await createMemo(host, "bulk a", "PRIVATE");
    const b = await createMemo(host, "bulk b", "PRIVATE");
    await stream.next();
    await stream.next();
    const batch = await host.client.post("/api/memo/batch", { action: "archive", ids: [a.id, b.id] });
    expect(batch.status, batch.text).toBe(200);
    const names = [await stream.next(), await stream.next()];
    expect(names).toEqual(
      expect.arrayContaining([
        { type: "memo.updated", name: `memos/${await uidOf(t, a.id)}` },
        { type: "memo.updated", name: `memos/${await uidOf(t, b.id)}` },
      ]),
    );
  });

  it("opens to every signed-in credential, as the other v1 reads do; not to a visitor, a share link or an app's MCP token", async () => {
    const readWrite = await personalToken(member.client, "read-write");
    const openId = await openIdOf(t, member);
    const credentials: Array<Record<string, string>> = [
      { cookie: member.client.cookie! },
      { authorization: `Bearer ${memberToken}` },
      { authorization: `Bearer ${readWrite}` },
      { authorization: `Bearer ${openId}` },
    ];
    for (const headers of credentials) {
      (await open(headers)).close();
    }
    (await open({}, `/api/v1/sse?openId=${encodeURIComponent(openId)}`)).close();

    const memo = await createMemo(host, "shared", "PRIVATE");
    const link = await host.client.post(`/api/memo/${memo.id}/share`, {});
    expect(link.status, link.text).toBe(200);
    for (const [headers, status] of [
      [{}, 401],
      [{ authorization: "Bearer not-a-token" }, 401],
      [{ authorization: `Bearer ${link.body.data.token}` }, 401],
      [{ authorization: `Bearer ${await appTokenOf(t, member)}` }, 403],
    ] as const) {
      const response = await fetch(`${base}/api/v1/sse`, { headers });
      expect(response.status).toBe(status);
      expect((await response.json()).code).toBe(status === 401 ? 16 : 7);
    }
    expect((await anonymous(t).get("/api/v1/sse")).status).toBe(401);
  });
});

it("ends its streams when the server closes, rather than keep the server waiting for their clients", async () => {
  const t = await createTestApp();
  const host = await signUpHost(t);
  const stream = await Stream.open(await listen(t), { cookie: host.client.cookie! });
  await t.close();
  await stream.ended;
  expect(stream.comments).toEqual(["connected"]);
});

describe.runIf(TEST_DRIVER === "postgres")("the live event stream across server processes", () => {
  let first: TestApp;
  let second: TestApp;
  let stream: Stream;

  beforeAll(async () => {
    first = await createTestApp();
    // A second server process on the same database, as an instance of several processes runs.
    second = await createTestApp({ dsn: first.ctx.config.dsn });
  });
  afterAll(async () => {
    stream?.close();
    await second?.close();
    await first.close();
  });

  it("tells a stream on one process of a memo written through another", async () => {
    const host = await signUpHost(first);
    const signedIn = await anonymous(second).post("/api/auth/signin", { username: host.user.username, password: PASSWORD });
    expect(signedIn.status, signedIn.text).toBe(200);
    const cookie = String(signedIn.headers["set-cookie"]).split(";")[0]!;
    stream = await Stream.open(await listen(second), { cookie });
    const memo = await createMemo(host, "written on the first process", "PRIVATE");
    expect(await stream.next()).toEqual({ type: "memo.created", name: `memos/${await uidOf(first, memo.id)}` });
  });
});
