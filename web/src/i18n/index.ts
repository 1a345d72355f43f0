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

/** The language asked for last, and the switches in the order they were asked for. */
let wanted: Locale | null = null;
let switches: Promise<void> = Promise.resolve();

/**
 * Loads a language's strings if needed, then switches to it and sets <html lang>. Switches run one at a time and
 * a switch that a later one has overtaken is dropped, so quick changes (a user trying languages, the server's
 * copy of the preference arriving meanwhile) end on the last one asked for, never on one whose strings loaded last.
 */
export function changeLanguage(locale: Locale): Promise<void> {
  wanted = locale;
  switches = switches.catch(() => {}).then(() => switchTo(locale));
  return switches;
}

async function switchTo(locale: Locale): Promise<void> {
  if (locale !== wanted) return;
  if (!i18n.hasResourceBundle(locale, "translation")) {
    const load = loaders[`../locales/${locale}.json`];
    if (load) i18n.addResourceBundle(locale, "translation", (await load()).default, true, true);
  }
  if (locale !== wanted) return;
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
