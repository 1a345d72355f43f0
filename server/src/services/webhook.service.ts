// Webhooks: a user's list, create, change, delete; the delivery log, a test event and a redelivery.
import { randomBytes } from "node:crypto";
import { WEBHOOK_TEST_EVENT, type Webhook, type WebhookCreate, type WebhookDelivery, type WebhookPatch } from "@memos/common";
import type { AppContext, Viewer } from "../context.js";
import { badRequest, notFound } from "../errors.js";
import {
  assertWebhooksEnabled,
  authorizeWebhook,
  authorizeWebhookChange,
  authorizeWebhooks,
  authorizeWebhookSecret,
  seesWebhookSecret,
} from "../policies/webhook.policy.js";
import { isAllowedTarget, parseAddress, targetVerdict } from "../policies/webhook-target.policy.js";
import { presentDelivery, presentWebhook } from "../presenters/webhook.presenter.js";
import { lockUntilCommit } from "../store/dialect.js";
import type { WebhookRow } from "../store/schema.js";
import {
  deleteWebhook as removeWebhook,
  findDelivery,
  findWebhookById,
  insertDeliveries,
  insertWebhook,
  listDeliveries,
  listWebhooksOfUser,
  resumeDeliveries,
  updateWebhook,
  type WebhookUpdate,
} from "../store/sql/webhook.store.js";
import { readSystemSetting } from "../store/sql/settings.js";
import { afterCommit, type EventPayload } from "./webhook-events.js";

/** The delivery log shows the newest this many. */
const DELIVERY_LOG_LIMIT = 50;

const newSecret = () => `whsec_${randomBytes(24).toString("base64url")}`;

/**
 * A URL naming a refused address outright is refused when saved, to say so early; a host name is judged when the
 * delivery connects (webhook-client.ts), since what it resolves to may change.
 */
function assertTarget(ctx: AppContext, raw: string, prefix: string): void {
  const { hostname } = new URL(raw);
  if (parseAddress(hostname) === null) return;
  const verdict = targetVerdict(hostname);
  const params = { host: hostname };
  if (verdict === "metadata") {
    throw badRequest(`${prefix}: url: cloud metadata addresses are refused`, { reason: "webhook.address-metadata", field: "url", params });
  }
  if (!isAllowedTarget(verdict, ctx.config.webhookAllowPrivate)) {
    throw badRequest(`${prefix}: url: private, loopback and link-local addresses are refused on this instance`, {
      reason: "webhook.address-refused",
      field: "url",
      params,
    });
  }
}

/** The webhook `id` when the viewer may read it, or (`change`) change or delete it; 401/403/404 otherwise. */
async function authorizedWebhook(ctx: AppContext, viewer: Viewer, id: number, change = false): Promise<WebhookRow> {
  const webhook = await findWebhookById(ctx.store.db, id);
  if (!webhook) throw notFound(`Webhook not found: ${id}`, { reason: "webhook.not-found" });
  if (change) authorizeWebhookChange(viewer, webhook);
  else authorizeWebhook(viewer, webhook);
  return webhook;
}

export async function listWebhooks(ctx: AppContext, viewer: Viewer): Promise<Webhook[]> {
  authorizeWebhooks(viewer);
  const withSecret = seesWebhookSecret(viewer);
  return (await listWebhooksOfUser(ctx.store.db, viewer.id)).map((row) => presentWebhook(row, withSecret));
}

/** `input` is valid already (the route's schema, webhookCreateSchema). */
export async function createWebhook(ctx: AppContext, viewer: Viewer, input: WebhookCreate): Promise<Webhook> {
  authorizeWebhookChange(viewer);
  assertTarget(ctx, input.url, "Malformatted post webhook request");
  const row = await insertWebhook(ctx.store.db, {
    user_id: viewer.id,
    name: input.name,
    url: input.url,
    secret: input.secret || newSecret(),
    events: JSON.stringify([...new Set(input.events)]),
  });
  return presentWebhook(row, seesWebhookSecret(viewer));
}

/**
 * `input` is valid already (the route's schema, webhookPatchSchema). An empty `secret` makes a new one.
 * `active: false` pauses the webhook: its pending deliveries wait (events meanwhile are not queued for it);
 * `active: true` resumes it: they are due at once, in their order, and the time paused is added to their retry window.
 */
export async function patchWebhook(ctx: AppContext, viewer: Viewer, id: number, input: WebhookPatch): Promise<Webhook> {
  await authorizedWebhook(ctx, viewer, id, true);
  if (input.url !== undefined) assertTarget(ctx, input.url, "Malformatted patch webhook request");
  const update: WebhookUpdate = {};
  if (input.name !== undefined) update.name = input.name;
  if (input.url !== undefined) update.url = input.url;
  if (input.secret !== undefined) update.secret = input.secret || newSecret();
  if (input.events !== undefined) update.events = JSON.stringify([...new Set(input.events)]);
  let resumed = false;
  const row = await ctx.store.db.transaction().execute(async (tx) => {
    // Two pauses or resumes at once must not both count the paused time.
    await lockUntilCommit(tx, ctx.store.engine, `webhook:${id}`);
    const current = await findWebhookById(tx, id);
    if (!current) throw notFound(`Webhook not found: ${id}`, { reason: "webhook.not-found" });
    const active = Number(current.active) === 1;
    const now = Date.now();
    if (input.active === false && active) {
      update.active = 0;
      update.paused_at_ms = now;
    }
    if (input.active === true && !active) {
      await resumeDeliveries(tx, id, Number(current.paused_at_ms ?? now), now);
      update.active = 1;
      update.paused_at_ms = null;
      resumed = true;
    }
    return updateWebhook(tx, id, update);
  });
  afterCommit(ctx, resumed);
  return presentWebhook(row, seesWebhookSecret(viewer));
}

/** The secret a webhook's deliveries are signed with, for its owner's session (authorizeWebhookSecret). */
export async function getWebhookSigningSecret(ctx: AppContext, viewer: Viewer, id: number): Promise<string> {
  const webhook = await findWebhookById(ctx.store.db, id);
  if (!webhook) throw notFound(`Webhook not found: ${id}`, { reason: "webhook.not-found" });
  authorizeWebhookSecret(viewer, webhook);
  return webhook.secret;
}

export async function deleteWebhook(ctx: AppContext, viewer: Viewer, id: number): Promise<void> {
  await authorizedWebhook(ctx, viewer, id, true);
  await ctx.store.db.transaction().execute((tx) => removeWebhook(tx, id));
}

export async function listWebhookDeliveries(ctx: AppContext, viewer: Viewer, id: number): Promise<WebhookDelivery[]> {
  await authorizedWebhook(ctx, viewer, id);
  return (await listDeliveries(ctx.store.db, id, DELIVERY_LOG_LIMIT)).map(presentDelivery);
}

/** `POST /api/webhook/:id/test`: a `webhook.test` event to this webhook alone, whatever it subscribes to. */
export async function sendTestEvent(ctx: AppContext, viewer: Viewer, id: number): Promise<WebhookDelivery> {
  const webhook = await authorizedWebhook(ctx, viewer, id);
  assertWebhooksEnabled(await readSystemSetting(ctx.store.db, "disableWebhooks"));
  const payload: EventPayload = {
    time: new Date().toISOString(),
    actor: { id: viewer!.id, username: viewer!.username },
    webhook: { id: webhook.id, name: webhook.name },
  };
  const [row] = await insertDeliveries(ctx.store.db, [
    { webhook_id: id, event: WEBHOOK_TEST_EVENT, payload: JSON.stringify(payload), ordering_key: `test:${id}` },
  ]);
  afterCommit(ctx, true);
  return presentDelivery(row!);
}

/** Sends a past delivery again, as a new delivery with the same event and content. */
export async function redeliver(ctx: AppContext, viewer: Viewer, id: number, deliveryId: number): Promise<WebhookDelivery> {
  await authorizedWebhook(ctx, viewer, id);
  const original = await findDelivery(ctx.store.db, deliveryId);
  if (!original || Number(original.webhook_id) !== id)
    throw notFound(`Webhook delivery not found: ${deliveryId}`, { reason: "webhook.delivery-not-found" });
  assertWebhooksEnabled(await readSystemSetting(ctx.store.db, "disableWebhooks"));
  const [row] = await insertDeliveries(ctx.store.db, [
    { webhook_id: id, event: original.event, payload: original.payload, ordering_key: original.ordering_key },
  ]);
  afterCommit(ctx, true);
  return presentDelivery(row!);
}
