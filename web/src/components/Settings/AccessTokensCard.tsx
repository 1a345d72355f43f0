// Settings › My account › Access tokens: each token's name, scope, dates and last use, with revoke; and a new one.
import type { AccessToken } from "@memos/common";
import { AppWindow, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAccessTokenMutations, useAccessTokens } from "../../queries/access-tokens";
import { toast } from "../../state/toast";
import { formatDate, formatFullTime } from "../../utils/time";
import { Button, IconButton } from "../ui/Button";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { CreateAccessTokenDialog } from "./CreateAccessTokenDialog";
import { type SettingsListRow, SettingsListCard } from "./SettingsListCard";

const BADGE = "rounded-md px-1.5 py-0.5 text-xs";

function useTokenRow(onRevoke: (token: AccessToken) => void) {
  const { t, i18n } = useTranslation();
  const day = (seconds: number) => formatDate(seconds * 1000, i18n.language, "date");
  return (token: AccessToken): SettingsListRow => {
    const expired = token.expiresTs !== null && token.expiresTs * 1000 <= Date.now();
    const lastUsed =
      token.lastUsedTs === null
        ? t("tokens.never-used")
        : `${formatFullTime(token.lastUsedTs * 1000)}${token.lastUsedAddress ? ` · ${token.lastUsedAddress}` : ""}`;
    const lifetime = token.connectedApp
      ? // An app's entry lasts until it is revoked (its hourly tokens renew themselves): no expiry to show.
        t("tokens.connected-on", { date: day(token.createdTs) })
      : `${t("tokens.created-on", { date: day(token.createdTs) })} · ${
          token.expiresTs === null ? t("tokens.no-expiry") : t("tokens.expires-on", { date: day(token.expiresTs) })
        }`;
    return {
      name: token.name,
      badges: (
        <>
          <span className={`${BADGE} bg-zinc-100 text-zinc-600 dark:bg-zinc-700 dark:text-zinc-300`}>
            {t(token.scope === "read" ? "tokens.scope-read" : "tokens.scope-read-write")}
          </span>
          {token.connectedApp ? (
            <span
              title={t("tokens.app-hint")}
              className={`${BADGE} inline-flex items-center gap-1 bg-sky-50 text-sky-800 dark:bg-sky-500/15 dark:text-sky-200`}
            >
              <AppWindow className="size-3" aria-hidden />
              {t("tokens.connected-app")}
            </span>
          ) : null}
          {expired ? (
            <span className={`${BADGE} bg-red-50 text-red-700 dark:bg-red-500/15 dark:text-red-300`}>{t("tokens.expired")}</span>
          ) : null}
        </>
      ),
      details: [lifetime, `${t("tokens.last-used")}: ${lastUsed}`],
      actions: (
        <IconButton label={t("tokens.revoke-named", { name: token.name })} onClick={() => onRevoke(token)}>
          <Trash2 className="size-4" aria-hidden />
        </IconButton>
      ),
    };
  };
}

export function AccessTokensCard() {
  const { t } = useTranslation();
  const tokens = useAccessTokens();
  const { revoke } = useAccessTokenMutations();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<AccessToken | null>(null);
  const row = useTokenRow(setRevoking);

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      toast.success(t("tokens.revoked"));
    } catch {
      // Said by the mutation cache's toast (queries/errorToast.ts).
    }
  };

  return (
    <SettingsListCard
      title={t("tokens.title")}
      description={t("tokens.hint")}
      actions={
        <Button icon={<Plus className="size-4" aria-hidden />} onClick={() => setCreating(true)}>
          {t("tokens.create")}
        </Button>
      }
      list={tokens}
      empty={t("tokens.none")}
      rowTestId="access-token-row"
      itemKey={(token) => token.id}
      row={row}
    >
      <CreateAccessTokenDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title={t("tokens.revoke-title", { name: revoking?.name ?? "" })}
        body={t("tokens.revoke-body")}
        confirmLabel={t("tokens.revoke")}
        onConfirm={confirmRevoke}
      />
    </SettingsListCard>
  );
}
