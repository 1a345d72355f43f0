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
import { SettingsListCard } from "../Settings/SettingsListCard";
import { Button, IconButton } from "../ui/Button";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { passkeyBlocker } from "./passkeyBlocker";
import { PasskeyNameDialog } from "./PasskeyNameDialog";

export function PasskeysCard() {
  const { t, i18n } = useTranslation();
  const when = (seconds: number) => formatDate(seconds * 1000, i18n.language, "date-time");
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
    <SettingsListCard
      title={t("passkeys.title")}
      description={t("passkeys.hint")}
      actions={
        note ? null : (
          <Button icon={<Fingerprint className="size-4" aria-hidden />} onClick={() => setAdding(true)}>
            {t("passkeys.add")}
          </Button>
        )
      }
      notice={note ? { text: note, tone: "muted", testId: "passkeys-unavailable" } : undefined}
      list={passkeys}
      empty={t("passkeys.none")}
      rowTestId="passkey-row"
      itemKey={(passkey) => passkey.id}
      row={(passkey) => ({
        icon: <Fingerprint aria-hidden />,
        name: passkey.name,
        details: [
          `${t("passkeys.added", { date: when(passkey.createdTs) })} · ${
            passkey.lastUsedTs === null ? t("passkeys.never-used") : t("passkeys.last-used", { date: when(passkey.lastUsedTs) })
          }`,
        ],
        actions: (
          <>
            <IconButton label={t("passkeys.rename-named", { name: passkey.name })} onClick={() => setRenaming(passkey)}>
              <Pencil className="size-4" aria-hidden />
            </IconButton>
            <IconButton label={t("passkeys.remove-named", { name: passkey.name })} onClick={() => setRemoving(passkey)}>
              <Trash2 className="size-4" aria-hidden />
            </IconButton>
          </>
        ),
      })}
    >
      <PasskeyNameDialog
        open={adding}
        title={t("passkeys.add-title")}
        initial=""
        submitLabel={t("passkeys.continue")}
        onSubmit={addPasskey}
        onClose={() => setAdding(false)}
      />
      <PasskeyNameDialog
        open={renaming !== null}
        title={t("passkeys.rename-title")}
        initial={renaming?.name ?? ""}
        submitLabel={t("common.save")}
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
    </SettingsListCard>
  );
}
