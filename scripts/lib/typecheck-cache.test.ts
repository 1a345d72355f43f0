// tsc's incremental state kept between clones (typecheck-cache.mjs): a fresh clone starts from the last run's
// state, and a change since then is still checked.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keepTypecheckState, typecheckArgs } from "./typecheck-cache.mjs";

const TSC = join(import.meta.dirname, "..", "..", "node_modules", "typescript", "bin", "tsc");
let dir: string;
let savedCache: string | undefined;

/** A clone of a tiny project: a tsconfig and two files, one using the other. */
function clone(name: string, answer = "42"): string {
  const root = join(dir, name);
  mkdirSync(join(root, "src"), { recursive: true });
  writeFileSync(
    join(root, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { strict: true, noEmit: true, types: [] }, include: ["src"] }),
  );
  writeFileSync(join(root, "src", "answer.ts"), `export const answer = ${answer};\n`);
  writeFileSync(join(root, "src", "main.ts"), `import { answer } from "./answer";\nexport const doubled: number = answer * 2;\n`);
  return root;
}

const typecheck = (root: string) =>
  spawnSync(process.execPath, [TSC, ...typecheckArgs("tsconfig.json", root)], { cwd: root, encoding: "utf8" });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "memos-tsc-cache-"));
  savedCache = process.env.MEMOS_BUILD_CACHE;
  process.env.MEMOS_BUILD_CACHE = join(dir, "cache");
});
afterAll(() => {
  if (savedCache === undefined) delete process.env.MEMOS_BUILD_CACHE;
  else process.env.MEMOS_BUILD_CACHE = savedCache;
  rmSync(dir, { recursive: true, force: true });
});

describe("tsc's kept state", { timeout: 60_000 }, () => {
  it("is kept after a run and restored into a fresh clone, where a change since is still an error", () => {
    const first = clone("first");
    expect(typecheck(first).status).toBe(0);
    expect(keepTypecheckState("tsconfig.json", first)).toBeNull();
    expect(existsSync(join(dir, "cache", "tsc", "tsconfig.tsbuildinfo"))).toBe(true);

    // The same sources elsewhere: the state comes with the arguments.
    const same = join(dir, "same");
    cpSync(join(first, "src"), join(same, "src"), { recursive: true });
    cpSync(join(first, "tsconfig.json"), join(same, "tsconfig.json"));
    const args = typecheckArgs("tsconfig.json", same);
    expect(existsSync(args.at(-1)!)).toBe(true);
    expect(typecheck(same).status).toBe(0);

    // A clone whose answer is now a string: main.ts, unchanged, fails through it.
    const changed = clone("changed", '"forty-two"');
    const result = typecheck(changed);
    expect(result.status).not.toBe(0);
    expect(result.stdout).toMatch(/main\.ts.*arithmetic operation/);
  });
});
