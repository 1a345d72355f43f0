// Richer memos (issue 47): a memo with inline and display math, a Mermaid diagram, a broken diagram and a callout,
// written in the editor. KaTeX and Mermaid load only once such a memo is on screen; the formulas are drawn, the
// diagram is a picture in the app's theme (redrawn when it changes), the broken one shows its source and Mermaid's
// message, the callout its icon and title; the memo page and the embed draw the same. A diagram that tries links,
// clicks and script runs nothing.
import type { Page, Request } from "@playwright/test";
import { expectAccessible } from "../support/axe";
import { expect, screenshot, test } from "../support/fixtures";
import { memoCard, writeMemo } from "../support/ui";

const FENCE = "```";
const RICH_MEMO = [
  "Rich memo check",
  "Pythagoras in a line: $a^2 + b^2 = c^2$, and in a block:",
  "",
  "$$",
  "\\int_0^1 x^2\\,dx = \\frac{1}{3}",
  "$$",
  "",
  `${FENCE}mermaid`,
  "flowchart LR",
  "  Idea --> Draft --> Memo",
  FENCE,
  "",
  `${FENCE}mermaid`,
  "flowchart LR",
  "  Broken -->",
  FENCE,
  "",
  "> [!WARNING]",
  "> Back up before upgrading.",
].join("\n");

/** The requests for what only formulas and diagrams need (web/vite/rich-chunks.ts). */
function richRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/assets/rich/")) seen.push(request);
  });
  return seen;
}

/** What the memo's card (or page) shows of its richer parts. */
async function expectDrawn(scope: ReturnType<Page["locator"]>): Promise<void> {
  await expect(scope.locator(".md-math .katex")).toHaveCount(2);
  // A card folds a memo this long.
  const more = scope.getByRole("button", { name: "Show more" });
  if (await more.isVisible()) await more.click();
  await expect(scope.locator("p .md-math:not(.md-math-display) .katex")).toContainText("a2+b2=c2");
  await expect(scope.locator(".md-math-display .katex-display")).toBeVisible();
  const diagram = scope.getByRole("img", { name: "Diagram" });
  await expect(diagram).toBeVisible();
  await expect.poll(() => diagram.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(100);
  const failure = scope.locator(".md-rich-failure");
  await expect(failure.locator("pre")).toHaveText("flowchart LR\n  Broken -->");
  await expect(failure).toContainText(/This diagram could not be drawn: .+/);
  const callout = scope.locator("blockquote.md-callout-warning");
  await expect(callout.locator(".md-callout-title")).toHaveText("Warning");
  await expect(callout.locator(".md-callout-title svg")).toBeVisible();
  await expect(callout).toContainText("Back up before upgrading.");
}

test("@phone math, a diagram, a broken diagram and a callout render in the card, the memo page and the embed", async ({
  page,
  signedIn,
}, testInfo) => {
  test.slow();
  const rich = richRequests(page);
  await signedIn.api.createMemo("A plain memo costs $5 and $10, no formula.", "PUBLIC");
  await page.goto("/");
  await expect(memoCard(page, "A plain memo")).toBeVisible();
  // Nothing of KaTeX or Mermaid for memos without formulas or diagrams (the lazy part is asked for as a card renders).
  expect(rich.map((request) => request.url())).toEqual([]);
  await expect(memoCard(page, "A plain memo").locator(".katex")).toHaveCount(0);

  const card = await writeMemo(page, RICH_MEMO);
  await expectDrawn(card);
  expect(rich.some((request) => request.url().includes("/katex"))).toBe(true);
  await screenshot(page, testInfo, "rich-memo", { fullPage: false });
  await expectAccessible(page, { include: "article" });

  // The diagram follows the app's theme: drawn again, darker, when it turns dark.
  const diagram = card.getByRole("img", { name: "Diagram" });
  const lightSrc = await diagram.getAttribute("src");
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect.poll(() => diagram.getAttribute("src")).not.toBe(lightSrc);
  await expectDrawn(card);
  await screenshot(page, testInfo, "rich-memo-dark", { fullPage: false });
  await expectAccessible(page, { include: "article", rules: ["color-contrast"] });
  await page.emulateMedia({ colorScheme: "light" });

  // A memo's own page and its embed (a public memo) draw the same.
  const memo = await signedIn.api.createMemo(RICH_MEMO, "PUBLIC");
  await page.goto(`/m/${memo.id}`);
  await expectDrawn(page.getByRole("article").first());
  await page.goto(`/m/${memo.id}/embed`);
  await expectDrawn(page.locator("body"));
});

test("a diagram that tries links, clicks, script and HTML labels runs nothing", async ({ page, signedIn }) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signedIn.api.createMemo(
    [
      "Hostile diagram",
      "",
      `${FENCE}mermaid`,
      '%%{init: {"securityLevel": "loose", "htmlLabels": true, "flowchart": {"htmlLabels": true}}}%%',
      "flowchart LR",
      '  A["<img src=x onerror=alert(1)>"] --> B["<script>alert(2)</script>"]',
      '  click A href "javascript:alert(3)"',
      "  click B call alert(4)",
      FENCE,
      "",
      "$\\href{javascript:alert(5)}{formula link}$ and $<img src=x onerror=alert(6)>$",
    ].join("\n"),
  );
  await page.goto("/");
  const card = memoCard(page, "Hostile diagram");
  const diagram = card.getByRole("img", { name: "Diagram" });
  await expect(diagram).toBeVisible();
  await expect(card.locator(".md-math .katex")).toHaveCount(2);
  // The diagram is a picture: its markup never reaches the page, and its data holds no script or link.
  const src = decodeURIComponent((await diagram.getAttribute("src"))!);
  expect(src.startsWith("data:image/svg+xml")).toBe(true);
  expect(src).not.toMatch(/<script|<a\b|<foreignObject|javascript:|\son\w+=/i);
  await diagram.click();
  await card.locator(".md-math").first().click({ force: true });
  await expect(card.locator("script, iframe, foreignObject, a[href^='javascript']")).toHaveCount(0);
  await expect(page.locator("[onerror], [onclick], [onload]")).toHaveCount(0);
  expect(dialogs).toEqual([]);
});
