// The sidebar's dialogs: archived memos (restore), settings (the host creates a member), resources and
// the daily review.
import { MemosApi, PASSWORD, uniqueName } from "../support/api";
import { HOST } from "../support/env";
import { expect, signInPage, test } from "../support/fixtures";
import { memoAction, memoCard, sidebar, toast } from "../support/ui";

test("restores an archived memo from the Archived dialog", async ({ page, signedIn }) => {
  const memo = await signedIn.api.createMemo("Put away for later #someday");
  await signedIn.api.createMemo("Still on the list");
  await signedIn.api.archive(memo.id);
  await page.goto("/");
  await expect(memoCard(page, "Still on the list")).toBeVisible();
  await expect(memoCard(page, "Put away for later")).toHaveCount(0);

  await sidebar(page).getByRole("button", { name: "Archived" }).click();
  const dialog = page.getByRole("dialog", { name: "Archived memos" });
  await expect(dialog).toContainText("Put away for later");
  await dialog.getByRole("button", { name: "Restore" }).click();
  await expect(toast(page, "Restored successfully")).toBeVisible();
  await expect(dialog.getByText("No archived memos.")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).first().click();
  await expect(dialog).toHaveCount(0);
  await expect(memoCard(page, "Put away for later")).toBeVisible();
});

// A modal dialog makes the page behind it inert: the toast of an action taken in one sits inside it, so its Undo is
// a button that can be clicked, and a move to Trash needs no question first.
test("the Archived dialog's Undo buttons work while it is open: restore, then move to Trash", async ({ page, signedIn }) => {
  const memo = await signedIn.api.createMemo("Old plans #someday");
  await signedIn.api.archive(memo.id);
  await page.goto("/");
  await sidebar(page).getByRole("button", { name: "Archived" }).click();
  const dialog = page.getByRole("dialog", { name: "Archived memos" });
  await expect(dialog).toContainText("Old plans");

  await dialog.getByRole("button", { name: "Restore" }).click();
  await expect(dialog.getByText("No archived memos.")).toBeVisible();
  await dialog.getByRole("status").filter({ hasText: "Restored successfully" }).getByRole("button", { name: "Undo" }).click();
  await expect(dialog).toContainText("Old plans");
  await expect.poll(async () => (await signedIn.api.myMemos("ARCHIVED")).map((each) => each.id)).toEqual([memo.id]);

  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(dialog.getByText("No archived memos.")).toBeVisible();
  await expect.poll(async () => (await signedIn.api.trash()).map((each) => each.id)).toEqual([memo.id]);
  await dialog.getByRole("status").filter({ hasText: "Memo moved to Trash" }).getByRole("button", { name: "Undo" }).click();
  await expect(dialog).toContainText("Old plans");
  await expect.poll(async () => (await signedIn.api.myMemos("ARCHIVED")).map((each) => each.id)).toEqual([memo.id]);
});

test("the host creates a member in Settings, who can then sign in", async ({ page, baseURL, playwright }) => {
  await signInPage(page, baseURL!, HOST);
  await page.goto("/");
  await sidebar(page).getByRole("button", { name: "Settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Settings" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("tab", { name: "Members" }).click();

  const username = uniqueName("ui");
  await dialog.getByLabel("Username").fill(username);
  await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(toast(page, `Member ${username} created`)).toBeVisible();
  await expect(dialog.getByText(username, { exact: true })).toBeVisible();

  const context = await playwright.request.newContext();
  const member = await new MemosApi(context, baseURL!).signIn({ username, password: PASSWORD });
  expect(member.role).toBe("USER");
  await context.dispose();
});

test("the Resources dialog lists uploaded images", async ({ page, signedIn }) => {
  await signedIn.api.uploadImage("holiday.png");
  await page.goto("/");
  await sidebar(page).getByRole("button", { name: "Resources" }).click();
  const dialog = page.getByRole("dialog", { name: "Resources" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("holiday.png").first()).toBeVisible();
});

test("the Daily Review shows today's memos", async ({ page, signedIn }) => {
  await signedIn.api.createMemo("Written today for the review");
  await page.goto("/");
  await sidebar(page).getByRole("button", { name: "Daily Review" }).click();
  const dialog = page.getByRole("dialog", { name: "Daily Review" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Written today for the review")).toBeVisible();
  await dialog.getByRole("button", { name: "Previous day" }).click();
  await expect(dialog.getByText("No memos on this day.")).toBeVisible();
});

test("the host archives a member, who then cannot sign in, and restores them", async ({ page, baseURL, hostApi, playwright }) => {
  const credentials = { username: uniqueName("arc"), password: PASSWORD };
  await hostApi.createUser(credentials);
  await signInPage(page, baseURL!, HOST);
  await page.goto("/");
  await sidebar(page).getByRole("button", { name: "Settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Settings" });
  await dialog.getByRole("tab", { name: "Members" }).click();

  await dialog.getByRole("button", { name: `Actions for ${credentials.username}` }).click();
  await page.getByRole("menuitem", { name: "Archive" }).click();
  const confirm = page.getByRole("dialog", { name: `Archive ${credentials.username}?` });
  await confirm.getByRole("button", { name: "Archive" }).click();
  await expect(toast(page, `${credentials.username} archived`)).toBeVisible();

  const context = await playwright.request.newContext();
  const response = await context.post(`${baseURL}/api/auth/signin`, { data: credentials });
  expect(response.ok()).toBe(false);

  await dialog.getByRole("button", { name: `Actions for ${credentials.username}` }).click();
  await page.getByRole("menuitem", { name: "Restore" }).click();
  await expect(toast(page, `${credentials.username} restored`)).toBeVisible();
  const member = await new MemosApi(context, baseURL!).signIn(credentials);
  expect(member.username).toBe(credentials.username);
  await context.dispose();
});

test("changes a memo's created time, which reorders the list", async ({ page, signedIn }) => {
  await signedIn.api.createMemo("Written first");
  await signedIn.api.createMemo("Written second");
  await page.goto("/");
  await expect(page.getByRole("article").first()).toContainText("Written second");

  await memoAction(page, memoCard(page, "Written second"), "Change created time");
  const dialog = page.getByRole("dialog", { name: "Change created time" });
  await dialog.getByLabel("Created time").fill("2020-01-02T03:04");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Memo created datetime changed")).toBeVisible();
  await expect(page.getByRole("article").first()).toContainText("Written first");
  await expect(page.getByRole("article").last()).toContainText("Written second");
});
