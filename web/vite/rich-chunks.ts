// The build's handling of what draws formulas and diagrams (KaTeX, Mermaid and all Mermaid brings: d3, cytoscape,
// ELK…, several megabytes): their modules are told apart by package (the dependency closure of those packages in
// package-lock.json, less what the app itself depends on), kept out of the chunk of small modules the app's later
// parts share, and written under assets/rich/, which the service worker does not precache (web/vite.config.ts):
// they are fetched when a memo on screen first has a formula or a diagram, and kept for offline use from then on.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";

/** The packages whose modules only formulas and diagrams need. */
const ROOTS = ["katex", "mermaid", "dompurify"];

interface LockEntry {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/** ROOTS and what they depend on, by package-lock.json (at `repoRoot`), less the app's own dependencies. */
export function richPackages(repoRoot: string): Set<string> {
  const lock = JSON.parse(readFileSync(join(repoRoot, "package-lock.json"), "utf8")) as { packages: Record<string, LockEntry> };
  const web = JSON.parse(readFileSync(join(repoRoot, "web", "package.json"), "utf8")) as { dependencies: Record<string, string> };
  const found = new Set<string>();
  const pending = [...ROOTS];
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (found.has(name)) continue;
    found.add(name);
    const entry = lock.packages[`web/node_modules/${name}`] ?? lock.packages[`node_modules/${name}`] ?? {};
    pending.push(...Object.keys({ ...entry.dependencies, ...entry.optionalDependencies }));
  }
  for (const name of Object.keys(web.dependencies)) if (!ROOTS.includes(name)) found.delete(name);
  return found;
}

/** The packages along a module file's path ("a/node_modules/mermaid/node_modules/marked/x.js": mermaid, marked). */
function packagesOf(id: string): string[] {
  return id
    .split("/node_modules/")
    .slice(1)
    .map((part) => {
      const [first = "", second = ""] = part.split("/");
      return first.startsWith("@") ? `${first}/${second}` : first;
    });
}

/** The app's own files loaded with KaTeX or Mermaid only (web/src/markdown): KaTeX's loader and the sanitiser. */
const RICH_SOURCES = /\/src\/markdown\/(katex|sanitize-rich)\.ts$/;

export function richModuleTest(packages: Set<string>): (id: string) => boolean {
  return (id) => {
    if (RICH_SOURCES.test(id)) return true;
    // A package inside one of them (Mermaid's own copy of marked) is theirs too.
    return packagesOf(id).some((name) => packages.has(name));
  };
}

/** KaTeX's fonts as WOFF2 alone: every browser the app supports reads it, and the WOFF and TTF copies are 900 KB. */
export function katexWoff2Only(): Plugin {
  return {
    name: "memos-katex-woff2-only",
    enforce: "pre",
    transform(code, id) {
      if (!/\/katex\/dist\/katex(\.min)?\.css$/.test(id)) return null;
      return code.replace(/,\s*url\([^)]*\.woff\) format\("woff"\)/g, "").replace(/,\s*url\([^)]*\.ttf\) format\("truetype"\)/g, "");
    },
  };
}

/**
 * Mermaid without the ELK layout engine (1.5 MB, 800 KB of the image compressed): a diagram that asks for it
 * (`layout: elk`, `flowchart-elk`) is laid out by dagre instead, as in Mermaid's own small build, which registers
 * no ELK loader either (Mermaid then falls back to dagre and says so in the console).
 */
export function mermaidWithoutElk(): Plugin {
  return {
    name: "memos-mermaid-without-elk",
    enforce: "pre",
    transform(code, id) {
      if (!id.includes("/node_modules/mermaid/") || !code.includes("...elkLayoutLoaders()")) return null;
      return code.replace("...elkLayoutLoaders()", "");
    },
  };
}
