// Settings › System: the host requires two-factor sign-in of every account (members without it set it up at their
// next sign-in).
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useSystemSettingMutation } from "../../queries/settings";
import { useTwoFactor } from "../../queries/two-factor";
import { toast } from "../../state/toast";
import { SettingRow } from "../Settings/controls";
import { Switch } from "../ui/Switch";

export function RequireTwoFactorRow() {
  const { t } = useTranslation();
  const labelId = useId();
  const { data: state } = useTwoFactor();
  const save = useSystemSettingMutation();

  const setRequired = async (required: boolean) => {
    try {
      await save.mutateAsync({ name: "requireTwoFactor", value: required });
      toast.success(t(required ? "two-factor.required-on" : "two-factor.required-off"));
    } catch {
      // Said by the mutation cache's toast (queries/errorToast.ts).
    }
  };

  return (
    <SettingRow label={t("two-factor.require")} hint={t("two-factor.require-hint")} labelId={labelId}>
      <Switch
        checked={state?.required ?? false}
        disabled={save.isPending || !state}
        onChange={(required) => void setRequired(required)}
        labelledBy={labelId}
      />
    </SettingRow>
  );
}
