// README.md is the front door: short enough to read at once, and it links every guide in docs/, so a new document
// is found from there. The guides hold the rest.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const MAX_LINES = 300;

it("stays within 300 lines and links every document in docs/", () => {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  expect(readme.trimEnd().split("\n").length).toBeLessThanOrEqual(MAX_LINES);
  const linked = new Set([...readme.matchAll(/\]\(docs\/([\w.-]+\.md)(?:#[^)]*)?\)/g)].map((match) => match[1]));
  const documents = readdirSync(join(ROOT, "docs")).filter((name) => name.endsWith(".md"));
  expect(documents.filter((name) => !linked.has(name))).toEqual([]);
});
