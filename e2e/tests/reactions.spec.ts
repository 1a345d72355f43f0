// Emoji reactions: a member adds one from the quick set or types any emoji, takes it back with a click; a visitor
// sees the counts on a public memo and cannot react.
import { expect, screenshot, test } from "../support/fixtures";
import { memoCard } from "../support/ui";

test("reacts from the quick set and with any emoji, takes a reaction back; a visitor sees the counts @phone", async ({
  page,
  signedIn,
  browser,
  baseURL,
}, testInfo) => {
  // Explore shows every member's public memos: this one's text is its own.
  const text = `Launch day! (${testInfo.project.name} ${Date.now()})`;
  await signedIn.api.createMemo(text, "PUBLIC");
  await page.goto("/");
  const card = memoCard(page, text);

  await card.getByRole("button", { name: "Add a reaction" }).click();
  await page.getByRole("menuitem", { name: "🎉" }).click();
  const party = card.getByRole("button", { name: /^🎉: 1\./ });
  await expect(party).toHaveAttribute("aria-pressed", "true");

  await card.getByRole("button", { name: "Add a reaction" }).click();
  await page.getByRole("menuitem", { name: "Another emoji" }).click();
  const other = card.getByRole("textbox", { name: "Another emoji" });
  await other.fill("not an emoji");
  await other.press("Enter");
  await expect(page.getByText("A reaction is one emoji.")).toBeVisible();
  await other.fill("🦄");
  await other.press("Enter");
  await expect(card.getByRole("button", { name: /^🦄: 1\./ })).toBeVisible();
  await screenshot(page, testInfo, "reactions", { fullPage: false });

  await party.click();
  await expect(card.getByRole("button", { name: /^🎉/ })).toHaveCount(0);

  const visitor = await browser.newContext({ baseURL });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto("/explore");
  const seen = memoCard(visitorPage, text);
  await expect(seen.getByRole("button", { name: /^🦄: 1\./ })).toBeDisabled();
  await expect(seen.getByRole("button", { name: "Add a reaction" })).toHaveCount(0);
  await visitor.close();
});
