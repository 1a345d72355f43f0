// The sidebar's own tools: shortcuts (saved filters), creating a tag, and the usage heat map.
import { expect, test } from "../support/fixtures";
import { memoCard, memoCards, sidebar } from "../support/ui";

test("creates a shortcut and filters the list with it", async ({ page, signedIn }) => {
  await signedIn.api.createMemo("Sprint review notes #work");
  await signedIn.api.createMemo("Buy oat milk #home");
  await signedIn.api.createMemo("Release party #work #fun");
  await page.goto("/");
  await expect(memoCards(page)).toHaveCount(3);

  await sidebar(page).getByRole("button", { name: "Create shortcut" }).click();
  const dialog = page.getByRole("dialog", { name: "Create shortcut" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Title is required");

  await dialog.getByLabel("Title").fill("Work only");
  await dialog.getByRole("combobox", { name: "Type of filter 1" }).selectOption("TAG");
  await dialog.getByLabel("Value of filter 1").fill("work");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toHaveCount(0);

  const shortcut = sidebar(page).getByRole("button", { name: "Work only", exact: true });
  await shortcut.click();
  await expect(shortcut).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL(/[?&]shortcutId=\d+/);
  await expect(memoCards(page)).toHaveCount(2);
  await expect(memoCard(page, "Buy oat milk")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Work only" })).toBeVisible();

  await shortcut.click();
  await expect(memoCards(page)).toHaveCount(3);
});

test("creates a tag from the sidebar before any memo uses it", async ({ page, signedIn }) => {
  await page.goto("/");
  await expect(sidebar(page).getByText("Input #tag to create")).toBeVisible();
  await sidebar(page).getByRole("button", { name: "Create tag" }).click();
  const dialog = page.getByRole("dialog", { name: "Create tag" });
  await dialog.getByLabel("Tag name").fill("reading");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(sidebar(page).getByRole("button", { name: "reading", exact: true })).toBeVisible();
  await expect.poll(async () => (await signedIn.api.request.get(`${signedIn.api.baseURL}/api/tag`)).json()).toEqual({ data: ["reading"] });
});

test("the heat map counts today's memos and filters by day", async ({ page, signedIn }) => {
  await signedIn.api.createMemo("First thing today");
  await signedIn.api.createMemo("Second thing today");
  await page.goto("/");
  const today = sidebar(page).getByRole("button", { name: /^2 memos on / });
  await expect(today).toBeVisible();
  await today.click();
  await expect(today).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL(/duration/);
  await expect(page.getByRole("group", { name: "Active filters" })).toBeVisible();
  await expect(memoCards(page)).toHaveCount(2);
});
