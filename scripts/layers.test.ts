// The server's layers hold by lint, not by habit: biome.json's overrides refuse an import against the direction
// (docs/architecture.md, Layers). This lints files written for the purpose, under the same paths, with the same
// rules: an import each rule forbids fails, one it allows passes.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const BIOME = join(ROOT, "node_modules", ".bin", "biome");

/** [file, what it imports, whether the layers allow it] */
const CASES: Array<[string, string, boolean]> = [
  ["server/src/store/sql/a.ts", "../../services/memo.service.js", false],
  ["server/src/store/sql/memo/b.ts", "../../../policies/memo.policy.js", false],
  ["server/src/store/c.ts", "../http/access.js", false],
  ["server/src/store/sql/d.ts", "../../presenters/memo.presenter.js", false],
  ["server/src/store/migrations/e.ts", "../../routes/memo.routes.js", false],
  ["server/src/store/sql/f.ts", "../../errors.js", true],
  ["server/src/store/sql/g.ts", "../db.js", true],
  ["server/src/services/h.ts", "../http/access.js", false],
  ["server/src/services/import/i.ts", "../../routes/import.routes.js", false],
  ["server/src/services/j.ts", "../outbound/webhook-client.js", true],
  ["server/src/services/k.ts", "../store/db.js", true],
  ["server/src/errors.ts", "./store/db.js", false],
];

describe("the server's layers", () => {
  const dir = mkdtempSync(join(tmpdir(), "memos-layers-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("refuse every import against the direction, and only those", () => {
    const config = JSON.parse(readFileSync(join(ROOT, "biome.json"), "utf8"));
    // The same overrides and rules, without what needs the repository (its git ignore file, the schema's path).
    delete config.$schema;
    delete config.vcs;
    writeFileSync(join(dir, "biome.json"), JSON.stringify(config));
    for (const [file, target] of CASES) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), `import { value } from "${target}";\n\nexport const used = value;\n`);
    }
    const run = spawnSync(BIOME, ["lint", "--max-diagnostics=none", "--colors=off", "."], { cwd: dir, encoding: "utf8" });
    const output = `${run.stdout}${run.stderr}`;
    const refused = CASES.filter(([file]) =>
      new RegExp(`${file.replaceAll(".", "\\.")}:\\d+:\\d+ lint/style/noRestrictedImports`).test(output),
    );
    expect(refused.map(([file]) => file)).toEqual(CASES.filter(([, , allowed]) => !allowed).map(([file]) => file));
    expect(output).toContain("Layers:");
  });
});
