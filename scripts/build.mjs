// Builds what is stale: the server bundle (server/dist) and the web app (web/dist). A part is rebuilt only
// when its sources changed since its last build, by a signature of newest mtime, file count and total size
// kept in node_modules/.cache/memos-build/. `npm run build` runs this; `npm start` and `npm test` call build().
// Flags when run directly: --force rebuilds everything.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ensureInstalled } from "./lib/install.mjs";
import { ROOT, run, say, sourceSignature } from "./lib/util.mjs";

const STAMPS = join(ROOT, "node_modules", ".cache", "memos-build");

function webConfigFiles() {
  const web = join(ROOT, "web");
  if (!existsSync(web)) return [];
  return readdirSync(web)
    .filter((name) => /^(vite\.config\.|tsconfig.*\.json$|package\.json$|index\.html$)/.test(name))
    .map((name) => join(web, name));
}

/** True when web/ is an app that can be built: a "build" script and an index.html. */
export function webIsBuildable() {
  const manifest = join(ROOT, "web", "package.json");
  if (!existsSync(manifest) || !existsSync(join(ROOT, "web", "index.html"))) return false;
  return typeof JSON.parse(readFileSync(manifest, "utf8")).scripts?.build === "string";
}

const PARTS = {
  server: {
    output: join(ROOT, "server", "dist", "cli.js"),
    sources: () => [
      join(ROOT, "common", "src"),
      join(ROOT, "common", "package.json"),
      join(ROOT, "server", "src"),
      join(ROOT, "server", "package.json"),
      join(ROOT, "scripts", "build-server.mjs"),
    ],
    async build() {
      const { buildServer } = await import("./build-server.mjs");
      await buildServer();
      return true;
    },
  },
  web: {
    output: join(ROOT, "web", "dist", "index.html"),
    sources: () => [join(ROOT, "common", "src"), join(ROOT, "web", "src"), join(ROOT, "web", "public"), ...webConfigFiles()],
    async build() {
      const npm = process.platform === "win32" ? "npm.cmd" : "npm";
      // Always the production bundle, whoever calls: a caller's NODE_ENV (Vitest's "test", inherited by a test that
      // runs `npm start`) made Vite build a development React, 25 % heavier, and the e2e suite then found it fresh.
      return (await run(npm, ["run", "-w", "web", "build"], { env: { ...process.env, NODE_ENV: "production" } })) === 0;
    },
  },
};

async function buildPart(name, force) {
  const part = PARTS[name];
  const stamp = join(STAMPS, `${name}.stamp`);
  const signature = sourceSignature(part.sources());
  const fresh = existsSync(part.output) && existsSync(stamp) && readFileSync(stamp, "utf8").trim() === signature;
  if (fresh && !force) {
    say(`${name}: up to date`);
    return true;
  }
  say(`${name}: building`);
  const started = Date.now();
  try {
    if (!(await part.build())) throw new Error("the build command failed");
  } catch (error) {
    console.error(`[memos] ${name}: build failed: ${error instanceof Error ? error.message : error}`);
    return false;
  }
  mkdirSync(STAMPS, { recursive: true });
  writeFileSync(stamp, `${signature}\n`);
  say(`${name}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

/**
 * Builds the stale parts. Resolves with true when the server (and the web app, if present) is ready.
 * `serverOnly`: the maintenance commands (scripts/cli.mjs) need no web app.
 */
export async function build({ force = false, serverOnly = false } = {}) {
  if (!(await buildPart("server", force))) return false;
  if (serverOnly) return true;
  if (!webIsBuildable()) {
    say('web: no web/index.html or no "build" script in web/package.json yet; serving without the web app');
    return true;
  }
  return buildPart("web", force);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const force = process.argv.includes("--force");
  const ok = (await ensureInstalled()) && (await build({ force }));
  process.exit(ok ? 0 : 1);
}
