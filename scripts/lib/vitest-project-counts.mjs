// A Vitest reporter that writes passed/failed/skipped counts per project (server-api:sqlite, …) to the JSON
// file named by MEMOS_VITEST_PROJECT_COUNTS, so scripts/test.mjs can print one summary line per project.
// Vitest's JSON report holds the totals but not the project of each test.
import { writeFileSync } from "node:fs";

export default class ProjectCountsReporter {
  onTestRunEnd(testModules) {
    const file = process.env.MEMOS_VITEST_PROJECT_COUNTS;
    if (!file) return;
    const counts = {};
    for (const module of testModules) {
      const name = module.project.name || "(root)";
      counts[name] ??= { passed: 0, failed: 0, skipped: 0, brokenFiles: 0 };
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
    }
    writeFileSync(file, JSON.stringify(counts));
  }
}
