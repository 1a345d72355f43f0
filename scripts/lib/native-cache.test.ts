// The kept better-sqlite3 module (scripts/lib/native-cache.mjs): named by the locked package and the module ABI of
// the Node that loads it, kept only when it loads in this Node, saved whole, and the other install scripts still run
// after `npm ci --ignore-scripts`.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
  it("is named by the locked version and this Node's module ABI, in MEMOS_BUILD_CACHE", () => {
    const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8"));
    const { version } = lock.packages["node_modules/better-sqlite3"];
    const file = cachedModuleFile();
    const build = `${process.platform}-${process.arch}-abi${process.versions.modules}`;
    expect(file?.startsWith(`${cache}/better-sqlite3-${version}-${build}-`)).toBe(true);
    expect(file?.endsWith(".node")).toBe(true);
  });

  it("built for one module ABI is never the file another ABI's Node looks for", () => {
    expect(cachedModuleFile("115")).not.toBe(cachedModuleFile("127"));
    expect(cachedModuleFile("115")).toContain("-abi115-");
  });

  it("is not kept when it does not load in this Node (compiled against another Node's headers)", () => {
    const file = cachedModuleFile();
    if (!file) throw new Error("no better-sqlite3 in package-lock.json");
    const foreign = join(cache, "foreign.node");
    writeFileSync(foreign, "not a module this Node can load");
    expect(saveModule(file, foreign)).toMatch(/does not load in Node/);
    expect(readdirSync(cache)).toEqual(["foreign.node"]);
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
