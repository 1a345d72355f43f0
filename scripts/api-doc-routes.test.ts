// docs/api.md explains every route of the route table (common/src/api/routes): each entry's method and path appear
// in it as `METHOD /path` (a path parameter under any name, `:memoId` or `:id`), so a new route is not served
// undocumented; each row of its route tables is a route of the table, and a route only a signed-in browser may call
// (access `session`) says so in its Auth cell. The OpenAPI document is generated from the table itself; this pins
// the prose to it.
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

  it("lists only routes of the table in its route tables, each session-only one marked so", () => {
    const rows = routeRows(readFileSync(join(ROOT, "docs", "api.md"), "utf8"));
    expect(rows.length).toBeGreaterThan(100); // the tables were read
    expect(rowProblems(rows)).toEqual([]);
  });

  it("catches a row of a route the table lacks, and a session-only route whose Auth does not say so", () => {
    const rows = routeRows(
      [
        "| Route | Auth | Body |",
        "| --- | --- | --- |",
        "| `GET /api/nowhere` | public | – |",
        "| `GET /api/auth/sessions` | owner | – |",
      ].join("\n"),
    );
    expect(rowProblems(rows)).toEqual([
      "GET /api/nowhere: not a route of the table",
      'GET /api/auth/sessions: the table says session, the Auth cell says "owner"',
    ]);
  });
});

/** The rows of the document's route tables (those headed `| Route | Auth |`): each route and its Auth cell. */
function routeRows(text: string): { route: string; auth: string }[] {
  const rows: { route: string; auth: string }[] = [];
  let inRouteTable = false;
  for (const line of text.split("\n")) {
    if (!line.startsWith("|")) inRouteTable = false;
    else if (/^\|\s*Route\s*\|\s*Auth\s*\|/.test(line)) inRouteTable = true;
    const row = inRouteTable ? /^\|\s*`(GET|POST|PATCH|DELETE) ([^`\s]+)`\s*\|([^|]*)\|/.exec(line) : null;
    if (row) rows.push({ route: `${row[1]} ${shape(row[2]!.split("?")[0]!)}`, auth: row[3]!.trim() });
  }
  return rows;
}

/** Each row whose route is not in the table, or whose Auth cell hides that only a signed-in browser may call it. */
function rowProblems(rows: { route: string; auth: string }[]): string[] {
  const access = new Map(Object.values(ROUTES).map((entry) => [`${entry.method} ${shape(entry.path)}`, entry.access]));
  return rows.flatMap(({ route, auth }) => {
    if (!access.has(route)) return [`${route}: not a route of the table`];
    if (access.get(route) === "session" && !/session/i.test(auth))
      return [`${route}: the table says session, the Auth cell says "${auth}"`];
    return [];
  });
}
