// Compact language and appearance selects (the sign-in page); they save like the user menu does.
import type { Appearance, Locale } from "@memos/common";
import { Globe, SunMoon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useEffectivePreferences } from "../../state/useEffectivePreferences";
import { usePreferenceActions } from "../../state/usePreferenceActions";
import { APPEARANCE_OPTIONS, LANGUAGE_OPTIONS } from "./preferenceOptions";

const SELECT =
  "h-9 appearance-none rounded-lg border border-zinc-200 bg-white pr-3 pl-8 text-sm text-zinc-700 hover:border-zinc-300 focus:border-accent focus:outline-none dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-200";

export function PreferenceSelects() {
  const { t } = useTranslation();
  const { locale, appearance } = useEffectivePreferences();
  const { setLocale, setAppearance } = usePreferenceActions();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label className="relative">
        <span className="sr-only">{t("common.language")}</span>
        <Globe aria-hidden className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-zinc-400" />
        <select className={SELECT} value={locale} onChange={(event) => void setLocale(event.target.value as Locale)}>
          {LANGUAGE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <label className="relative">
        <span className="sr-only">{t("common.appearance")}</span>
        <SunMoon aria-hidden className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-zinc-400" />
        <select className={SELECT} value={appearance} onChange={(event) => void setAppearance(event.target.value as Appearance)}>
          {APPEARANCE_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {t(`setting.appearance-option.${option}`)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
