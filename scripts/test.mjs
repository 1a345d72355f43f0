// `npm test`: every suite of the repository, then one summary. In order:
//   install (as `npm start` does) → Chromium for the e2e suite (apt-get, as root, when missing) →
//   typecheck (tsc, one test per TypeScript project) → lint (Biome), dead code (knip) and import cycles (dpdm),
//   one test each →
//   is PostgreSQL reachable? → Vitest, every project (server-api:postgres left out with a NOTICE when
//   PostgreSQL is unreachable, unless MEMOS_TEST_PG=require; its tests are then counted as skipped), and beside it
//   the container suite (Vitest's `container` project: the Dockerfile's image and compose.yaml in Docker), whose
//   image is built in the background from the start (scripts/container/prepare.mjs) → build + Playwright, when
//   e2e/playwright.config.ts exists. No Docker daemon (and not root to start one): a NOTICE and the container
//   suite's tests skipped, unless MEMOS_TEST_CONTAINER=require.
// Counts come from the runners' JSON reports. The summary gives each suite's time and, before its last line, the
// whole run's; the last line printed is `N passed, N failed[, N skipped]`. The exit code is non-zero when anything
// failed or a runner crashed without a report.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "./build.mjs";
import { baseImagesCached } from "./container/base-image.mjs";
import { ensureInstalled } from "./lib/install.mjs";
import { runOnSupportedNode } from "./lib/node-runtime.mjs";
import { SlowFiles } from "./lib/slow-files.mjs";
import { ensureSystemPackages } from "./lib/system-packages.mjs";
import { keepTypecheckState, typecheckArgs } from "./lib/typecheck-cache.mjs";
import { ROOT, bin, run, say } from "./lib/util.mjs";

// Every suite runs on the supported Node (the pinned one when the machine's is older): before anything else here.
await runOnSupportedNode();

const PG_PROJECT = "server-api:postgres";
const PG_DSN = process.env.MEMOS_TEST_PG_DSN ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PG_REQUIRED = process.env.MEMOS_TEST_PG === "require";
const CONTAINER_PROJECT = "container";
const CONTAINER_REQUIRED = process.env.MEMOS_TEST_CONTAINER === "require";
const E2E_CONFIG = join(ROOT, "e2e", "playwright.config.ts");
const MINUTE = 60_000;
const started = Date.now();

const reports = mkdtempSync(join(tmpdir(), "memos-test-"));
/** @type {{name: string, passed: number, failed: number, skipped: number, note?: string, indent?: boolean, ms?: number}[]} */
const suites = [];
const notices = [];
/** The slowest Vitest files of each project and Playwright specs: printed after the summary's lines. */
const slowFiles = new SlowFiles();
/** The background build of the container image (step b2) while it runs. */
let containerPrepChild = null;
/** What the container suite prints, kept until the browser suite has printed its own (see containerSuite). */
const containerOutput = [];
const containerSay = (message) => containerOutput.push(`[memos] ${message}\n`);

let interrupted = false;
process.on("SIGINT", () => (interrupted = true));
process.on("SIGTERM", () => (interrupted = true));

function record(name, counts, note, ms) {
  suites.push({ name, passed: 0, failed: 0, skipped: 0, ...counts, note, ms });
}

/** "212 s", and "(3 min 32 s)" after it from a minute on when `minutes`. */
function duration(ms, { minutes = false } = {}) {
  const seconds = Math.round(ms / 1000);
  return minutes && seconds >= 60 ? `${seconds} s (${Math.floor(seconds / 60)} min ${seconds % 60} s)` : `${seconds} s`;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

function countsLine({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ""}`;
}

function finish() {
  // Stopped early (a failed install, a signal): the image's build in the background goes too.
  containerPrepChild?.kill("SIGTERM");
  rmSync(reports, { recursive: true, force: true });
  const total = { passed: 0, failed: 0, skipped: 0 };
  console.log("");
  console.log("──────────────── test summary ────────────────");
  for (const notice of notices) console.log(notice);
  const width = Math.max(...suites.map((s) => s.name.length + (s.indent ? 2 : 0)), 10) + 2;
  for (const suite of suites) {
    const label = `${suite.indent ? "  " : ""}${suite.name}`.padEnd(width);
    const details = [suite.ms === undefined ? undefined : duration(suite.ms), suite.note].filter(Boolean).join("; ");
    console.log(`${label}${countsLine(suite)}${details ? `  (${details})` : ""}`);
    if (suite.indent) continue; // project lines break down their runner's line; don't count twice
    total.passed += suite.passed;
    total.failed += suite.failed;
    total.skipped += suite.skipped;
  }
  slowFiles.print(duration);
  console.log("──────────────────────────────────────────────");
  console.log(`${"time".padEnd(width)}${duration(Date.now() - started, { minutes: true })}`);
  console.log(countsLine(total));
  process.exit(total.failed > 0 || interrupted ? 1 : 0);
}

function stopIfInterrupted() {
  if (!interrupted) return;
  record("interrupted", { failed: 1 }, "stopped by a signal");
  finish();
}

// (a) Dependencies.
if (!(await ensureInstalled())) {
  record("install", { failed: 1 }, "npm ci failed; nothing could run");
  finish();
}
stopIfInterrupted();

// (b) The Debian packages the suites need (scripts/lib/system-packages.mjs), when missing.
const packagesNotice = await ensureSystemPackages(8 * MINUTE);
if (packagesNotice) {
  notices.push(packagesNotice);
  console.log(packagesNotice);
}
stopIfInterrupted();

// (b2) The container image, built in the background while the checks and Vitest run: a child process, so its
// minutes of docker build (or, on a new machine, of debootstrap) never hold this script's event loop.
const containerLogs = join(tmpdir(), "memos-container");
mkdirSync(containerLogs, { recursive: true });
const containerPrepLog = join(containerLogs, "prepare.log");
const containerPrepResult = join(reports, "container-prepare.json");
const containerPrepStarted = Date.now();
let containerPrepMs = 0;
say(`container: building the image in the background (log: ${containerPrepLog})`);
if (!baseImagesCached())
  say("container: no base images on this machine yet: making them from Debian packages first (debootstrap, about 7 minutes, once)");
const containerPrep = new Promise((resolve) => {
  const out = openSync(containerPrepLog, "w");
  const child = spawn(process.execPath, [join(ROOT, "scripts", "container", "prepare.mjs"), "--result", containerPrepResult], {
    cwd: ROOT,
    stdio: ["ignore", out, out],
  });
  containerPrepChild = child;
  child.on("error", () => resolve(readJson(containerPrepResult) ?? { failed: "could not start scripts/container/prepare.mjs" }));
  child.on("exit", (code) => {
    containerPrepChild = null;
    containerPrepMs = Date.now() - containerPrepStarted;
    resolve(readJson(containerPrepResult) ?? { failed: `scripts/container/prepare.mjs exited with ${code}` });
  });
});

/** Runs a checker; resolves with its line of the summary: passed when it exits 0. */
async function check(name, command, args, timeoutMs) {
  say(`${name}: ${command} ${args.join(" ")}`);
  const since = Date.now();
  const code = await run(bin(command), args, { timeoutMs });
  const note = code === 124 ? `stopped after ${timeoutMs / 1000} s` : `${command} exit code ${code}`;
  return { name, counts: code === 0 ? { passed: 1 } : { failed: 1 }, note: code === 0 ? undefined : note, ms: Date.now() - since };
}

// (c) Typecheck: one test per TypeScript project (server, common and bench; the web app; the e2e suite), incremental
// from the last run's state on this machine (scripts/lib/typecheck-cache.mjs).
// (d) Lint and formatting (Biome, biome.json: `biome check`; a few seconds), dead code (knip, knip.json: unused files,
// exports and dependencies) and import cycles in server/src, web/src and common/src (dpdm, dpdm.config.json): one test
// each. Each checker runs on one core, so they run two at a time (their output may interleave; a failing one's
// errors are above its summary line).
const checks = [
  ...["tsconfig.json", "web/tsconfig.json", "e2e/tsconfig.json"]
    .filter((project) => existsSync(project))
    .map((project) => async () => {
      const result = await check(`typecheck (${project})`, "tsc", typecheckArgs(project), 6 * MINUTE);
      keepTypecheckState(project);
      return result;
    }),
  () => check("lint and format (biome)", "biome", ["check", "--error-on-warnings", "."], 2 * MINUTE),
  () => check("dead code (knip)", "knip", ["--no-progress"], 2 * MINUTE),
  () => check("import cycles (dpdm)", "dpdm", [], 2 * MINUTE),
];
const checkResults = new Array(checks.length);
let nextCheck = 0;
async function checkWorker() {
  while (nextCheck < checks.length && !interrupted) {
    const index = nextCheck++;
    checkResults[index] = await checks[index]();
  }
}
await Promise.all([checkWorker(), checkWorker()]);
for (const result of checkResults) if (result) record(result.name, result.counts, result.note, result.ms);
stopIfInterrupted();

// (e) Is PostgreSQL there?
async function postgresError() {
  try {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: PG_DSN, connectionTimeoutMillis: 5000 });
    client.on("error", () => {});
    await client.connect();
    await client.query("SELECT 1");
    await client.end();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error);
  }
}
const pgError = await postgresError();
const pgDsnShown = PG_DSN.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");
if (pgError === null) {
  say(`PostgreSQL reachable at ${pgDsnShown}: the ${PG_PROJECT} suite runs`);
} else if (PG_REQUIRED) {
  notices.push(`ERROR: PostgreSQL not reachable at ${pgDsnShown} (${pgError}), and MEMOS_TEST_PG=require`);
  console.log(notices.at(-1));
  record(PG_PROJECT, { failed: 1 }, "PostgreSQL required but not reachable");
} else {
  notices.push(`NOTICE: PostgreSQL not reachable — skipping the PostgreSQL suite (${pgDsnShown}: ${pgError})`);
  console.log(notices.at(-1));
}
stopIfInterrupted();

// (h), started now: the container suite waits for its image, then runs beside Vitest (see containerSuite).
const containerRun = containerSuite().catch((error) => {
  record(CONTAINER_PROJECT, { failed: 1 }, `the suite's runner failed: ${error instanceof Error ? error.message : String(error)}`);
});

// (f) Vitest: every project in vitest.config.ts.
{
  const jsonFile = join(reports, "vitest.json");
  const countsFile = join(reports, "vitest-projects.json");
  const args = [
    "run",
    "--reporter=default",
    "--reporter=json",
    `--reporter=${join(ROOT, "scripts", "lib", "vitest-project-counts.mjs")}`,
    `--outputFile=${jsonFile}`,
  ];
  args.push("--project", `!${CONTAINER_PROJECT}`);
  if (pgError !== null) args.push("--project", `!${PG_PROJECT}`);
  say(`vitest run --project !${CONTAINER_PROJECT}${pgError === null ? "" : ` --project !${PG_PROJECT}`}`);
  const since = Date.now();
  const code = await run(bin("vitest"), args, {
    env: { ...process.env, MEMOS_VITEST_PROJECT_COUNTS: countsFile },
    // About 2 minutes on a quiet 2-core machine; the margin is for a busy one.
    timeoutMs: 20 * MINUTE,
  });
  const ms = Date.now() - since;
  const report = readJson(jsonFile);
  const projects = readJson(countsFile) ?? {};
  // Not run, the PostgreSQL suite counts as skipped: it runs the files of server-api:sqlite, so as many tests.
  let pgSkipped = 0;
  if (pgError !== null && !PG_REQUIRED) {
    const sqlite = projects["server-api:sqlite"];
    pgSkipped = sqlite ? sqlite.passed + sqlite.failed + sqlite.skipped : 0;
  }
  if (!report) {
    record("vitest", { failed: 1 }, `crashed with exit code ${code} and wrote no report`, ms);
  } else {
    // A file that failed to load, or whose hooks threw, has no failed test of its own: count it as one.
    const brokenFiles = report.testResults.filter(
      (file) => file.status === "failed" && !file.assertionResults.some((test) => test.status === "failed"),
    ).length;
    const counts = {
      passed: report.numPassedTests,
      failed: report.numFailedTests + brokenFiles,
      skipped: report.numPendingTests + report.numTodoTests + pgSkipped,
    };
    let note = brokenFiles > 0 ? `${plural(brokenFiles, "test file")} failed outside any test` : undefined;
    if (code !== 0 && counts.failed === 0) {
      counts.failed = 1;
      note = `exit code ${code} with no failed test: unhandled errors, or no test files; see the output above`;
    }
    record("vitest", counts, note, ms);
    for (const [name, entry] of Object.entries(projects).sort(([a], [b]) => a.localeCompare(b))) {
      suites.push({
        name,
        passed: entry.passed,
        failed: entry.failed + entry.brokenFiles,
        skipped: entry.skipped,
        indent: true,
        note: entry.fileMs === undefined ? undefined : `files ${duration(entry.fileMs)}`,
      });
      slowFiles.addVitestProject(name, entry.slowest);
    }
    if (pgError !== null && !PG_REQUIRED) {
      suites.push({ name: PG_PROJECT, passed: 0, failed: 0, skipped: pgSkipped, note: "not run: PostgreSQL not reachable", indent: true });
    }
  }
}
stopIfInterrupted();

// (g) End-to-end: Playwright against the built app.
async function e2eSuite() {
  if (existsSync(E2E_CONFIG)) {
    if (!(await build())) {
      record("e2e (playwright)", { failed: 1 }, "the build failed, so the e2e suite could not run");
    } else {
      stopIfInterrupted();
      const jsonFile = join(reports, "playwright.json");
      say("playwright test -c e2e/playwright.config.ts");
      const since = Date.now();
      const code = await run(bin("playwright"), ["test", "-c", "e2e/playwright.config.ts", "--reporter=list,json"], {
        env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: jsonFile },
        // 9 minutes on a quiet 2-core machine, 13.6 on a slower one (the same code: a spec took as long on the code of
        // the stop before; a third worker only queued on the busy cores). The limit catches a hung run.
        timeoutMs: 16 * MINUTE,
      });
      const ms = Date.now() - since;
      const report = readJson(jsonFile);
      if (!report?.stats) {
        record("e2e (playwright)", { failed: 1 }, `crashed with exit code ${code} and wrote no report`, ms);
      } else {
        const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
        const counts = { passed: expected + flaky, failed: unexpected, skipped };
        const notes = [];
        if (flaky > 0) notes.push(`${flaky} flaky: passed on a retry`);
        const errors = report.errors?.length ?? 0;
        if (errors > 0 && counts.failed === 0) {
          counts.failed = 1;
          notes.push(`${plural(errors, "error")} outside any test`);
        } else if (code !== 0 && counts.failed === 0) {
          counts.failed = 1;
          notes.push(`exit code ${code} with no failed test`);
        }
        record("e2e (playwright)", counts, notes.join("; ") || undefined, ms);
        slowFiles.addPlaywrightReport(report);
      }
    }
  } else {
    say("e2e: no e2e/playwright.config.ts yet; skipping the end-to-end suite");
  }
}

// (h) The container suite, once its image is built (started in (b2)): Vitest's container project. It runs beside
// Vitest's suites, not beside the browser suite: its containers' start, on the busy cores, made the browser suite's
// first renders miss their waits (three tests on a retry every run). Its output is kept and printed after the
// browser suite's, so it interleaves with neither.
async function containerSuite() {
  const prep = await containerPrep;
  const prepMs = containerPrepMs;
  containerOutput.push(readFileSync(containerPrepLog, "utf8"));
  const env = { ...process.env };
  if (prep.image) {
    containerSay(`container: image ${prep.image} built in ${duration(prepMs)}`);
    env.MEMOS_TEST_CONTAINER_IMAGE = prep.image;
  } else if (prep.unavailable) {
    notices.push(
      `NOTICE: Docker is not available (${prep.unavailable})${CONTAINER_REQUIRED ? ", and MEMOS_TEST_CONTAINER=require" : " — skipping the container suite"}`,
    );
    containerOutput.push(`${notices.at(-1)}\n`);
    env.MEMOS_TEST_CONTAINER_UNAVAILABLE = prep.unavailable;
  } else {
    if (prep.logFile) containerOutput.push(`${readFileSync(prep.logFile, "utf8").split("\n").slice(-40).join("\n")}\n`);
    record(CONTAINER_PROJECT, { failed: 1 }, prep.failed, prepMs);
    return;
  }
  const jsonFile = join(reports, "container.json");
  const outputFile = join(containerLogs, "vitest.log");
  const since = Date.now();
  const code = await new Promise((resolve) => {
    const out = openSync(outputFile, "w");
    const child = spawn(
      bin("vitest"),
      ["run", "--project", CONTAINER_PROJECT, "--reporter=default", "--reporter=json", `--outputFile=${jsonFile}`],
      {
        cwd: ROOT,
        env,
        stdio: ["ignore", out, out],
      },
    );
    child.on("error", () => resolve(127));
    child.on("exit", (exitCode) => resolve(exitCode ?? 1));
  });
  const ms = Date.now() - since;
  containerSay(`container suite (vitest --project ${CONTAINER_PROJECT}), its output:`);
  containerOutput.push(readFileSync(outputFile, "utf8"));
  const report = readJson(jsonFile);
  const note = prep.image ? `the image built in ${duration(prepMs)} beside the other suites` : undefined;
  if (!report) {
    record(CONTAINER_PROJECT, { failed: 1 }, `crashed with exit code ${code} and wrote no report`, ms);
    return;
  }
  const counts = { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
  if (code !== 0 && counts.failed === 0) counts.failed = 1;
  record(CONTAINER_PROJECT, counts, note, ms);
}

await e2eSuite();
await containerRun;
process.stdout.write(containerOutput.join(""));

finish();
