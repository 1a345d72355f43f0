// Installs the dependencies when they are missing or out of date, and never otherwise: better-sqlite3
// compiles from source (about 80 s), so a needless `npm ci` is expensive.
//
// node_modules/.memos-install-stamp holds a hash of everything that decides what `npm ci` installs: the
// lockfile, the dependency fields of every package.json, and the Node ABI the native modules were built for.
// It installs for the Node that will load the modules: the script first moves onto the supported Node
// (scripts/lib/node-runtime.mjs), and npm, its install scripts and node-gyp's headers are that Node's.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { cachedModuleFile, otherScriptedPackages, restoreModule, saveModule } from "./native-cache.mjs";
import { nodeEnv, runOnSupportedNode } from "./node-runtime.mjs";
import { ROOT, run, say } from "./util.mjs";

const STAMP = join(ROOT, "node_modules", ".memos-install-stamp");
const DEPENDENCY_FIELDS = [
  "name",
  "workspaces",
  "dependencies",
  "devDependencies",
  "optionalDependencies",
  "peerDependencies",
  "overrides",
  "allowScripts",
];
const DEPENDENCY_KINDS = ["dependencies", "devDependencies", "optionalDependencies"];

function readJson(path) {
  return JSON.parse(readFileSync(path, "utf8"));
}

/** The root package.json followed by every workspace's package.json that exists, as [folder, manifest]. */
function manifests() {
  const root = readJson(join(ROOT, "package.json"));
  const list = [[ROOT, root]];
  for (const workspace of root.workspaces ?? []) {
    const file = join(ROOT, workspace, "package.json");
    if (existsSync(file)) list.push([join(ROOT, workspace), readJson(file)]);
  }
  return list;
}

function installHash() {
  const hash = createHash("sha256");
  const lock = join(ROOT, "package-lock.json");
  hash.update(existsSync(lock) ? readFileSync(lock) : "no lockfile");
  for (const [folder, manifest] of manifests()) {
    const relevant = Object.fromEntries(DEPENDENCY_FIELDS.map((field) => [field, manifest[field] ?? null]));
    hash.update(`\n${folder.slice(ROOT.length) || "/"}\n${JSON.stringify(relevant)}`);
  }
  hash.update(`\n${process.platform}-${process.arch}-abi${process.versions.modules}`);
  return hash.digest("hex");
}

/**
 * node_modules exists but carries no stamp (installed by hand, or before this script existed): accept it
 * when every declared dependency is present and the native SQLite module loads in this Node.
 */
function existingInstallLooksComplete() {
  if (!existsSync(join(ROOT, "node_modules", ".package-lock.json"))) return false;
  for (const [folder, manifest] of manifests()) {
    for (const kind of DEPENDENCY_KINDS) {
      for (const name of Object.keys(manifest[kind] ?? {})) {
        const found = [join(folder, "node_modules", name), join(ROOT, "node_modules", name)].some((dir) =>
          existsSync(join(dir, "package.json")),
        );
        if (!found && kind !== "optionalDependencies") return false;
      }
    }
  }
  return sqliteLoads();
}

/** Whether the native SQLite module loads in this Node and opens a database. */
function sqliteLoads() {
  const probe = spawnSync(process.execPath, ["-e", "const D = require('better-sqlite3'); new D(':memory:').close();"], {
    cwd: join(ROOT, "server"),
    stdio: "ignore",
  });
  return probe.status === 0;
}

/**
 * A fresh install whose better-sqlite3 was compiled before on this machine (scripts/lib/native-cache.mjs):
 * `npm ci` without install scripts, the kept module copied in, the other packages' scripts run. Returns npm's exit
 * code, or null when there is no kept module or it does not load (then a plain `npm ci` follows).
 */
async function installWithCachedModule(npm, cacheFile) {
  const npmRun = (args) => run(npm, args, { env: nodeEnv(process.execPath) });
  if (!cacheFile || !existsSync(cacheFile)) return null;
  say(`running npm ci with install scripts off: better-sqlite3 was compiled before on this machine (${cacheFile})`);
  const code = await npmRun(["ci", "--no-audit", "--no-fund", "--ignore-scripts"]);
  if (code !== 0) return null;
  restoreModule(cacheFile);
  if (!sqliteLoads()) {
    say("the kept better-sqlite3 module does not load here: compiling it");
    rmSync(cacheFile, { force: true });
    const rebuilt = await npmRun(["rebuild", "better-sqlite3"]);
    if (rebuilt !== 0) return rebuilt;
    saveModule(cacheFile);
  }
  const others = otherScriptedPackages();
  return others.length > 0 ? npmRun(["rebuild", ...others]) : 0;
}

/**
 * Runs `npm ci` unless node_modules matches the stamp. Returns true when the dependencies are ready. A script whose
 * Node is outside engines.node is first run again on the pinned Node (and exits with it): call this first.
 */
export async function ensureInstalled() {
  await runOnSupportedNode();
  const wanted = installHash();
  const hasModules = existsSync(join(ROOT, "node_modules"));
  if (hasModules && existsSync(STAMP) && readFileSync(STAMP, "utf8").trim() === wanted) return true;

  if (hasModules && !existsSync(STAMP) && existingInstallLooksComplete()) {
    writeFileSync(STAMP, `${wanted}\n`);
    say("dependencies already installed; recorded node_modules/.memos-install-stamp");
    return true;
  }

  say(
    hasModules
      ? "package-lock.json or a package.json changed since the last install: running npm ci"
      : "node_modules is missing: installing (npm ci; better-sqlite3 compiles from source the first time on a machine, about two minutes)",
  );
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const cacheFile = cachedModuleFile();
  let code = await installWithCachedModule(npm, cacheFile);
  if (code === null) {
    code = await run(npm, ["ci", "--no-audit", "--no-fund"], { env: nodeEnv(process.execPath) });
    if (code === 0 && cacheFile) {
      const error = saveModule(cacheFile);
      say(error ? `could not keep the compiled better-sqlite3 module (${error})` : `kept the compiled better-sqlite3 module: ${cacheFile}`);
    }
  }
  if (code !== 0) {
    // A registry without some platforms' optional packages (Biome's and knip's native binaries for other
    // systems) leaves them out of the lockfile, which `npm ci` then refuses; `npm install` skips them.
    say(`npm ci failed (exit code ${code}): running npm install`);
    code = await run(npm, ["install", "--no-audit", "--no-fund"], { env: nodeEnv(process.execPath) });
  }
  if (code !== 0) {
    console.error(`[memos] npm install failed (exit code ${code})`);
    return false;
  }
  // `npm install` over a node_modules of another Node keeps its compiled modules: compile SQLite's for this one.
  if (!sqliteLoads()) {
    say(`better-sqlite3 does not load in Node ${process.versions.node}: compiling it for this Node`);
    const rebuilt = await run(npm, ["rebuild", "better-sqlite3"], { env: nodeEnv(process.execPath) });
    if (rebuilt !== 0 || !sqliteLoads()) {
      console.error(`[memos] better-sqlite3 does not load in Node ${process.versions.node} (${process.execPath})`);
      return false;
    }
    if (cacheFile) saveModule(cacheFile);
  }
  // `npm install` may have rewritten the lockfile: the stamp is of what is installed now.
  writeFileSync(STAMP, `${installHash()}\n`);
  return true;
}
