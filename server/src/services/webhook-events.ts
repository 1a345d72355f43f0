// The outbox side of webhooks: a change that webhooks subscribe to queues one delivery per subscribed webhook of the
// acting user, in the transaction of the change itself, so a delivery exists exactly when the change was committed.
// Nothing is sent here; the caller kicks the dispatcher after the commit (services/webhook-dispatcher.ts).
import type { WebhookEvent } from "@memos/common";
import type { Actor, AppContext } from "../context.js";
import type { Db } from "../store/db.js";
import type { WebhookRow } from "../store/schema.js";
import { listWebhooksOfUser, queueDeliveries } from "../store/sql/webhook.store.js";
import { readSystemSetting } from "../store/sql/settings.js";

/** What a delivery body carries besides its event, id and timestamp: when, who, and the memo or resource. */
export interface EventPayload {
  time: string;
  actor: { id: number; username: string };
  [subject: string]: unknown;
}

/** The actor's active webhooks that subscribe to `event`; none when webhooks are off. Read once for many events. */
export async function subscribedWebhooks(db: Db, actor: Actor, event: WebhookEvent): Promise<WebhookRow[]> {
  const webhooks = (await listWebhooksOfUser(db, actor.id)).filter(
    (webhook) => Number(webhook.active) === 1 && (JSON.parse(webhook.events) as string[]).includes(event),
  );
  if (webhooks.length === 0 || (await readSystemSetting(db, "disableWebhooks"))) return [];
  return webhooks;
}

/** What one event is about: its ordering key ("memo:7") and subject (`{ memo }`). */
export interface EventSubject {
  orderingKey: string;
  subject: Record<string, unknown>;
}

/**
 * Queues `event` about each subject for `webhooks` (subscribedWebhooks): one delivery per webhook and subject,
 * written in batches. Returns whether anything was queued.
 */
export async function queueEvents(
  db: Db,
  actor: Actor,
  event: WebhookEvent,
  webhooks: readonly WebhookRow[],
  subjects: readonly EventSubject[],
): Promise<boolean> {
  if (webhooks.length === 0 || subjects.length === 0) return false;
  const head = { time: new Date().toISOString(), actor: { id: actor.id, username: actor.username } };
  const deliveries = subjects.flatMap(({ orderingKey, subject }) => {
    const payload: EventPayload = { ...head, ...subject };
    const text = JSON.stringify(payload);
    return webhooks.map((webhook) => ({ webhook_id: webhook.id, event, payload: text, ordering_key: orderingKey }));
  });
  await queueDeliveries(db, deliveries);
  return true;
}

/**
 * Queues `event` for the actor's active webhooks that subscribe to it; `subject` (the memo or resource as its owner
 * sees it, e.g. `{ memo }`) is built only when one does. `orderingKey` names what the event is about ("memo:7"):
 * deliveries of one key to one webhook go out in the order they were queued. Returns whether anything was queued.
 */
export async function queueWebhookEvent(
  db: Db,
  actor: Actor,
  event: WebhookEvent,
  orderingKey: string,
  subject: () => Promise<Record<string, unknown>>,
): Promise<boolean> {
  const webhooks = await subscribedWebhooks(db, actor, event);
  if (webhooks.length === 0) return false;
  return queueEvents(db, actor, event, webhooks, [{ orderingKey, subject: await subject() }]);
}

/** After the commit of a change that queued deliveries: the dispatcher sends them now rather than at its next poll. */
export function afterCommit(ctx: AppContext, queued: boolean): void {
  if (queued) ctx.webhooks?.kick();
}
