// Finding memos: the search box takes words in any order and "quoted phrases", says how many memos match, and
// marks what it found in the cards; the tag tree counts a parent's whole subtree.
import { expect, test } from "../support/fixtures";
import { editor, memoCard, memoCards, sidebar, text } from "../support/ui";

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
  await signedIn.api.createMemo("Plan #work");
  await page.goto("/");
  const work = sidebar(page).getByRole("button", { name: "work", exact: true });
  await expect(work).toHaveAccessibleDescription("3 memos, tags under it included");
  await sidebar(page).getByRole("button", { name: "Expand #work" }).click();
  await expect(sidebar(page).getByRole("button", { name: "meeting", exact: true })).toHaveAccessibleDescription("2 memos");
  await expect(sidebar(page).getByRole("button", { name: "notes", exact: true })).toHaveAccessibleDescription("1 memo");

  // The editor's # suggestions count the same way, and say so.
  await editor(page).fill("Next #wo");
  const suggestions = page.getByRole("listbox", { name: "Tag suggestions" });
  await expect(suggestions.getByRole("option", { name: /^#work\s*3 memos, tags under it included$/ })).toBeVisible();
  await expect(suggestions.getByRole("option", { name: /^#work\/meeting\s*2 memos$/ })).toBeVisible();
  await editor(page).fill("");

  // A tag filter says how many memos it found, as a search does.
  await sidebar(page).getByRole("button", { name: "meeting", exact: true }).click();
  await expect(page.getByTestId("match-count")).toHaveText("2 memos");
});
