// Everyday editing and reading: tag autocomplete with counts (and the sidebar's counts), long memos folded by
// length, the keyboard shortcuts, and touch targets of at least 40 px on phones.
import type { Page } from "@playwright/test";
import { expect, screenshot, test } from "../support/fixtures";
import { editor, memoCard, openSidebar, sidebar, text } from "../support/ui";

const suggestions = (page: Page) => page.getByRole("listbox", { name: "Tag suggestions" });

test("typing # and letters offers the user's tags with counts, chosen by keyboard or pointer @phone", async ({
  page,
  signedIn,
}, testInfo) => {
  for (const content of ["#work one", "#work two", "#work/deep three", "#homework four", "#idea five"])
    await signedIn.api.createMemo(content);
  await page.goto("/");
  // The sidebar shows each tag's memo count; a parent counts its subtree (work, work, work/deep).
  const tags = await openSidebar(page);
  await expect(tags.getByRole("button", { name: "work", exact: true })).toContainText("3");
  await expect(tags.getByRole("button", { name: "homework", exact: true })).toHaveAccessibleDescription("1 memo");
  if (testInfo.project.name === "phone") await page.keyboard.press("Escape");

  const box = editor(page);
  await box.click();
  await box.pressSequentially("Today #wo");
  const list = suggestions(page);
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute("aria-controls", (await list.getAttribute("id"))!);
  // Prefix matches first (the most used first), then a segment, then any match.
  await expect(list.getByRole("option").locator("span:first-child")).toHaveText(["#work", "#work/deep", "#homework"]);
  // Counted as the sidebar counts them: #work with the tags under it, and saying so.
  await expect(list.getByRole("option").locator("span[aria-hidden]")).toHaveText(["3", "1", "1"]);
  await expect(list.getByRole("option").first()).toHaveAccessibleName(/^#work\s*3 memos, tags under it included$/);
  await expect(list.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  await screenshot(page, testInfo, "tag-autocomplete", { fullPage: false });

  await box.press("ArrowDown");
  await expect(list.getByRole("option", { name: /work\/deep/ })).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", (await list.getByRole("option", { name: /work\/deep/ }).getAttribute("id"))!);
  await box.press("ArrowUp");
  await box.press("ArrowUp");
  await expect(list.getByRole("option", { name: /homework/ })).toHaveAttribute("aria-selected", "true");
  await box.press("Enter");
  await expect(box).toHaveValue("Today #homework ");
  await expect(list).toBeHidden();

  // Tab completes too; Esc closes the list and leaves the text as typed.
  await box.pressSequentially("and #ide");
  await expect(list.getByRole("option")).toHaveCount(1);
  await expect(list.getByRole("option")).toHaveAccessibleName(/^#idea\s*1 memo$/);
  await box.press("Tab");
  await expect(box).toHaveValue("Today #homework and #idea ");
  await box.pressSequentially("#w");
  await expect(list).toBeVisible();
  await box.press("Escape");
  await expect(list).toBeHidden();
  await expect(box).toHaveValue("Today #homework and #idea #w");
  await expect(box).toBeFocused();

  // A pointer picks an option; the focus stays in the editor.
  await box.pressSequentially("o");
  await expect(list).toBeHidden(); // dismissed for this word until the caret leaves it
  for (let i = 0; i < 3; i++) await box.press("Backspace");
  await box.pressSequentially("#deep");
  await list.getByRole("option", { name: /work\/deep/ }).click();
  await expect(box).toHaveValue("Today #homework and #idea #work/deep ");
  await expect(box).toBeFocused();
  // Nothing matches: no list.
  await box.pressSequentially("#zzz");
  await expect(list).toBeHidden();
});

test("long memos fold by length with Show more / Show less, unless folding is off; --- folding stays @phone", async ({
  page,
  signedIn,
}) => {
  const long = Array.from({ length: 20 }, (_, i) => `- Line number ${i + 1}`).join("\n");
  await signedIn.api.createMemo(long);
  await signedIn.api.createMemo("Short intro\n\n---\n\nHidden after the rule");
  await signedIn.api.createMemo("A short memo stays whole");
  await page.goto("/");

  const card = memoCard(page, "Line number 1");
  await expect(card.getByText("Line number 12", { exact: true })).toBeVisible();
  await expect(card.getByText("Line number 13", { exact: true })).toHaveCount(0);
  const more = card.getByRole("button", { name: "Show more" });
  await expect(more).toHaveAttribute("aria-expanded", "false");
  await more.click();
  await expect(card.getByText("Line number 20", { exact: true })).toBeVisible();
  await card.getByRole("button", { name: "Show less" }).click();
  await expect(card.getByText("Line number 20", { exact: true })).toHaveCount(0);

  const ruled = memoCard(page, "Short intro");
  await expect(ruled.getByText("Hidden after the rule")).toHaveCount(0);
  await ruled.getByRole("button", { name: "Show more" }).click();
  await expect(ruled.getByText("Hidden after the rule")).toBeVisible();
  await expect(memoCard(page, "A short memo stays whole").getByRole("button", { name: "Show more" })).toHaveCount(0);

  // Folding off (Settings › Preferences, kept in this browser): everything shows whole.
  await page.evaluate(() => localStorage.setItem("localSetting", JSON.stringify({ enableFoldMemo: false })));
  await page.reload();
  await expect(card.getByText("Line number 20", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Show more" })).toHaveCount(0);
});

test("keyboard: / and Ctrl+K search, n writes, ? lists the shortcuts, Esc closes only the top layer", async ({ page, signedIn }) => {
  await signedIn.api.uploadImage("sunrise.png");
  await page.goto("/");
  const search = page.getByRole("searchbox", { name: text.searchLabel });
  await expect(editor(page)).toBeVisible();

  await page.keyboard.press("/");
  await expect(search).toBeFocused();
  await expect(search).toHaveValue("");
  // In a field the keys are text.
  await page.keyboard.type("n?");
  await expect(search).toHaveValue("n?");
  await page.keyboard.press("Escape");
  await page.locator("main").click({ position: { x: 5, y: 5 } });

  await page.keyboard.press("n");
  await expect(editor(page)).toBeFocused();
  await expect(editor(page)).toHaveValue("");
  await page.keyboard.press("Control+k"); // in the editor, Ctrl+K inserts a link
  await expect(editor(page)).toBeFocused();
  await editor(page).fill("");
  await page.locator("main").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("Control+k");
  await expect(search).toBeFocused();
  await page.locator("main").click({ position: { x: 5, y: 5 } });

  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toBeVisible();
  await expect(help.getByText("Search memos")).toBeVisible();
  await expect(help.getByText("Write a new memo")).toBeVisible();
  // Shortcuts wait while a dialog is open.
  await page.keyboard.press("n");
  await expect(editor(page)).not.toBeFocused();
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();

  // Esc closes the image viewer alone, then the Resources dialog under it.
  await (await openSidebar(page)).getByRole("button", { name: "Resources" }).click();
  const resources = page.getByRole("dialog", { name: "Resources" });
  await expect(resources).toBeVisible();
  await resources
    .getByRole("button", { name: /sunrise\.png/ })
    .first()
    .click();
  const viewer = page.getByRole("dialog", { name: "Preview" });
  await expect(viewer).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
  await expect(resources).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(resources).toBeHidden();
  void sidebar;
});

test("@phone-only touch targets are at least 40 px on phones", async ({ page, signedIn }) => {
  // With a comment, a reaction and a memo referencing it, the card shows every count and bar it can.
  const memo = await signedIn.api.createMemo("A memo #phone");
  await signedIn.api.createComment(memo.id, "a comment");
  await signedIn.api.react(memo.id, "👍");
  await signedIn.api.createMemo(`See /m/${memo.id}`);
  await page.goto("/");
  await expect(memoCard(page, "A memo")).toBeVisible();
  await expect(memoCard(page, "A memo").getByRole("link", { name: /comment/i })).toBeVisible();
  const small = async (scope: string) =>
    page.evaluate((selector) => {
      const out: string[] = [];
      for (const element of document.querySelectorAll<HTMLElement>(
        `${selector} button, ${selector} a[href], ${selector} select, ${selector} input`,
      )) {
        if (element.closest(".md")) continue; // links inside memo text are inline, as in any text
        const box = element.getBoundingClientRect();
        // The drawer's heat map is a grid of 56 days, kept compact so the tags start on the first screen: its
        // days are at least WCAG's 24 px.
        const min = element.closest("[data-heatmap]") ? 23.5 : 39.5;
        if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === "hidden") continue;
        if (box.height < min || box.width < min)
          out.push(`${element.getAttribute("aria-label") ?? element.textContent?.trim()} ${box.width}×${box.height}`);
      }
      return out;
    }, scope);
  expect(await small("main")).toEqual([]);
  await openSidebar(page);
  expect(await small("aside")).toEqual([]);
});

test("the desktop heat map keeps its fine 12-week grid", async ({ page, signedIn }) => {
  void signedIn;
  await page.goto("/");
  const days = sidebar(page).getByRole("region", { name: "Memos in the last 12 weeks" }).getByRole("button");
  await expect(days.first()).toBeVisible();
  expect(await days.count()).toBeGreaterThan(77);
  const box = (await days.first().boundingBox())!;
  expect(box.width).toBeLessThan(24);
});
