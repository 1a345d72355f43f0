// The slowest test files of an `npm test` run, printed under its summary: the 10-minute budget is kept file by file.
// Vitest's side comes from scripts/lib/vitest-project-counts.mjs (each project's five slowest files); Playwright's
// from its JSON report (each spec file's time: every attempt of every test in it, summed).

/** Collects the slowest files of the run's suites and prints the slowest of all. */
export class SlowFiles {
  /** @type {{file: string, ms: number}[]} */
  #files = [];

  /** A Vitest project's slowest files, as the counts reporter wrote them. */
  addVitestProject(name, slowest = []) {
    this.#files.push(...slowest.map(({ file, ms }) => ({ file: `${name} ${file}`, ms })));
  }

  /** The five slowest spec files of Playwright's JSON report. */
  addPlaywrightReport(report) {
    const specMs = (suite) =>
      (suite.specs ?? []).reduce(
        (sum, spec) => sum + spec.tests.reduce((inner, test) => inner + test.results.reduce((all, result) => all + result.duration, 0), 0),
        0,
      ) + (suite.suites ?? []).reduce((sum, child) => sum + specMs(child), 0);
    const specs = (report.suites ?? []).map((suite) => ({ file: `e2e ${suite.file ?? suite.title}`, ms: specMs(suite) }));
    this.#files.push(...specs.sort((a, b) => b.ms - a.ms).slice(0, 5));
  }

  /** Prints the `count` slowest, each with its time as `format` writes it; nothing when none were collected. */
  print(format, count = 12) {
    if (this.#files.length === 0) return;
    console.log("slowest files:");
    for (const { file, ms } of this.#files.sort((a, b) => b.ms - a.ms).slice(0, count)) console.log(`  ${format(ms).padStart(6)}  ${file}`);
  }
}
