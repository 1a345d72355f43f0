// Finding memos: the search box takes words in any order and "quoted phrases", says how many memos match, and
// marks what it found in the cards; the tag tree counts a parent's whole subtree.
import { expect, test } from "../support/fixtures";
import { memoCard, memoCards, sidebar, text } from "../support/ui";

test("words in any order find a memo, the count shows above the list, and the words are marked in the card", async ({ page, signedIn }) => {
  await signedIn.api.createMemo("Login fails on Safari, see [the Safari notes](https://example.com/safari)");
  await signedIn.api.createMemo("Safari trip photos");
  await signedIn.api.createMemo("login works on Firefox");
  await page.goto("/");
  await expect(memoCards(page)).toHaveCount(3);

  await page.getByRole("searchbox", { name: text.searchLabel }).fill("safari login");
  await expect(page).toHaveURL(/[?&]text=safari(\+|%20)login/);
  await expect(memoCards(page)).toHaveCount(1);
  const card = memoCard(page, "Login fails on Safari");
  await expect(page.getByTestId("match-count")).toHaveText("1 memo");
  await expect(card.locator("mark")).toHaveText(["Login", "Safari", "Safari"]);
  // A marked word inside a link leaves the link as it was.
  await expect(card.getByRole("link", { name: "the Safari notes" })).toHaveAttribute("href", "https://example.com/safari");

  // A quoted phrase matches as written; the words alone match more.
  await page.getByRole("searchbox", { name: text.searchLabel }).fill('"fails on safari"');
  await expect(memoCards(page)).toHaveCount(1);
  await expect(card.locator("mark")).toHaveText(["fails on Safari"]);
  await page.getByRole("searchbox", { name: text.searchLabel }).fill("safari");
  await expect(memoCards(page)).toHaveCount(2);
  await expect(page.getByTestId("match-count")).toHaveText("2 memos");

  await page.getByRole("button", { name: "Clear search" }).click();
  await expect(memoCards(page)).toHaveCount(3);
  await expect(page.getByTestId("match-count")).toHaveCount(0);
  await expect(page.locator("article mark")).toHaveCount(0);
});

test("a parent tag counts its whole subtree, a memo under two of its tags once", async ({ page, signedIn }) => {
  await signedIn.api.createMemo("Standup #work/meeting");
  await signedIn.api.createMemo("Retro #work/meeting #work/notes");
  await signedIn.api.createMemo("Garden #home");
  await page.goto("/");
  const work = sidebar(page).getByRole("button", { name: "work", exact: true });
  await expect(work).toHaveAccessibleDescription("2 memos");
  await sidebar(page).getByRole("button", { name: "Expand #work" }).click();
  await expect(sidebar(page).getByRole("button", { name: "meeting", exact: true })).toHaveAccessibleDescription("2 memos");
  await expect(sidebar(page).getByRole("button", { name: "notes", exact: true })).toHaveAccessibleDescription("1 memo");
});
