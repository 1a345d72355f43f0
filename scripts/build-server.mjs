// Bundles the server (server/src/main.ts) into server/dist/main.js, the maintenance commands
// (server/src/cli/index.ts: backup, restore, transfer) into server/dist/cli.js and the import's reading thread
// (server/src/services/import/reader.worker.ts) into server/dist/import-reader.js, with esbuild: Node, ESM, with the
// TypeScript source of @memos/common inlined and every other package left to node_modules at run time.
// Run directly (`node scripts/build-server.mjs`) or through scripts/build.mjs.
import { copyFileSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT } from "./lib/util.mjs";

export const SERVER_ENTRY = join(ROOT, "server", "src", "main.ts");
export const SERVER_OUT = join(ROOT, "server", "dist", "main.js");
export const CLI_ENTRY = join(ROOT, "server", "src", "cli", "index.ts");
export const CLI_OUT = join(ROOT, "server", "dist", "cli.js");
const IMPORT_READER_ENTRY = join(ROOT, "server", "src", "services", "import", "reader.worker.ts");
const WORKER_FILES = ["sqlite-reader.worker.mjs", "fulltext-merge.worker.mjs", "sqlite-functions.mjs"];

/** @type {import("esbuild").Plugin} */
const externalPackages = {
  name: "external-packages-except-common",
  setup(build) {
    // Bare specifiers (packages) stay external, except our own workspace package, which is TypeScript source.
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path === "@memos/common" || args.path.startsWith("@memos/common/")) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** esbuild's options for the server's files (scripts/server-startup.test.ts builds with them too, in memory). */
export const SERVER_BUILD_OPTIONS = /** @type {const} */ ({
  absWorkingDir: ROOT,
  // Beside each other in server/dist, where the reader-thread files are copied too. The import's reading thread
  // (services/import/reader-thread.ts) starts import-reader.js from beside the chunk that holds the importer.
  entryPoints: { main: SERVER_ENTRY, cli: CLI_ENTRY, "import-reader": IMPORT_READER_ENTRY },
  outdir: join(ROOT, "server", "dist"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  // Stack traces need the maps' positions only; Node keeps every map it loads in the heap (the sources would be
  // 1.2 MB more of it).
  sourcesContent: false,
  // Dynamic imports become chunks of their own (e.g. the importer), loaded when first used.
  splitting: true,
  // Chunks sit beside main.js: code that finds the reader-thread files next to itself keeps working.
  chunkNames: "[name]-[hash]",
  legalComments: "none",
  // V8 keeps each module's source in the heap, two bytes a character when one of them is not Latin-1 (one "…" in a
  // comment doubled main.js's 430 KB).
  charset: "ascii",
  logLevel: "warning",
  plugins: [externalPackages],
});

/** `text` with every character past Latin-1 written as a \\u escape. */
export const latin1Only = (text) => text.replace(/[^\0-\xff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);

export async function buildServer() {
  const esbuild = await import("esbuild");
  rmSync(join(ROOT, "server", "dist"), { recursive: true, force: true });
  const result = await esbuild.build(SERVER_BUILD_OPTIONS);
  if (result.errors.length > 0) throw new Error("esbuild reported errors");
  // esbuild keeps some comments as written: their characters past Latin-1 are escaped too (the code's are already).
  for (const file of readdirSync(join(ROOT, "server", "dist")).filter((name) => name.endsWith(".js"))) {
    const path = join(ROOT, "server", "dist", file);
    const text = readFileSync(path, "utf8");
    if (/[^\0-\xff]/.test(text)) writeFileSync(path, latin1Only(text));
  }
  // The SQLite reader threads load these as they are (plain JavaScript), beside main.js.
  for (const file of WORKER_FILES) copyFileSync(join(ROOT, "server", "src", "store", "sqlite", file), join(ROOT, "server", "dist", file));
  return SERVER_OUT;
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
