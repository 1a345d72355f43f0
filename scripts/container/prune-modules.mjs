// The image's node_modules: only the packages the built server loads from node_modules at run time (what
// server/dist/packages.json names as `external`, scripts/build-server.mjs) and what they depend on. Everything else
// is in the bundle already, the packages loaded on first use in server/dist/first-use/. Run by the Dockerfile on the
// production install, with the bundle beside it in <root>/server/dist:
//   node prune-modules.mjs <root>
// It deletes the rest, then loads every chunk and first-use file of the bundle and every package it names from
// node_modules, so that a package the server needs but the pruning removed fails the image's build instead of a
// feature's first use.
import { existsSync, readdirSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

/** The entry points of the bundle: starting them would start the server, a command or a thread. */
const ENTRIES = new Set(["main.js", "cli.js", "import-reader.js", "thumbnail-maker.js"]);

/** Dependencies a package needs only to install itself: better-sqlite3 fetches or builds its addon with it. */
const INSTALL_ONLY = new Set(["prebuild-install"]);

/** The folder of package `name` as Node finds it from `fromDir` (its node_modules, then each parent's); or null. */
function findPackage(name, fromDir, root) {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return realpathSync(candidate);
    if (dir === root || dirname(dir) === dir) return null;
  }
}

/**
 * The folders of the packages the server at `<root>/server` needs at run time: the `external` ones of
 * `packages.json` and, through their manifests, what they depend on (optional and peer dependencies when
 * installed). Throws when a required dependency is not installed.
 */
export function packagesToKeep(root, { external }) {
  const keep = new Set();
  const queue = external.map((name) => ({ name, from: join(root, "server"), required: true, by: "the bundle" }));
  while (queue.length > 0) {
    const { name, from, required, by } = queue.shift();
    const dir = findPackage(name, from, root);
    if (!dir) {
      if (required) throw new Error(`${name}, needed by ${by}, is not installed under ${root}`);
      continue;
    }
    if (keep.has(dir)) continue;
    keep.add(dir);
    const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    const optional = { ...manifest.peerDependencies, ...manifest.optionalDependencies };
    for (const dependency of Object.keys({ ...manifest.dependencies, ...optional })) {
      if (INSTALL_ONLY.has(dependency)) continue;
      const isOptional = dependency in optional && !(dependency in (manifest.dependencies ?? {}));
      queue.push({ name: dependency, from: dir, required: !isOptional, by: name });
    }
  }
  return keep;
}

/**
 * Parts of kept packages Node never loads, and npm's own record of the install: the image's budget (150 MB) is
 * tight enough for them to count. `yaml/browser` is yaml's build for bundlers' `browser` condition (Node resolves
 * `yaml/dist`); `.package-lock.json` is npm's hidden lockfile, read by npm alone. The check after the pruning loads
 * the bundle, so a part removed here that something needed fails the build.
 */
const NEVER_LOADED = [
  "yaml/browser",
  ".package-lock.json",
  // lru-cache (under @fastify/static's glob) builds itself four ways for each module system: Node's `node` condition
  // picks dist/*/node; the `browser` and `react-native` builds are 290 KB Node never reads.
  "lru-cache/dist/commonjs/browser",
  "lru-cache/dist/commonjs/react-native",
  "lru-cache/dist/esm/browser",
  "lru-cache/dist/esm/react-native",
];

/** Removes NEVER_LOADED under `modulesDir`; returns how many were there. */
function trimUnloaded(modulesDir) {
  let trimmed = 0;
  for (const part of NEVER_LOADED) {
    const path = join(modulesDir, part);
    if (!existsSync(path)) continue;
    rmSync(path, { recursive: true, force: true });
    trimmed += 1;
  }
  return trimmed;
}

/** Deletes every package folder under `modulesDir` (a node_modules) that is not in `keep`; returns their count. */
function prune(modulesDir, keep) {
  if (!existsSync(modulesDir)) return 0;
  let removed = 0;
  for (const entry of readdirSync(modulesDir)) {
    const path = join(modulesDir, entry);
    if (entry === ".bin") {
      rmSync(path, { recursive: true, force: true });
    } else if (entry.startsWith("@")) {
      removed += prune(path, keep);
      if (readdirSync(path).length === 0) rmSync(path, { recursive: true });
    } else if (!entry.startsWith(".")) {
      // A workspace's link points outside node_modules (and, in a copy, nowhere): never one the server needs.
      const real = existsSync(path) ? realpathSync(path) : null;
      if (real && keep.has(real)) {
        removed += prune(join(path, "node_modules"), keep);
      } else {
        rmSync(path, { recursive: true, force: true });
        removed += 1;
      }
    }
  }
  return removed;
}

/**
 * Loads what the bundle in `<root>/server/dist` loads from node_modules, each first-use package's file, and every
 * chunk but the entry points.
 */
async function checkBundleLoads(root) {
  const dist = join(root, "server", "dist");
  const { external, firstUse } = JSON.parse(readFileSync(join(dist, "packages.json"), "utf8"));
  const require = createRequire(join(dist, "main.js"));
  const failures = [];
  for (const name of external) {
    try {
      await import(pathToFileURL(require.resolve(name)).href);
    } catch (error) {
      failures.push(`${name}: ${error.message}`);
    }
  }
  const firstUseDir = join(dist, "first-use");
  const firstUseFiles = existsSync(firstUseDir) ? readdirSync(firstUseDir) : [];
  for (const name of firstUse) {
    // scripts/build-server.mjs's firstUseFile
    const file = `${name.replace("/", "+")}.cjs`;
    try {
      if (!firstUseFiles.includes(file)) throw new Error("not built");
      require(join(firstUseDir, file));
    } catch (error) {
      failures.push(`${name} (server/dist/first-use/${file}): ${error.message}`);
    }
  }
  for (const file of readdirSync(dist).filter((name) => name.endsWith(".js") && !ENTRIES.has(name))) {
    try {
      await import(pathToFileURL(join(dist, file)).href);
    } catch (error) {
      failures.push(`server/dist/${file}: ${error.message}`);
    }
  }
  if (failures.length > 0) throw new Error(`the bundle cannot load:\n  ${failures.join("\n  ")}`);
}

/** Prunes `<root>`'s node_modules (and the server workspace's) to what the bundle needs, then checks it loads. */
async function pruneModules(root) {
  const packages = JSON.parse(readFileSync(join(root, "server", "dist", "packages.json"), "utf8"));
  const keep = packagesToKeep(root, packages);
  const removed = prune(join(root, "node_modules"), keep) + prune(join(root, "server", "node_modules"), keep);
  const trimmed = trimUnloaded(join(root, "node_modules")) + trimUnloaded(join(root, "server", "node_modules"));
  await checkBundleLoads(root);
  return { kept: keep.size, removed, trimmed };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const root = process.argv[2];
  if (!root) {
    console.error("usage: node prune-modules.mjs <root: the folder holding node_modules and server/dist>");
    process.exit(2);
  }
  pruneModules(realpathSync(root)).then(
    ({ kept, removed, trimmed }) => {
      console.log(`[memos] node_modules: kept ${kept} packages the server loads, removed ${removed} (and ${trimmed} parts never loaded)`);
      // A chunk may have left a timer or a handle open: the check is done.
      process.exit(0);
    },
    (error) => {
      console.error(`[memos] ${error.message}`);
      process.exit(1);
    },
  );
}
