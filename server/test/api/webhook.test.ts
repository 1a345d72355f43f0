// Webhooks through HTTP with a real receiver on loopback: the API, signed deliveries for every event, ordering per
// memo, retries, a restart, refused addresses (judged at connect time), and the host's switch.
import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Webhook, WebhookDelivery } from "@memos/common";
import { WEBHOOK_EVENTS } from "@memos/common";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { anonymous, createUser, signUpHost, type TestUser, uploadResource } from "../factories.js";
import { expectError } from "../expect.js";
import { createTestApp, type TestApp } from "../harness.js";
import { eventually, type Receiver, startReceiver } from "../webhook-receiver.js";

const FAST = { webhookRetryBaseMs: 50, webhookTimeoutMs: 3000 };

async function addWebhook(owner: TestUser, url: string, body: object = {}): Promise<Webhook> {
  const response = await owner.client.post("/api/webhook", { name: "receiver", url, events: [...WEBHOOK_EVENTS], ...body });
  if (response.status !== 200) throw new Error(`webhook creation failed: ${response.text}`);
  return response.body.data;
}

const deliveries = async (owner: TestUser, id: number): Promise<WebhookDelivery[]> => (await owner.client.get(`/api/webhook/${id}/delivery`)).body.data;

const sign = (secret: string, raw: string) => `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`;

describe("webhooks", () => {
  let t: TestApp;
  let host: TestUser;
  let alice: TestUser;
  let bobby: TestUser;
  let receiver: Receiver;

  beforeAll(async () => {
    t = await createTestApp({ webhookAllowPrivate: true, webhook: FAST });
    host = await signUpHost(t);
    alice = await createUser(t, host, "alice");
    bobby = await createUser(t, host, "bobby");
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await receiver?.close();
    for (const webhook of (await alice.client.get("/api/webhook")).body.data as Webhook[]) await alice.client.delete(`/api/webhook/${webhook.id}`);
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
    [{ name: "x", url: "ftp://example.com/hook", events: ["memo.created"] }, "Malformatted post webhook request: url: must be an http(s) URL"],
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
    try {
      await addWebhook(bobby, other.url, { events: ["memo.created"] });
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
      // Bobby's webhook hears none of Alice's changes.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(other.received).toEqual([]);
    } finally {
      await other.close();
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
    expect(row).toMatchObject({ attempts: 1, responseStatus: 410, nextAttemptTs: null });
    expect(receiver.received).toHaveLength(1);
  });

  it("follows no redirect, and gives up a receiver that does not answer in time", async () => {
    receiver = await startReceiver();
    const target = await startReceiver();
    const redirecting = createServer((_request, response) => response.writeHead(307, { Location: target.url }).end());
    const silent = createServer(() => {});
    try {
      await new Promise<void>((resolve) => redirecting.listen(0, "127.0.0.1", resolve));
      await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
      const moved = await addWebhook(alice, `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/`, { events: ["memo.created"] });
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
      await Promise.all([new Promise((resolve) => redirecting.close(resolve)), new Promise((resolve) => silent.close(resolve)), target.close()]);
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
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receiver.received).toEqual([]);
      expect(await deliveries(alice, webhook.id)).toEqual([]);
      expectError(await alice.client.post("/api/system/setting", { name: "disableWebhooks", value: "false" }), 403);
    } finally {
      await host.client.post("/api/system/setting", { name: "disableWebhooks", value: "false" });
    }
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

describe("webhook targets on an instance without private targets", () => {
  let t: TestApp;
  let owner: TestUser;
  let receiver: Receiver;

  beforeAll(async () => {
    t = await createTestApp({ webhook: FAST });
    owner = await signUpHost(t);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it.each(["http://127.0.0.1:9/hook", "http://[::1]:9/hook", "http://169.254.169.254/latest/meta-data", "http://10.0.0.1/hook"])(
    "refuses an address literal when it is saved: %s",
    async (url) => {
      expectError(await owner.client.post("/api/webhook", { name: "x", url, events: ["memo.created"] }), 400, /url: private, loopback and link-local addresses are refused/);
    },
  );

  it("refuses a name that resolves to loopback when it connects, and sends nothing", async () => {
    const webhook = await addWebhook(owner, `http://localhost:${receiver.port}/hook`);
    await owner.client.post("/api/memo", { content: "stays home" });
    const [row] = await eventually(async () => {
      const rows = await deliveries(owner, webhook.id);
      return rows[0]?.status === "failed" ? rows : undefined;
    });
    expect(row!.error).toMatch(/^refused address: localhost resolves to /);
    expect(row!.responseStatus).toBeNull();
    expect(receiver.received).toEqual([]);
  });
});
