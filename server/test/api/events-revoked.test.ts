// A live stream lives only as long as its credential: on each keep-alive the server asks again who the stream's
// credential acts for, and ends the stream when the session was signed out, the token revoked, the account archived
// or given another role (GET /api/events and memos' GET /api/v1/sse alike). A credential still good keeps its stream.
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createUser, signIn, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { EventStreamClient } from "../live-stream.js";
import { listen } from "../v1-client.js";

describe("a live stream whose credential stops acting for its account", () => {
  let t: TestApp;
  let base: string;
  let host: TestUser;
  let member: TestUser;
  const streams: EventStreamClient[] = [];
  const open = async (headers: Record<string, string>) => {
    const stream = await EventStreamClient.open(base, { headers });
    streams.push(stream);
    return stream;
  };
  /** Resolves once the server has ended the stream (the test's own timeout is the limit). */
  const endedBy = (stream: EventStreamClient) => stream.ended;
  const tokenOf = async (user: TestUser) => {
    const created = (await user.client.post("/api/access-token", { name: "stream", scope: "read" })).body.data as {
      id: number;
      token: string;
    };
    return created;
  };

  beforeEach(async () => {
    for (const stream of streams.splice(0)) stream.close();
    await t?.close();
    // Keep-alives (and so the checks) every 50 ms: the test waits on the stream's end, never on the clock.
    t = await createTestApp({ liveKeepAliveMs: 50 });
    host = await signUpHost(t);
    member = await createUser(t, host, "member");
    base = await listen(t);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t.close();
  });

  it("ends a session's stream once that session signs out; another session's stream goes on", async () => {
    const other = await signIn(t, "member");
    const signingOut = await open({ cookie: member.client.cookie! });
    const staying = await open({ cookie: other.cookie! });
    expect((await member.client.post("/api/auth/signout")).status).toBe(200);
    await endedBy(signingOut);
    // The other session's stream is still open: it hears a memo written now.
    const memo = (await host.client.post("/api/memo", { content: "after the sign-out", visibility: "PROTECTED" })).body.data;
    expect((await staying.next()).data).toMatchObject({ type: "memo.created", memoId: memo.id });
  });

  it("ends a token's stream once the token is revoked", async () => {
    const { id, token } = await tokenOf(member);
    const stream = await open({ authorization: `Bearer ${token}` });
    expect((await member.client.delete(`/api/access-token/${id}`)).body).toBe(true);
    await endedBy(stream);
  });

  it("ends every stream of an account once it is archived", async () => {
    const { token } = await tokenOf(member);
    const bySession = await open({ cookie: member.client.cookie! });
    const byToken = await open({ authorization: `Bearer ${token}` });
    expect((await host.client.patch(`/api/user/${member.user.id}`, { rowStatus: "ARCHIVED" })).status).toBe(200);
    await Promise.all([endedBy(bySession), endedBy(byToken)]);
  });

  it("ends the stream of an account given another role (it opens again with what the new role may hear)", async () => {
    const stream = await open({ cookie: member.client.cookie! });
    // v1's UpdateUser changes a role (v0's PATCH does not); the stream asks the database, whichever way it changed.
    await t.ctx.store.db.updateTable("user").set({ role: "ADMIN" }).where("id", "=", member.user.id).execute();
    await endedBy(stream);
  });

  it("keeps a stream whose credential still acts, keep-alive after keep-alive", async () => {
    const stream = await open({ cookie: member.client.cookie! });
    const { token } = await tokenOf(member);
    const byToken = await open({ authorization: `Bearer ${token}` });
    await vi.waitFor(() => expect(stream.comments.filter((comment) => comment === "keep-alive").length).toBeGreaterThanOrEqual(5));
    const memo = (await host.client.post("/api/memo", { content: "still heard", visibility: "PROTECTED" })).body.data;
    expect((await stream.next()).data).toMatchObject({ type: "memo.created", memoId: memo.id });
    expect((await byToken.next()).data).toMatchObject({ type: "memo.created", memoId: memo.id });
  });
});
