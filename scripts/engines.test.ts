// The Node.js versions package.json claims (`engines.node`) are ones every locked package supports, so `npm ci`
// prints no EBADENGINE warning on any of them, and the Node types the code is checked against are the oldest
// claimed line's, so nothing newer slips in.
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import semver from "semver";
import { describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const readJson = (path: string) => JSON.parse(readFileSync(join(ROOT, path), "utf8"));

interface LockedPackage {
  version?: string;
  engines?: Record<string, string> | string[];
}

/**
 * The versions a range claims, to check against: for each of its `||` parts, its lowest version and the highest of
 * that major it still covers (`^22.13.0 || >=24` → 22.13.0, 22.999.999, 24.0.0, 24.999.999).
 */
function claimedVersions(range: string): string[] {
  return new semver.Range(range).set.flatMap((comparators) => {
    const part = comparators.map((comparator) => comparator.value).join(" ") || "*";
    const lowest = semver.minVersion(part);
    if (!lowest) return [];
    const highest = `${lowest.major}.999.999`;
    return semver.satisfies(highest, part) ? [lowest.version, highest] : [lowest.version];
  });
}

/** A locked package's `engines.node`, in either of the lockfile's forms (`{node}` or the old `["node >=x"]`). */
function nodeRange(engines: LockedPackage["engines"]): string | undefined {
  if (Array.isArray(engines))
    return engines
      .find((entry) => entry.startsWith("node"))
      ?.slice(4)
      .trim();
  return engines?.node;
}

/** Every locked package whose `engines.node` excludes one of the versions, as `path@version needs range (not v)`. */
function unsupported(packages: Record<string, LockedPackage>, versions: string[]): string[] {
  return Object.entries(packages).flatMap(([path, locked]) => {
    const range = nodeRange(locked.engines);
    if (!range) return [];
    return versions
      .filter((version) => !semver.satisfies(version, range, { includePrerelease: true }))
      .map((version) => `${path || "(root)"}@${locked.version} needs node ${range} (not ${version})`);
  });
}

describe("Node.js versions", () => {
  const root = readJson("package.json");
  const claim: string = root.engines.node;
  const versions = claimedVersions(claim);

  it("every locked package supports every version package.json claims", () => {
    expect(versions).toContain("22.13.0");
    expect(unsupported(readJson("package-lock.json").packages, versions)).toEqual([]);
  });

  it("the lockfile records the same claim, and @types/node is the oldest claimed line's", () => {
    expect(readJson("package-lock.json").packages[""].engines.node).toBe(claim);
    const oldest = semver.minVersion(claim)!;
    expect(semver.minVersion(root.devDependencies["@types/node"])!.major).toBe(oldest.major);
  });

  it("finds a package that needs a newer Node than claimed", () => {
    expect(claimedVersions("^22.13.0 || >=24")).toEqual(["22.13.0", "22.999.999", "24.0.0", "24.999.999"]);
    const packages = {
      "node_modules/cookie": { version: "2.0.2", engines: { node: ">=22" } },
      "node_modules/old": { version: "1.0.0", engines: ["node >= 0.8"] },
      "node_modules/plain": { version: "1.0.0" },
    };
    expect(unsupported(packages, ["20.19.0", "22.13.0"])).toEqual(["node_modules/cookie@2.0.2 needs node >=22 (not 20.19.0)"]);
  });
});
