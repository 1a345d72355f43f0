// The choices of the language and appearance switches. Languages are named in their own language.
import { APPEARANCES, type Appearance, LOCALES, type Locale } from "@memos/common";

export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: "English",
  zh: "简体中文",
  vi: "Tiếng Việt",
  fr: "Français",
  nl: "Nederlands",
  sv: "Svenska",
  de: "Deutsch",
  es: "Español",
  uk: "Українська",
  ru: "Русский",
  it: "Italiano",
};

export const LANGUAGE_OPTIONS: { value: Locale; label: string }[] = LOCALES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }));

export const APPEARANCE_OPTIONS: readonly Appearance[] = APPEARANCES;
