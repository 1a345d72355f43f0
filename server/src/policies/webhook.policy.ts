// Webhooks are their owner's alone (others are told they do not exist), and the host may turn them off for the
// instance. Creating, changing and deleting one is a session's job (credential.policy.ts): a webhook sends the
// owner's memos elsewhere. Its signing secret is shown to its owner's session only.
import type { Viewer } from "../context.js";
import { forbidden, notFound } from "../errors.js";
import { authorizeSessionChange, isSessionCaller, sessionOnlyMessage } from "./credential.policy.js";
import { isSelf, requireSignedIn } from "./utils.js";

export function authorizeWebhooks(viewer: Viewer): asserts viewer is NonNullable<Viewer> {
  requireSignedIn(viewer);
}

export function authorizeWebhook(viewer: Viewer, webhook: { id: number; user_id: number }): void {
  authorizeWebhooks(viewer);
  if (!isSelf(viewer, webhook.user_id)) throw notFound(`Webhook not found: ${webhook.id}`, { reason: "webhook.not-found" });
}

/** Create (no `webhook`), change or delete: the owner's session only (another user is told it does not exist). */
export function authorizeWebhookChange(viewer: Viewer, webhook?: { id: number; user_id: number }): asserts viewer is NonNullable<Viewer> {
  if (webhook) authorizeWebhook(viewer, webhook);
  authorizeSessionChange(viewer, "create, change or delete webhooks");
}

/** Whether an answer about the viewer's own webhooks carries their signing secrets. */
export const seesWebhookSecret = (viewer: Viewer): boolean => isSessionCaller(viewer);

/** Asking for a webhook's signing secret itself (v1's GetUserWebhookSigningSecret): its owner's session only, 403 for a token. */
export function authorizeWebhookSecret(viewer: Viewer, webhook: { id: number; user_id: number }): void {
  authorizeWebhook(viewer, webhook);
  if (!seesWebhookSecret(viewer)) throw forbidden(sessionOnlyMessage("read a webhook's signing secret"), { reason: "auth.session-only" });
}

/** Sending (a test, a redelivery) is refused while the host has turned webhooks off. */
export function assertWebhooksEnabled(disabled: boolean): void {
  if (disabled) throw forbidden("Webhooks are disabled on this instance", { reason: "webhook.disabled" });
}
