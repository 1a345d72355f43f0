// docs/api.md explains every route of the route table (common/src/api/routes): each entry's method and path appear
// in it as `METHOD /path` (a path parameter under any name, `:memoId` or `:id`), so a new route is not served
// undocumented. The OpenAPI document is generated from the table itself; this pins the prose to it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROUTES } from "@memos/common";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");

/** A path with its parameters' names dropped: `/api/memo/:memoId` and `/api/memo/:id` are one route. */
const shape = (path: string) => path.replace(/:\w+/g, ":");

/** Every `METHOD /path` the document names, and `GET`/`POST /path` for several methods on one path. */
function documentedRoutes(text: string): Set<string> {
  const named = new Set<string>();
  for (const [, method, path] of text.matchAll(/`(GET|POST|PATCH|DELETE)\s+([^`\s]+)`/g))
    named.add(`${method} ${shape(path!.split("?")[0]!)}`);
  for (const [, methods, last, path] of text.matchAll(/((?:`(?:GET|POST|PATCH|DELETE)`\/)+)`(GET|POST|PATCH|DELETE) ([^`\s]+)`/g)) {
    for (const [, method] of `${methods}\`${last}\``.matchAll(/`(\w+)`/g)) named.add(`${method} ${shape(path!)}`);
  }
  return named;
}

describe("docs/api.md", () => {
  it("names every route of the route table", () => {
    const documented = documentedRoutes(readFileSync(join(ROOT, "docs", "api.md"), "utf8"));
    const missing = Object.entries(ROUTES)
      .filter(([, entry]) => !documented.has(`${entry.method} ${shape(entry.path)}`))
      .map(([name, entry]) => `${name}: ${entry.method} ${entry.path}`);
    expect(missing).toEqual([]);
  });
});
