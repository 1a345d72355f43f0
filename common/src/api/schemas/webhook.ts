// Webhooks and their delivery log (routes/webhook.ts).
import { z } from "zod";
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS, webhookUrlProblem } from "../../domain/integrations.js";
import { INPUT_LIMITS } from "../input-limits.js";
import { optional, type ReasonParams, text } from "../schema-parts.js";

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

export const webhookEntitySchema = z
  .object({
    id: z.int(),
    name: z.string(),
    url: z.string(),
    secret: z.string().describe("The HMAC key of X-Memos-Signature; the owner alone sees it"),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    active: z.boolean(),
    createdTs: z.int(),
    updatedTs: z.int(),
  })
  .meta({ id: "Webhook" });
export type Webhook = z.infer<typeof webhookEntitySchema>;

export const webhookDeliveryEntitySchema = z
  .object({
    id: z.int().describe("Also the X-Memos-Delivery header"),
    webhookId: z.int(),
    event: z.string(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.int(),
    createdTs: z.int(),
    lastAttemptTs: z.int().nullable(),
    nextAttemptTs: z.int().nullable().describe("When the next attempt is due (pending deliveries)"),
    responseStatus: z.int().nullable(),
    responseSnippet: z.string().nullable().describe("At most 1 KB of the receiver's answer"),
    durationMs: z.int().nullable(),
    error: z
      .string()
      .nullable()
      .describe(
        'Why the last attempt failed, as a class: "HTTP <status>" for an answer; else "refused: not a public address", ' +
          '"could not connect", "timed out after <n> ms", … (the cause is in the server log)',
      ),
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDelivery = z.infer<typeof webhookDeliveryEntitySchema>;
