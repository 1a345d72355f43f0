// The two parts of a language's strings: what code names is found (whole keys, the starts of built ones), and each
// locale file splits into two parts that hold every string once, the same strings in every language.
// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type NamedStrings, namedStrings, stringsPart } from "./first-screen-strings";

type Strings = Parameters<typeof stringsPart>[0];

const LOCALES = join(import.meta.dirname, "..", "src", "locales");
const locale = (name: string) => JSON.parse(readFileSync(join(LOCALES, name), "utf8")) as Strings;

/** Leaf keys as dotted paths. */
function keysOf(strings: Strings, path = ""): string[] {
  return Object.entries(strings).flatMap(([name, value]) => {
    const key = path ? `${path}.${name}` : name;
    return typeof value === "string" ? [key] : keysOf(value, key);
  });
}

const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, "");

describe("namedStrings", () => {
  it("finds the keys code names whole, quoted any way, and the starts of the keys it builds", () => {
    const code = `
      t("memo.pin"); t('memo.unpin', { memo }); const key = \`sidebar.home\`;
      t(\`memo.visibility.\${visibility}\`); t(\`message.copied-\${what}-private\`);
    `;
    const named = namedStrings(code);
    expect([...named.keys].sort()).toEqual(["memo.pin", "memo.unpin", "sidebar.home"]);
    expect([...named.prefixes].sort()).toEqual(["memo.visibility.", "message.copied-"]);
  });

  it("takes no text without a dot, and no template that starts with what it builds", () => {
    const named = namedStrings(`t("title"); t(\`\${prefix}-label\`); t(\`\${group}.title\`); const file = "./x";`);
    expect([...named.keys]).toEqual([]);
    expect([...named.prefixes]).toEqual([]);
  });

  it("adds to what was found in other modules", () => {
    const named = namedStrings('t("memo.pin")');
    namedStrings('t("memo.unpin")', named);
    expect([...named.keys]).toEqual(["memo.pin", "memo.unpin"]);
  });
});

describe("stringsPart", () => {
  const strings: Strings = {
    memo: { pin: "Pin", unpin: "Unpin", visibility: { PUBLIC: "Public", PRIVATE: "Private" } },
    sidebar: { memos_one: "{{count}} memo", memos_other: "{{count}} memos", home: "Home" },
    setting: { title: "Settings" },
  };
  const named: NamedStrings = { keys: new Set(["memo.pin", "sidebar.memos"]), prefixes: new Set(["memo.visibility."]) };

  it("keeps the named strings in the first part, a plural's every form by its base, nested as in the file", () => {
    expect(stringsPart(strings, named, "first")).toEqual({
      memo: { pin: "Pin", visibility: { PUBLIC: "Public", PRIVATE: "Private" } },
      sidebar: { memos_one: "{{count}} memo", memos_other: "{{count}} memos" },
    });
  });

  it("keeps the others in the rest, and no group left empty", () => {
    expect(stringsPart(strings, named, "rest")).toEqual({
      memo: { unpin: "Unpin" },
      sidebar: { home: "Home" },
      setting: { title: "Settings" },
    });
  });
});

describe("the locale files' parts", () => {
  const en = locale("en.json");
  // Some of en's keys, some starts of keys, and one plural: what a first screen's code might name.
  const enKeys = keysOf(en);
  const named: NamedStrings = {
    keys: new Set([...enKeys.filter((_, index) => index % 3 === 0).map(base), "no.such-key"]),
    prefixes: new Set(["memo.visibility.", "error."]),
  };
  const firstOfEn = new Set(keysOf(stringsPart(en, named, "first")).map(base));

  it.each(readdirSync(LOCALES).filter((name) => name.endsWith(".json")))(
    "%s: every string in one part, the first the same as en's",
    (name) => {
      const strings = locale(name);
      const first = keysOf(stringsPart(strings, named, "first"));
      const rest = keysOf(stringsPart(strings, named, "rest"));
      expect([...first, ...rest].sort()).toEqual(keysOf(strings).sort());
      expect(new Set(first.map(base))).toEqual(firstOfEn);
    },
  );
});
