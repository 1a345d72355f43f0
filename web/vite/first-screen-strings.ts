// The words of each language in two parts (issue 43): the first screen's, the strings that the code of the first
// screen names, and the rest, which load with the first part of the app beyond it that is opened (withAllStrings in
// web/src/i18n). The locale files stay whole, one per language; a module imports one part of a file as
// `../locales/de.json?strings=first` (or `rest`). The build finds the first screen's strings in the code of its
// modules (FIRST_SCREEN in web/vite.config.ts) and of all they import statically; the dev server and the tests get
// every string in the first part and an empty rest.
import type { Plugin } from "vite";

/** A locale file imported as one of its parts. */
const PART = /\/locales\/[a-z]+\.json\?strings=(first|rest)$/;

type Part = "first" | "rest";
type Strings = { [key: string]: string | Strings };

/** The strings some code names: whole keys ("memo.pin"), and the starts of keys it builds (`memo.visibility.${v}`). */
export interface NamedStrings {
  keys: Set<string>;
  prefixes: Set<string>;
}

/** A quoted dotted text, up to its closing quote or, in a template, up to its first `${`. */
const KEY_LIKE = /(["'`])([A-Za-z0-9_-]+\.[A-Za-z0-9_.-]*)(["'`]|\$\{)/g;

/**
 * The keys and starts of keys that `code` names. Every quoted dotted text is taken for one, whatever it is (a route's
 * name, a file's): one that is no key names no string.
 * @example namedStrings('t("memo.pin"); t(`memo.visibility.${v}`)') // keys: memo.pin; prefixes: memo.visibility.
 */
export function namedStrings(code: string, into: NamedStrings = { keys: new Set(), prefixes: new Set() }): NamedStrings {
  for (const [, open, text, close] of code.matchAll(KEY_LIKE)) {
    if (close === open) into.keys.add(text!);
    else if (open === "`" && close === "${") into.prefixes.add(text!);
  }
  return into;
}

const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;

/** Whether the string at `key` is named; a plural form by its base, in every language's forms (`sidebar.memos_few`). */
function isNamed(key: string, named: NamedStrings): boolean {
  if (named.keys.has(key) || named.keys.has(key.replace(PLURAL_FORM, ""))) return true;
  for (const prefix of named.prefixes) if (key.startsWith(prefix)) return true;
  return false;
}

/** The strings that `named` names (the first part) or the others (the rest), nested as in the file. */
export function stringsPart(strings: Strings, named: NamedStrings, part: Part, path = ""): Strings {
  const out: Strings = {};
  for (const [name, value] of Object.entries(strings)) {
    const key = path ? `${path}.${name}` : name;
    if (typeof value === "string") {
      if (isNamed(key, named) === (part === "first")) out[name] = value;
      continue;
    }
    const inner = stringsPart(value, named, part, key);
    if (Object.keys(inner).length > 0) out[name] = inner;
  }
  return out;
}

/** Our own code, which names strings (the packages' names none). */
const isOurCode = (id: string) => /\.tsx?$/.test(id) && !id.includes("/node_modules/");

const stringsModule = (strings: Strings) => ({ code: `export default ${JSON.stringify(strings)};`, moduleType: "js", map: null });

/** Makes the parts of the locale files; `firstScreen` are the first screen's modules (absolute paths). */
export function firstScreenStrings(firstScreen: readonly string[]): Plugin {
  let building = false;
  /** What the first screen's code names, read once per build for every file's two parts. */
  let named: Promise<NamedStrings> | null = null;
  return {
    name: "memos-first-screen-strings",
    // Before Vite's JSON plugin, which would make the whole file a module.
    enforce: "pre",
    configResolved(config) {
      building = config.command === "build";
    },
    buildStart() {
      named = null;
    },
    async transform(code, id) {
      const part = PART.exec(id)?.[1] as Part | undefined;
      if (!part) return null;
      const strings = JSON.parse(code) as Strings;
      if (!building) return stringsModule(part === "first" ? strings : {});
      named ??= (async () => {
        const found: NamedStrings = { keys: new Set(), prefixes: new Set() };
        const seen = new Set<string>();
        let next = [...firstScreen];
        while (next.length > 0) {
          const batch = [...new Set(next)].filter((module) => isOurCode(module) && !seen.has(module));
          for (const module of batch) seen.add(module);
          const infos = await Promise.all(batch.map((module) => this.load({ id: module, resolveDependencies: true })));
          for (const info of infos) namedStrings(info.code ?? "", found);
          next = infos.flatMap((info) => info.importedIds);
        }
        return found;
      })();
      return stringsModule(stringsPart(strings, await named, part));
    },
  };
}
