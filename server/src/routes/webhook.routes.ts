// /api/webhook: a user's webhooks, their delivery log, a test event and redelivery.
import { webhookCreateSchema, webhookPatchSchema } from "@memos/common";
import { webhookDeliveryEntitySchema, webhookEntitySchema } from "@memos/common/api/responses";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { ok, viewerOf } from "../http/request-context.js";
import { answers, input, params, pathId } from "../http/route-schema.js";
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  patchWebhook,
  redeliver,
  sendTestEvent,
} from "../services/webhook.service.js";

const idParams = params({ webhookId: pathId("Webhook ID") });
const deliveryParams = params({ webhookId: pathId("Webhook ID"), deliveryId: pathId("Delivery ID") });

export async function webhookRoutes(base: FastifyInstance, ctx: AppContext) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get("/api/webhook", { schema: { summary: "The caller's webhooks, with their secrets", response: answers(z.array(webhookEntitySchema)) } }, async (request) =>
    ok(await listWebhooks(ctx, viewerOf(request))),
  );
  app.post(
    "/api/webhook",
    {
      schema: {
        summary: "Add a webhook (without a secret, one is made)",
        body: input(webhookCreateSchema, "Malformatted post webhook request"),
        response: answers(webhookEntitySchema),
      },
    },
    async (request) => ok(await createWebhook(ctx, viewerOf(request), request.body)),
  );
  app.patch(
    "/api/webhook/:webhookId",
    {
      schema: {
        summary: "Change a webhook (an empty secret makes a new one; active: false pauses it)",
        params: idParams,
        body: input(webhookPatchSchema, "Malformatted patch webhook request"),
        response: answers(webhookEntitySchema),
      },
    },
    async (request) => ok(await patchWebhook(ctx, viewerOf(request), request.params.webhookId, request.body)),
  );
  app.delete(
    "/api/webhook/:webhookId",
    { schema: { summary: "Delete a webhook and its delivery log", params: idParams, response: answers(z.literal(true), { raw: true }) } },
    async (request) => {
      await deleteWebhook(ctx, viewerOf(request), request.params.webhookId);
      return true;
    },
  );
  app.get(
    "/api/webhook/:webhookId/delivery",
    { schema: { summary: "The webhook's newest 50 deliveries, newest first", params: idParams, response: answers(z.array(webhookDeliveryEntitySchema)) } },
    async (request) => ok(await listWebhookDeliveries(ctx, viewerOf(request), request.params.webhookId)),
  );
  app.post(
    "/api/webhook/:webhookId/test",
    { schema: { summary: "Send a webhook.test event to this webhook", params: idParams, response: answers(webhookDeliveryEntitySchema) } },
    async (request) => ok(await sendTestEvent(ctx, viewerOf(request), request.params.webhookId)),
  );
  app.post(
    "/api/webhook/:webhookId/delivery/:deliveryId/redeliver",
    { schema: { summary: "Send a delivery again (as a new delivery)", params: deliveryParams, response: answers(webhookDeliveryEntitySchema) } },
    async (request) => ok(await redeliver(ctx, viewerOf(request), request.params.webhookId, request.params.deliveryId)),
  );
}
