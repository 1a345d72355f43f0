// docs/api.md's table of error reasons is the list the server sends (common/src/api/reasons.ts): every reason with
// its status, description and params, and nothing else.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ERROR_REASON_NAMES, reasonEntry } from "@memos/common";
import { expect, it } from "vitest";

const API_DOC = resolve(dirname(fileURLToPath(import.meta.url)), "..", "docs", "api.md");

/** A row's cells, trimmed and without backticks, so a table aligned with padding reads the same. */
const cells = (line: string): string =>
  line
    .replaceAll("`", "")
    .split("|")
    .map((cell) => cell.trim())
    .join("|");

/** The table's rows under "### Error reasons", as `reason | status | when | params` with the backticks gone. */
function documentedRows(): string[] {
  const text = readFileSync(API_DOC, "utf8");
  const section = text.slice(text.indexOf("### Error reasons"));
  const table = section.slice(section.indexOf("| Reason"), section.indexOf("\n\n", section.indexOf("| Reason")));
  return table.split("\n").slice(2).map(cells);
}

it("lists every error reason with its status, description and params", () => {
  const expected = ERROR_REASON_NAMES.map((name) => {
    const { status, description, params = [] } = reasonEntry(name);
    return cells(`| ${name} | ${status} | ${description} | ${params.join(", ")} |`);
  });
  expect(documentedRows()).toEqual(expected);
});
