// Settings › My account › Webhooks: each webhook's name, URL and events, with its delivery log, edit and delete.
import type { Webhook } from "@memos/common";
import { History, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useStatus } from "../../queries/session";
import { useWebhookMutations, useWebhooks } from "../../queries/webhooks";
import { errorMessage } from "../../api/errorMessage";
import { toast } from "../../state/toast";
import { Button, IconButton } from "../ui/Button";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { Spinner } from "../ui/Spinner";
import { SettingGroup } from "./controls";
import { WebhookDeliveriesDialog } from "./WebhookDeliveriesDialog";
import { WebhookDialog } from "./WebhookDialog";

export function WebhooksCard() {
  const { t } = useTranslation();
  const webhooks = useWebhooks();
  const { data: status } = useStatus();
  const { remove } = useWebhookMutations();
  const [editing, setEditing] = useState<Webhook | "new" | null>(null);
  const [viewing, setViewing] = useState<Webhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(t("webhooks.deleted"));
    } catch {
      // Said by the mutation cache's toast (queries/errorToast.ts).
    }
  };

  return (
    <SettingGroup
      title={t("webhooks.title")}
      description={t("webhooks.hint")}
      actions={
        <Button icon={<Plus className="size-4" aria-hidden />} onClick={() => setEditing("new")}>
          {t("webhooks.add")}
        </Button>
      }
    >
      {status?.disableWebhooks ? (
        <p
          role="status"
          className="border-b border-zinc-100 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-zinc-700/70 dark:bg-amber-500/10 dark:text-amber-200"
        >
          {t("webhooks.disabled-by-host")}
        </p>
      ) : null}
      {webhooks.isPending ? (
        <div className="flex justify-center p-4">
          <Spinner className="size-5" />
        </div>
      ) : webhooks.data && webhooks.data.length > 0 ? (
        <ul aria-label={t("webhooks.title")}>
          {webhooks.data.map((webhook) => (
            <li
              key={webhook.id}
              data-testid="webhook-row"
              className="flex items-start gap-2 border-b border-zinc-100 px-3 py-2.5 last:border-b-0 dark:border-zinc-700/70"
            >
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-zinc-800 dark:text-zinc-100">{webhook.name}</p>
                <p className="truncate font-mono text-xs text-zinc-500 dark:text-zinc-400">{webhook.url}</p>
                <p className="text-xs text-zinc-500 dark:text-zinc-400">{webhook.events.join(", ")}</p>
              </div>
              <Button
                variant="ghost"
                aria-label={t("webhooks.deliveries")}
                icon={<History className="size-4" aria-hidden />}
                onClick={() => setViewing(webhook)}
              >
                {/* The icon alone on phones, where the URL needs the room. */}
                <span className="max-sm:hidden">{t("webhooks.deliveries")}</span>
              </Button>
              <IconButton label={t("webhooks.edit-named", { name: webhook.name })} onClick={() => setEditing(webhook)}>
                <Pencil className="size-4" aria-hidden />
              </IconButton>
              <IconButton label={t("webhooks.delete-named", { name: webhook.name })} onClick={() => setDeleting(webhook)}>
                <Trash2 className="size-4" aria-hidden />
              </IconButton>
            </li>
          ))}
        </ul>
      ) : (
        <p className="px-3 py-3 text-sm text-zinc-500 dark:text-zinc-400">
          {webhooks.error ? errorMessage(webhooks.error, t) : t("webhooks.none")}
        </p>
      )}
      <WebhookDialog open={editing !== null} webhook={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
      <WebhookDeliveriesDialog webhook={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t("webhooks.delete-title", { name: deleting?.name ?? "" })}
        body={t("webhooks.delete-body")}
        confirmLabel={t("common.delete")}
        onConfirm={confirmDelete}
      />
    </SettingGroup>
  );
}
