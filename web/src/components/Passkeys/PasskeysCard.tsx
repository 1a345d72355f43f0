// Settings › My account › Passkeys: the account's passkeys (name, added, last used), adding one with this browser,
// renaming and removing. Unavailable until the host sets the instance's external URL, or in a browser without
// WebAuthn; each case is said instead of the button.
import type { Passkey } from "@memos/common";
import { Fingerprint, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../api/errorMessage";
import { isBrowserFailure, passkeysSupported, usePasskeyMutations, usePasskeys } from "../../queries/passkeys";
import { useStatus } from "../../queries/session";
import { toast } from "../../state/toast";
import { formatDate } from "../../utils/time";
import { SettingGroup } from "../Settings/controls";
import { Button, IconButton } from "../ui/Button";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { Spinner } from "../ui/Spinner";
import { passkeyBlocker } from "./passkeyBlocker";
import { PasskeyNameDialog } from "./PasskeyNameDialog";

function PasskeyRow({ passkey, onRename, onRemove }: { passkey: Passkey; onRename: () => void; onRemove: () => void }) {
  const { t, i18n } = useTranslation();
  const when = (seconds: number) => formatDate(seconds * 1000, i18n.language, "date-time");
  return (
    <li
      data-testid="passkey-row"
      className="flex items-center gap-3 border-b border-zinc-100 px-3 py-2.5 last:border-b-0 dark:border-zinc-700/70"
    >
      <Fingerprint className="size-5 shrink-0 text-zinc-500 dark:text-zinc-400" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-zinc-800 dark:text-zinc-100">{passkey.name}</p>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          {t("passkeys.added", { date: when(passkey.createdTs) })} ·{" "}
          {passkey.lastUsedTs === null ? t("passkeys.never-used") : t("passkeys.last-used", { date: when(passkey.lastUsedTs) })}
        </p>
      </div>
      <IconButton label={t("passkeys.rename-named", { name: passkey.name })} onClick={onRename}>
        <Pencil className="size-4" aria-hidden />
      </IconButton>
      <IconButton label={t("passkeys.remove-named", { name: passkey.name })} onClick={onRemove}>
        <Trash2 className="size-4" aria-hidden />
      </IconButton>
    </li>
  );
}

export function PasskeysCard() {
  const { t } = useTranslation();
  const passkeys = usePasskeys();
  const { data: status } = useStatus();
  const { add, rename, remove } = usePasskeyMutations();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const blocker = passkeyBlocker(status?.customizedProfile.externalUrl);
  const supported = passkeysSupported();

  const fail = (error: unknown) => toast.error(isBrowserFailure(error) ? t("passkeys.browser-failed") : errorMessage(error, t));

  const addPasskey = async (name: string) => {
    try {
      await add.mutateAsync(name);
      setAdding(false);
      toast.success(t("passkeys.added-toast"));
    } catch (error) {
      fail(error);
    }
  };
  const renamePasskey = async (name: string) => {
    if (!renaming) return;
    try {
      await rename.mutateAsync({ id: renaming.id, name });
      setRenaming(null);
    } catch (error) {
      fail(error);
    }
  };
  const removePasskey = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      toast.success(t("passkeys.removed"));
    } catch (error) {
      fail(error);
    }
  };

  const note = blocker ? t(`passkeys.${blocker}`) : !supported ? t("passkeys.unsupported") : null;
  return (
    <SettingGroup
      title={t("passkeys.title")}
      description={t("passkeys.hint")}
      actions={
        note ? null : (
          <Button icon={<Fingerprint className="size-4" aria-hidden />} onClick={() => setAdding(true)}>
            {t("passkeys.add")}
          </Button>
        )
      }
    >
      {note ? (
        <p
          data-testid="passkeys-unavailable"
          className="border-b border-zinc-100 px-3 py-2.5 text-sm text-zinc-600 dark:border-zinc-700/70 dark:text-zinc-400"
        >
          {note}
        </p>
      ) : null}
      {passkeys.isPending ? (
        <div className="flex justify-center p-4">
          <Spinner className="size-5" />
        </div>
      ) : passkeys.data ? (
        passkeys.data.length === 0 ? (
          <p className="px-3 py-3 text-sm text-zinc-600 dark:text-zinc-400">{t("passkeys.none")}</p>
        ) : (
          <ul aria-label={t("passkeys.title")}>
            {passkeys.data.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} onRename={() => setRenaming(passkey)} onRemove={() => setRemoving(passkey)} />
            ))}
          </ul>
        )
      ) : (
        <p className="px-3 py-3 text-sm text-zinc-500 dark:text-zinc-400">{errorMessage(passkeys.error, t)}</p>
      )}
      <PasskeyNameDialog
        open={adding}
        title={t("passkeys.add-title")}
        initial=""
        submitLabel={t("passkeys.continue")}
        busy={add.isPending}
        onSubmit={addPasskey}
        onClose={() => setAdding(false)}
      />
      <PasskeyNameDialog
        open={renaming !== null}
        title={t("passkeys.rename-title")}
        initial={renaming?.name ?? ""}
        submitLabel={t("common.save")}
        busy={rename.isPending}
        onSubmit={renamePasskey}
        onClose={() => setRenaming(null)}
      />
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={t("passkeys.remove-title", { name: removing?.name ?? "" })}
        body={t("passkeys.remove-body")}
        confirmLabel={t("passkeys.remove")}
        onConfirm={removePasskey}
      />
    </SettingGroup>
  );
}
