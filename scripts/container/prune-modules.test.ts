// The image's node_modules (scripts/container/prune-modules.mjs): pruned to what the built server loads from
// node_modules, on a copy of this repository's install with the server built beside it, as the Dockerfile does.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../build-server.mjs";
import { packagesToKeep } from "./prune-modules.mjs";

const ROOT = join(import.meta.dirname, "../..");
let root: string;

/** A copy of node_modules: hard links where the file system allows (a second), else a real copy. */
function copyModules(from: string, to: string) {
  if (!existsSync(from)) return;
  if (spawnSync("cp", ["-al", from, to]).status !== 0) cpSync(from, to, { recursive: true, verbatimSymlinks: true });
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "memos-prune-"));
  mkdirSync(join(root, "server"));
  copyModules(join(ROOT, "node_modules"), join(root, "node_modules"));
  copyModules(join(ROOT, "server", "node_modules"), join(root, "server", "node_modules"));
  await buildServer(join(root, "server", "dist"));
}, 120_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

const installed = (name: string) => existsSync(join(root, "node_modules", name, "package.json"));

/** The Dockerfile's step, in a process of its own (a module once loaded stays loaded in this one). */
const prune = () => {
  const result = spawnSync(process.execPath, [join(import.meta.dirname, "prune-modules.mjs"), root], { encoding: "utf8" });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
};

describe("the image's node_modules", { timeout: 120_000 }, () => {
  it("names the packages the bundle leaves to node_modules: native addons, the API reference, the first-use ones", () => {
    const packages = JSON.parse(readFileSync(join(root, "server", "dist", "packages.json"), "utf8"));
    // cookie 2, which @fastify/cookie import()s, is an ES module: bundled, so the copy its importer declares is the one
    // that runs (left to Node, the bundle found the web's cookie 1 where it sits, or none in the image).
    expect(packages.external).toEqual(["@fastify/swagger-ui", "@node-rs/argon2", "better-sqlite3"]);
    expect(packages.bundled).toContain("cookie");
    expect(packages.firstUse).toEqual(expect.arrayContaining(["otpauth", "bcryptjs", "pg", "re2js", "sanitize-html", "yazl"]));
    expect(packages.bundled).toEqual(expect.arrayContaining(["fastify", "kysely", "zod", "@modelcontextprotocol/server"]));
  });

  it("keeps those and what they depend on, removes the bundled rest, and the bundle still loads", async () => {
    const { code, output } = prune();
    expect(output).toMatch(/node_modules: kept \d+ packages the server loads, removed \d{3,}/);
    expect(code).toBe(0);
    for (const name of ["better-sqlite3", "bindings", "@node-rs/argon2", "@fastify/swagger-ui", "yaml"])
      expect(installed(name), name).toBe(true);
    // Kept packages lose what Node never loads: yaml's browser build, npm's hidden lockfile.
    expect(existsSync(join(root, "node_modules", "yaml", "browser"))).toBe(false);
    expect(existsSync(join(root, "node_modules", "yaml", "dist"))).toBe(true);
    expect(existsSync(join(root, "node_modules", ".package-lock.json"))).toBe(false);
    // Bundled (the first-use packages in server/dist/first-use/), or only needed to install better-sqlite3, or tools
    // of the repository.
    for (const name of [
      "fastify",
      "kysely",
      "zod",
      "otpauth",
      "pg",
      "pg-protocol",
      "sanitize-html",
      "prebuild-install",
      "vitest",
      "esbuild",
    ])
      expect(installed(name), name).toBe(false);
  });

  it("bundles each first-use package into a file that loads with none of its packages installed", () => {
    const dist = join(root, "server", "dist");
    const run = (code: string) => spawnSync(process.execPath, ["-e", code], { cwd: dist, encoding: "utf8" });
    // After the pruning above: none of them is in node_modules any more.
    const sanitize = run(`process.stdout.write(require("./first-use/sanitize-html.cjs")("<b onclick=x>bold</b><script>1</script>"))`);
    expect(sanitize.stdout).toBe("<b>bold</b>");
    const totp = run(`const { TOTP, Secret } = require("./first-use/otpauth.cjs");
      process.stdout.write(new TOTP({ secret: Secret.fromBase32("JBSWY3DPEHPK3PXP") }).generate({ timestamp: 0 }))`);
    expect(totp.stdout).toBe("282760");
    const pg = run(`process.stdout.write(typeof require("./first-use/pg.cjs").Pool)`);
    expect(pg.stdout).toBe("function");
  });

  it("fails the build when the bundle cannot load a package or a first-use file", () => {
    // Present, so the pruning keeps it, but broken: its entry file is gone.
    rmSync(join(root, "node_modules", "@node-rs", "argon2", "index.js"));
    writeFileSync(join(root, "server", "dist", "first-use", "re2js.cjs"), "throw new Error('half-written');");
    const { code, output } = prune();
    expect(output).toMatch(/the bundle cannot load:\s+@node-rs\/argon2: /);
    expect(output).toMatch(/re2js \(server\/dist\/first-use\/re2js\.cjs\): half-written/);
    expect(code).toBe(1);
  });

  it("fails the build, naming the package, when one the server needs is missing", () => {
    // One of the API reference page's dependencies.
    rmSync(join(root, "node_modules", "yaml"), { recursive: true });
    const packages = JSON.parse(readFileSync(join(root, "server", "dist", "packages.json"), "utf8"));
    expect(() => packagesToKeep(root, packages)).toThrow(/yaml, needed by @fastify\/swagger-ui, is not installed/);
    const { code, output } = prune();
    expect(output).toMatch(/yaml, needed by @fastify\/swagger-ui, is not installed/);
    expect(code).toBe(1);
  });
});
