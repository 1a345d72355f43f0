// The editor never surprises: the next memo starts from the default visibility, a save pressed twice in the same
// moment makes one memo, and after a save (or Esc) focus leaves the editor so the app's keys work again.
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { editor, memoCard, openSettings, text, writeMemo } from "../support/ui";

const visibility = (page: Page) => page.getByRole("combobox", { name: /^Visibility:/ });

/** Counts the memo creations the page sends. */
function countCreates(page: Page): () => number {
  let creates = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/memo") creates += 1;
  });
  return () => creates;
}

test("after a Public memo the next one is private again (the user's default)", async ({ page, signedIn }) => {
  await page.goto("/");
  await expect(visibility(page)).toHaveValue("PRIVATE");
  await visibility(page).selectOption("PUBLIC");
  await writeMemo(page, "Shared with everyone");
  await expect(visibility(page)).toHaveValue("PRIVATE");
  await writeMemo(page, "my private diary entry");

  const memos = await signedIn.api.myMemos();
  expect(Object.fromEntries(memos.map((memo) => [memo.content, memo.visibility]))).toEqual({
    "Shared with everyone": "PUBLIC",
    "my private diary entry": "PRIVATE",
  });
});

test("the next memo returns to a default of Protected when that is the user's setting", async ({ page, signedIn }) => {
  await signedIn.api.setUserSetting("memoVisibility", "PROTECTED");
  await page.goto("/");
  await expect(visibility(page)).toHaveValue("PROTECTED");
  await visibility(page).selectOption("PRIVATE");
  await writeMemo(page, "Just for me");
  await expect(visibility(page)).toHaveValue("PROTECTED");
});

test("Ctrl/⌘+Enter twice in the same moment, or a double click on Save, makes one memo", async ({ page, signedIn }) => {
  const creates = countCreates(page);
  await page.goto("/");
  await editor(page).fill("Pressed twice");
  // Two key presses before React re-renders: the second must find the save in flight.
  await editor(page).evaluate((textarea) => {
    for (let i = 0; i < 2; i++) textarea.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", ctrlKey: true, bubbles: true }));
  });
  await expect(memoCard(page, "Pressed twice")).toBeVisible();
  await expect(editor(page)).toHaveValue("");

  await editor(page).fill("Clicked twice");
  await page.getByRole("button", { name: text.save, exact: true }).evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
  });
  await expect(memoCard(page, "Clicked twice")).toBeVisible();
  await expect(editor(page)).toHaveValue("");

  expect(creates()).toBe(2);
  expect((await signedIn.api.myMemos()).map((memo) => memo.content).sort()).toEqual(["Clicked twice", "Pressed twice"]);
});

test("after a save focus leaves the editor, so ? opens the help; Esc leaves the editor too, and the help says so", async ({
  page,
  signedIn,
}) => {
  void signedIn;
  await page.goto("/");
  await writeMemo(page, "Saved with the keyboard");
  await expect(editor(page)).not.toBeFocused();
  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toBeVisible();
  await expect(help.getByText("Leave the editor (saving leaves it too)", { exact: false })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(help).toHaveCount(0);

  await editor(page).click();
  await page.keyboard.type("half a thought");
  await page.keyboard.press("Escape");
  await expect(editor(page)).not.toBeFocused();
  await expect(editor(page)).toHaveValue("half a thought");
  await page.keyboard.press("n");
  await expect(editor(page)).toBeFocused();
});

test("full screen covers the whole window, sidebar included, with focus in the text", async ({ page, signedIn }) => {
  void signedIn;
  await page.goto("/");
  await editor(page).fill("Start ");
  await page.getByRole("button", { name: "Full screen" }).click();
  const exit = page.getByRole("button", { name: "Exit full screen" });
  await expect(exit).toBeVisible();
  await expect(editor(page)).toBeFocused();
  // Letters go into the text, not to the app's single-key shortcuts.
  await page.keyboard.type("n?/typed");
  await expect(editor(page)).toHaveValue("Start n?/typed");
  // Nothing lies over the text's first column or the toolbar.
  const box = (await editor(page).boundingBox())!;
  expect(box.x).toBeLessThan(24);
  /** What is on top at a point: the text, or the label of a button. */
  const onTop = async (point: { x: number; y: number }) =>
    page.evaluate(({ x, y }) => {
      const element = document.elementFromPoint(x, y);
      return element?.closest("textarea") ? "TEXTAREA" : (element?.closest("button")?.getAttribute("aria-label") ?? element?.tagName);
    }, point);
  expect(await onTop({ x: box.x + 4, y: box.y + 8 })).toBe("TEXTAREA");
  const exitBox = (await exit.boundingBox())!;
  expect(await onTop({ x: exitBox.x + exitBox.width / 2, y: exitBox.y + exitBox.height / 2 })).toBe("Exit full screen");
  await exit.click();
  await expect(exit).toHaveCount(0);
  await expect(editor(page)).toBeFocused();
});

test("the first Tab stop is Skip to memos, which moves past the sidebar", async ({ page, signedIn }) => {
  await signedIn.api.createMemo("Something to read");
  await page.goto("/");
  await expect(page.getByRole("article").first()).toBeVisible();
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to memos" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();
  // The next Tab stop is in the page's content, not the sidebar.
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main")))).toBe(true);
});

test("Back closes the dialog and stays on the page; Settings has an address that opens it", async ({ page, signedIn }) => {
  void signedIn;
  await page.goto("/?tag=work");
  await expect(editor(page)).toBeVisible();
  const settings = await openSettings(page);
  await expect(page).toHaveURL(/[?&]dialog=setting/);
  await page.goBack();
  await expect(settings).toHaveCount(0);
  await expect(page).toHaveURL(/\/\?tag=work$/);

  await page.goto("/?dialog=setting");
  const linked = page.getByRole("dialog", { name: /Settings|My account|Preferences|Members|System/ });
  await expect(linked).toBeVisible();
  await page.reload();
  await expect(linked).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(linked).toHaveCount(0);
  await expect(page).not.toHaveURL(/dialog=/);
});

test("a dialog opened right after another closed stays open (Esc then ? at once)", async ({ page, signedIn }) => {
  void signedIn;
  await page.goto("/");
  await expect(editor(page)).toBeVisible();
  const settings = await openSettings(page);
  // Closing goes Back over the dialog's history entry, which lands a moment later: the next dialog must survive it.
  await page.keyboard.press("Escape");
  await page.keyboard.press("?");
  const shortcuts = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(shortcuts).toBeVisible();
  await expect(settings).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]dialog=keyboard-shortcuts$/);
  await page.goBack();
  await expect(shortcuts).toHaveCount(0);
});

test("Preview shows the text as the memo will, and back to writing keeps the text and the caret", async ({ page, signedIn }) => {
  void signedIn;
  await page.goto("/");
  const preview = page.getByRole("button", { name: "Preview" });
  await preview.click();
  await expect(page.getByRole("region", { name: "Preview" })).toHaveText("Nothing to preview yet.");
  await preview.click();
  await editor(page).fill("# Packing\n\n- [ ] tent\n- [x] **boots**");
  await preview.click();
  await expect(preview).toHaveAttribute("aria-pressed", "true");
  const shown = page.getByRole("region", { name: "Preview" });
  await expect(shown.getByRole("heading", { name: "Packing" })).toBeVisible();
  await expect(shown.getByRole("checkbox")).toHaveCount(2);
  await expect(shown.locator("strong")).toHaveText("boots");
  await expect(editor(page)).toBeHidden();
  await preview.click();
  await expect(editor(page)).toBeFocused();
  await expect(editor(page)).toHaveValue("# Packing\n\n- [ ] tent\n- [x] **boots**");
  await page.keyboard.press("Control+Enter");
  await expect(memoCard(page, "Packing")).toBeVisible();
});
