// Every language file has exactly the keys of en.json, with the {{placeholders}} of en.json. Plural keys
// (i18next's key_one / key_other …) follow each language's own plural categories, as Intl.PluralRules (the
// source i18next uses) reports them: zh and vi have only _other, ru and uk _one/_few/_many/_other, and so on.
import { LOCALES } from "@memos/common/domain/constants";
import { describe, expect, it } from "vitest";

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>("./*.json", { eager: true, import: "default" });
const load = (locale: string): Tree | undefined => files[`./${locale}.json`];

const en = load("en")!;
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Leaf keys as dotted paths ("memo.visibility.PUBLIC") with their values; non-string leaves are kept as-is. */
function flatten(tree: Tree, prefix = "", out = new Map<string, unknown>()): Map<string, unknown> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === "object" && !Array.isArray(value)) flatten(value, path, out);
    else out.set(path, value);
  }
  return out;
}

const categories = (locale: string): string[] => new Intl.PluralRules(locale).resolvedOptions().pluralCategories;

const placeholders = (value: unknown): string[] =>
  typeof value === "string" ? [...new Set(Array.from(value.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g), (match) => match[1]!))].sort() : [];

const enLeaves = flatten(en);

/** The bases of en's plural keys ("sidebar.memos" for sidebar.memos_one / sidebar.memos_other). */
const pluralBases = new Set(
  [...enLeaves.keys()]
    .filter((key) => PLURAL_SUFFIX.test(key) && enLeaves.has(key.replace(PLURAL_SUFFIX, "_other")))
    .map((key) => key.replace(PLURAL_SUFFIX, "")),
);
const isPluralForm = (key: string) => PLURAL_SUFFIX.test(key) && pluralBases.has(key.replace(PLURAL_SUFFIX, ""));
const singularKeys = [...enLeaves.keys()].filter((key) => !isPluralForm(key));

/** The keys a locale must have: en's plain keys, and each plural base with that locale's categories. */
function expectedKeys(locale: string): string[] {
  const plural = [...pluralBases].flatMap((base) => categories(locale).map((category) => `${base}_${category}`));
  return [...singularKeys, ...plural].sort();
}

/** The placeholders a locale's key must carry: those of the en key (for plurals, of en's _other form). */
function expectedPlaceholders(key: string): string[] {
  if (!isPluralForm(key)) return placeholders(enLeaves.get(key));
  return placeholders(enLeaves.get(key.replace(PLURAL_SUFFIX, "_other")));
}

describe("en.json", () => {
  it("has only non-empty strings", () => {
    const bad = [...enLeaves].filter(([, value]) => typeof value !== "string" || value.trim() === "").map(([key]) => key);
    expect(bad).toEqual([]);
  });

  it("has every plural form English needs (_one and _other)", () => {
    const missing = [...pluralBases].flatMap((base) => categories("en").map((c) => `${base}_${c}`)).filter((key) => !enLeaves.has(key));
    expect(missing).toEqual([]);
  });
});

describe.each(LOCALES.filter((locale) => locale !== "en"))("%s.json", (locale) => {
  const tree = load(locale);

  it("exists", () => {
    expect(tree, `web/src/locales/${locale}.json is missing`).toBeDefined();
  });

  const leaves = tree ? flatten(tree) : new Map<string, unknown>();

  it("has every key of en.json (plural forms per its own plural rules)", () => {
    const missing = expectedKeys(locale).filter((key) => !leaves.has(key));
    expect(missing, `keys missing from ${locale}.json`).toEqual([]);
  });

  it("has no key that en.json lacks", () => {
    const expected = new Set(expectedKeys(locale));
    const extra = [...leaves.keys()].filter((key) => !expected.has(key));
    expect(extra, `keys in ${locale}.json that en.json does not have (or plural forms ${locale} does not use)`).toEqual([]);
  });

  it("has non-empty strings only", () => {
    const bad = [...leaves].filter(([, value]) => typeof value !== "string" || value.trim() === "").map(([key]) => key);
    expect(bad).toEqual([]);
  });

  it("keeps every {{placeholder}} of en.json and adds none", () => {
    const expected = new Set(expectedKeys(locale));
    const changed = [...leaves.keys()]
      .filter((key) => expected.has(key))
      .filter((key) => {
        const actual = placeholders(leaves.get(key));
        const expected = expectedPlaceholders(key);
        // A "one" form may name the single item instead of printing the count, as en's own _one may.
        const countOptional = key.endsWith("_one") && !placeholders(enLeaves.get(key)).includes("count");
        const compare = (list: string[]) => (countOptional ? list.filter((name) => name !== "count") : list);
        return JSON.stringify(compare(actual)) !== JSON.stringify(compare(expected));
      })
      .map(
        (key) =>
          `${key}: ${JSON.stringify(leaves.get(key))} should use ${
            expectedPlaceholders(key)
              .map((name) => `{{${name}}}`)
              .join(" ") || "no placeholder"
          }`,
      );
    expect(changed).toEqual([]);
  });
});

describe("de.json", () => {
  it("names shortcuts with a word readers will not take for links between memos", () => {
    const leaves = flatten(load("de")!);
    const names = ["shortcut-list.title", "shortcut-list.create", "shortcut-list.edit-title", "filter.shortcut", "import.shortcuts"].map(
      (key) => String(leaves.get(key)),
    );
    for (const name of names) expect(name).not.toMatch(/Verknüpf|Link|Verweis/i);
    expect(String(leaves.get("memo-links.links"))).toBe("Links");
  });
});
