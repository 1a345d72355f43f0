// Webhooks through HTTP with a real receiver on loopback: the API, signed deliveries for every event, ordering per
// memo, retries, pausing and resuming, a restart, refused addresses (every spelling when saved), what a failure tells
// the owner and what the log keeps, and the host's switch. Addresses refused whatever the host allows, and names
// resolved at connect time: webhook-addresses.test.ts.
import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Webhook } from "@memos/common";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../expect.js";
import { anonymous, createUser, signUpHost, type TestUser, uploadResource } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { addWebhook, deliveries, FAST } from "../webhook-api.js";
import { eventually, type Receiver, startReceiver } from "../webhook-receiver.js";

const sign = (secret: string, raw: string) => `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`;

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("webhooks", () => {
  let t: TestApp;
  let host: TestUser;
  let alice: TestUser;
  let bobby: TestUser;
  let receiver: Receiver;
  const logLines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ webhookAllowPrivate: true, webhook: FAST, logLines });
    host = await signUpHost(t);
    alice = await createUser(t, host, "alice");
    bobby = await createUser(t, host, "bobby");
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await receiver?.close();
    for (const webhook of (await alice.client.get("/api/webhook")).body.data as Webhook[])
      await alice.client.delete(`/api/webhook/${webhook.id}`);
  });

  it("adds, lists, changes and deletes a webhook; its secret goes to its owner alone", async () => {
    receiver = await startReceiver();
    const created = await addWebhook(alice, receiver.url, { name: "sync", events: ["memo.created", "memo.created"] });
    expect(created).toMatchObject({ name: "sync", url: receiver.url, events: ["memo.created"], active: true });
    expect(created.secret).toMatch(/^whsec_/);
    expect((await alice.client.get("/api/webhook")).body.data).toEqual([created]);
    expect((await bobby.client.get("/api/webhook")).body.data).toEqual([]);
    expectError(await bobby.client.patch(`/api/webhook/${created.id}`, { name: "mine" }), 404, `Webhook not found: ${created.id}`);
    expectError(await bobby.client.get(`/api/webhook/${created.id}/delivery`), 404);
    expectError(await anonymous(t).get("/api/webhook"), 401);

    const patched = await alice.client.patch(`/api/webhook/${created.id}`, { secret: "s3cret", events: ["memo.deleted"], active: false });
    expect(patched.body.data).toMatchObject({ secret: "s3cret", events: ["memo.deleted"], active: false });
    const rotated = await alice.client.patch(`/api/webhook/${created.id}`, { secret: "" });
    expect(rotated.body.data.secret).toMatch(/^whsec_/);
    expect((await alice.client.delete(`/api/webhook/${created.id}`)).body).toBe(true);
    expect((await alice.client.get("/api/webhook")).body.data).toEqual([]);
  });

  it.each([
    [
      { name: "x", url: "ftp://example.com/hook", events: ["memo.created"] },
      "Malformatted post webhook request: url: must be an http(s) URL",
    ],
    [{ name: "x", url: "not a url", events: ["memo.created"] }, /url: must be an http\(s\) URL/],
    [{ name: "x", url: "https://example.com", events: [] }, /events: choose at least one event/],
    [{ name: "x", url: "https://example.com", events: ["memo.exploded"] }, /events/],
    [{ url: "https://example.com", events: ["memo.created"] }, /name/],
  ])("refuses %j with a 400 naming the field", async (body, message) => {
    expectError(await alice.client.post("/api/webhook", body), 400, message);
  });

  it("signs each delivery: the HMAC of the body, with its timestamp, event and delivery id; the body is the owner's view", async () => {
    receiver = await startReceiver();
    const webhook = await addWebhook(alice, receiver.url, { secret: "top-secret" });
    const memo = (await alice.client.post("/api/memo", { content: "hello #hook", visibility: "PRIVATE" })).body.data;
    const got = await eventually(() => receiver.received[0]);
    expect(got.headers["x-memos-signature"]).toBe(sign("top-secret", got.raw));
    expect(got.headers["x-memos-event"]).toBe("memo.created");
    expect(got.headers["x-memos-timestamp"]).toBe(String(got.body.timestamp));
    expect(Math.abs(got.body.timestamp - Date.now() / 1000)).toBeLessThan(30);
    expect(got.headers["x-memos-delivery"]).toBe(String(got.body.id));
    expect(got.headers["content-type"]).toBe("application/json");
    expect(got.body).toMatchObject({ event: "memo.created", actor: { id: alice.user.id, username: "alice" } });
    expect(Date.parse(got.body.time)).toBeGreaterThan(0);
    expect(got.body.memo).toEqual((await alice.client.get(`/api/memo/${memo.id}`)).body.data);
    // Nothing else is trusted: a changed body no longer matches.
    expect(got.headers["x-memos-signature"]).not.toBe(sign("top-secret", got.raw.replace("hello", "HELLO")));

    const log = await eventually(async () => {
      const rows = await deliveries(alice, webhook.id);
      return rows[0]?.status === "succeeded" ? rows : undefined;
    });
    expect(log[0]).toMatchObject({ event: "memo.created", attempts: 1, responseStatus: 200, nextAttemptTs: null, error: null });
    expect(log[0]!.responseSnippet!.startsWith("answer 200 xxx")).toBe(true);
    expect(Buffer.byteLength(log[0]!.responseSnippet!)).toBeLessThanOrEqual(1024);
    expect(log[0]!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("sends an event for each action, in order per memo, only those subscribed, only the owner's", async () => {
    receiver = await startReceiver();
    await addWebhook(alice, receiver.url);
    const other = await startReceiver();
    const bobbys = await addWebhook(bobby, other.url, { events: ["memo.created"] });
    try {
      const id = (await alice.client.post("/api/memo", { content: "one" })).body.data.id;
      await alice.client.patch(`/api/memo/${id}`, { content: "two" });
      await alice.client.patch(`/api/memo/${id}`, { rowStatus: "ARCHIVED" });
      await alice.client.patch(`/api/memo/${id}`, { rowStatus: "NORMAL" });
      await alice.client.post(`/api/memo/${id}/organizer`, { pinned: true });
      await alice.client.post(`/api/memo/${id}/organizer`, { pinned: false });
      await alice.client.delete(`/api/memo/${id}`);
      const resource = await uploadResource(alice, "notes.txt", "text/plain", Buffer.from("hi"));
      await alice.client.delete(`/api/resource/${resource.id}`);

      const expected = ["memo.created", "memo.updated", "memo.archived", "memo.restored", "memo.pinned", "memo.unpinned", "memo.deleted"];
      await eventually(() => receiver.received.length >= expected.length + 2);
      const memoEvents = receiver.received.filter((got) => got.body.memo?.id === id);
      expect(memoEvents.map((got) => got.body.event)).toEqual(expected);
      expect(memoEvents[1]!.body.memo.content).toBe("two");
      expect(memoEvents[2]!.body.memo.rowStatus).toBe("ARCHIVED");
      expect(memoEvents[4]!.body.memo.pinned).toBe(true);
      const resourceEvents = receiver.received.filter((got) => got.body.resource?.id === resource.id);
      expect(resourceEvents.map((got) => got.body.event)).toEqual(["resource.created", "resource.deleted"]);
      expect(resourceEvents[0]!.body.resource.filename).toBe("notes.txt");
      // Bobby's webhook hears none of Alice's changes: a change queues its deliveries in its own transaction, so
      // none is pending for him, and his own memo, queued after all of hers, is the first and only one he gets.
      expect(await deliveries(bobby, bobbys.id)).toEqual([]);
      const his = (await bobby.client.post("/api/memo", { content: "bobby's own" })).body.data.id;
      await eventually(() => other.received.length >= 1);
      expect(other.received.map((got) => [got.body.event, got.body.memo?.id])).toEqual([["memo.created", his]]);
      expect((await deliveries(bobby, bobbys.id)).map((row) => row.event)).toEqual(["memo.created"]);
    } finally {
      await other.close();
      await bobby.client.delete(`/api/webhook/${bobbys.id}`);
    }
  });

  it("retries after a receiver failure, and holds later events of the memo back until the first arrives", async () => {
    receiver = await startReceiver();
    receiver.answer(500, 503, 200);
    const webhook = await addWebhook(alice, receiver.url);
    const id = (await alice.client.post("/api/memo", { content: "first" })).body.data.id;
    await alice.client.patch(`/api/memo/${id}`, { content: "second" });
    await eventually(() => receiver.received.length >= 4);
    expect(receiver.received.map((got) => got.body.event)).toEqual(["memo.created", "memo.created", "memo.created", "memo.updated"]);
    // The same delivery each time: same id, a fresh timestamp and signature.
    expect(new Set(receiver.received.slice(0, 3).map((got) => got.body.id)).size).toBe(1);
    for (const got of receiver.received) expect(got.headers["x-memos-signature"]).toBe(sign(webhook.secret, got.raw));
    const log = await eventually(async () => {
      const rows = await deliveries(alice, webhook.id);
      return rows.every((row) => row.status === "succeeded") && rows.length === 2 ? rows : undefined;
    });
    expect(log.map((row) => [row.event, row.attempts])).toEqual([
      ["memo.updated", 1],
      ["memo.created", 3],
    ]);
  });

  it("gives a client error up at once, and keeps a pending retry's next attempt in the log", async () => {
    receiver = await startReceiver();
    receiver.answer(410);
    const webhook = await addWebhook(alice, receiver.url, { events: ["memo.created"] });
    await alice.client.post("/api/memo", { content: "gone" });
    const [row] = await eventually(async () => {
      const rows = await deliveries(alice, webhook.id);
      return rows[0]?.status === "failed" ? rows : undefined;
    });
    expect(row).toMatchObject({ attempts: 1, responseStatus: 410, nextAttemptTs: null, error: "HTTP 410" });
    expect(receiver.received).toHaveLength(1);
  });

  it("tells the owner a connection failed, not how: the cause goes to the server log, without credentials", async () => {
    const port = await closedPort();
    const url = `http://hook-user:hook-pass@127.0.0.1:${port}/hook/path-token?token=query-token`;
    const webhook = await addWebhook(alice, url, { events: ["memo.created"], secret: "whsec_never_logged" });
    await alice.client.post(`/api/webhook/${webhook.id}/test`);
    const [row] = await eventually(async () => {
      const rows = await deliveries(alice, webhook.id);
      return rows[0]?.error ? rows : undefined;
    });
    expect(row).toMatchObject({ status: "pending", error: "could not connect", responseStatus: null });
    expect(JSON.stringify(row)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    const line = await eventually(() => logLines.find((text) => text.includes(`"delivery":${row!.id},`)));
    expect(JSON.parse(line)).toMatchObject({
      level: 40,
      webhook: webhook.id,
      target: `http://127.0.0.1:${port}`,
      msg: "webhook delivery: could not connect",
    });
    expect(JSON.parse(line).cause).toMatch(/^ECONNREFUSED: connect ECONNREFUSED 127\.0\.0\.1:/);
    for (const secret of ["hook-user", "hook-pass", "path-token", "query-token", "whsec_never_logged"]) {
      expect(logLines.join("\n")).not.toContain(secret);
    }
  });

  it("holds a paused webhook's pending deliveries, outside their retry window, and sends them in order on resume", async () => {
    receiver = await startReceiver();
    receiver.answer(500);
    const webhook = await addWebhook(alice, receiver.url);
    const memo = (await alice.client.post("/api/memo", { content: "one" })).body.data.id;
    await alice.client.patch(`/api/memo/${memo}`, { content: "two" });
    await eventually(() => receiver.received.length >= 1);
    expect((await alice.client.patch(`/api/webhook/${webhook.id}`, { active: false })).body.data.active).toBe(false);
    // Whatever was in flight when it was paused has finished.
    const db = t.ctx.store.db;
    const rowsOf = () => db.selectFrom("webhook_delivery").selectAll().where("webhook_id", "=", webhook.id).orderBy("id").execute();
    await eventually(async () => (await rowsOf()).every((row) => row.lease_until_ms === null));
    const sent = receiver.received.length;
    const attempts = (await rowsOf()).map((row) => Number(row.attempts));
    // As if the events were two days old and the webhook paused for all but a minute of that, now due: a paused
    // day does not count against the 24 h window, and a due delivery of a paused webhook is not sent.
    const twoDaysAgo = Date.now() - 2 * 86_400_000;
    await db
      .updateTable("webhook_delivery")
      .set({ next_attempt_ms: 0, created_ts: Math.floor(twoDaysAgo / 1000) })
      .where("webhook_id", "=", webhook.id)
      .execute();
    await db
      .updateTable("webhook")
      .set({ paused_at_ms: twoDaysAgo + 60_000 })
      .where("id", "=", webhook.id)
      .execute();

    // Another webhook's delivery, due later, goes out: the dispatcher has passed the paused ones by.
    const other = await startReceiver();
    try {
      const second = await addWebhook(alice, other.url, { events: ["memo.deleted"] });
      await alice.client.post(`/api/webhook/${second.id}/test`);
      await eventually(async () => (await deliveries(alice, second.id))[0]?.status === "succeeded");
    } finally {
      await other.close();
    }
    // Events while it is paused are not queued for it.
    await alice.client.patch(`/api/memo/${memo}`, { content: "unheard" });
    expect(receiver.received.length).toBe(sent);
    const waiting = await rowsOf();
    expect(waiting.map((row) => row.status)).toEqual(["pending", "pending"]);
    expect(waiting.map((row) => Number(row.attempts))).toEqual(attempts);

    // Resumed: sent at once, in order; a failure is retried (the window still has a day to run), not given up.
    receiver.answer(503, 200);
    expect((await alice.client.patch(`/api/webhook/${webhook.id}`, { active: true })).body.data.active).toBe(true);
    const log = await eventually(async () => {
      const rows = await deliveries(alice, webhook.id);
      return rows.every((row) => row.status === "succeeded") ? rows : undefined;
    });
    expect(receiver.received.slice(sent).map((got) => got.body.event)).toEqual(["memo.created", "memo.created", "memo.updated"]);
    expect(receiver.received.at(-1)!.body.memo.content).toBe("two");
    expect(log.map((row) => row.attempts)).toEqual([1, attempts[0]! + 2]);
  });

  it("follows no redirect, and gives up a receiver that does not answer in time", async () => {
    receiver = await startReceiver();
    const target = await startReceiver();
    const redirecting = createServer((_request, response) => response.writeHead(307, { Location: target.url }).end());
    const silent = createServer(() => {});
    try {
      await new Promise<void>((resolve) => redirecting.listen(0, "127.0.0.1", resolve));
      await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
      const moved = await addWebhook(alice, `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/`, {
        events: ["memo.created"],
      });
      await alice.client.post(`/api/webhook/${moved.id}/test`);
      const [row] = await eventually(async () => {
        const rows = await deliveries(alice, moved.id);
        return rows[0]?.status === "failed" ? rows : undefined;
      });
      expect(row).toMatchObject({ responseStatus: 307, attempts: 1 });
      expect(target.received).toEqual([]);

      const slow = await addWebhook(alice, `http://127.0.0.1:${(silent.address() as AddressInfo).port}/`, { events: ["memo.created"] });
      await alice.client.post(`/api/webhook/${slow.id}/test`);
      const [late] = await eventually(async () => {
        const rows = await deliveries(alice, slow.id);
        return rows[0] && rows[0].attempts >= 1 && rows[0].error ? rows : undefined;
      }, 15_000);
      expect(late!.error).toBe("timed out after 3000 ms");
      expect(late!.responseStatus).toBeNull();
    } finally {
      redirecting.closeAllConnections();
      silent.closeAllConnections();
      await Promise.all([
        new Promise((resolve) => redirecting.close(resolve)),
        new Promise((resolve) => silent.close(resolve)),
        target.close(),
      ]);
    }
  });

  it("sends a test event and redelivers a past delivery", async () => {
    receiver = await startReceiver();
    const webhook = await addWebhook(alice, receiver.url, { events: ["memo.deleted"] });
    const test = await alice.client.post(`/api/webhook/${webhook.id}/test`);
    expect(test.status).toBe(200);
    expect(test.body.data).toMatchObject({ event: "webhook.test", status: "pending", webhookId: webhook.id });
    const got = await eventually(() => receiver.received[0]);
    expect(got.body).toMatchObject({ event: "webhook.test", id: test.body.data.id, webhook: { id: webhook.id, name: "receiver" } });

    const again = await alice.client.post(`/api/webhook/${webhook.id}/delivery/${test.body.data.id}/redeliver`);
    expect(again.status).toBe(200);
    expect(again.body.data.id).not.toBe(test.body.data.id);
    const second = await eventually(() => receiver.received[1]);
    expect(second.body).toMatchObject({ event: "webhook.test", id: again.body.data.id, time: got.body.time });
    expectError(await bobby.client.post(`/api/webhook/${webhook.id}/test`), 404);
    expectError(await alice.client.post(`/api/webhook/${webhook.id}/delivery/999999/redeliver`), 404);
  });

  it("sends nothing while the host has turned webhooks off", async () => {
    receiver = await startReceiver();
    const webhook = await addWebhook(alice, receiver.url);
    expect((await host.client.post("/api/system/setting", { name: "disableWebhooks", value: "true" })).status).toBe(200);
    try {
      expect((await anonymous(t).get("/api/status")).body.data.disableWebhooks).toBe(true);
      await alice.client.post("/api/memo", { content: "quiet" });
      expectError(await alice.client.post(`/api/webhook/${webhook.id}/test`), 403, "Webhooks are disabled on this instance");
      // Nothing was queued (a change queues its deliveries in its own transaction), so nothing can be sent later.
      expect(await deliveries(alice, webhook.id)).toEqual([]);
      expectError(await alice.client.post("/api/system/setting", { name: "disableWebhooks", value: "false" }), 403);
    } finally {
      await host.client.post("/api/system/setting", { name: "disableWebhooks", value: "false" });
    }
    // Turned on again, the next change is the first and only thing the receiver hears.
    const loud = (await alice.client.post("/api/memo", { content: "loud" })).body.data.id;
    await eventually(() => receiver.received.length >= 1);
    expect(receiver.received.map((got) => [got.body.event, got.body.memo?.id])).toEqual([["memo.created", loud]]);
    expect((await deliveries(alice, webhook.id)).map((row) => row.event)).toEqual(["memo.created"]);
  });
});

describe("webhook deliveries across a restart", () => {
  it("a delivery pending when the server stops is sent by the next one", async () => {
    const receiver = await startReceiver();
    let t = await createTestApp({ webhookAllowPrivate: true, webhook: { webhookRetryBaseMs: 200, webhookTimeoutMs: 3000 } });
    try {
      const host = await signUpHost(t);
      receiver.answer(500);
      await addWebhook(host, receiver.url, { events: ["memo.created"] });
      await host.client.post("/api/memo", { content: "survives" });
      await eventually(() => receiver.received.length >= 1);
      t = await t.restart();
      const before = receiver.received.length;
      receiver.answer(200);
      const row = await eventually(async () => {
        const found = await t.ctx.store.db.selectFrom("webhook_delivery").selectAll().executeTakeFirst();
        return found?.status === "succeeded" ? found : undefined;
      });
      expect(receiver.received.length).toBeGreaterThan(before);
      expect(receiver.received.at(-1)!.body.memo.content).toBe("survives");
      expect(Number(row.attempts)).toBeGreaterThanOrEqual(2);
    } finally {
      await t.close();
      await receiver.close();
    }
  });
});
