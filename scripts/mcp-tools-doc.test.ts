// docs/api.md's table of MCP tools is the list the server offers (common/src/api/mcp-tools.ts): every tool, in
// order, with the token it needs, and nothing else; the user guide names each one too.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { MCP_TOOL_NAMES, MCP_TOOLS } from "@memos/common";
import { expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const read = (file: string) => readFileSync(resolve(ROOT, file), "utf8");

it("documents every MCP tool with the token it needs", () => {
  const text = read("docs/api.md");
  const section = text.slice(text.indexOf("## MCP — `/mcp`"));
  const table = section.slice(section.indexOf("| Tool"), section.indexOf("\n\n", section.indexOf("| Tool")));
  const rows = table
    .split("\n")
    .slice(2)
    .map((line) => line.split("|").map((cell) => cell.trim().replaceAll("`", "")));
  expect(rows.map((cells) => [cells[1], cells[2]])).toEqual(
    MCP_TOOL_NAMES.map((name) => [name, MCP_TOOLS[name].write ? "read-write" : "read"]),
  );
  const guide = read("docs/user-guide.md");
  for (const name of MCP_TOOL_NAMES) expect(guide, name).toContain(`\`${name}\``);
});
