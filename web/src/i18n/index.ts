// i18next with each language's strings in two parts (web/vite/first-screen-strings.ts): the first screen's (English
// bundled, every other language loaded when it is switched to) and the rest, loaded beside the first part of the app
// beyond the first screen that opens (withAllStrings) and from then on with every language switched to. Missing keys
// fall back to en.
import { LOCALES, type Locale } from "@memos/common/domain/constants";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import en from "../locales/en.json?strings=first";

type Part = "first" | "rest";
type Strings = Record<string, unknown>;

const PARTS: Record<Part, Record<string, () => Promise<Strings>>> = {
  first: import.meta.glob<Strings>(["../locales/*.json", "!../locales/en.json"], { query: "?strings=first", import: "default" }),
  rest: import.meta.glob<Strings>("../locales/*.json", { query: "?strings=rest", import: "default" }),
};

export const isLocale = (value: unknown): value is Locale => typeof value === "string" && (LOCALES as readonly string[]).includes(value);

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: "en",
  fallbackLng: "en",
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
  // A string drawn before its part loaded (by a part of the app loaded without withAllStrings) loads it, and what
  // shows it draws again once it is there (bindI18nStore). The e2e suite fails a test that logs this.
  saveMissing: true,
  missingKeyHandler: (_languages, _namespace, key) => {
    console.warn(`the string "${key}" was drawn before its part of the strings loaded`);
    void loadAllStrings();
  },
  react: { bindI18nStore: "added" },
});

/** The language asked for last, and the switches in the order they were asked for. */
let wanted: Locale | null = null;
let switches: Promise<void> = Promise.resolve();
/** Whether a part of the app beyond the first screen has been loaded: every language then needs all its strings. */
let beyondFirstScreen = false;
/** The parts in i18next's store, as `de:first`. */
const loaded = new Set<string>(["en:first"]);

/** Runs `step` after the switches asked for before it, whether they failed or not. */
function inTurn(step: () => Promise<void>): Promise<void> {
  switches = switches.catch(() => {}).then(step);
  return switches;
}

async function addPart(locale: Locale, part: Part): Promise<void> {
  if (loaded.has(`${locale}:${part}`)) return;
  const load = PARTS[part][`../locales/${locale}.json`];
  if (load) i18n.addResourceBundle(locale, "translation", await load(), true, true);
  loaded.add(`${locale}:${part}`);
}

/**
 * Loads a language's strings if needed, then switches to it and sets <html lang>. Switches run one at a time and
 * a switch that a later one has overtaken is dropped, so quick changes (a user trying languages, the server's
 * copy of the preference arriving meanwhile) end on the last one asked for, never on one whose strings loaded last.
 */
export function changeLanguage(locale: Locale): Promise<void> {
  wanted = locale;
  return inTurn(() => switchTo(locale));
}

async function switchTo(locale: Locale): Promise<void> {
  if (locale !== wanted) return;
  await Promise.all([addPart(locale, "first"), beyondFirstScreen ? addPart(locale, "rest") : undefined]);
  if (locale !== wanted) return;
  await i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
}

/** Loads the strings beyond the first screen's, in the language shown or being switched to, and in every later one. */
function loadAllStrings(): Promise<void> {
  beyondFirstScreen = true;
  return inTurn(() => addPart(wanted ?? "en", "rest"));
}

/**
 * A part of the app beyond the first screen (a dialog, a page), loaded with the strings it may draw.
 * @example const SettingDialog = lazy(withAllStrings(() => import("./SettingDialog")));
 */
export function withAllStrings<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    const [module] = await Promise.all([
      load(),
      // Without them the part still opens: what it draws loads them again (missingKeyHandler above).
      loadAllStrings().catch((error: unknown) => console.error("failed to load the strings", error)),
    ]);
    return module;
  };
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
