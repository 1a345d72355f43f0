// Everything the container test needs before its first scenario: a Docker daemon (started here when this machine
// allows it), the base images (scripts/container/base-image.mjs) and our image, built from the Dockerfile as
// `memos:test` with the build layers cached between runs. `npm test` starts this while the other suites run.
import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT } from "../lib/util.mjs";
import { BUILD_BASE, RUNTIME_BASE, ensureBaseImages } from "./base-image.mjs";
import { docker, ensureDaemon } from "./docker.mjs";

const TEST_IMAGE = "memos:test";

const imageId = (tag) => {
  const result = docker(["image", "inspect", "--format", "{{.Id}}", tag]);
  return result.status === 0 ? result.stdout.trim() : null;
};

/** `docker build` of the repository, its output appended to `logFile`; resolves with the exit code. */
function buildImage(logFile) {
  const args = [
    "build",
    "--network",
    "host",
    "--build-arg",
    `BUILD_IMAGE=${BUILD_BASE}`,
    "--build-arg",
    `BASE_IMAGE=${RUNTIME_BASE}`,
    "--tag",
    TEST_IMAGE,
    ROOT,
  ];
  return new Promise((resolve) => {
    const out = createWriteStream(logFile, { flags: "a" });
    out.write(`$ docker ${args.join(" ")}\n`);
    // The legacy builder (docker.io's daemon without buildx) prints each step; BuildKit would print progress too.
    const child = spawn("docker", args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, DOCKER_BUILDKIT: "0" } });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on("error", () => resolve(127));
    child.on("close", (code) => out.end(() => resolve(code ?? 1)));
  });
}

/**
 * Resolves with `{ image }` when the image is built, `{ unavailable }` when Docker cannot run here (no daemon, not
 * root), or `{ failed }` when something that should work did not (the base images, the build). `log` gets the
 * steps in one line each; the build's own output goes to `logFile`.
 */
export async function prepareContainerImage({ log = (line) => console.log(`[memos] ${line}`), logFile } = {}) {
  const logDir = join(tmpdir(), "memos-container");
  mkdirSync(logDir, { recursive: true });
  const file = logFile ?? join(logDir, "build.log");
  const unavailable = await ensureDaemon({ logDir });
  if (unavailable) return { unavailable };
  const started = Date.now();
  try {
    ensureBaseImages(log);
  } catch (error) {
    return { failed: `the base images could not be made: ${error instanceof Error ? error.message : error}` };
  }
  const previous = imageId(TEST_IMAGE);
  log(`docker build -t ${TEST_IMAGE} (cached layers are reused; output in ${file})`);
  const code = await buildImage(file);
  if (code !== 0) return { failed: `docker build exited with ${code}; see ${file}`, logFile: file };
  const current = imageId(TEST_IMAGE);
  // The image it replaced, untagged now: its layers are not the build cache (that lives in the build stages).
  if (previous && previous !== current) docker(["image", "rm", previous]);
  log(`${TEST_IMAGE} ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return { image: TEST_IMAGE, logFile: file };
}

// `node scripts/container/prepare.mjs [--result <file>]`: prepares, prints the steps, and writes the result as JSON
// (for `npm test`, which runs this in the background); exits 0 unless the image could not be built.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const at = process.argv.indexOf("--result");
  const result = await prepareContainerImage();
  if (at > 0) writeFileSync(process.argv[at + 1], JSON.stringify(result));
  if (result.unavailable) console.log(`[memos] Docker is not available: ${result.unavailable}`);
  if (result.failed) console.error(`[memos] ${result.failed}`);
  process.exit(result.failed ? 1 : 0);
}
