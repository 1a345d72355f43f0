// Builds memos' own web client, release v0.30.0, unchanged, so that the e2e suite can drive it against our server
// (e2e/tests/memos-web-client.spec.ts; docs/memos-web-client.md). `npm run memos-web-client` runs this.
//
// What it does, each step said as it runs:
//   1. Reads `web/` of the tag from a git repository of usememos/memos (`--repo DIR` or MEMOS_UPSTREAM_REPO; a bare
//      mirror is enough). That folder holds the client's generated protobuf code (src/types/proto), so nothing else
//      of the repository is needed.
//   2. Fetches Node 24 and the pnpm that web/package.json names (its `packageManager`), both from the npm registry,
//      into the build cache: the client declares Node >= 24 and pnpm 11.
//   3. `pnpm install --frozen-lockfile` (pnpm's store in the build cache), then Vite's production build.
// Everything lives in the build cache (scripts/lib/memos-web-client.mjs says where), never in this repository; the
// built client is dist/ there. A second run with the build present does nothing (`--force` builds again).
//
// The client reaches its server on its own origin (`window.location.origin`: Connect under /memos.api.v1.*, the
// event stream under /api/v1/sse, bytes under /file/), and its assets are at the root (Vite's default base "/"):
// whatever serves dist/ must serve those paths from our server on the same origin.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { MEMOS_WEB_TAG, memosWebClientDir, memosWebClientDist } from "./lib/memos-web-client.mjs";
import { cacheDir } from "./lib/native-cache.mjs";
import { nodeEnv } from "./lib/node-runtime.mjs";
import { unpackRegistryPackage } from "./lib/registry-package.mjs";
import { run, say } from "./lib/util.mjs";

/** The Node that installs and builds the client: its package.json asks for >= 24. */
const CLIENT_NODE_VERSION = "24.22.3";
/** Where a session's repository fetch leaves a bare mirror of usememos/memos, the default source. */
const MIRROR = "/work/.mirror/usememos+memos/repo";
const STEP_TIMEOUT_MS = 20 * 60_000;

const DIR = memosWebClientDir();
const DIST = memosWebClientDist();
const STAMP = join(DIR, "built.json");

function fail(message) {
  console.error(`[memos] memos-web-client: ${message}`);
  process.exit(1);
}

function option(name) {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

function upToDate() {
  if (!existsSync(join(DIST, "index.html")) || !existsSync(STAMP)) return false;
  return JSON.parse(readFileSync(STAMP, "utf8")).tag === MEMOS_WEB_TAG;
}

function sourceRepository() {
  const repo = option("--repo") ?? process.env.MEMOS_UPSTREAM_REPO ?? (existsSync(MIRROR) ? MIRROR : undefined);
  if (!repo) {
    fail(
      `no repository of usememos/memos to build from: pass --repo DIR (a clone or a bare mirror holding the tag ${MEMOS_WEB_TAG}) or set MEMOS_UPSTREAM_REPO`,
    );
  }
  const commit = spawnSync("git", ["-C", repo, "rev-parse", "--verify", `${MEMOS_WEB_TAG}^{commit}`], { encoding: "utf8" });
  if (commit.status !== 0) fail(`${repo} has no tag ${MEMOS_WEB_TAG}: ${commit.stderr.trim()}`);
  return { repo, commit: commit.stdout.trim() };
}

/** Writes the tag's web/ folder into `into` (emptied first): `git archive TAG web`, unpacked. */
function exportWebFolder(repo, into) {
  rmSync(into, { recursive: true, force: true });
  mkdirSync(into, { recursive: true });
  const archive = join(into, "web.tar");
  const archived = spawnSync("git", ["-C", repo, "archive", `--output=${archive}`, MEMOS_WEB_TAG, "web"], { encoding: "utf8" });
  if (archived.status !== 0) fail(`git archive ${MEMOS_WEB_TAG} web failed: ${archived.stderr.trim()}`);
  const unpacked = spawnSync("tar", ["-xf", archive, "-C", into], { encoding: "utf8" });
  if (unpacked.status !== 0) fail(`could not unpack ${archive}: ${unpacked.stderr.trim()}`);
  rmSync(archive);
  return join(into, "web");
}

function ensureClientNode() {
  const packageName = `node-${process.platform}-${process.arch}`;
  const dir = join(cacheDir(), "node", `${packageName}-${CLIENT_NODE_VERSION}`);
  say(`Node ${CLIENT_NODE_VERSION} (${packageName}, once per machine) in ${dir}`);
  const error = unpackRegistryPackage(`${packageName}@${CLIENT_NODE_VERSION}`, dir, join("bin", "node"));
  if (error) fail(error);
  return join(dir, "bin", "node");
}

/** The pnpm of web/package.json's `packageManager` (`pnpm@11.0.1`), so pnpm has no reason to fetch another. */
function ensurePnpm(webDir) {
  const packageManager = JSON.parse(readFileSync(join(webDir, "package.json"), "utf8")).packageManager ?? "";
  const version = /^pnpm@(\d+\.\d+\.\d+)/.exec(packageManager)?.[1];
  if (!version) fail(`web/package.json names no pnpm version (packageManager: "${packageManager}")`);
  const dir = join(cacheDir(), `pnpm-${version}`);
  say(`pnpm ${version} (web/package.json's packageManager) in ${dir}`);
  const error = unpackRegistryPackage(`pnpm@${version}`, dir, join("bin", "pnpm.mjs"));
  if (error) fail(error);
  return join(dir, "bin", "pnpm.mjs");
}

/**
 * The environment of the client's tools: Node 24 first in PATH; none of npm's own `npm_config_*` variables (an
 * `npm run` sets them, and pnpm would read them as its configuration), nor a NODE_ENV that would leave out the
 * client's devDependencies (Vite is one); CI=true keeps pnpm from asking questions.
 */
function clientEnv(node, extra) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(npm_|NODE_ENV$)/i.test(key)));
  return { ...nodeEnv(node, env), CI: "true", ...extra };
}

async function step(label, node, args, cwd, extraEnv = {}) {
  say(label);
  const code = await run(node, args, { cwd, env: clientEnv(node, extraEnv), timeoutMs: STEP_TIMEOUT_MS });
  if (code !== 0) fail(`${label}: exited with ${code}`);
}

async function main() {
  if (upToDate() && !process.argv.includes("--force")) {
    say(`memos web client ${MEMOS_WEB_TAG}: built already in ${DIST} (--force builds it again)`);
    return;
  }
  const started = Date.now();
  const { repo, commit } = sourceRepository();
  say(`building memos' web client ${MEMOS_WEB_TAG} (${commit.slice(0, 12)}) from ${repo} into ${DIST}`);
  const webDir = exportWebFolder(repo, join(DIR, "src"));
  say(`exported web/ of ${MEMOS_WEB_TAG} into ${webDir}`);
  const node = ensureClientNode();
  const pnpm = ensurePnpm(webDir);
  // pm-on-fail=ignore: should the running pnpm ever differ from packageManager's, pnpm 11 would refuse to install.
  await step(
    "pnpm install (the client's locked dependencies)",
    node,
    [pnpm, "install", "--frozen-lockfile", "--config.pm-on-fail=ignore", "--store-dir", join(DIR, "pnpm-store")],
    webDir,
  );
  // Built beside dist/ and renamed, so a present dist/ is always a whole build.
  const partial = `${DIST}.partial`;
  rmSync(partial, { recursive: true, force: true });
  await step(
    "vite build (the client's production bundle)",
    node,
    [join(webDir, "node_modules", "vite", "bin", "vite.js"), "build", "--outDir", partial, "--emptyOutDir"],
    webDir,
    // The production bundle whoever calls: a caller's NODE_ENV=test would make Vite build a development React.
    { NODE_ENV: "production" },
  );
  rmSync(DIST, { recursive: true, force: true });
  renameSync(partial, DIST);
  writeFileSync(STAMP, `${JSON.stringify({ tag: MEMOS_WEB_TAG, commit, node: CLIENT_NODE_VERSION }, null, 2)}\n`);
  say(`memos web client ${MEMOS_WEB_TAG} built in ${Math.round((Date.now() - started) / 1000)} s: ${DIST}`);
}

await main();
