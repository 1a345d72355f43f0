// Webhooks (Settings › My account): the list, changes, and each webhook's delivery log with a test event and
// redelivery. The log refreshes itself while a delivery is pending.
import type { WebhookPatchRequest } from "@memos/common";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../api/endpoints";
import { keys } from "./keys";

export const useWebhooks = () => useQuery({ queryKey: keys.webhooks, queryFn: api.webhooks });

export const useWebhookDeliveries = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: keys.webhookDeliveries(id),
    queryFn: () => api.webhookDeliveries(id),
    enabled,
    refetchInterval: (query) => (query.state.data?.some((delivery) => delivery.status === "pending") ? 2000 : false),
  });

export function useWebhookMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.webhooks });
  const create = useMutation({ mutationFn: api.createWebhook, onSuccess: refresh });
  const patch = useMutation({ mutationFn: ({ id, body }: { id: number; body: WebhookPatchRequest }) => api.patchWebhook(id, body), onSuccess: refresh });
  const remove = useMutation({ mutationFn: (id: number) => api.deleteWebhook(id), onSuccess: refresh });
  const refreshLog = (id: number) => queryClient.invalidateQueries({ queryKey: keys.webhookDeliveries(id) });
  const test = useMutation({ mutationFn: (id: number) => api.testWebhook(id), onSuccess: (_delivery, id) => refreshLog(id) });
  const redeliver = useMutation({
    mutationFn: ({ id, deliveryId }: { id: number; deliveryId: number }) => api.redeliverWebhook(id, deliveryId),
    onSuccess: (_delivery, { id }) => refreshLog(id),
  });
  return { create, patch, remove, test, redeliver };
}
