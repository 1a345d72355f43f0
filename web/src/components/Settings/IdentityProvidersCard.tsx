// Settings › System › Sign-in: the OpenID Connect providers (add, edit, delete), the redirect URI to register at
// them, whether password sign-in stays on (the host's own always does), and whether an account's own second factor is
// asked after a provider's sign-in too.
import { type IdentityProvider, SSO_CALLBACK_PATH } from "@memos/common";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../api/errorMessage";
import { useStatus } from "../../queries/session";
import { useIdentityProviderMutations, useIdentityProviders, useSsoOptions } from "../../queries/sso";
import { toast } from "../../state/toast";
import { Button, IconButton } from "../ui/Button";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { Spinner } from "../ui/Spinner";
import { SettingGroup, SettingRow } from "./controls";
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
    <SettingGroup
      title={t("sso.providers.title")}
      description={t("sso.providers.hint")}
      actions={
        <Button icon={<Plus className="size-4" aria-hidden />} onClick={() => setEditing("new")}>
          {t("sso.providers.add")}
        </Button>
      }
    >
      <div className="flex flex-wrap items-center gap-2 border-b border-zinc-100 px-3 py-2.5 text-sm dark:border-zinc-700/70">
        <span className="text-zinc-700 dark:text-zinc-300">{t("sso.providers.redirect-uri")}</span>
        <code data-testid="sso-redirect-uri" className="min-w-0 break-all font-mono text-xs text-zinc-800 dark:text-zinc-100">
          {redirectUri}
        </code>
        <CopyButton text={redirectUri} label={t("sso.providers.copy-redirect-uri")} />
      </div>
      {externalUrl ? null : (
        <p
          role="status"
          className="border-b border-zinc-100 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-zinc-700/70 dark:bg-amber-500/10 dark:text-amber-200"
        >
          {t("sso.providers.external-url-unset")}
        </p>
      )}
      {providers.isPending ? (
        <div className="flex justify-center p-4">
          <Spinner className="size-5" />
        </div>
      ) : providers.data && providers.data.length > 0 ? (
        <ul aria-label={t("sso.providers.title")}>
          {providers.data.map((provider) => (
            <li
              key={provider.id}
              data-testid="identity-provider-row"
              className="flex items-center gap-2 border-b border-zinc-100 px-3 py-2.5 dark:border-zinc-700/70"
            >
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-zinc-800 dark:text-zinc-100">
                  {provider.name}
                  {provider.enabled ? null : (
                    <span className="ml-2 text-xs font-normal text-zinc-500 dark:text-zinc-400">{t("sso.providers.disabled")}</span>
                  )}
                </p>
                <p className="truncate font-mono text-xs text-zinc-500 dark:text-zinc-400">{provider.issuer}</p>
              </div>
              <IconButton label={t("sso.providers.edit-named", { name: provider.name })} onClick={() => setEditing(provider)}>
                <Pencil className="size-4" aria-hidden />
              </IconButton>
              <IconButton label={t("sso.providers.delete-named", { name: provider.name })} onClick={() => setDeleting(provider)}>
                <Trash2 className="size-4" aria-hidden />
              </IconButton>
            </li>
          ))}
        </ul>
      ) : (
        <p className="border-b border-zinc-100 px-3 py-3 text-sm text-zinc-500 dark:border-zinc-700/70 dark:text-zinc-400">
          {providers.error ? errorMessage(providers.error, t) : t("sso.providers.none")}
        </p>
      )}
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
      <IdentityProviderDialog open={editing !== null} provider={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t("sso.providers.delete-title", { name: deleting?.name ?? "" })}
        body={t("sso.providers.delete-body")}
        confirmLabel={t("common.delete")}
        onConfirm={confirmDelete}
      />
    </SettingGroup>
  );
}
