// Settings › My account › Two-factor sign-in: on or off, the recovery codes left, and the dialogs that change it.
import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useTwoFactor } from "../../queries/two-factor";
import { toast } from "../../state/toast";
import { SettingGroup } from "../Settings/controls";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { Spinner } from "../ui/Spinner";
import { ConfirmTwoFactorDialog } from "./ConfirmTwoFactorDialog";
import { TwoFactorSetup } from "./TwoFactorSetup";

export function TwoFactorCard() {
  const { t } = useTranslation();
  const { data: state } = useTwoFactor();
  const [setting, setSetting] = useState(false);
  const [confirming, setConfirming] = useState<"disable" | "regenerate" | null>(null);

  const actions = !state ? null : state.enabled ? (
    <div className="flex flex-wrap gap-2">
      <Button onClick={() => setConfirming("regenerate")}>{t("two-factor.regenerate")}</Button>
      {state.required ? null : (
        <Button variant="danger" onClick={() => setConfirming("disable")}>
          {t("two-factor.turn-off")}
        </Button>
      )}
    </div>
  ) : (
    <Button variant="primary" icon={<ShieldCheck className="size-4" aria-hidden />} onClick={() => setSetting(true)}>
      {t("two-factor.turn-on")}
    </Button>
  );

  return (
    <SettingGroup title={t("two-factor.title")} actions={actions}>
      <div className="flex flex-col gap-1 p-3" data-testid="two-factor-state">
        {!state ? (
          <Spinner className="size-4" />
        ) : (
          <>
            <p className="text-sm font-medium text-zinc-800 dark:text-zinc-100">
              {state.enabled ? t("two-factor.on") : t("two-factor.off")}
            </p>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              {state.enabled ? t("two-factor.codes-left", { left: state.recoveryCodesLeft }) : t("two-factor.hint")}
            </p>
          </>
        )}
      </div>
      <Dialog open={setting} onClose={() => setSetting(false)} title={t("two-factor.setup-title")} size="sm">
        {setting ? (
          <TwoFactorSetup
            onDone={() => {
              setSetting(false);
              toast.success(t("two-factor.turned-on"));
            }}
          />
        ) : null}
      </Dialog>
      <ConfirmTwoFactorDialog action={confirming} onClose={() => setConfirming(null)} />
    </SettingGroup>
  );
}
