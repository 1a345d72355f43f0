// What the build takes for KaTeX's and Mermaid's (written under assets/rich, gzipped only, not precached), read from
// the real package-lock.json, and what it leaves out of them (ELK, KaTeX's WOFF and TTF fonts).
// @vitest-environment node
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { katexWoff2Only, mermaidWithoutElk, richModuleTest, richPackages } from "./rich-chunks";

const ROOT = join(import.meta.dirname, "..", "..");
const packages = richPackages(ROOT);
const isRich = richModuleTest(packages);

/** A plugin's transform hook, called as Vite would. */
function transform(plugin: ReturnType<typeof katexWoff2Only>, code: string, id: string): string | null {
  const hook = plugin.transform as (code: string, id: string) => string | null;
  return hook.call({}, code, id);
}

describe("rich chunks", () => {
  it("are KaTeX, Mermaid, DOMPurify and what they bring, not what the app itself depends on", () => {
    for (const name of ["katex", "mermaid", "dompurify", "d3-scale", "cytoscape", "@mermaid-js/parser"])
      expect(packages.has(name), name).toBe(true);
    for (const name of ["react", "marked", "highlight.js", "lucide-react"]) expect(packages.has(name), name).toBe(false);
  });

  it("tell modules apart by the packages along their path", () => {
    expect(isRich("/r/node_modules/mermaid/dist/mermaid.core.mjs")).toBe(true);
    expect(isRich("/r/node_modules/mermaid/node_modules/marked/lib/marked.esm.js")).toBe(true);
    expect(isRich("/r/node_modules/marked/lib/marked.esm.js")).toBe(false);
    expect(isRich("/r/web/src/markdown/katex.ts")).toBe(true);
    expect(isRich("/r/web/src/markdown/RichPart.tsx")).toBe(false);
  });

  it("leave KaTeX's WOFF and TTF fonts out of its stylesheet", () => {
    const require = createRequire(import.meta.url);
    const id = require.resolve("katex/dist/katex.min.css");
    const css = transform(katexWoff2Only(), readFileSync(id, "utf8"), id)!;
    expect(css).toMatch(/url\(fonts\/KaTeX_Main-Regular\.woff2\) format\("woff2"\)/);
    expect(css).not.toMatch(/\.woff\)|\.ttf\)/);
  });

  it("register no ELK layout in Mermaid (it falls back to dagre)", () => {
    const code = "registerLayoutLoaders([{ name: 'dagre' }, ...elkLayoutLoaders()]);";
    expect(transform(mermaidWithoutElk(), code, "/r/node_modules/mermaid/dist/chunks/mermaid.core/chunk-X.mjs")).toBe(
      "registerLayoutLoaders([{ name: 'dagre' }, ]);",
    );
    expect(transform(mermaidWithoutElk(), code, "/r/web/src/other.ts")).toBeNull();
  });
});
