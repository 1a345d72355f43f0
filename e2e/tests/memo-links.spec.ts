// Links between memos: typing `[[` in the editor offers the user's memos (searched as they type, chosen by keyboard),
// the saved memo links to the chosen one, and that memo's page lists it under Referenced by (and the first under Links).
import { expectAccessible } from "../support/axe";
import { expect, screenshot, test } from "../support/fixtures";
import { editor, memoCard } from "../support/ui";

test("[[ picks a memo to link, and the linked memo's page shows Referenced by @phone", async ({ page, signedIn }, testInfo) => {
  const target = await signedIn.api.createMemo("Trip plan for the coast\nday one: the cliffs");
  await signedIn.api.createMemo("Grocery list");
  await page.goto("/");

  const box = editor(page);
  await box.click();
  await box.pressSequentially("Packing, see [[trip");
  const list = page.getByRole("listbox", { name: "Memos to link" });
  await expect(list).toBeVisible();
  await expect(list.getByRole("option")).toHaveCount(1);
  await expect(list.getByRole("option").first()).toContainText("Trip plan for the coast");
  await expect(box).toHaveAttribute("aria-controls", (await list.getAttribute("id"))!);
  await screenshot(page, testInfo, "memo-link-picker", { fullPage: false });
  await expectAccessible(page, { include: "[role=listbox]" });
  await box.press("Enter");
  await expect(list).toBeHidden();
  await expect(box).toHaveValue(`Packing, see [Trip plan for the coast](/m/${target.id})`);
  await box.press("Control+Enter");
  const source = memoCard(page, "Packing, see");
  await expect(source).toBeVisible();

  await page.goto(`/m/${target.id}`);
  const referenced = page.getByRole("region", { name: "Referenced by" });
  await expect(referenced.getByRole("link")).toHaveText([/^Packing, see/]);
  await screenshot(page, testInfo, "memo-referenced-by", { fullPage: false });
  await expectAccessible(page, { include: "main" });
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshot(page, testInfo, "memo-referenced-by-dark", { fullPage: false });
  await expectAccessible(page, { include: "main", rules: ["color-contrast"] });
  await page.emulateMedia({ colorScheme: "light" });
  await referenced.getByRole("link").click();
  await expect(page).toHaveURL(/\/m\/\d+$/);
  const links = page.getByRole("region", { name: "Links" });
  await expect(links.getByRole("link")).toHaveText([/^Trip plan for the coast/]);
  await links.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/m/${target.id}$`));
});

test("Esc closes the [[ picker and keeps the text as typed", async ({ page, signedIn }) => {
  await signedIn.api.createMemo("Reading notes");
  await page.goto("/");
  const box = editor(page);
  await box.click();
  await box.pressSequentially("[[");
  const list = page.getByRole("listbox", { name: "Memos to link" });
  await expect(list.getByRole("option")).toHaveCount(1);
  await box.press("Escape");
  await expect(list).toBeHidden();
  // The editor closes brackets as they are typed; the picker leaves them as they are.
  await expect(box).toHaveValue("[[]]");
});

test("a card shows how many memos its viewer may see reference it, a link to its page @phone", async ({
  page,
  signedIn,
  browser,
  baseURL,
}, testInfo) => {
  const word = `harbour${Date.now().toString(36)}`;
  const target = await signedIn.api.createMemo(`Harbour map ${word}`, "PUBLIC");
  await signedIn.api.createMemo(`Public route, see /m/${target.id}`, "PUBLIC");
  await signedIn.api.createMemo(`Private note on /m/${target.id}`, "PRIVATE");
  await page.goto("/");
  // Its author sees both; the memos referencing nothing show no count.
  const count = memoCard(page, `Harbour map ${word}`).getByRole("link", { name: "Referenced by: 2" });
  await expect(count).toHaveText("2");
  await expect(memoCard(page, "Public route, see").getByTestId("backlink-count")).toHaveCount(0);
  if (testInfo.project.name === "phone") expect((await count.boundingBox())!.height).toBeGreaterThanOrEqual(40);
  await screenshot(page, testInfo, "memo-backlink-count", { fullPage: false });
  await expectAccessible(page, { include: "main" });
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshot(page, testInfo, "memo-backlink-count-dark", { fullPage: false });
  await expectAccessible(page, { include: "main", rules: ["color-contrast"] });
  await page.emulateMedia({ colorScheme: "light" });
  await count.click();
  await expect(page).toHaveURL(new RegExp(`/m/${target.id}$`));
  await expect(page.getByRole("region", { name: "Referenced by" }).getByRole("link")).toHaveCount(2);

  // A visitor is shown the public one only: the private reference is not counted.
  const visitor = await browser.newContext({ baseURL });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/explore?text=${word}`);
  await expect(memoCard(visitorPage, `Harbour map ${word}`).getByRole("link", { name: "Referenced by: 1" })).toHaveText("1");
  await visitor.close();
});
