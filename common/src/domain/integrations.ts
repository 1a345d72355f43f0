// Personal access tokens and webhooks: the names both sides share.

/** What a personal access token may do: read only, or read and write. */
export const ACCESS_TOKEN_SCOPES = ["read", "read-write"] as const;
export type AccessTokenScope = (typeof ACCESS_TOKEN_SCOPES)[number];

/** Every personal access token starts with this, so a leaked one is recognisable (and told apart from an open ID). */
export const ACCESS_TOKEN_PREFIX = "memos_pat_";

/** The events a webhook may subscribe to. */
export const WEBHOOK_EVENTS = [
  "memo.created",
  "memo.updated",
  "memo.deleted",
  "memo.archived",
  "memo.restored",
  "memo.pinned",
  "memo.unpinned",
  "resource.created",
  "resource.deleted",
  "reaction.added",
  "comment.created",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What is wrong with a webhook URL as written: not http(s), or not readable as a URL. */
export type WebhookUrlProblem = "not-http" | "unparsable";

/**
 * Whether a text is a URL a webhook may post to (its address is judged later, by the server): null when it is.
 * @example webhookUrlProblem("ftp://example.com") // "not-http"
 * @example webhookUrlProblem("https://exa mple.com") // "unparsable"
 */
export function webhookUrlProblem(value: string): WebhookUrlProblem | null {
  if (!/^https?:\/\//i.test(value)) return "not-http";
  return /^https?:\/\/\S+$/i.test(value) && URL.canParse(value) ? null : "unparsable";
}

/** What `POST /api/webhook/:id/test` sends; never subscribed to, always delivered to the webhook tested. */
export const WEBHOOK_TEST_EVENT = "webhook.test";

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * The headers of a delivery. The signature is `sha256=<hex HMAC-SHA256 of the body>` keyed by the webhook's secret;
 * the body carries the same `timestamp` (Unix seconds of this attempt) as the header, so the signature covers it
 * and a receiver can refuse an old message replayed.
 */
export const WEBHOOK_HEADERS = {
  signature: "X-Memos-Signature",
  timestamp: "X-Memos-Timestamp",
  event: "X-Memos-Event",
  delivery: "X-Memos-Delivery",
} as const;
