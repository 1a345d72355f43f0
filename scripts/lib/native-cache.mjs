// better-sqlite3 compiles from source on these machines (no prebuilt binary is reachable): two of the three minutes of
// a fresh clone's `npm ci` on a slow 2-core machine. Its compiled module is kept outside the checkout, named by the
// package's lockfile integrity and the module ABI of the Node that loads it (process.versions.modules), so the next
// fresh clone on the same machine installs with install scripts off, copies the module in, and runs the other
// packages' install scripts alone. A module is kept only once it loads in this Node: node-gyp compiles against the
// headers npm's nodedir names, which may be another Node's, and a module of another ABI must never carry this one's.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { ROOT } from "./util.mjs";

const PACKAGE = "better-sqlite3";
const MODULE = "build/Release/better_sqlite3.node";

/** Where compiled modules are kept: MEMOS_BUILD_CACHE, else $XDG_CACHE_HOME/memos or ~/.cache/memos. */
export function cacheDir() {
  return process.env.MEMOS_BUILD_CACHE || join(process.env.XDG_CACHE_HOME || join(homedir(), ".cache"), "memos");
}

function lockedPackages() {
  const lockFile = join(ROOT, "package-lock.json");
  return existsSync(lockFile) ? (JSON.parse(readFileSync(lockFile, "utf8")).packages ?? {}) : {};
}

/**
 * The cache file for the locked better-sqlite3 built for a module ABI (this Node's by default), or null without a
 * lockfile entry to name it by.
 */
export function cachedModuleFile(abi = process.versions.modules) {
  const entry = lockedPackages()[`node_modules/${PACKAGE}`];
  if (!entry?.integrity) return null;
  const build = `${process.platform}-${process.arch}-abi${abi}`;
  const key = createHash("sha256").update(`${entry.integrity}\n${build}`).digest("hex").slice(0, 16);
  return join(cacheDir(), `${PACKAGE}-${entry.version}-${build}-${key}.node`);
}

/** Whether a compiled module loads in this Node (one compiled for another module ABI throws on load). */
function loadsInThisNode(file) {
  return spawnSync(process.execPath, ["-e", `require(${JSON.stringify(file)})`], { stdio: "ignore" }).status === 0;
}

/** The packages besides better-sqlite3 whose install scripts `npm ci --ignore-scripts` left out (esbuild's). */
export function otherScriptedPackages() {
  return Object.entries(lockedPackages())
    .filter(([path, entry]) => entry.hasInstallScript && path.includes("node_modules/"))
    .map(([path]) => path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length))
    .filter((name, index, names) => name !== PACKAGE && names.indexOf(name) === index);
}

const installedModule = () => join(ROOT, "node_modules", PACKAGE, MODULE);

/** Copies the cached module into node_modules; false when there is none. */
export function restoreModule(cacheFile) {
  if (!existsSync(cacheFile)) return false;
  mkdirSync(dirname(installedModule()), { recursive: true });
  copyFileSync(cacheFile, installedModule());
  return true;
}

/**
 * Keeps the module `npm ci` just compiled (or `from`). Returns an error message when it could not: it does not load
 * in this Node, or the cache folder is not writable (a read-only home).
 */
export function saveModule(cacheFile, from = installedModule()) {
  if (!existsSync(from)) return `${from} is missing`;
  if (!loadsInThisNode(from)) return `${from} does not load in Node ${process.versions.node} (compiled for another Node)`;
  try {
    mkdirSync(dirname(cacheFile), { recursive: true });
    // Copied under another name first, so a run stopped halfway never leaves a truncated module to be copied in.
    const partial = `${cacheFile}.${process.pid}.partial`;
    copyFileSync(from, partial);
    renameSync(partial, cacheFile);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
