// "Sign in with a passkey" on the sign-in page: no username, the browser offers the passkeys it holds.
import { Fingerprint } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../ui/Button";
import { Spinner } from "../ui/Spinner";

export function PasskeyButton({
  divider,
  busy,
  disabled,
  onClick,
}: {
  /** An "or" line above it, under the password form. */
  divider: boolean;
  busy: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3">
      {divider ? (
        <div className="flex items-center gap-3 text-xs text-zinc-500 dark:text-zinc-400" aria-hidden>
          <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-700" />
          {t("passkeys.or")}
          <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-700" />
        </div>
      ) : null}
      <Button
        type="button"
        disabled={disabled}
        onClick={onClick}
        className="h-10"
        icon={busy ? <Spinner className="size-4" /> : <Fingerprint className="size-4" aria-hidden />}
      >
        {t("passkeys.sign-in")}
      </Button>
    </div>
  );
}
