// URLs of the typed client come from the route manifest (the route table's method, path and answer kind): path
// parameters filled in and encoded, empty query values left out, numbers and booleans written as the text the
// server's schemas read.
import { ROUTE_MANIFEST, type RouteName } from "@memos/common";
import { describe, expect, it } from "vitest";
import { api } from "./client";

describe("api.url", () => {
  it("fills in and encodes the path's parameters", () => {
    expect(api.url("memo.unlinkResource", { params: { memoId: 12, resourceId: 3 } })).toBe("/api/memo/12/resource/3");
    expect(api.url("resource.openFile", { params: { resourceId: 7, filename: "a b/#1.png" } })).toBe("/o/r/7/a%20b%2F%231.png");
    expect(api.url("tag.delete", { params: { tagName: "work/2024" } })).toBe("/api/tag/work%2F2024");
  });

  it("writes the query's values as text and leaves out the empty ones", () => {
    expect(api.url("memo.list", { query: { creatorId: 1, pinned: true, tag: "", text: undefined, limit: 30 } })).toBe(
      "/api/memo?creatorId=1&pinned=true&limit=30",
    );
    expect(api.url("export.archive", { query: {} })).toBe("/api/export");
    expect(api.url("system.status")).toBe("/api/status");
  });

  it("builds a URL for every route of the table, with nothing of the path's pattern left", () => {
    for (const name of Object.keys(ROUTE_MANIFEST) as RouteName[]) {
      const names = [...ROUTE_MANIFEST[name].path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
      const url = (api.url as (name: RouteName, input: object) => string)(name, {
        params: Object.fromEntries(names.map((key) => [key, "x"])),
      });
      expect(url, name).not.toContain(":");
    }
  });
});
