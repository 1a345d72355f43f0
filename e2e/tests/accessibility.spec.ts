// An automated accessibility check (axe-core) of the main pages and dialogs, in the light and the dark theme, on
// desktop and phone: no serious or critical violation (contrast, names, roles, ARIA use, touch targets …).
import AxeBuilder from "@axe-core/playwright";
import type { Page, TestInfo } from "@playwright/test";
import type { MemosApi } from "../support/api";
import { expect, screenshot, test } from "../support/fixtures";
import { openSettings, openSidebar } from "../support/ui";

type Theme = "light" | "dark";

/** Runs axe on the page (or the open dialog) and fails with a readable list of serious and critical problems. */
async function expectAccessible(page: Page, testInfo: TestInfo, name: string, include?: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  // Transitions (200 ms) end first, so colours are measured as they settle.
  await page.waitForTimeout(300);
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const severe = violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => {
      const nodes = violation.nodes.map((node) => `    ${node.target.join(" ")}: ${node.failureSummary?.split("\n").slice(1).join(" ")}`);
      return `${violation.id} (${violation.impact}): ${violation.help}\n${nodes.join("\n")}`;
    });
  expect(severe, `${name}: axe found`).toEqual([]);
  await screenshot(page, testInfo, `a11y-${name}`, { fullPage: false });
}

/** Memos with the markdown a page shows: a heading, a link, code, a tag, done and open to-dos, a quote. */
async function seed(api: MemosApi): Promise<number> {
  await api.createMemo("```ts\nconst answer = 42;\n```\n> a quote #ideas", "PUBLIC");
  const memo = await api.createMemo(
    "# Weekly notes\nA paragraph with a [link](https://example.com), `code` and #reading/books.\n- [x] done item\n- [ ] open item",
    "PUBLIC",
  );
  await api.pin(memo.id);
  const archived = await api.createMemo("Archived thought #old", "PRIVATE");
  await api.archive(archived.id);
  return memo.id;
}

for (const theme of ["light", "dark"] as Theme[]) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });
    // axe reads the whole page; on a busy machine that takes a while.
    test.setTimeout(60_000);

    for (const where of ["home", "explore", "memo", "user", "resources"] as const) {
      test(`${where} page @phone`, async ({ page, signedIn }, testInfo) => {
        const memoId = await seed(signedIn.api);
        const path = { home: "/", explore: "/explore", memo: `/m/${memoId}`, user: `/u/${signedIn.user.id}`, resources: "/resources" }[
          where
        ];
        await page.goto(path);
        if (where === "resources") await expect(page.getByText("No resources.")).toBeVisible();
        else await expect(page.getByRole("article").first()).toBeVisible();
        await expectAccessible(page, testInfo, `${theme}-${where}`);
      });
    }

    test(`the sidebar @phone`, async ({ page, signedIn }, testInfo) => {
      await seed(signedIn.api);
      await page.goto("/");
      await expect(page.getByRole("article").first()).toBeVisible();
      await openSidebar(page);
      await expectAccessible(page, testInfo, `${theme}-sidebar`);
    });

    for (const section of ["My account", "Preferences"] as const) {
      test(`settings: ${section} @phone`, async ({ page, signedIn }, testInfo) => {
        void signedIn;
        await page.goto("/");
        await openSettings(page, section);
        await expectAccessible(page, testInfo, `${theme}-settings-${section.replace(" ", "-").toLowerCase()}`, "dialog[open]");
      });
    }

    test(`the archived dialog @phone`, async ({ page, signedIn }, testInfo) => {
      await seed(signedIn.api);
      await page.goto("/");
      await (await openSidebar(page)).getByRole("button", { name: "Archived" }).click();
      await expect(page.getByRole("dialog", { name: "Archived memos" }).getByText("Archived thought")).toBeVisible();
      await expectAccessible(page, testInfo, `${theme}-archived`, "dialog[open]");
    });

    test(`the keyboard shortcuts dialog`, async ({ page, signedIn }, testInfo) => {
      void signedIn;
      await page.goto("/");
      await expect(page.getByRole("textbox", { name: "Any thoughts…" })).toBeVisible();
      await page.keyboard.press("?");
      await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
      await expectAccessible(page, testInfo, `${theme}-keyboard-shortcuts`, "dialog[open]");
    });

    test(`the sign-in page @phone`, async ({ page }, testInfo) => {
      await page.goto("/auth");
      await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
      await expectAccessible(page, testInfo, `${theme}-auth`);
    });
  });
}
