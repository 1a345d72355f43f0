// Accessibility checks with axe-core, run inside the page: no serious or critical violation. axe is loaded into the
// page once (it stays until the next navigation) and asked for violations only.
// Not @axe-core/playwright: its analyze() opens a blank page for every scan to assemble the results (3.3 s a scan on
// the suite's two busy cores, where axe itself takes 0.35 s), and copies every passing node out of the page.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";
import type * as Axe from "axe-core";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export interface AxeScan {
  /** Only these axe rules (all when absent), e.g. the contrast in the dark theme. */
  rules?: string[];
  /** Only this part of the page (a CSS selector: a dialog, `main`), else the whole page. */
  include?: string;
}

/** The serious and critical violations axe finds in the page (or its part), one readable entry each. */
export async function severeViolations(page: Page, { rules, include }: AxeScan = {}): Promise<string[]> {
  await page.evaluate(() => document.fonts.ready);
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ rules, include }) => {
      const axe = (window as unknown as { axe: typeof Axe }).axe;
      const options: Axe.RunOptions = { resultTypes: ["violations"] };
      if (rules) options.runOnly = { type: "rule", values: rules };
      const { violations } = await axe.run(include ?? document, options);
      return violations
        .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
        .map((violation) => {
          const nodes = violation.nodes.map(
            (node) => `    ${node.target.join(" ")}: ${node.failureSummary?.split("\n").slice(1).join(" ")}`,
          );
          return `${violation.id} (${violation.impact}): ${violation.help}\n${nodes.join("\n")}`;
        });
    },
    { rules, include },
  );
}

/** Fails the test (softly: the rest of it still runs) when axe finds a serious or critical violation. */
export async function expectAccessible(page: Page, scan: AxeScan = {}, name = scan.include ?? "the page"): Promise<void> {
  expect.soft(await severeViolations(page, scan), `${name}: axe found`).toEqual([]);
}
