// /api/webhook: a user's webhooks, their delivery log, a test event and redelivery.
import type { AppContext } from "../context.js";
import { viewerOf } from "../http/request-context.js";
import type { Handlers } from "../http/route-table.js";
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  patchWebhook,
  redeliver,
  sendTestEvent,
} from "../services/webhook.service.js";

export const webhookHandlers = (ctx: AppContext) =>
  ({
    "webhook.list": async (request) => listWebhooks(ctx, viewerOf(request)),
    "webhook.create": async (request) => createWebhook(ctx, viewerOf(request), request.body),
    "webhook.patch": async (request) => patchWebhook(ctx, viewerOf(request), request.params.webhookId, request.body),
    "webhook.delete": async (request) => {
      await deleteWebhook(ctx, viewerOf(request), request.params.webhookId);
      return true;
    },
    "webhook.deliveries": async (request) => listWebhookDeliveries(ctx, viewerOf(request), request.params.webhookId),
    "webhook.test": async (request) => sendTestEvent(ctx, viewerOf(request), request.params.webhookId),
    "webhook.redeliver": async (request) => redeliver(ctx, viewerOf(request), request.params.webhookId, request.params.deliveryId),
  }) satisfies Handlers<"webhook">;
