// `npm run test:container`: the container suite alone. Starts the Docker daemon when it is not running (as root),
// makes the base images when they are missing (scripts/container/base-image.mjs: a few minutes, once per machine),
// builds our image as `memos:test` (cached layers reused) and runs Vitest's `container` project, ending with one
// line: `N passed, N failed[, N skipped]`. MEMOS_TEST_CONTAINER=require makes an unavailable Docker a failure.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { prepareContainerImage } from "./container/prepare.mjs";
import { ensureInstalled } from "./lib/install.mjs";
import { bin, run, say } from "./lib/util.mjs";

if (!(await ensureInstalled())) process.exit(1);
const started = Date.now();
const prep = await prepareContainerImage();
const env = { ...process.env };
if (prep.failed) {
  console.error(`[memos] ${prep.failed}`);
  if (prep.logFile) console.error(readFileSync(prep.logFile, "utf8").split("\n").slice(-40).join("\n"));
  console.log("0 passed, 1 failed");
  process.exit(1);
}
if (prep.unavailable) env.MEMOS_TEST_CONTAINER_UNAVAILABLE = prep.unavailable;
else env.MEMOS_TEST_CONTAINER_IMAGE = prep.image;
const reports = mkdtempSync(join(tmpdir(), "memos-test-container-"));
const jsonFile = join(reports, "vitest.json");
const code = await run(
  bin("vitest"),
  ["run", "--project", "container", "--reporter=default", "--reporter=json", `--outputFile=${jsonFile}`],
  {
    env,
  },
);
let report = null;
try {
  report = JSON.parse(readFileSync(jsonFile, "utf8"));
} catch {}
rmSync(reports, { recursive: true, force: true });
say(`container suite: ${Math.round((Date.now() - started) / 1000)} s, the image's build included`);
const failed = report ? report.numFailedTests + (code !== 0 && report.numFailedTests === 0 ? 1 : 0) : 1;
const skipped = report ? report.numPendingTests + report.numTodoTests : 0;
console.log(`${report?.numPassedTests ?? 0} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
