// Bundles the server (server/src/main.ts) into server/dist/main.js, the maintenance commands
// (server/src/cli/index.ts: backup, restore, transfer) into server/dist/cli.js and the import's reading thread
// (server/src/services/import/reader.worker.ts) into server/dist/import-reader.js and the thumbnail thread
// (server/src/services/thumbnails/thumbnail.worker.ts) into server/dist/thumbnail-maker.js, with esbuild: Node, ESM, minified
// (whitespace and syntax; names kept), with the packages the server imports bundled in, except the few that must stay
// files in node_modules (RUN_TIME_PACKAGES). The packages loaded on first use (server/src/on-first-use.ts), which
// the main bundle does not follow, are bundled each into a CommonJS file of its own, server/dist/first-use/<name>.cjs.
// server/dist/packages.json says which packages the bundle holds and which it loads from node_modules: the image
// ships only the latter (scripts/container/prune-modules.mjs).
// Run directly (`node scripts/build-server.mjs`) or through scripts/build.mjs.
import { decode, encode } from "@jridgewell/sourcemap-codec";
import { copyFileSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT } from "./lib/util.mjs";

/** esbuild's target: the oldest Node `engines.node` claims (`^22.13.0 || >=24` → node22.13.0). */
const NODE_TARGET = `node${/\d+\.\d+\.\d+/.exec(JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).engines.node)[0]}`;

export const SERVER_ENTRY = join(ROOT, "server", "src", "main.ts");
export const SERVER_OUT = join(ROOT, "server", "dist", "main.js");
export const CLI_ENTRY = join(ROOT, "server", "src", "cli", "index.ts");
export const CLI_OUT = join(ROOT, "server", "dist", "cli.js");
const IMPORT_READER_ENTRY = join(ROOT, "server", "src", "services", "import", "reader.worker.ts");
const THUMBNAIL_MAKER_ENTRY = join(ROOT, "server", "src", "services", "thumbnails", "thumbnail.worker.ts");
const WORKER_FILES = ["sqlite-reader.worker.mjs", "fulltext-merge.worker.mjs", "sqlite-functions.mjs"];

/**
 * Packages the bundle leaves to node_modules: native addons (better-sqlite3 and argon2 load a compiled file found
 * from their own folder), and the API reference's page, which serves the files of its package's folder.
 */
const RUN_TIME_PACKAGES = ["better-sqlite3", "@node-rs/argon2", "@fastify/swagger-ui"];

/** "@scope/name" or "name" of a bare specifier, or of a file under node_modules; null for Node's own modules. */
export function packageName(specifier) {
  const path = specifier.replaceAll("\\", "/");
  const inModules = path.lastIndexOf("node_modules/");
  const rest = inModules >= 0 ? path.slice(inModules + "node_modules/".length) : path;
  if (inModules < 0 && (/^[./]/.test(rest) || isBuiltin(rest))) return null;
  const [first, second] = rest.split("/");
  return first.startsWith("@") ? `${first}/${second}` : first;
}

/** `onFirstUse<…>("name")` in server/src/on-first-use.ts's callers: packages required when a feature first runs. */
const FIRST_USE_CALL = /\bonFirstUse\s*<[^;]*?>\s*\(\s*"([^"]+)"\s*\)/g;
/** Filled by the plugin below as esbuild reads the server's files. */
const firstUsePackages = new Set();

/** Marks the plugin's own resolve calls, which esbuild must resolve as usual. */
const RESOLVING = Symbol("resolving");

/** Whether the package `name` that `file` belongs to is an ES module package (`"type": "module"`). */
function isModulePackage(file, name) {
  const path = file.replaceAll("\\", "/");
  const dir = path.slice(0, path.lastIndexOf(`node_modules/${name}/`) + `node_modules/${name}`.length);
  try {
    return JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).type === "module";
  } catch {
    return false;
  }
}

/** @type {import("esbuild").Plugin} */
const runTimePackages = {
  name: "run-time-packages",
  setup(build) {
    build.onLoad({ filter: /[\\/]server[\\/]src[\\/].*\.ts$/ }, (args) => {
      for (const [, name] of readFileSync(args.path, "utf8").matchAll(FIRST_USE_CALL)) firstUsePackages.add(name);
      return undefined; // esbuild reads and compiles the file as usual
    });
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === RESOLVING) return undefined;
      const name = packageName(args.path);
      if (!name) return undefined;
      if (RUN_TIME_PACKAGES.includes(name)) return { path: args.path, external: true };
      // A package's own import() of a CommonJS package is left to Node: bundled, its exports would be only its
      // default (esbuild cannot know the names Node finds in it). An ES module's (cookie 2, which @fastify/cookie
      // imports) is bundled: left out, Node would find whichever copy sits where the bundle is, not the importer's.
      if (args.kind !== "dynamic-import" || !args.importer.includes("node_modules")) return undefined;
      const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: RESOLVING });
      return resolved.errors.length === 0 && isModulePackage(resolved.path, name) ? resolved : { path: args.path, external: true };
    });
  },
};

/** esbuild's options for the server's files (scripts/server-startup.test.ts builds with them too, in memory). */
export const SERVER_BUILD_OPTIONS = /** @type {const} */ ({
  absWorkingDir: ROOT,
  // Beside each other in server/dist, where the reader-thread files are copied too. The import's reading thread
  // (services/import/reader-thread.ts) starts import-reader.js from beside the chunk that holds the importer.
  // So does the thumbnail thread's thumbnail-maker.js (services/thumbnails/thumbnail-thread.ts).
  entryPoints: { main: SERVER_ENTRY, cli: CLI_ENTRY, "import-reader": IMPORT_READER_ENTRY, "thumbnail-maker": THUMBNAIL_MAKER_ENTRY },
  outdir: join(ROOT, "server", "dist"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: NODE_TARGET,
  sourcemap: true,
  // Stack traces need the maps' positions only; Node keeps every map it loads in the heap (the sources would be
  // 1.2 MB more of it).
  sourcesContent: false,
  // Dynamic imports become chunks of their own (e.g. the importer), loaded when first used.
  splitting: true,
  // Chunks sit beside main.js: code that finds the reader-thread files next to itself keeps working.
  chunkNames: "[name]-[hash]",
  legalComments: "none",
  // Bundled packages are most of the code: minified, the image ships 18 MB less of node_modules, and V8 holds less
  // source. Names stay, for readable stack traces.
  minifyWhitespace: true,
  minifySyntax: true,
  // Bundled CommonJS packages call require() for Node's modules at run time: an ES module has none of its own.
  banner: {
    js: 'import { createRequire as __memosCreateRequire } from "node:module"; const require = __memosCreateRequire(import.meta.url);',
  },
  metafile: true,
  // V8 keeps each module's source in the heap, two bytes a character when one of them is not Latin-1 (one "…" in a
  // comment doubled main.js's 430 KB).
  charset: "ascii",
  logLevel: "warning",
  plugins: [runTimePackages],
});

/** `text` with every character past Latin-1 written as a \\u escape. */
export const latin1Only = (text) => text.replace(/[^\0-\xff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);

/**
 * What the bundle holds and what it loads from node_modules: `bundled`, the packages whose code is in the chunks;
 * `external`, the packages its import statements, import() and require() calls name (Node's own modules aside).
 * `firstUse`, the packages server/src/on-first-use.ts requires when a feature first needs them, each bundled into
 * server/dist/first-use/ (the main bundle does not follow those calls; some are in it too, for another package).
 */
function packagesOf(metafile, firstUse = firstUsePackages) {
  const bundled = new Set();
  const external = new Set();
  for (const input of Object.keys(metafile.inputs)) {
    const name = input.includes("node_modules") ? packageName(input) : null;
    if (name) bundled.add(name);
  }
  for (const output of Object.values(metafile.outputs)) {
    for (const imported of output.imports) {
      const name = imported.external ? packageName(imported.path) : null;
      if (name) external.add(name);
    }
  }
  return { bundled: [...bundled].sort(), external: [...external].sort(), firstUse: [...firstUse].sort() };
}

/**
 * `map` (a source map, parsed) mapping our sources only: the bundled packages' code is left unmapped (a stack frame
 * there shows the bundle's position), which keeps the maps a sixth of their size, in the image and in the heap
 * (Node keeps the map of every module it loads with --enable-source-maps).
 */
export function withoutPackageMappings(map) {
  const kept = map.sources.map((source) => !source.includes("node_modules/"));
  const sourceIndex = [];
  const sources = [];
  map.sources.forEach((source, index) => {
    if (!kept[index]) return;
    sourceIndex[index] = sources.length;
    sources.push(source);
  });
  const nameIndex = new Map();
  const names = [];
  const lines = decode(map.mappings).map((segments) => {
    const out = [];
    for (const segment of segments) {
      if (segment.length === 1 || !kept[segment[1]]) {
        // Unmapped from here on: one segment says so; the ones after it until a mapped one add nothing.
        if (out.length > 0 && out.at(-1).length !== 1) out.push([segment[0]]);
        continue;
      }
      const mapped = [segment[0], sourceIndex[segment[1]], segment[2], segment[3]];
      if (segment.length === 5) {
        if (!nameIndex.has(segment[4])) {
          nameIndex.set(segment[4], names.length);
          names.push(map.names[segment[4]]);
        }
        mapped.push(nameIndex.get(segment[4]));
      }
      out.push(mapped);
    }
    return out;
  });
  return { ...map, sources, names, mappings: encode(lines) };
}

/** The file a first-use package is bundled into, under server/dist (server/src/on-first-use.ts reads the same name). */
export const firstUseFile = (name) => `first-use/${name.replace("/", "+")}.cjs`;

/**
 * Each first-use package, with what it depends on, as one minified CommonJS file: `require(name)`'s own result, so
 * the callers see what they saw from node_modules, at a fifth of the size (the image's node_modules keeps none of
 * them). Optional dependencies the packages require only when installed (pg-native, cardinal) stay requires.
 */
async function buildFirstUse(esbuild, outdir, names) {
  for (const name of names) {
    const result = await esbuild.build({
      absWorkingDir: ROOT,
      stdin: { contents: `module.exports = require(${JSON.stringify(name)});`, resolveDir: join(ROOT, "server"), loader: "js" },
      outfile: join(outdir, firstUseFile(name)),
      bundle: true,
      platform: "node",
      format: "cjs",
      target: NODE_TARGET,
      // Optional requires, each in a try: pg's native binding, mysql2's SQL highlighter for its debug output.
      external: ["pg-native", "cardinal"],
      legalComments: "none",
      minify: true,
      keepNames: true,
      charset: "ascii",
      logLevel: "warning",
    });
    if (result.errors.length > 0) throw new Error(`esbuild reported errors bundling ${name}`);
  }
}

/** Builds into `outdir` (server/dist by default); resolves with the path of its main.js. */
export async function buildServer(outdir = join(ROOT, "server", "dist")) {
  const esbuild = await import("esbuild");
  rmSync(outdir, { recursive: true, force: true });
  const result = await esbuild.build({ ...SERVER_BUILD_OPTIONS, outdir });
  if (result.errors.length > 0) throw new Error("esbuild reported errors");
  for (const file of readdirSync(outdir).filter((name) => name.endsWith(".js"))) {
    const path = join(outdir, file);
    // esbuild keeps some comments as written: their characters past Latin-1 are escaped too (the code's are already).
    const text = readFileSync(path, "utf8");
    if (/[^\0-\xff]/.test(text)) writeFileSync(path, latin1Only(text));
    const mapPath = `${path}.map`;
    writeFileSync(mapPath, JSON.stringify(withoutPackageMappings(JSON.parse(readFileSync(mapPath, "utf8")))));
  }
  const packages = packagesOf(result.metafile);
  await buildFirstUse(esbuild, outdir, packages.firstUse);
  writeFileSync(join(outdir, "packages.json"), `${JSON.stringify(packages, null, 2)}\n`);
  // The SQLite reader threads load these as they are (plain JavaScript), beside main.js.
  for (const file of WORKER_FILES) copyFileSync(join(ROOT, "server", "src", "store", "sqlite", file), join(outdir, file));
  return join(outdir, "main.js");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  buildServer().then(
    (out) => console.log(`[memos] built ${out.slice(ROOT.length + 1)}`),
    (error) => {
      console.error(`[memos] server build failed: ${error.message}`);
      process.exit(1);
    },
  );
}
