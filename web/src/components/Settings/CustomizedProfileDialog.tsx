// The instance's customized profile (docs/v0-wire.md#customized-profile): name, icon URL, description, default language and
// appearance, external URL. Saved whole as one JSON object (POST /api/system/setting customizedProfile).
import {
  APPEARANCES,
  type Appearance,
  type CustomizedProfile,
  DEFAULT_CUSTOMIZED_PROFILE,
  isSafeLogoUrl,
  LOCALES,
  type Locale,
} from "@memos/common";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSystemSettingMutation } from "../../queries/settings";
import { toast } from "../../state/toast";
import { LANGUAGE_OPTIONS } from "../layout/preferenceOptions";
import { Button } from "../ui/Button";
import { Select } from "../ui/Select";
import { BORDERED_SELECT } from "./controls";
import { Field } from "../ui/Field";
import { FormDialog } from "../ui/FormDialog";
import { TEXT_INPUT_CLASS } from "../ui/TextInput";

const asLocale = (value: string): Locale => ((LOCALES as readonly string[]).includes(value) ? (value as Locale) : "en");
const asAppearance = (value: string): Appearance => ((APPEARANCES as readonly string[]).includes(value) ? (value as Appearance) : "system");

/** The profile as the form edits it: missing keys (the server sends "") take the defaults' place. */
function normalizeProfile(profile: CustomizedProfile | undefined): CustomizedProfile {
  const source = profile ?? DEFAULT_CUSTOMIZED_PROFILE;
  return {
    name: source.name,
    logoUrl: source.logoUrl,
    description: source.description,
    locale: asLocale(source.locale),
    appearance: asAppearance(source.appearance),
    externalUrl: source.externalUrl,
  };
}

export function CustomizedProfileDialog({
  open,
  profile,
  onClose,
}: {
  open: boolean;
  profile: CustomizedProfile | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSystemSettingMutation();
  const [form, setForm] = useState<CustomizedProfile>(() => normalizeProfile(profile));
  const [logoRefused, setLogoRefused] = useState(false);
  const ids = { description: useId(), locale: useId(), appearance: useId() };

  useEffect(() => {
    if (open) {
      setForm(normalizeProfile(profile));
      setLogoRefused(false);
    }
  }, [open, profile]);

  const set = (patch: Partial<CustomizedProfile>) => {
    setForm((current) => ({ ...current, ...patch }));
    if (patch.logoUrl !== undefined) setLogoRefused(false);
  };

  const submit = async () => {
    const value = {
      ...form,
      locale: asLocale(form.locale),
      appearance: asAppearance(form.appearance),
      name: form.name.trim(),
      logoUrl: form.logoUrl.trim(),
      externalUrl: form.externalUrl.trim(),
    };
    // The server's rule, checked first so the field can say what is wrong.
    if (!isSafeLogoUrl(value.logoUrl)) {
      setLogoRefused(true);
      return;
    }
    try {
      await save.mutateAsync({ name: "customizedProfile", value });
      toast.success(t("message.profile-updated"));
      onClose();
    } catch {
      // Said by the mutation cache's toast (queries/errorToast.ts).
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t("setting.system.profile-title")}
      onSubmit={submit}
      extraAction={
        <Button variant="ghost" onClick={() => setForm(DEFAULT_CUSTOMIZED_PROFILE)}>
          {t("setting.system.restore-default")}
        </Button>
      }
    >
      <Field
        label={t("setting.system.server-name")}
        value={form.name}
        onChange={(name) => set({ name })}
        placeholder="memos"
        data-autofocus
      />
      <Field
        label={t("setting.system.icon-url")}
        type="url"
        value={form.logoUrl}
        onChange={(logoUrl) => set({ logoUrl })}
        placeholder="/logo.png"
        hint={t("setting.system.icon-url-hint")}
        error={logoRefused ? t("setting.system.logo-url-invalid") : null}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.description} className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
          {t("setting.system.description")}
        </label>
        <textarea
          id={ids.description}
          rows={2}
          value={form.description}
          onChange={(event) => set({ description: event.target.value })}
          className={`${TEXT_INPUT_CLASS} h-auto py-2`}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.locale} className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
            {t("setting.system.default-locale")}
          </label>
          <Select<Locale>
            id={ids.locale}
            label={t("setting.system.default-locale")}
            value={asLocale(form.locale)}
            options={LANGUAGE_OPTIONS}
            onChange={(locale) => set({ locale })}
            className={`${BORDERED_SELECT} [&>select]:w-full`}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.appearance} className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
            {t("setting.system.default-appearance")}
          </label>
          <Select<Appearance>
            id={ids.appearance}
            label={t("setting.system.default-appearance")}
            value={asAppearance(form.appearance)}
            options={APPEARANCES.map((value) => ({ value, label: t(`setting.appearance-option.${value}`) }))}
            onChange={(appearance) => set({ appearance })}
            className={`${BORDERED_SELECT} [&>select]:w-full`}
          />
        </div>
      </div>
      <Field
        label={t("setting.system.external-url")}
        type="url"
        value={form.externalUrl}
        onChange={(externalUrl) => set({ externalUrl })}
        placeholder="https://memos.example.com"
        hint={t("setting.system.external-url-hint")}
      />
    </FormDialog>
  );
}
