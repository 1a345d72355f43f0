// Every document the code and the docs cite is in the repository: a `docs/<name>.md#<anchor>` (or `README.md#…`)
// names a file that exists and a heading it has, a Markdown link between our docs lands on a heading, and nothing
// cites the team's notes outside the repository or a "§" of a document nobody here can open.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import GithubSlugger from "github-slugger";
import { describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const SCANNED = ["README.md", "docs", "common", "server", "web", "e2e", "scripts", "bench", "container", "vitest.config.ts"];
const SKIPPED_DIRS = new Set(["node_modules", "dist", "test-results", "playwright-report", "artifacts", ".cache", "coverage"]);
const TEXT_FILE = /\.(?:ts|tsx|mts|mjs|js|md|css|html)$/;

/** A citation of one of our documents, with its anchor if any: `docs/api.md#envelope`, `README.md#run-with-docker`. */
const CITATION = /(?<![\w/.-])((?:docs\/[\w.-]+|README)\.md)(?:#([\p{L}\p{N}_-]+))?/gu;
/** A Markdown link target: `(#anchor)`, `(api.md#anchor)`, `(../README.md)`. */
const MD_LINK = /\]\(([^)\s]+)\)/g;
/**
 * Citations of documents that are not in the repository (the team's notes; written with escapes so that this file
 * does not cite them itself), and "§" section numbers, which only make sense for a document at hand; an RFC's
 * sections are fine.
 */
const FOREIGN_CITATIONS: [RegExp, string][] = [
  [/(?<![\w/])(?:PRODUCT|DESIGN|STYLE|API|ARCHITECTURE)\.md/g, "a document outside the repository"],
  [/\b(?:wire|reference) \u00a7/g, "a section of the wire reference outside the repository"],
  [/(?<!RFC \d+ )\u00a7\s?\d/g, "a numbered section: cite a docs/*.md heading by its anchor"],
];

function filesUnder(path: string): string[] {
  const absolute = join(ROOT, path);
  if (!statSync(absolute, { throwIfNoEntry: false })) return [];
  if (statSync(absolute).isFile()) return TEXT_FILE.test(path) ? [path] : [];
  return readdirSync(absolute, { withFileTypes: true })
    .filter((entry) => !(entry.isDirectory() && SKIPPED_DIRS.has(entry.name)))
    .flatMap((entry) => filesUnder(join(path, entry.name)));
}

/** The anchors GitHub gives a Markdown file's headings (fenced code skipped), plus explicit `id`s. */
function anchorsOf(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(?:```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const text = heading[1]!.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/[`*]/g, "");
      anchors.add(slugger.slug(text));
    }
    for (const id of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id[1]!);
  }
  return anchors;
}

const anchorCache = new Map<string, Set<string> | null>();
/** A repository file's anchors, or null when the file does not exist. */
function anchorsOfFile(path: string): Set<string> | null {
  if (!anchorCache.has(path)) {
    const absolute = join(ROOT, path);
    anchorCache.set(path, statSync(absolute, { throwIfNoEntry: false }) ? anchorsOf(readFileSync(absolute, "utf8")) : null);
  }
  return anchorCache.get(path)!;
}

function checkTarget(doc: string, anchor: string | undefined, anchors = anchorsOfFile(doc)): string | null {
  if (anchors === null) return `${doc} does not exist`;
  if (anchor !== undefined && !anchors.has(anchor)) return `${doc} has no heading with the anchor #${anchor}`;
  return null;
}

/** Every problem with the citations in one file, as `file:line: what`. */
function citationProblems(file: string, text: string): string[] {
  const problems: string[] = [];
  const isMarkdown = file.endsWith(".md");
  text.split("\n").forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    for (const [, doc, anchor] of line.matchAll(CITATION)) {
      const problem = checkTarget(doc!, anchor);
      if (problem) problems.push(`${where}: ${problem}`);
    }
    if (isMarkdown) {
      for (const [, target] of line.matchAll(MD_LINK)) {
        if (/^[a-z]+:/i.test(target!)) continue; // https:, mailto:
        const [path, anchor] = target!.split("#", 2) as [string, string | undefined];
        if (path !== "" && !path.endsWith(".md")) continue; // a source file or folder, not a document
        const problem =
          path === "" ? checkTarget(file, anchor, anchorsOf(text)) : checkTarget(relative(ROOT, join(ROOT, dirname(file), path)), anchor);
        if (problem) problems.push(`${where}: link ${target}: ${problem}`);
      }
    }
    for (const [pattern, what] of FOREIGN_CITATIONS) {
      for (const match of line.matchAll(pattern)) problems.push(`${where}: "${match[0]}" cites ${what}`);
    }
  });
  return problems;
}

describe("citations of documents", () => {
  it("name files and headings that exist in the repository", () => {
    // This file's own examples below cite documents that do not exist, on purpose.
    const files = SCANNED.flatMap(filesUnder).filter((file) => file !== relative(ROOT, fileURLToPath(import.meta.url)));
    expect(files).toContain("docs/architecture.md"); // the scan reaches the docs
    const problems = files.flatMap((file) => citationProblems(file, readFileSync(join(ROOT, file), "utf8")));
    expect(problems).toEqual([]);
  });

  it("are caught when they point nowhere", () => {
    expect(citationProblems("x.ts", "// see docs/api.md#no-such-heading")).toEqual([
      "x.ts:1: docs/api.md has no heading with the anchor #no-such-heading",
    ]);
    expect(citationProblems("x.ts", "// docs/missing.md")).toEqual(["x.ts:1: docs/missing.md does not exist"]);
    expect(citationProblems("docs/x.md", "[a](#nowhere) and [b](api.md#envelope)")).toEqual([
      "docs/x.md:1: link #nowhere: docs/x.md has no heading with the anchor #nowhere",
    ]);
    expect(citationProblems("x.ts", `// (wire ${"\u00a7"}2.3), PRODUCT${".md"} and ${"\u00a7"}4`)).toHaveLength(4);
    expect(citationProblems("x.ts", `// RFC 6265 ${"\u00a7"}5.1.4; docs/api.md#envelope`)).toEqual([]);
  });
});
