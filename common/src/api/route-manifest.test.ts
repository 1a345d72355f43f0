// route-manifest.ts is written by this test from the route table: it fails when the two differ, and
// `npx vitest run --project common route-manifest -u` writes the manifest anew after a change to the table.
import { describe, expect, it } from "vitest";
import { ROUTE_MANIFEST } from "./route-manifest.js";
import { ROUTES, type RouteName } from "./routes/index.js";

const HEADER = `// Generated from the route table (common/src/api/routes) by route-manifest.test.ts: do not edit; after a change to
// the table, run \`npx vitest run --project common route-manifest -u\`. What the web's client needs of each route
// (method, path, the kind of answer) without the table's schemas, summaries and descriptions, which the browser
// would otherwise download (issue 43). The type check also holds it to the table (RouteManifest).
import type { RouteManifest } from "./routes/index.js";
`;

/** The manifest's source, one route a line in the table's order. */
function manifestSource(): string {
  const lines = (Object.keys(ROUTES) as RouteName[]).map((name) => {
    const { method, path, answer } = ROUTES[name];
    return `  ${JSON.stringify(name)}: { method: ${JSON.stringify(method)}, path: ${JSON.stringify(path)}, answer: ${JSON.stringify(answer.kind)} },`;
  });
  return `${HEADER}\nexport const ROUTE_MANIFEST = {\n${lines.join("\n")}\n} as const satisfies RouteManifest;\n`;
}

describe("the route manifest", () => {
  it("is written from the route table", async () => {
    await expect(manifestSource()).toMatchFileSnapshot("./route-manifest.ts");
  });

  it("holds every route's method, path and answer kind, and nothing else", () => {
    const fromTable = Object.fromEntries(
      (Object.keys(ROUTES) as RouteName[]).map((name) => {
        const { method, path, answer } = ROUTES[name];
        return [name, { method, path, answer: answer.kind }];
      }),
    );
    expect(ROUTE_MANIFEST).toEqual(fromTable);
  });
});
