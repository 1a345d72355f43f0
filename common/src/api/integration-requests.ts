// Zod schemas of the integrations' requests: personal access tokens and webhooks (requests.ts holds the rest).
import { z } from "zod";
import { ACCESS_TOKEN_SCOPES, WEBHOOK_EVENTS, webhookUrlProblem } from "../domain/integrations.js";
import type { ErrorParams, ErrorReason } from "./reasons.js";
import { INPUT_LIMITS } from "./input-limits.js";
import { unixSeconds } from "./requests.js";
import { optional, text } from "./schema-parts.js";

/** A refinement's params: the reason the server answers with. */
type ReasonParams = { reason: ErrorReason } & ErrorParams;

/** `POST /api/access-token`: a named token, read-only or read-write, expiring at `expiresTs` (Unix seconds) or never. */
export const accessTokenCreateSchema = z.object({
  name: text(INPUT_LIMITS.tokenName).trim().min(1, "is required"),
  scope: z.enum(ACCESS_TOKEN_SCOPES),
  expiresTs: optional(unixSeconds),
});
export type AccessTokenCreate = z.infer<typeof accessTokenCreateSchema>;
export type AccessTokenCreateRequest = z.input<typeof accessTokenCreateSchema>;

const webhookEvents = z.array(z.enum(WEBHOOK_EVENTS)).min(1, "choose at least one event").max(WEBHOOK_EVENTS.length);
// v0's one message for both; the reason tells which.
const webhookUrl = text(INPUT_LIMITS.webhookUrl)
  .refine((value) => webhookUrlProblem(value) !== "not-http", {
    message: "must be an http(s) URL",
    abort: true,
    params: { reason: "webhook.url-not-http" } satisfies ReasonParams,
  })
  .refine((value) => webhookUrlProblem(value) === null, {
    message: "must be an http(s) URL",
    params: { reason: "webhook.url-unparsable" } satisfies ReasonParams,
  });
const webhookSecret = text(INPUT_LIMITS.webhookSecret);

/** `POST /api/webhook`. Without a secret the server makes one (shown to the owner). */
export const webhookCreateSchema = z.object({
  name: text(INPUT_LIMITS.webhookName).trim().min(1, "is required"),
  url: webhookUrl,
  secret: optional(webhookSecret),
  events: webhookEvents,
});
export type WebhookCreate = z.infer<typeof webhookCreateSchema>;
export type WebhookCreateRequest = z.input<typeof webhookCreateSchema>;

/** `PATCH /api/webhook/:id`: the fields given change; `active: false` pauses deliveries. */
export const webhookPatchSchema = z.object({
  name: optional(text(INPUT_LIMITS.webhookName).trim().min(1, "is required")),
  url: optional(webhookUrl),
  secret: optional(webhookSecret),
  events: optional(webhookEvents),
  active: optional(z.boolean()),
});
export type WebhookPatch = z.infer<typeof webhookPatchSchema>;
export type WebhookPatchRequest = z.input<typeof webhookPatchSchema>;
