// Shortcuts (saved filters): the dialog's messages, every filter type and operator joined by AND and OR,
// editing, newest first, pinning to the top, deleting, and the shortcutId in the query string.
import type { Locator, Page } from "@playwright/test";
import type { MemosApi } from "../support/api";
import { expect, screenshot, test } from "../support/fixtures";
import { memoCard, memoCards, sidebar } from "../support/ui";

interface FilterRow {
  relation?: "AND" | "OR";
  type: "TAG" | "TYPE" | "TEXT" | "DISPLAY_TIME" | "VISIBILITY";
  operator: "CONTAIN" | "NOT_CONTAIN" | "IS" | "IS_NOT" | "BEFORE" | "AFTER";
  value: string;
}

/** Fills filter row `n` (1-based) of the shortcut dialog. */
async function setFilter(dialog: Locator, n: number, row: FilterRow): Promise<void> {
  if (row.relation) await dialog.getByRole("combobox", { name: `Relation of filter ${n}` }).selectOption(row.relation);
  await dialog.getByRole("combobox", { name: `Type of filter ${n}` }).selectOption(row.type);
  await dialog.getByRole("combobox", { name: `Operator of filter ${n}` }).selectOption(row.operator);
  const value = dialog.getByLabel(`Value of filter ${n}`);
  if (row.type === "TYPE" || row.type === "VISIBILITY") await value.selectOption(row.value);
  else await value.fill(row.value);
}

/** Creates a shortcut through the dialog and selects it. */
async function createShortcut(page: Page, title: string, rows: FilterRow[]): Promise<void> {
  await sidebar(page).getByRole("button", { name: "Create shortcut" }).click();
  const dialog = page.getByRole("dialog", { name: "Create shortcut" });
  await dialog.getByLabel("Title").fill(title);
  for (const [index, row] of rows.entries()) {
    if (index > 0) await dialog.getByRole("button", { name: "Add filter" }).click();
    await setFilter(dialog, index + 1, row);
  }
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toHaveCount(0);
  await shortcutButton(page, title).click();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
}

const shortcutButton = (page: Page, title: string): Locator =>
  sidebar(page)
    .getByRole("region", { name: "Shortcuts" })
    .getByRole("button", { name: new RegExp(`^(Pinned )?${title}$`) });

async function expectMemos(page: Page, contents: string[]): Promise<void> {
  await expect(memoCards(page)).toHaveCount(contents.length);
  for (const content of contents) await expect(memoCard(page, content)).toBeVisible();
}

async function seed(api: MemosApi): Promise<void> {
  await api.createMemo("Old diary entry", "PRIVATE", undefined, Date.UTC(2020, 5, 1, 12) / 1000);
  await api.createMemo("Ticket 4711 booked", "PRIVATE");
  await api.createMemo("Grocery list", "PUBLIC");
  await api.createMemo("Read [the guide](https://example.com/guide) #travel", "PROTECTED");
  await api.createMemo("Plan the trip #travel", "PUBLIC");
}

test("the dialog's messages, then tag OR regex text, edited to tag AND not-text", async ({ page, signedIn }, testInfo) => {
  await seed(signedIn.api);
  await page.goto("/");
  await expect(memoCards(page)).toHaveCount(5);

  await sidebar(page).getByRole("button", { name: "Create shortcut" }).click();
  const dialog = page.getByRole("dialog", { name: "Create shortcut" });
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Title is required");
  await dialog.getByLabel("Title").fill("Travel or numbers");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Filter value is required");
  await dialog.getByRole("button", { name: "Add filter" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Please fill in previous filter value");
  await expect(dialog.getByLabel("Value of filter 2")).toHaveCount(0);

  await setFilter(dialog, 1, { type: "TAG", operator: "CONTAIN", value: "travel" });
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Add filter" }).click();
  await setFilter(dialog, 2, { relation: "OR", type: "TEXT", operator: "CONTAIN", value: "^Ticket \\d{4}" });
  await screenshot(page, testInfo, "shortcut-dialog", { fullPage: false });
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toHaveCount(0);

  await shortcutButton(page, "Travel or numbers").click();
  await expect(page).toHaveURL(/[?&]shortcutId=\d+/);
  await expectMemos(page, ["Plan the trip", "Read the guide", "Ticket 4711 booked"]);
  await screenshot(page, testInfo, "shortcut-selected");

  // Edit: the dialog opens with the saved filters; now travel AND text not containing "Plan".
  await sidebar(page).getByRole("button", { name: "Actions for shortcut Travel or numbers" }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit shortcut" });
  await expect(edit.getByLabel("Title")).toHaveValue("Travel or numbers");
  await expect(edit.getByLabel("Value of filter 1")).toHaveValue("travel");
  await expect(edit.getByRole("combobox", { name: "Relation of filter 2" })).toHaveValue("OR");
  await edit.getByLabel("Title").fill("Travel reading");
  await setFilter(edit, 2, { relation: "AND", type: "TEXT", operator: "NOT_CONTAIN", value: "Plan" });
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Travel reading" })).toBeVisible();
  await expectMemos(page, ["Read the guide"]);
});

test("type, visibility and display-time filters", async ({ page, signedIn }) => {
  await seed(signedIn.api);
  await page.goto("/");
  await expect(memoCards(page)).toHaveCount(5);

  await createShortcut(page, "Untagged and shared", [
    { type: "TYPE", operator: "IS", value: "NOT_TAGGED" },
    { type: "VISIBILITY", operator: "IS_NOT", value: "PRIVATE" },
  ]);
  await expectMemos(page, ["Grocery list"]);

  await createShortcut(page, "Old or linked", [
    { type: "DISPLAY_TIME", operator: "BEFORE", value: "2021-01-01T00:00" },
    { relation: "OR", type: "TYPE", operator: "IS", value: "LINKED" },
  ]);
  await expectMemos(page, ["Old diary entry", "Read the guide"]);

  await createShortcut(page, "Recent, plain, not travel", [
    { type: "DISPLAY_TIME", operator: "AFTER", value: "2021-01-01T00:00" },
    { type: "TYPE", operator: "IS_NOT", value: "LINKED" },
    { type: "TAG", operator: "NOT_CONTAIN", value: "travel" },
  ]);
  await expectMemos(page, ["Grocery list", "Ticket 4711 booked"]);

  await createShortcut(page, "Public ones", [{ type: "VISIBILITY", operator: "IS", value: "PUBLIC" }]);
  await expectMemos(page, ["Grocery list", "Plan the trip"]);
});

test("newest first, pin to the top, delete; selecting sets shortcutId", async ({ page, signedIn }, testInfo) => {
  await signedIn.api.createMemo("Sprint notes #work");
  await signedIn.api.createMemo("Buy milk #home");
  const filter = (tag: string) => [{ type: "TAG", value: { operator: "CONTAIN", value: tag }, relation: "AND" }];
  const first = await signedIn.api.createShortcut("First", filter("work"));
  await signedIn.api.createShortcut("Second", filter("home"));
  await signedIn.api.createShortcut("Third", filter("work"));
  await page.goto("/");
  const list = sidebar(page).getByRole("region", { name: "Shortcuts" });
  await expect(list.getByRole("listitem")).toHaveText(["Third", "Second", "First"]);

  await list.getByRole("button", { name: "Actions for shortcut First" }).click();
  await page.getByRole("menuitem", { name: "Pin" }).click();
  await expect(list.getByRole("listitem")).toHaveText(["First", "Third", "Second"]);
  await expect(shortcutButton(page, "First")).toHaveAccessibleName("Pinned First");
  await screenshot(page, testInfo, "shortcuts-pinned");

  await shortcutButton(page, "First").click();
  await expect(page).toHaveURL(new RegExp(`[?&]shortcutId=${first.id}(&|$)`));
  await expect(shortcutButton(page, "First")).toHaveAttribute("aria-pressed", "true");
  await expectMemos(page, ["Sprint notes"]);
  // A shortcut says how many memos it found, as a search does.
  await expect(page.getByTestId("match-count")).toHaveText("1 memo");

  await list.getByRole("button", { name: "Actions for shortcut First" }).click();
  await page.getByRole("menuitem", { name: "Unpin" }).click();
  await expect(list.getByRole("listitem")).toHaveText(["Third", "Second", "First"]);

  // Deleting the selected shortcut clears the filter.
  await list.getByRole("button", { name: "Actions for shortcut First" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Delete shortcut “First”?" }).getByRole("button", { name: "Delete" }).click();
  await expect(list.getByRole("listitem")).toHaveText(["Third", "Second"]);
  await expect(page).not.toHaveURL(/shortcutId/);
  await expect(memoCards(page)).toHaveCount(2);
  expect((await signedIn.api.shortcuts()).map((shortcut) => shortcut.title).sort()).toEqual(["Second", "Third"]);
});
