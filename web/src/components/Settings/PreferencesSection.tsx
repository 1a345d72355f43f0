// Preferences: each choice takes effect at once. Theme and language follow usePreferenceActions (this
// browser and the user's settings); default visibility and sort are user settings; the rest stay in this
// browser (localSetting).
import { useEffectivePreferences } from "../../state/useEffectivePreferences";
import {
  type Appearance,
  type Locale,
  MEMO_DISPLAY_TS_OPTIONS,
  type MemoDisplayTsOption,
  VISIBILITIES,
  type Visibility,
} from "@memos/common";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useUserSettingMutation, type UserSettingKey } from "../../queries/settings";
import { useMe, userSetting } from "../../queries/session";
import { type LocalSetting, usePreferences } from "../../state/preferences";
import { usePreferenceActions } from "../../state/usePreferenceActions";
import { APPEARANCE_OPTIONS, LANGUAGE_OPTIONS } from "../layout/preferenceOptions";
import { Select, type SelectOption } from "../ui/Select";
import { BORDERED_SELECT, SettingGroup, SettingRow } from "./controls";
import { Switch } from "../ui/Switch";

function SelectRow<T extends string>({
  label,
  hint,
  value,
  options,
  onChange,
}: {
  label: string;
  hint?: string;
  value: T;
  options: SelectOption<T>[];
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <SettingRow label={label} hint={hint} htmlFor={id}>
      <Select id={id} label={label} value={value} options={options} onChange={onChange} className={BORDERED_SELECT} />
    </SettingRow>
  );
}

function SwitchRow({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <SettingRow label={label} hint={hint} labelId={id}>
      <Switch checked={checked} onChange={onChange} labelledBy={id} />
    </SettingRow>
  );
}

export function PreferencesSection() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const { locale, appearance } = useEffectivePreferences();
  const { setLocale, setAppearance } = usePreferenceActions();
  const localSetting = usePreferences((state) => state.localSetting);
  const setLocalSetting = usePreferences((state) => state.setLocalSetting);
  const saveUserSetting = useUserSettingMutation();

  const visibility = userSetting<Visibility>(me, "memoVisibility", "PRIVATE");
  const displayTs = userSetting<MemoDisplayTsOption>(me, "memoDisplayTsOption", "created_ts");

  const save = (key: UserSettingKey, value: string) => saveUserSetting.mutate({ key, value });
  const setLocal = <K extends keyof LocalSetting>(key: K, value: LocalSetting[K]) =>
    setLocalSetting({ [key]: value } as Partial<LocalSetting>);

  return (
    <div className="flex flex-col gap-5">
      <SettingGroup title={t("setting.preference.general")}>
        <SelectRow<Appearance>
          label={t("setting.preference.theme")}
          value={appearance}
          options={APPEARANCE_OPTIONS.map((value) => ({ value, label: t(`setting.appearance-option.${value}`) }))}
          onChange={(value) => void setAppearance(value)}
        />
        <SelectRow<Locale>
          label={t("common.language")}
          value={locale}
          options={LANGUAGE_OPTIONS}
          onChange={(value) => void setLocale(value)}
        />
      </SettingGroup>

      <SettingGroup title={t("setting.preference.memos")}>
        <SelectRow<Visibility>
          label={t("setting.preference.default-visibility")}
          hint={t(`memo.visibility.${visibility}-hint`)}
          value={visibility}
          options={[...VISIBILITIES].reverse().map((value) => ({ value, label: t(`memo.visibility.${value}`) }))}
          onChange={(value) => save("memoVisibility", value)}
        />
        <SelectRow<MemoDisplayTsOption>
          label={t("setting.preference.default-sort")}
          hint={t("setting.preference.default-sort-hint")}
          value={displayTs}
          options={MEMO_DISPLAY_TS_OPTIONS.map((value) => ({ value, label: t(`setting.preference.sort-option.${value}`) }))}
          onChange={(value) => save("memoDisplayTsOption", value)}
        />
        <SwitchRow
          label={t("setting.preference.fold-memo")}
          hint={t("daily.fold-memo-hint")}
          checked={localSetting.enableFoldMemo}
          onChange={(checked) => setLocal("enableFoldMemo", checked)}
        />
      </SettingGroup>

      <SettingGroup title={t("setting.preference.editor")}>
        <SwitchRow
          label={t("setting.preference.powerful-editor")}
          hint={t("setting.preference.powerful-editor-hint")}
          checked={localSetting.enablePowerfulEditor}
          onChange={(checked) => setLocal("enablePowerfulEditor", checked)}
        />
        <SelectRow<LocalSetting["editorFontStyle"]>
          label={t("setting.preference.editor-font")}
          value={localSetting.editorFontStyle}
          options={[
            { value: "normal", label: t("setting.preference.font-option.normal") },
            { value: "mono", label: t("setting.preference.font-option.mono") },
          ]}
          onChange={(value) => setLocal("editorFontStyle", value)}
        />
        <SelectRow<LocalSetting["mobileEditorStyle"]>
          label={t("setting.preference.mobile-editor")}
          hint={t("setting.preference.mobile-editor-hint")}
          value={localSetting.mobileEditorStyle}
          options={[
            { value: "normal", label: t("setting.preference.mobile-option.normal") },
            { value: "float", label: t("setting.preference.mobile-option.float") },
          ]}
          onChange={(value) => setLocal("mobileEditorStyle", value)}
        />
      </SettingGroup>
    </div>
  );
}
