// Home for a signed-in member: writing memos with tags and an image, filtering by tag and text, pinning,
// editing, archiving and deleting, and loading more. Each test has a member of its own on the shared server.
import type { Page } from "@playwright/test";
import { PNG_BYTES } from "../support/api";
import { expect, screenshot, test } from "../support/fixtures";
import { editor, memoAction, memoCard, memoCards, sidebar, text, toast, writeMemo } from "../support/ui";

/** The empty home's hint for someone with no memos yet. */
const firstRunHint = (page: Page) => page.getByTestId("first-run-hint");

test("a new member's empty home says what to write, how tags work and where the shortcuts are, until the first memo @phone", async ({
  page,
  signedIn,
}, testInfo) => {
  void signedIn;
  await page.goto("/");
  const hint = firstRunHint(page);
  await expect(hint).toBeVisible();
  await expect(hint).toContainText("Nothing here yet. Your memos will show up here.");
  await expect(hint).toContainText("Write #tag anywhere in a memo to file it under that tag.");
  // The keyboard shortcuts are not offered on a touch screen.
  const shortcuts = hint.getByText("Press ? to see the keyboard shortcuts.");
  if (testInfo.project.use.hasTouch) await expect(shortcuts).toBeHidden();
  else await expect(shortcuts).toBeVisible();
  await expect(page.getByText("No memos here.")).toHaveCount(0);
  await screenshot(page, testInfo, "first-run-hint", { fullPage: false });

  // A filter that matches nothing says so plainly, not the first-run hint.
  await page.goto("/?tag=nothing-yet");
  await expect(page.getByText("No memos here.")).toBeVisible();
  await expect(hint).toHaveCount(0);

  await page.goto("/");
  await expect(hint).toBeVisible();
  await writeMemo(page, "My first memo #start");
  await expect(hint).toHaveCount(0);
  await page.reload();
  await expect(memoCard(page, "My first memo")).toBeVisible();
  await expect(hint).toHaveCount(0);
});

test("writes memos with tags and an uploaded image", async ({ page, signedIn }) => {
  await page.goto("/");
  await expect(editor(page)).toBeVisible();
  await expect(firstRunHint(page)).toBeVisible();

  const first = await writeMemo(page, "Groceries for the weekend #shopping");
  await expect(first.getByRole("button", { name: "#shopping" })).toBeVisible();

  await editor(page).fill("A picture of the garden #photos");
  // Attached with the toolbar's button, the typing goes on in the text: Ctrl+Enter saves.
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Upload image" }).click();
  await (await chooser).setFiles({ name: "garden.png", mimeType: "image/png", buffer: PNG_BYTES });
  await expect(page.getByRole("img", { name: "garden.png" })).toBeVisible();
  await expect(editor(page)).toBeFocused();
  await page.keyboard.press("Control+Enter");

  const withImage = memoCard(page, "A picture of the garden");
  await expect(withImage).toBeVisible();
  await expect(withImage.getByRole("img", { name: "garden.png" })).toBeVisible();
  await expect(withImage.getByRole("img", { name: "garden.png" })).toHaveJSProperty("complete", true);
  expect(await withImage.getByRole("img", { name: "garden.png" }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
  // Newest first.
  await expect(memoCards(page).first()).toContainText("A picture of the garden");

  // The image opens in the viewer; Escape closes it.
  await withImage.getByRole("button", { name: "garden.png" }).click();
  const viewer = page.getByRole("dialog", { name: "Preview" });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole("img")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(viewer).toHaveCount(0);

  const memos = await signedIn.api.myMemos();
  expect(memos.map((memo) => memo.content).sort()).toEqual(["A picture of the garden #photos", "Groceries for the weekend #shopping"]);
  expect(memos.find((memo) => memo.content.includes("garden"))?.resourceList).toHaveLength(1);

  await expect(sidebar(page).getByRole("button", { name: "shopping", exact: true })).toBeVisible();
  await expect(sidebar(page).getByRole("button", { name: "photos", exact: true })).toBeVisible();
});

test("an empty memo is refused", async ({ page, signedIn: _ }) => {
  await page.goto("/");
  await page.getByRole("button", { name: text.save, exact: true }).click();
  await expect(toast(page, text.contentEmpty, "error")).toBeVisible();
  await expect(firstRunHint(page)).toBeVisible();
});

test("filters by a tag in a memo, a tag in the sidebar, and by text", async ({ page, signedIn }) => {
  await signedIn.api.createMemo("Alpha draft #work");
  await signedIn.api.createMemo("Beta errands #home");
  await signedIn.api.createMemo("Gamma meeting notes #work");
  await page.goto("/");
  await expect(memoCards(page)).toHaveCount(3);

  await memoCard(page, "Alpha draft").getByRole("button", { name: "#work" }).click();
  await expect(page).toHaveURL(/[?&]tag=work/);
  await expect(memoCards(page)).toHaveCount(2);
  await expect(memoCard(page, "Beta errands")).toHaveCount(0);
  const chips = page.getByRole("group", { name: text.activeFilters });
  await expect(chips).toContainText("work");
  await chips.getByRole("button", { name: "Clear all" }).click();
  await expect(memoCards(page)).toHaveCount(3);

  await sidebar(page).getByRole("button", { name: "home", exact: true }).click();
  await expect(memoCards(page)).toHaveCount(1);
  await expect(memoCard(page, "Beta errands")).toBeVisible();
  await page.getByRole("button", { name: "Remove filter: home" }).click();
  await expect(memoCards(page)).toHaveCount(3);

  await page.getByRole("searchbox", { name: text.searchLabel }).fill("meeting");
  await expect(page).toHaveURL(/[?&]text=meeting/);
  await expect(memoCards(page)).toHaveCount(1);
  await expect(memoCard(page, "Gamma meeting notes")).toBeVisible();
  await page.getByRole("button", { name: "Clear search" }).click();
  await expect(memoCards(page)).toHaveCount(3);
});

test("pins, edits, archives and deletes memos", async ({ page, signedIn }) => {
  await signedIn.api.createMemo("Oldest memo");
  await signedIn.api.createMemo("Middle memo");
  await signedIn.api.createMemo("Newest memo");
  await page.goto("/");
  await expect(memoCards(page).first()).toContainText("Newest memo");

  // Pin: the card moves to the top and carries the marker.
  await memoAction(page, memoCard(page, "Oldest memo"), "Pin");
  await toast(page, "Memo pinned").getByRole("button", { name: "Undo" }).click();
  await expect(memoCard(page, "Oldest memo").getByLabel(text.pinned)).toHaveCount(0);
  await memoAction(page, memoCard(page, "Oldest memo"), "Pin");
  await expect(toast(page, "Memo pinned")).toBeVisible();
  await expect(memoCards(page).first()).toContainText("Oldest memo");
  await expect(memoCard(page, "Oldest memo").getByLabel(text.pinned)).toBeVisible();

  // Edit in place (Ctrl+Enter saves).
  await memoAction(page, memoCard(page, "Middle memo"), "Edit");
  const editing = page.getByRole("textbox", { name: "Editing memo" });
  await expect(editing).toHaveValue("Middle memo");
  await editing.fill("Middle memo, edited #revised");
  await editing.press("Control+Enter");
  await expect(editing).toHaveCount(0);
  await expect(memoCard(page, "Middle memo, edited")).toBeVisible();
  await expect(memoCard(page, "Middle memo, edited").getByRole("button", { name: "#revised" })).toBeVisible();

  // Archive: gone from home, kept by the server as ARCHIVED; Undo brings it back, and it goes again.
  await memoAction(page, memoCard(page, "Newest memo"), "Archive");
  await expect(memoCard(page, "Newest memo")).toHaveCount(0);
  await toast(page, "Memo archived").getByRole("button", { name: "Undo" }).click();
  await expect(memoCard(page, "Newest memo")).toBeVisible();
  await memoAction(page, memoCard(page, "Newest memo"), "Archive");
  await expect(toast(page, "Memo archived")).toBeVisible();
  await expect(memoCard(page, "Newest memo")).toHaveCount(0);
  expect((await signedIn.api.myMemos("ARCHIVED")).map((memo) => memo.content)).toEqual(["Newest memo"]);

  // Delete: to the trash at once, no question asked, since Undo in the toast brings it back.
  await memoAction(page, memoCard(page, "Middle memo, edited"), "Delete");
  await expect(memoCard(page, "Middle memo, edited")).toHaveCount(0);
  await toast(page, "Memo moved to Trash").getByRole("button", { name: "Undo" }).click();
  await expect(memoCard(page, "Middle memo, edited")).toBeVisible();
  await expect.poll(async () => (await signedIn.api.trash()).length).toBe(0);
  await memoAction(page, memoCard(page, "Middle memo, edited"), "Delete");
  await expect(memoCard(page, "Middle memo, edited")).toHaveCount(0);
  await expect(memoCards(page)).toHaveCount(1);
  expect((await signedIn.api.myMemos()).map((memo) => memo.content)).toEqual(["Oldest memo"]);
});

test("loads more memos on request and says when all are there", async ({ page, signedIn }) => {
  for (let i = 1; i <= 32; i++) await signedIn.api.createMemo(`Numbered memo ${i}`);
  await page.goto("/");
  await expect(memoCards(page)).toHaveCount(30);
  // Clicked without scrolling: scrolling to the end would load the next page by itself.
  await page.getByRole("button", { name: "Load more" }).dispatchEvent("click");
  await expect(memoCards(page)).toHaveCount(32);
  await expect(page.getByText("That’s all of them.")).toBeVisible();
});

test("quick filters narrow the list by visibility and by type", async ({ page, signedIn }) => {
  await signedIn.api.createMemo("Shared reading [an article](https://example.com/article)", "PUBLIC");
  await signedIn.api.createMemo("Members planning #team", "PROTECTED");
  await signedIn.api.createMemo("Quiet private thought", "PRIVATE");
  await page.goto("/");
  await expect(memoCards(page)).toHaveCount(3);

  await page.getByRole("button", { name: "Filter memos" }).click();
  await page.getByRole("menuitem", { name: "Visibility: Protected" }).click();
  await expect(page).toHaveURL(/[?&]visibility=PROTECTED/);
  await expect(memoCards(page)).toHaveCount(1);
  await expect(memoCard(page, "Members planning")).toBeVisible();
  await page.getByRole("button", { name: "Remove filter: Protected" }).click();
  await expect(memoCards(page)).toHaveCount(3);

  await page.getByRole("button", { name: "Filter memos" }).click();
  await page.getByRole("menuitem", { name: "Type: Has links" }).click();
  await expect(memoCards(page)).toHaveCount(1);
  await expect(memoCard(page, "Shared reading")).toBeVisible();

  await page.getByRole("button", { name: "Filter memos" }).click();
  await page.getByRole("menuitem", { name: "Type: No tags" }).click();
  await expect(page).toHaveURL(/[?&]type=NOT_TAGGED/);
  await expect(memoCards(page)).toHaveCount(2);
  await expect(memoCard(page, "Members planning")).toHaveCount(0);
});

test("archiving on the detail page keeps the memo there for its author, who can restore it", async ({ page, signedIn }) => {
  const memo = await signedIn.api.createMemo("Filed away for later #later");
  await page.goto(`/m/${memo.id}`);
  await memoAction(page, memoCard(page, "Filed away for later"), "Archive");
  await expect(toast(page, "Memo archived")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "This memo is archived." })).toBeVisible();
  await expect(memoCard(page, "Filed away for later")).toBeVisible();

  await page.getByRole("button", { name: "Restore", exact: true }).click();
  await expect(toast(page, "Restored successfully")).toBeVisible();
  await expect(page.getByText("This memo is archived.")).toHaveCount(0);
  await page.goto("/");
  await expect(memoCard(page, "Filed away for later")).toBeVisible();
});
