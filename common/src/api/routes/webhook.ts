// Webhooks: the caller's, their delivery log, a test event and redelivery.
import { z } from "zod";
import { pathId } from "../schema-parts.js";
import { webhookCreateSchema, webhookDeliveryEntitySchema, webhookEntitySchema, webhookPatchSchema } from "../schemas/webhook.js";
import { bare, data, input, route } from "../route.js";

const webhookParams = z.object({ webhookId: pathId("Webhook ID") });
const NOT_FOUND = { 404: "No such webhook of the caller's" } as const;
const DISABLED = "The host turned webhooks off";
const REFUSED_URL = "An address the instance refuses (private, loopback or link-local without --webhook-allow-private; cloud metadata)";

export const webhookRoutes = {
  "webhook.list": route({
    method: "GET",
    path: "/api/webhook",
    summary: "The caller's webhooks, with their secrets",
    access: "signed-in",
    answer: data(z.array(webhookEntitySchema)),
  }),
  "webhook.create": route({
    method: "POST",
    path: "/api/webhook",
    summary: "Add a webhook (without a secret, one is made)",
    access: "session",
    body: input(webhookCreateSchema, "Malformatted post webhook request"),
    answer: data(webhookEntitySchema),
    errors: { 400: REFUSED_URL },
  }),
  "webhook.patch": route({
    method: "PATCH",
    path: "/api/webhook/:webhookId",
    summary: "Change a webhook (an empty secret makes a new one; active: false pauses it)",
    access: "session",
    params: webhookParams,
    body: input(webhookPatchSchema, "Malformatted patch webhook request"),
    answer: data(webhookEntitySchema),
    errors: { 400: REFUSED_URL, ...NOT_FOUND },
  }),
  "webhook.delete": route({
    method: "DELETE",
    path: "/api/webhook/:webhookId",
    summary: "Delete a webhook and its delivery log",
    access: "session",
    params: webhookParams,
    answer: bare(z.literal(true)),
    errors: NOT_FOUND,
  }),
  "webhook.deliveries": route({
    method: "GET",
    path: "/api/webhook/:webhookId/delivery",
    summary: "The webhook's newest 50 deliveries, newest first",
    access: "signed-in",
    params: webhookParams,
    answer: data(z.array(webhookDeliveryEntitySchema)),
    errors: NOT_FOUND,
  }),
  "webhook.test": route({
    method: "POST",
    path: "/api/webhook/:webhookId/test",
    summary: "Send a webhook.test event to this webhook",
    access: "signed-in",
    params: webhookParams,
    answer: data(webhookDeliveryEntitySchema),
    errors: { 403: DISABLED, ...NOT_FOUND },
  }),
  "webhook.redeliver": route({
    method: "POST",
    path: "/api/webhook/:webhookId/delivery/:deliveryId/redeliver",
    summary: "Send a delivery again (as a new delivery)",
    access: "signed-in",
    params: z.object({ webhookId: pathId("Webhook ID"), deliveryId: pathId("Delivery ID") }),
    answer: data(webhookDeliveryEntitySchema),
    errors: { 403: DISABLED, 404: "No such webhook of the caller's, or no such delivery of it" },
  }),
};
