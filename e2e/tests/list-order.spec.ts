// The home list's order: newest first by display time, or the most recently edited first. The choice is the user's
// setting on the server (memoListOrder), so another browser signed in as them lists in the same order.
import { expect, signInPage, test } from "../support/fixtures";
import { memoCards } from "../support/ui";

test("the home list sorts by the last edit when asked, and the choice follows the user to another browser @phone", async ({
  page,
  browser,
  baseURL,
  signedIn,
}) => {
  const now = Math.floor(Date.now() / 1000);
  // A memo written with a date is last edited at that date; then the oldest is edited now.
  await signedIn.api.createMemo("order first", "PRIVATE", undefined, now - 1_000);
  const oldest = await signedIn.api.createMemo("order second", "PRIVATE", undefined, now - 3_000);
  await signedIn.api.createMemo("order third", "PRIVATE", undefined, now - 2_000);
  await signedIn.api.patchMemo(oldest.id, { content: "order second, edited" });
  const byDisplay = ["order first", "order third", "order second, edited"];
  const byEdit = ["order second, edited", "order first", "order third"];
  const cards = memoCards(page);

  await page.goto("/");
  const order = page.getByRole("combobox", { name: "Order of the list" });
  await expect(order).toHaveValue("display");
  for (const [i, content] of byDisplay.entries()) await expect(cards.nth(i)).toContainText(content);

  await order.selectOption({ label: "Recently edited" });
  for (const [i, content] of byEdit.entries()) await expect(cards.nth(i)).toContainText(content);
  await expect.poll(async () => (await signedIn.api.me()).userSettingList?.find((s) => s.key === "memoListOrder")?.value).toBe('"updated"');

  // Another device: a fresh browser context, signed in as the same user.
  const other = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  try {
    const second = await other.newPage();
    await signInPage(second, baseURL!, signedIn.credentials);
    await second.goto("/");
    await expect(second.getByRole("combobox", { name: "Order of the list" })).toHaveValue("updated");
    for (const [i, content] of byEdit.entries()) await expect(memoCards(second).nth(i)).toContainText(content);
  } finally {
    await other.close();
  }

  await order.selectOption({ label: "Newest first" });
  for (const [i, content] of byDisplay.entries()) await expect(cards.nth(i)).toContainText(content);
});
