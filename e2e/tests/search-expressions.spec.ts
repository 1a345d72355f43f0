// The search box's quick filters: `tag:work has:task` narrow the list beside the words, and while one is typed the
// box offers the keys and their values (the user's own tags among them), picked with the keyboard.
import { expect, test } from "../support/fixtures";
import { memoCards, text } from "../support/ui";

test("typing a quick filter offers its keys and the user's tags; picked with the keyboard, they narrow the list @phone", async ({
  page,
  signedIn,
}) => {
  await signedIn.api.createMemo("#workbench plain note");
  await signedIn.api.createMemo("#work\n- [ ] call the plumber");
  await signedIn.api.createMemo("#work the budget, no tasks");
  await signedIn.api.createMemo("#travel\n- [ ] pack the bag");
  await page.goto("/");
  await expect(memoCards(page)).toHaveCount(4);

  const search = page.getByRole("searchbox", { name: text.searchLabel });
  const suggestions = page.getByRole("listbox", { name: "Search suggestions" });
  await search.click();
  await search.pressSequentially("ta");
  await expect(suggestions.getByRole("option")).toHaveText([/^tag:/]);
  await search.press("Enter");
  await expect(search).toHaveValue("tag:");

  // The user's tags, those starting with what is typed first; the arrow keys move the choice.
  await search.pressSequentially("wo");
  await expect(suggestions.getByRole("option")).toHaveText([/^tag:work(?!bench)/, /^tag:workbench/]);
  await expect(suggestions.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  await search.press("ArrowDown");
  await search.press("ArrowUp");
  await search.press("Enter");
  await expect(search).toHaveValue("tag:work ");
  await expect(suggestions).toHaveCount(0);

  await search.pressSequentially("has:t");
  await expect(suggestions.getByRole("option")).toHaveText([/^has:task/, /^has:todo/]);
  await search.press("Enter");
  await expect(search).toHaveValue("tag:work has:task ");
  // Escape closes the suggestions first, then clears the box.
  await search.pressSequentially("bu");
  await expect(suggestions).toHaveCount(0);
  await search.press("Backspace");
  await search.press("Backspace");

  await expect(memoCards(page)).toHaveCount(1);
  await expect(memoCards(page).first()).toContainText("call the plumber");

  await search.fill("tag:work budget");
  await expect(memoCards(page)).toHaveCount(1);
  await expect(memoCards(page).first()).toContainText("the budget, no tasks");

  await search.fill("has:todo");
  await expect(memoCards(page)).toHaveCount(2);
  await search.fill("ha");
  await expect(suggestions).toBeVisible();
  await search.press("Escape");
  await expect(suggestions).toHaveCount(0);
  await expect(search).toHaveValue("ha");
  await search.press("Escape");
  await expect(search).toHaveValue("");
});
