// The two-factor setup step's other way through: a passkey is a second factor, so adding one meets the host's
// requirement as the app's codes do. Shown only where passkeys work (an external URL, a browser with WebAuthn).
import { Fingerprint } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../api/errorMessage";
import { isBrowserFailure, passkeysSupported, usePasskeyMutations } from "../../queries/passkeys";
import { useStatus } from "../../queries/session";
import { toast } from "../../state/toast";
import { Button } from "../ui/Button";
import { passkeyBlocker } from "./passkeyBlocker";
import { PasskeyNameDialog } from "./PasskeyNameDialog";

export function AddPasskeyInstead({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { data: status } = useStatus();
  const { add } = usePasskeyMutations();
  const [naming, setNaming] = useState(false);
  if (passkeyBlocker(status?.customizedProfile.externalUrl) || !passkeysSupported()) return null;

  const submit = async (name: string) => {
    try {
      await add.mutateAsync(name);
      setNaming(false);
      onDone();
    } catch (error) {
      toast.error(isBrowserFailure(error) ? t("passkeys.browser-failed") : errorMessage(error, t));
    }
  };

  return (
    <>
      <Button className="h-10" icon={<Fingerprint className="size-4" aria-hidden />} onClick={() => setNaming(true)}>
        {t("passkeys.add-instead")}
      </Button>
      <PasskeyNameDialog
        open={naming}
        title={t("passkeys.add-title")}
        initial=""
        submitLabel={t("passkeys.continue")}
        onSubmit={submit}
        onClose={() => setNaming(false)}
      />
    </>
  );
}
