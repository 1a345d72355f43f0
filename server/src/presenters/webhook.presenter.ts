import type { Webhook, WebhookDelivery, WebhookEvent } from "@memos/common";
import type { WebhookDeliveryRow, WebhookRow } from "../store/schema.js";

/** `withSecret` is the webhook policy's `seesWebhookSecret`: without it the secret is "". */
export function presentWebhook(row: WebhookRow, withSecret: boolean): Webhook {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    secret: withSecret ? row.secret : "",
    events: JSON.parse(row.events) as WebhookEvent[],
    active: Number(row.active) === 1,
    createdTs: Number(row.created_ts),
    updatedTs: Number(row.updated_ts),
  };
}

const numberOrNull = (value: number | null): number | null => (value === null ? null : Number(value));

export function presentDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: Number(row.id),
    webhookId: Number(row.webhook_id),
    event: row.event,
    status: row.status,
    attempts: Number(row.attempts),
    createdTs: Number(row.created_ts),
    lastAttemptTs: numberOrNull(row.last_attempt_ts),
    nextAttemptTs: row.status === "pending" && row.next_attempt_ms !== null ? Math.ceil(Number(row.next_attempt_ms) / 1000) : null,
    responseStatus: numberOrNull(row.response_status),
    responseSnippet: row.response_snippet,
    durationMs: numberOrNull(row.duration_ms),
    error: row.error,
  };
}
