// The kept better-sqlite3 module (scripts/lib/native-cache.mjs): named by the locked package and this Node, saved
// whole, and the other install scripts still run after `npm ci --ignore-scripts`.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cachedModuleFile, otherScriptedPackages, saveModule } from "./native-cache.mjs";

const ROOT = join(import.meta.dirname, "..", "..");

let cache: string;
const before = process.env.MEMOS_BUILD_CACHE;

beforeEach(() => {
  cache = mkdtempSync(join(tmpdir(), "memos-build-cache-"));
  process.env.MEMOS_BUILD_CACHE = cache;
});
afterEach(() => {
  rmSync(cache, { recursive: true, force: true });
  if (before === undefined) delete process.env.MEMOS_BUILD_CACHE;
  else process.env.MEMOS_BUILD_CACHE = before;
});

describe("the kept better-sqlite3 module", () => {
  it("is named by the locked version and this Node, in MEMOS_BUILD_CACHE", () => {
    const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8"));
    const { version } = lock.packages["node_modules/better-sqlite3"];
    const file = cachedModuleFile();
    expect(file?.startsWith(`${cache}/better-sqlite3-${version}-node${process.versions.node}-`)).toBe(true);
    expect(file?.endsWith(".node")).toBe(true);
  });

  it("is saved whole, with nothing half-written left beside it", () => {
    const file = cachedModuleFile();
    if (!file) throw new Error("no better-sqlite3 in package-lock.json");
    expect(saveModule(file)).toBeNull();
    const installed = readFileSync(join(ROOT, "node_modules", "better-sqlite3", "build", "Release", "better_sqlite3.node"));
    expect(readFileSync(file).equals(installed)).toBe(true);
    expect(readdirSync(cache)).toEqual([file.slice(cache.length + 1)]);
  });

  it("leaves the other packages' install scripts to run (esbuild's), once each", () => {
    const others = otherScriptedPackages();
    expect(others).toContain("esbuild");
    expect(others).not.toContain("better-sqlite3");
    expect(new Set(others).size).toBe(others.length);
  });
});
