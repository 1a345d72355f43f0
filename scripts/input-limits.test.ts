// A field's cap is one number (common/src/api/input-limits.ts and the domain's MAX_… constants): the request
// schemas refuse past it and the web's inputs stop at it. A number typed into a web input's `maxLength` is a copy
// that drifts when the schema changes; this fails on one, and on a constant the schemas do not read.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { INPUT_LIMITS } from "@memos/common";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");

function sourceFiles(folder: string, pattern: RegExp): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: "utf8" })
    .filter((path) => pattern.test(path) && !/\.test\.tsx?$/.test(path))
    .map((path) => join(ROOT, folder, path));
}

/** Every `maxLength={…}` of the web's components, as [file, expression]. */
function webMaxLengths(): Array<[string, string]> {
  return sourceFiles("web/src", /\.tsx$/).flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(/maxLength=\{([^}]*)\}/g)].map((match): [string, string] => [
      relative(ROOT, file),
      match[1] ?? "",
    ]),
  );
}

describe("input limits", () => {
  it("the web's inputs take their caps from the shared constants, never a typed number", () => {
    const found = webMaxLengths();
    expect(found.length).toBeGreaterThan(10);
    // A digit that starts a token is a number literal; one inside a name (MAX_V2) is not.
    expect(found.filter(([, expression]) => /(^|[^\w.])\d/.test(expression))).toEqual([]);
  });

  it("every cap the web reads from INPUT_LIMITS is one a request schema reads too", () => {
    const schemas = sourceFiles("common/src/api", /\.ts$/)
      .map((file) => readFileSync(file, "utf8"))
      .join("\n");
    const used = new Set(webMaxLengths().flatMap(([, expression]) => [...expression.matchAll(/INPUT_LIMITS\.(\w+)/g)].map((m) => m[1])));
    const unread = [...used].filter((key) => !schemas.includes(`INPUT_LIMITS.${key}`));
    expect(unread).toEqual([]);
    for (const key of used) expect(INPUT_LIMITS).toHaveProperty(key as string);
  });
});
