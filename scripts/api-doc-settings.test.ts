// docs/api.md lists the settings `POST /api/system/setting` accepts, one item each, under "Accepted settings": the same
// names as the instance settings table (common/src/api/instance-settings.ts) lets a route write, so a new setting is
// not accepted undocumented, and a removed one not documented.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { INSTANCE_SETTING_NAMES, instanceSetting } from "@memos/common";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");

/** The names the list's items start with: "- `allowSignUp` (…" or "- `additionalStyle` and `additionalScript` (…". */
function documentedSettings(text: string): string[] {
  const start = text.indexOf("Accepted settings");
  const end = text.indexOf("Anything else", start);
  if (start < 0 || end < 0) throw new Error('docs/api.md has no "Accepted settings" list ending in "Anything else"');
  const names: string[] = [];
  for (const [, first, second] of text.slice(start, end).matchAll(/^- `(\w+)`(?: and `(\w+)`)?/gm))
    names.push(first!, ...(second ? [second] : []));
  return names;
}

describe("docs/api.md", () => {
  it("lists every setting a route may write, and no other", () => {
    const documented = documentedSettings(readFileSync(join(ROOT, "docs", "api.md"), "utf8"));
    const writable = INSTANCE_SETTING_NAMES.filter((name) => instanceSetting(name).writer !== "server");
    expect([...documented].sort()).toEqual([...writable].sort());
  });
});
