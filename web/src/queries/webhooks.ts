// Webhooks (Settings › My account): the list, changes, and each webhook's delivery log with a test event and
// redelivery. The log refreshes itself while a delivery is pending.
import type { WebhookCreateRequest, WebhookPatchRequest } from "@memos/common";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../api/client";
import { type ErrorToastOption, errorToastMeta } from "./errorToast";
import { keys } from "./keys";

export const useWebhooks = () => useQuery({ queryKey: keys.webhooks, queryFn: () => api.call("webhook.list") });

export const useWebhookDeliveries = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: keys.webhookDeliveries(id),
    queryFn: () => api.call("webhook.deliveries", { params: { webhookId: id } }),
    enabled,
    refetchInterval: (query) => (query.state.data?.some((delivery) => delivery.status === "pending") ? 2000 : false),
  });

export function useWebhookMutations(options?: ErrorToastOption) {
  const meta = errorToastMeta(options);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.webhooks });
  const create = useMutation({
    meta,
    mutationFn: (body: WebhookCreateRequest) => api.call("webhook.create", { body }),
    onSuccess: refresh,
  });
  const patch = useMutation({
    meta,
    mutationFn: ({ id, body }: { id: number; body: WebhookPatchRequest }) => api.call("webhook.patch", { params: { webhookId: id }, body }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    meta,
    mutationFn: (id: number) => api.call("webhook.delete", { params: { webhookId: id } }),
    onSuccess: refresh,
  });
  const refreshLog = (id: number) => queryClient.invalidateQueries({ queryKey: keys.webhookDeliveries(id) });
  const test = useMutation({
    meta,
    mutationFn: (id: number) => api.call("webhook.test", { params: { webhookId: id } }),
    onSuccess: (_delivery, id) => refreshLog(id),
  });
  const redeliver = useMutation({
    meta,
    mutationFn: ({ id, deliveryId }: { id: number; deliveryId: number }) =>
      api.call("webhook.redeliver", { params: { webhookId: id, deliveryId } }),
    onSuccess: (_delivery, { id }) => refreshLog(id),
  });
  return { create, patch, remove, test, redeliver };
}
