// The calendar: a month of the user's memos by day (their display time), each day's count and first words, in one
// request per month; moved by buttons or the keyboard; choosing a day closes it and filters the list to that day.
import { expect, screenshot, test } from "../support/fixtures";
import { memoCards, openSidebar } from "../support/ui";

/** Local noon of a day of last month, in Unix seconds (the browser runs in UTC). */
function lastMonth(day: number): { seconds: number; label: RegExp } {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, day, 12));
  const weekday = date.toLocaleDateString("en-US", { weekday: "short", timeZone: "UTC" });
  const month = date.toLocaleDateString("en-US", { month: "short", timeZone: "UTC" });
  return { seconds: date.getTime() / 1000, label: new RegExp(`on ${weekday}, ${month} ${day}, ${date.getUTCFullYear()}$`) };
}

test("the calendar shows last month's memos by day, and a day filters the list @phone", async ({ page, signedIn }, testInfo) => {
  const fifth = lastMonth(5);
  const twelfth = lastMonth(12);
  await signedIn.api.createMemo("Fifth, morning", "PRIVATE", undefined, fifth.seconds - 3600);
  await signedIn.api.createMemo("Fifth, evening", "PRIVATE", undefined, fifth.seconds + 3600);
  await signedIn.api.createMemo("Twelfth", "PRIVATE", undefined, twelfth.seconds);
  await signedIn.api.createMemo("Today's memo");
  await page.goto("/");

  const sidebar = await openSidebar(page);
  if (testInfo.project.use.hasTouch) await sidebar.getByRole("button", { name: /Days? – Open the calendar$/ }).click();
  else await sidebar.getByRole("button", { name: "Calendar", exact: true }).click();
  const calendar = page.getByRole("dialog", { name: "Calendar" });
  await expect(calendar.getByRole("button", { name: /^1 memo on / })).toHaveCount(1);

  const months: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/memo/calendar")) months.push(request.url());
  });
  await calendar.getByRole("button", { name: "Previous month" }).click();
  await expect(calendar.getByRole("button", { name: new RegExp(`^2 memos ${fifth.label.source.slice(0)}`) })).toBeVisible();
  await expect(calendar.getByText("3 memos")).toBeVisible();
  expect(months).toHaveLength(1);

  // Each day's first memo in a few words: in the cell on a wide screen, under the grid for the focused day.
  const fifthDay = calendar.getByRole("button", { name: fifth.label });
  if (!testInfo.project.use.hasTouch) await expect(fifthDay.getByText("Fifth, morning")).toBeVisible();
  await fifthDay.focus();
  const summary = calendar.getByTestId("calendar-day-summary");
  await expect(summary).toContainText(/^2 memos on /);
  await expect(summary).toContainText("First: Fifth, morning");
  await screenshot(page, testInfo, "calendar", { fullPage: false });
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshot(page, testInfo, "calendar-dark", { fullPage: false });
  await page.emulateMedia({ colorScheme: "light" });

  // The keyboard: from the 5th, a week on is the 12th.
  await page.keyboard.press("ArrowDown");
  await expect(calendar.getByRole("button", { name: twelfth.label })).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(calendar).toHaveCount(0);
  await expect(memoCards(page)).toHaveCount(1);
  await expect(memoCards(page).first()).toContainText("Twelfth");
  await page.goBack();
  await expect(memoCards(page)).toHaveCount(4);
});
