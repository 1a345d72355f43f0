// The webhook API as the webhook suites call it (server/test/api/webhook*.test.ts).
import type { ErrorReason, Webhook, WebhookDelivery } from "@memos/common";
import { WEBHOOK_EVENTS } from "@memos/common";
import { expect } from "vitest";
import { expectError } from "./expect.js";
import type { TestUser } from "./factories.js";

/** Retries after 50 ms, attempts cut at 3 s: the tests' timings. */
export const FAST = { webhookRetryBaseMs: 50, webhookTimeoutMs: 3000 };

/** A webhook of `owner` to `url`, for every event unless `body` says otherwise. */
export async function addWebhook(owner: TestUser, url: string, body: object = {}): Promise<Webhook> {
  const response = await owner.client.post("/api/webhook", { name: "receiver", url, events: [...WEBHOOK_EVENTS], ...body });
  if (response.status !== 200) throw new Error(`webhook creation failed: ${response.text}`);
  return response.body.data;
}

export const deliveries = async (owner: TestUser, id: number): Promise<WebhookDelivery[]> =>
  (await owner.client.get(`/api/webhook/${id}/delivery`)).body.data;

/**
 * A webhook URL refused when saved, with the message, the reason and (for an address) the host it names. A webhook
 * saved by mistake is removed at once, before any event can reach it.
 */
export async function expectRefusedUrl(owner: TestUser, url: string, message: RegExp, reason: ErrorReason): Promise<void> {
  const response = await owner.client.post("/api/webhook", { name: "x", url, events: ["memo.created"] });
  if (response.status === 200) await owner.client.delete(`/api/webhook/${response.body.data.id}`);
  expectError(response, 400, message, { reason, field: "url" });
  if (reason === "webhook.address-refused" || reason === "webhook.address-metadata")
    expect(response.body.params).toEqual({ host: new URL(url).hostname });
  else expect(response.body.params).toBeUndefined();
}
