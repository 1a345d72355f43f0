// Settings › My account › Webhooks: each webhook's name, URL and events, with its delivery log, edit and delete.
import type { Webhook } from "@memos/common";
import { History, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useStatus } from "../../queries/session";
import { useWebhookMutations, useWebhooks } from "../../queries/webhooks";
import { toast } from "../../state/toast";
import { Button, IconButton } from "../ui/Button";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { SettingsListCard } from "./SettingsListCard";
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
    <SettingsListCard
      title={t("webhooks.title")}
      description={t("webhooks.hint")}
      actions={
        <Button icon={<Plus className="size-4" aria-hidden />} onClick={() => setEditing("new")}>
          {t("webhooks.add")}
        </Button>
      }
      notice={status?.disableWebhooks ? { text: t("webhooks.disabled-by-host"), tone: "warning" } : undefined}
      list={webhooks}
      empty={t("webhooks.none")}
      rowTestId="webhook-row"
      itemKey={(webhook) => webhook.id}
      row={(webhook) => ({
        name: webhook.name,
        details: [{ code: webhook.url }, webhook.events.join(", ")],
        actions: (
          <>
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
          </>
        ),
      })}
    >
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
    </SettingsListCard>
  );
}
