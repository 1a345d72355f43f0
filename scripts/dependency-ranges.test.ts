// A package that several workspaces declare has one range in all of them, so each workspace is built and tested
// against the same versions the lockfile holds, and an upgrade is one edit per package.json, not a search.
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const readJson = (path: string) => JSON.parse(readFileSync(join(ROOT, path), "utf8"));

const DEPENDENCY_FIELDS = ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"] as const;

/** Every declared range, by package name: `{ pg: { "package.json": "^8.23.1", "server/package.json": "^8.23.1" } }`. */
function declaredRanges(): Map<string, Record<string, string>> {
  const manifests = ["package.json", ...(readJson("package.json").workspaces as string[]).map((folder) => `${folder}/package.json`)];
  const ranges = new Map<string, Record<string, string>>();
  for (const manifest of manifests) {
    const json = readJson(manifest);
    for (const field of DEPENDENCY_FIELDS) {
      for (const [name, range] of Object.entries((json[field] ?? {}) as Record<string, string>)) {
        ranges.set(name, { ...ranges.get(name), [manifest]: range });
      }
    }
  }
  return ranges;
}

describe("dependency ranges", () => {
  it("are the same in every workspace that declares a package", () => {
    const differing = [...declaredRanges()]
      .filter(([, byManifest]) => new Set(Object.values(byManifest)).size > 1)
      .map(
        ([name, byManifest]) =>
          `${name}: ${Object.entries(byManifest)
            .map(([manifest, range]) => `${range} in ${manifest}`)
            .join(", ")}`,
      );
    expect(differing).toEqual([]);
  });

  it("finds packages declared in several workspaces (the check reads the real manifests)", () => {
    const shared = [...declaredRanges()].filter(([, byManifest]) => Object.keys(byManifest).length > 1).map(([name]) => name);
    expect(shared).toContain("zod");
  });
});
