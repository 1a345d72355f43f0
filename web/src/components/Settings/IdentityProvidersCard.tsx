// Settings › System › Sign-in: the OpenID Connect providers (add, edit, delete), the redirect URI to register at
// them, whether password sign-in stays on (the host's own always does), and whether an account's own second factor is
// asked after a provider's sign-in too.
import { type IdentityProvider, SSO_CALLBACK_PATH } from "@memos/common";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useStatus } from "../../queries/session";
import { useIdentityProviderMutations, useIdentityProviders, useSsoOptions } from "../../queries/sso";
import { toast } from "../../state/toast";
import { Button, IconButton } from "../ui/Button";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { SettingRow } from "./controls";
import { SettingsListCard } from "./SettingsListCard";
import { CopyButton } from "../ui/CopyButton";
import { Switch } from "../ui/Switch";
import { IdentityProviderDialog } from "./IdentityProviderDialog";

export function IdentityProvidersCard() {
  const { t } = useTranslation();
  const providers = useIdentityProviders();
  const options = useSsoOptions();
  const { data: status } = useStatus();
  const { remove, setPasswordSignIn, setSecondFactor } = useIdentityProviderMutations();
  const [editing, setEditing] = useState<IdentityProvider | "new" | null>(null);
  const [deleting, setDeleting] = useState<IdentityProvider | null>(null);
  const passwordLabel = useId();
  const secondFactorLabel = useId();
  const externalUrl = status?.customizedProfile.externalUrl?.trim().replace(/\/+$/, "") ?? "";
  const redirectUri = `${externalUrl || window.location.origin}${SSO_CALLBACK_PATH}`;

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(t("sso.providers.deleted"));
    } catch {
      // Said by the mutation cache's toast (queries/errorToast.ts).
    }
  };

  const toggle = async (mutation: typeof setPasswordSignIn, on: boolean) => {
    try {
      await mutation.mutateAsync(on);
      toast.success(t("message.update-succeed"));
    } catch {
      // Said by the mutation cache's toast (queries/errorToast.ts).
    }
  };

  return (
    <SettingsListCard
      title={t("sso.providers.title")}
      description={t("sso.providers.hint")}
      actions={
        <Button icon={<Plus className="size-4" aria-hidden />} onClick={() => setEditing("new")}>
          {t("sso.providers.add")}
        </Button>
      }
      before={
        <div className="flex flex-wrap items-center gap-2 border-b border-zinc-100 px-3 py-2.5 text-sm dark:border-zinc-700/70">
          <span className="text-zinc-700 dark:text-zinc-300">{t("sso.providers.redirect-uri")}</span>
          <code data-testid="sso-redirect-uri" className="min-w-0 break-all font-mono text-xs text-zinc-800 dark:text-zinc-100">
            {redirectUri}
          </code>
          <CopyButton text={redirectUri} label={t("sso.providers.copy-redirect-uri")} />
        </div>
      }
      notice={externalUrl ? undefined : { text: t("sso.providers.external-url-unset"), tone: "warning" }}
      list={providers}
      empty={t("sso.providers.none")}
      rowTestId="identity-provider-row"
      itemKey={(provider) => provider.id}
      row={(provider) => ({
        name: provider.name,
        badges: provider.enabled ? null : <span className="text-xs text-zinc-600 dark:text-zinc-400">{t("sso.providers.disabled")}</span>,
        details: [{ code: provider.type === "OAUTH2" ? provider.authUrl : provider.issuer }],
        actions: (
          <>
            <IconButton label={t("sso.providers.edit-named", { name: provider.name })} onClick={() => setEditing(provider)}>
              <Pencil className="size-4" aria-hidden />
            </IconButton>
            <IconButton label={t("sso.providers.delete-named", { name: provider.name })} onClick={() => setDeleting(provider)}>
              <Trash2 className="size-4" aria-hidden />
            </IconButton>
          </>
        ),
      })}
      after={
        <>
          <SettingRow label={t("sso.providers.password-sign-in")} hint={t("sso.providers.password-sign-in-hint")} labelId={passwordLabel}>
            <Switch
              checked={options.data?.passwordSignIn ?? true}
              disabled={setPasswordSignIn.isPending || !options.data}
              onChange={(on) => void toggle(setPasswordSignIn, on)}
              labelledBy={passwordLabel}
            />
          </SettingRow>
          <SettingRow label={t("sso.providers.second-factor")} hint={t("sso.providers.second-factor-hint")} labelId={secondFactorLabel}>
            <Switch
              checked={options.data?.secondFactor ?? true}
              disabled={setSecondFactor.isPending || !options.data}
              onChange={(on) => void toggle(setSecondFactor, on)}
              labelledBy={secondFactorLabel}
            />
          </SettingRow>
        </>
      }
    >
      <IdentityProviderDialog open={editing !== null} provider={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t("sso.providers.delete-title", { name: deleting?.name ?? "" })}
        body={t("sso.providers.delete-body")}
        confirmLabel={t("common.delete")}
        onConfirm={confirmDelete}
      />
    </SettingsListCard>
  );
}
