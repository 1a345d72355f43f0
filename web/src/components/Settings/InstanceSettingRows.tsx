// Settings › System › General: a row for each instance setting the table (common/src/api/instance-settings.ts) puts
// there, in its order. A "toggle" entry is drawn from the entry alone (label, hint, the toasts after a save); a "row"
// entry by its own component in SETTING_ROWS, which the compiler holds to the table.
import { INSTANCE_SETTING_NAMES, INSTANCE_SETTINGS, type RowSettingName, type SystemStatus, type ToggleSettingName } from "@memos/common";
import { type JSX, useId } from "react";
import { useTranslation } from "react-i18next";
import { useSystemSettingMutation } from "../../queries/settings";
import { toast } from "../../state/toast";
import { useGithubInfo } from "../About/useGithubInfo";
import { RequireTwoFactorRow } from "../TwoFactor/RequireTwoFactorRow";
import { SettingRow } from "./controls";
import { Switch } from "../ui/Switch";

/** The GitHub news of the About dialog: its state is the project-info answer's, not the status's. */
function ProjectInfoRow() {
  const { t } = useTranslation();
  const labelId = useId();
  const projectInfo = useGithubInfo();
  const save = useSystemSettingMutation();

  const setOn = async (on: boolean) => {
    try {
      await save.mutateAsync({ name: "disableProjectInfo", value: !on });
      toast.success(t(on ? "setting.system.project-info-enabled" : "setting.system.project-info-disabled"));
    } catch {
      // Said by the mutation cache's toast (queries/errorToast.ts).
    }
  };

  return (
    <SettingRow label={t("setting.system.project-info")} hint={t("setting.system.project-info-hint")} labelId={labelId}>
      <Switch
        checked={projectInfo.data?.enabled ?? true}
        disabled={save.isPending || !projectInfo.data}
        onChange={(on) => void setOn(on)}
        labelledBy={labelId}
      />
    </SettingRow>
  );
}

/** The component of each "row" setting. */
const SETTING_ROWS: Record<RowSettingName, () => JSX.Element> = {
  requireTwoFactor: RequireTwoFactorRow,
  disableProjectInfo: ProjectInfoRow,
};

const isToggle = (name: string): name is ToggleSettingName => INSTANCE_SETTINGS[name as ToggleSettingName]?.web.kind === "toggle";
const isRow = (name: string): name is RowSettingName => Object.hasOwn(SETTING_ROWS, name);

/** A switch for a "toggle" setting, on when the status carries the entry's `onWhen`. */
function ToggleSettingRow({ name, status }: { name: ToggleSettingName; status: SystemStatus }) {
  const { t } = useTranslation();
  const labelId = useId();
  const save = useSystemSettingMutation();
  const { label, hint, onWhen, saved } = INSTANCE_SETTINGS[name].web;
  const value: boolean = status[name];

  const setOn = async (on: boolean) => {
    try {
      await save.mutateAsync({ name, value: on ? onWhen : !onWhen });
      toast.success(t(on ? saved.on : saved.off));
    } catch {
      // Said by the mutation cache's toast (queries/errorToast.ts).
    }
  };

  return (
    <SettingRow label={t(label)} hint={t(hint)} labelId={labelId}>
      <Switch checked={value === onWhen} disabled={save.isPending} onChange={(on) => void setOn(on)} labelledBy={labelId} />
    </SettingRow>
  );
}

/** The General group's setting rows, in the table's order. */
export function InstanceSettingRows({ status }: { status: SystemStatus }) {
  return INSTANCE_SETTING_NAMES.map((name) => {
    if (isToggle(name)) return <ToggleSettingRow key={name} name={name} status={status} />;
    if (!isRow(name)) return null;
    const Row = SETTING_ROWS[name];
    return <Row key={name} />;
  });
}
