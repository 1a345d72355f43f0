// One webhook's delivery log: each delivery's event, status, answer, duration and next retry, with "redeliver"; a
// test event; and the secret that signs the deliveries (its owner sees it here).
import type { Webhook, WebhookDelivery } from "@memos/common";
import { RotateCw, Send } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useWebhookDeliveries, useWebhookMutations } from "../../queries/webhooks";
import { toast } from "../../state/toast";
import { formatFullTime } from "../../utils/time";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { ListState } from "../ui/ListState";
import { CopyButton } from "../ui/CopyButton";

const STATUS_STYLE: Record<WebhookDelivery["status"], string> = {
  succeeded: "bg-green-50 text-green-700 dark:bg-green-500/15 dark:text-green-300",
  pending: "bg-amber-50 text-amber-800 dark:bg-amber-500/15 dark:text-amber-200",
  failed: "bg-red-50 text-red-700 dark:bg-red-500/15 dark:text-red-300",
};

function DeliveryRow({ delivery, onRedeliver, busy }: { delivery: WebhookDelivery; onRedeliver: () => void; busy: boolean }) {
  const { t } = useTranslation();
  const facts = [
    t("webhooks.attempts", { n: delivery.attempts }),
    delivery.responseStatus !== null ? `HTTP ${delivery.responseStatus}` : null,
    delivery.durationMs !== null ? `${delivery.durationMs} ms` : null,
    delivery.nextAttemptTs !== null ? t("webhooks.next-retry", { time: formatFullTime(delivery.nextAttemptTs * 1000) }) : null,
  ].filter(Boolean);
  return (
    <li
      data-testid="webhook-delivery"
      className="flex flex-col gap-1 border-b border-zinc-100 px-3 py-2.5 last:border-b-0 dark:border-zinc-700/70"
    >
      <div className="flex flex-wrap items-center gap-2">
        <code className="text-sm text-zinc-800 dark:text-zinc-100">{delivery.event}</code>
        <span className={`rounded-md px-1.5 py-0.5 text-xs ${STATUS_STYLE[delivery.status]}`}>
          {t(`webhooks.status-${delivery.status}`)}
        </span>
        <span className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400">{formatFullTime(delivery.createdTs * 1000)}</span>
        <span className="flex-1" />
        <Button variant="ghost" icon={<RotateCw className="size-4" aria-hidden />} onClick={onRedeliver} disabled={busy}>
          {t("webhooks.redeliver")}
        </Button>
      </div>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">{facts.join(" · ")}</p>
      {/* An answer's failure is its HTTP status, shown above; the error says why there was no answer. */}
      {delivery.error && delivery.responseStatus === null ? (
        <p className="text-xs break-words text-red-600 dark:text-red-400">{delivery.error}</p>
      ) : null}
      {delivery.responseSnippet ? (
        <pre className="max-h-24 overflow-auto rounded-md bg-zinc-100 px-2 py-1 font-mono text-xs whitespace-pre-wrap break-all text-zinc-700 dark:bg-zinc-900 dark:text-zinc-300">
          {delivery.responseSnippet}
        </pre>
      ) : null}
    </li>
  );
}

export function WebhookDeliveriesDialog({ webhook, onClose }: { webhook: Webhook | null; onClose: () => void }) {
  const { t } = useTranslation();
  const log = useWebhookDeliveries(webhook?.id ?? 0, webhook !== null);
  const { test, redeliver } = useWebhookMutations();
  if (!webhook) return null;

  const sendTest = async () => {
    try {
      await test.mutateAsync(webhook.id);
      toast.success(t("webhooks.test-sent"));
    } catch {
      // Said by the mutation cache's toast (queries/errorToast.ts).
    }
  };
  const again = async (deliveryId: number) => {
    try {
      await redeliver.mutateAsync({ id: webhook.id, deliveryId });
      toast.success(t("webhooks.redelivered"));
    } catch {
      // Said by the mutation cache's toast (queries/errorToast.ts).
    }
  };

  return (
    <Dialog open onClose={onClose} size="lg" title={t("webhooks.log-title", { name: webhook.name })}>
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-zinc-800 dark:text-zinc-100">{t("webhooks.secret")}</span>
          <code className="min-w-0 flex-1 truncate rounded-md bg-zinc-100 px-2 py-1 font-mono text-xs text-zinc-700 dark:bg-zinc-900 dark:text-zinc-300">
            {webhook.secret}
          </code>
          <CopyButton text={webhook.secret} label={t("webhooks.copy-secret")} />
          <Button
            variant="primary"
            icon={<Send className="size-4" aria-hidden />}
            onClick={() => void sendTest()}
            disabled={test.isPending}
          >
            {t("webhooks.send-test")}
          </Button>
        </div>
        <div className="rounded-xl border border-zinc-200 dark:border-zinc-700">
          <ListState
            look="card"
            pending={log.isPending}
            error={log.error}
            count={log.data?.length ?? 0}
            empty={t("webhooks.no-deliveries")}
          >
            <ul aria-label={t("webhooks.deliveries")}>
              {log.data?.map((delivery) => (
                <DeliveryRow key={delivery.id} delivery={delivery} busy={redeliver.isPending} onRedeliver={() => void again(delivery.id)} />
              ))}
            </ul>
          </ListState>
        </div>
      </div>
    </Dialog>
  );
}
