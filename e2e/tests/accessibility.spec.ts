// An automated accessibility check (axe-core) of the main pages and dialogs: no serious or critical violation.
// In the light theme, every axe rule (names, roles, ARIA use, landmarks, contrast, touch targets …) on every page
// and dialog, on desktop and on a phone (whose layout differs: the header, the drawer, settings as pages). In the
// dark theme only the colours change, so only the contrast is checked there.
// The browser asks for reduced motion (playwright.config.ts), so colours are final as soon as they are drawn.
import type { Page, TestInfo } from "@playwright/test";
import type { MemosApi } from "../support/api";
import { type AxeScan, severeViolations } from "../support/axe";
import { expect, screenshot, signInPage, test } from "../support/fixtures";
import { openSettings, openSidebar } from "../support/ui";

/** Every rule in the light theme; in the dark one, the contrast. */
const RULES: Record<"light" | "dark", AxeScan> = { light: {}, dark: { rules: ["color-contrast"] } };

/** Runs axe on the page (or a part of it), fails softly with a readable list of serious and critical problems. */
async function expectAccessible(page: Page, testInfo: TestInfo, name: string, scan: AxeScan = {}): Promise<void> {
  expect.soft(await severeViolations(page, scan), `${name}: axe found`).toEqual([]);
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

/** The sign-in page (signed out), then every page of a signed-in member with seeded memos. */
async function scanPages(
  page: Page,
  testInfo: TestInfo,
  baseURL: string,
  credentials: { username: string; password: string },
  label: string,
  scan: AxeScan,
) {
  await page.goto("/auth");
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
  await expectAccessible(page, testInfo, `${label}-auth`, scan);

  const api = await signInPage(page, baseURL, credentials);
  const memoId = await seed(api);
  const me = await api.me();
  for (const [where, path] of [
    ["home", "/"],
    ["explore", "/explore"],
    ["memo", `/m/${memoId}`],
    ["user", `/u/${me.id}`],
    ["resources", "/resources"],
  ] as const) {
    await page.goto(path);
    if (where === "resources") await expect(page.getByText("No resources.")).toBeVisible();
    else await expect(page.getByRole("article").first()).toBeVisible();
    await expectAccessible(page, testInfo, `${label}-${where}`, scan);
  }
}

/** A signed-in member's home page with seeded memos. */
async function seededHome(page: Page, api: MemosApi): Promise<void> {
  await seed(api);
  await page.goto("/");
  await expect(page.getByRole("article").first()).toBeVisible();
}

/** The dialogs of the home page, opened one after another (the keyboard's on desktop only). */
async function scanDialogs(page: Page, testInfo: TestInfo, label: string, scan: AxeScan, { keyboard }: { keyboard: boolean }) {
  const dialogScan = { ...scan, include: "dialog[open]" };

  for (const section of ["My account", "Preferences"] as const) {
    const settings = await openSettings(page, section);
    await expectAccessible(page, testInfo, `${label}-settings-${section.replace(" ", "-").toLowerCase()}`, dialogScan);
    await page.keyboard.press("Escape");
    await expect(settings).toHaveCount(0);
  }

  await (await openSidebar(page)).getByRole("button", { name: "Archived" }).click();
  const archived = page.getByRole("dialog", { name: "Archived memos" });
  await expect(archived.getByText("Archived thought")).toBeVisible();
  await expectAccessible(page, testInfo, `${label}-archived`, dialogScan);
  await page.keyboard.press("Escape");
  await expect(archived).toHaveCount(0);

  if (!keyboard) return;
  await page.keyboard.press("?");
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
  await expectAccessible(page, testInfo, `${label}-keyboard-shortcuts`, dialogScan);
}

// axe reads the whole page for each scan; several scans a test, on a busy machine that takes a while.
test.describe.configure({ timeout: 60_000 });

for (const theme of ["light", "dark"] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });
    const what = theme === "light" ? "every rule" : "the contrast";

    // The phone sweeps its pages with every rule in the light theme; the dark theme's colours are the desktop's
    // (the layout changes with the width, the palette does not), so its contrast is read once, on desktop.
    test(`${what} on the sign-in page and every page${theme === "light" ? " @phone" : ""}`, async ({ page, baseURL, member }, testInfo) => {
      await scanPages(page, testInfo, baseURL!, member.credentials, theme, RULES[theme]);
    });

    test(`${what} on the settings, archived and keyboard shortcuts dialogs`, async ({ page, signedIn }, testInfo) => {
      await seededHome(page, signedIn.api);
      await scanDialogs(page, testInfo, theme, RULES[theme], { keyboard: true });
    });

    test(`@phone-only ${what} on the drawer and the settings and archived dialogs`, async ({ page, signedIn }, testInfo) => {
      await seededHome(page, signedIn.api);
      const drawer = await openSidebar(page);
      await expect(drawer).toBeVisible();
      await expectAccessible(page, testInfo, `${theme}-sidebar`, RULES[theme]);
      await page.keyboard.press("Escape");
      await expect(drawer).toHaveCount(0);
      await scanDialogs(page, testInfo, theme, RULES[theme], { keyboard: false });
    });
  });
}

test("asking for reduced motion (as this suite does) turns transitions and animations off; without it they run", async ({ page }) => {
  await page.goto("/auth");
  const button = page.getByRole("button", { name: "Sign in", exact: true });
  await expect(button).toBeVisible();
  // A button's colour transition, and the spinner's turn (an element of the class the spinners use).
  const motion = () =>
    button.evaluate((element) => {
      const spinner = document.createElement("div");
      spinner.className = "animate-spin";
      document.body.append(spinner);
      const durations = [getComputedStyle(element).transitionDuration, getComputedStyle(spinner).animationDuration];
      spinner.remove();
      return durations;
    });
  expect(await motion()).toEqual(["0s", "0s"]);
  await page.emulateMedia({ reducedMotion: "no-preference" });
  expect(await motion()).toEqual(["0.2s", "1s"]);
});

test("the check finds what it is there for: a button without a name, text without contrast, only where asked", async ({ page }) => {
  await page.setContent(
    `<html lang="en"><title>Probe</title><main><button></button><p style="color:#eee;background:#fff">faint words</p></main></html>`,
  );
  const ids = (found: string[]) => found.map((entry) => entry.split(" ")[0]).sort();
  expect(ids(await severeViolations(page))).toEqual(["button-name", "color-contrast"]);
  expect(ids(await severeViolations(page, { rules: ["color-contrast"] }))).toEqual(["color-contrast"]);
  expect(await severeViolations(page, { include: "p", rules: ["button-name"] })).toEqual([]);
});
