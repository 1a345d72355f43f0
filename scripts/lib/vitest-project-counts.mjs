// A Vitest reporter that writes passed/failed/skipped counts per project (server-api:sqlite, …) to the JSON
// file named by MEMOS_VITEST_PROJECT_COUNTS, so scripts/test.mjs can print one summary line per project.
// Vitest's JSON report holds the totals but not the project of each test. Each project also gets the sum of its
// files' times and its slowest files, which the summary prints: the 10-minute budget is kept file by file.
import { writeFileSync } from "node:fs";

export default class ProjectCountsReporter {
  onTestRunEnd(testModules) {
    const file = process.env.MEMOS_VITEST_PROJECT_COUNTS;
    if (!file) return;
    const counts = {};
    for (const module of testModules) {
      const name = module.project.name || "(root)";
      counts[name] ??= { passed: 0, failed: 0, skipped: 0, brokenFiles: 0, fileMs: 0, slowest: [] };
      const entry = counts[name];
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") entry.passed += 1;
        else if (state === "failed") failedHere += 1;
        else entry.skipped += 1;
      }
      entry.failed += failedHere;
      // A file that fails to load, or whose hooks throw, fails with no failed test of its own: count it once.
      if (module.state() === "failed" && failedHere === 0) entry.brokenFiles += 1;
      const ms = Math.round(module.diagnostic().duration);
      entry.fileMs += ms;
      entry.slowest.push({ file: module.relativeModuleId, ms });
    }
    for (const entry of Object.values(counts)) entry.slowest = entry.slowest.sort((a, b) => b.ms - a.ms).slice(0, 5);
    writeFileSync(file, JSON.stringify(counts));
  }
}
