// Bundles the server (server/src/main.ts) into server/dist/main.js with esbuild: Node, ESM, with the
// TypeScript source of @memos/common inlined and every other package left to node_modules at run time.
// Run directly (`node scripts/build-server.mjs`) or through scripts/build.mjs.
import { copyFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT } from "./lib/util.mjs";

export const SERVER_ENTRY = join(ROOT, "server", "src", "main.ts");
export const SERVER_OUT = join(ROOT, "server", "dist", "main.js");
const WORKER_FILES = ["sqlite-reader.worker.mjs", "sqlite-functions.mjs"];

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

export async function buildServer() {
  const esbuild = await import("esbuild");
  rmSync(join(ROOT, "server", "dist"), { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [SERVER_ENTRY],
    outfile: SERVER_OUT,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: true,
    legalComments: "none",
    logLevel: "warning",
    plugins: [externalPackages],
  });
  if (result.errors.length > 0) throw new Error("esbuild reported errors");
  // The SQLite reader threads load these as they are (plain JavaScript), beside main.js.
  for (const file of WORKER_FILES) copyFileSync(join(ROOT, "server", "src", "store", file), join(ROOT, "server", "dist", file));
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
