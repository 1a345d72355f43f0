// i18next with English bundled and every other language loaded on first use. Missing keys fall back to en.
import { LOCALES, type Locale } from "@memos/common/domain/constants";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import en from "../locales/en.json";

const loaders = import.meta.glob<{ default: Record<string, unknown> }>(["../locales/*.json", "!../locales/en.json"]);

export const isLocale = (value: unknown): value is Locale => typeof value === "string" && (LOCALES as readonly string[]).includes(value);

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: "en",
  fallbackLng: "en",
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

/** Loads a language's strings if needed, then switches to it and sets <html lang>. */
export async function changeLanguage(locale: Locale): Promise<void> {
  if (!i18n.hasResourceBundle(locale, "translation")) {
    const load = loaders[`../locales/${locale}.json`];
    if (load) i18n.addResourceBundle(locale, "translation", (await load()).default, true, true);
  }
  await i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
}

/** The browser's preferred language when we have it, else en. */
export function browserLocale(): Locale {
  for (const language of navigator.languages ?? [navigator.language]) {
    const base = language.toLowerCase().split("-")[0];
    if (isLocale(base)) return base;
  }
  return "en";
}

export default i18n;
