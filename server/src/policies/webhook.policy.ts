// Webhooks are their owner's alone (others are told they do not exist), and the host may turn them off for the
// instance. A webhook's secret goes to its owner only: the one who can see the webhook at all.
import type { Viewer } from "../context.js";
import { forbidden, notFound } from "../errors.js";
import { requireSignedIn } from "./utils.js";

export function authorizeWebhooks(viewer: Viewer): asserts viewer is NonNullable<Viewer> {
  requireSignedIn(viewer);
}

export function authorizeWebhook(viewer: Viewer, webhook: { id: number; user_id: number }): void {
  authorizeWebhooks(viewer);
  if (viewer.id !== webhook.user_id) throw notFound(`Webhook not found: ${webhook.id}`);
}

/** Sending (a test, a redelivery) is refused while the host has turned webhooks off. */
export function assertWebhooksEnabled(disabled: boolean): void {
  if (disabled) throw forbidden("Webhooks are disabled on this instance");
}
