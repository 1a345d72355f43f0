// Settings › My account › Access tokens: each token's name, scope, dates and last use, with revoke; and a new one.
import type { AccessToken } from "@memos/common";
import { AppWindow, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAccessTokenMutations, useAccessTokens } from "../../queries/access-tokens";
import { errorMessage } from "../../api/errorMessage";
import { toast } from "../../state/toast";
import { formatDate, formatFullTime } from "../../utils/time";
import { Button, IconButton } from "../ui/Button";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { Spinner } from "../ui/Spinner";
import { CreateAccessTokenDialog } from "./CreateAccessTokenDialog";
import { SettingGroup } from "./controls";

function TokenRow({ token, onRevoke }: { token: AccessToken; onRevoke: () => void }) {
  const { t, i18n } = useTranslation();
  const day = (seconds: number) => formatDate(seconds * 1000, i18n.language, "date");
  const expired = token.expiresTs !== null && token.expiresTs * 1000 <= Date.now();
  const lastUsed =
    token.lastUsedTs === null
      ? t("tokens.never-used")
      : `${formatFullTime(token.lastUsedTs * 1000)}${token.lastUsedAddress ? ` · ${token.lastUsedAddress}` : ""}`;
  return (
    <li
      data-testid="access-token-row"
      className="flex items-start gap-3 border-b border-zinc-100 px-3 py-2.5 last:border-b-0 dark:border-zinc-700/70"
    >
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm text-zinc-800 dark:text-zinc-100">
          <span className="truncate font-medium">{token.name}</span>
          <span className="rounded-md bg-zinc-100 px-1.5 py-0.5 text-xs text-zinc-600 dark:bg-zinc-700 dark:text-zinc-300">
            {t(token.scope === "read" ? "tokens.scope-read" : "tokens.scope-read-write")}
          </span>
          {token.connectedApp ? (
            <span
              title={t("tokens.app-hint")}
              className="inline-flex items-center gap-1 rounded-md bg-sky-50 px-1.5 py-0.5 text-xs text-sky-800 dark:bg-sky-500/15 dark:text-sky-200"
            >
              <AppWindow className="size-3" aria-hidden />
              {t("tokens.connected-app")}
            </span>
          ) : null}
          {expired ? (
            <span className="rounded-md bg-red-50 px-1.5 py-0.5 text-xs text-red-700 dark:bg-red-500/15 dark:text-red-300">
              {t("tokens.expired")}
            </span>
          ) : null}
        </p>
        <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">
          {/* An app's entry lasts until it is revoked (its hourly tokens renew themselves): no expiry to show. */}
          {token.connectedApp ? (
            t("tokens.connected-on", { date: day(token.createdTs) })
          ) : (
            <>
              {t("tokens.created-on", { date: day(token.createdTs) })} ·{" "}
              {token.expiresTs === null ? t("tokens.no-expiry") : t("tokens.expires-on", { date: day(token.expiresTs) })}
            </>
          )}
        </p>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          {t("tokens.last-used")}: {lastUsed}
        </p>
      </div>
      <IconButton label={t("tokens.revoke-named", { name: token.name })} onClick={onRevoke}>
        <Trash2 className="size-4" aria-hidden />
      </IconButton>
    </li>
  );
}

export function AccessTokensCard() {
  const { t } = useTranslation();
  const tokens = useAccessTokens();
  const { revoke } = useAccessTokenMutations();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<AccessToken | null>(null);

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
    <SettingGroup
      title={t("tokens.title")}
      description={t("tokens.hint")}
      actions={
        <Button icon={<Plus className="size-4" aria-hidden />} onClick={() => setCreating(true)}>
          {t("tokens.create")}
        </Button>
      }
    >
      {tokens.isPending ? (
        <div className="flex justify-center p-4">
          <Spinner className="size-5" />
        </div>
      ) : tokens.data && tokens.data.length > 0 ? (
        <ul aria-label={t("tokens.title")}>
          {tokens.data.map((token) => (
            <TokenRow key={token.id} token={token} onRevoke={() => setRevoking(token)} />
          ))}
        </ul>
      ) : (
        <p className="px-3 py-3 text-sm text-zinc-500 dark:text-zinc-400">
          {tokens.error ? errorMessage(tokens.error, t) : t("tokens.none")}
        </p>
      )}
      <CreateAccessTokenDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title={t("tokens.revoke-title", { name: revoking?.name ?? "" })}
        body={t("tokens.revoke-body")}
        confirmLabel={t("tokens.revoke")}
        onConfirm={confirmRevoke}
      />
    </SettingGroup>
  );
}
