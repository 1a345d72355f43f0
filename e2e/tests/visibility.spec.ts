// Who sees what: visitors see public memos, members also protected ones, private memos stay with their
// author. Also the memo detail page, the embed page and a user's page.
import { expect, signInPage, test, screenshot } from "../support/fixtures";
import { memoCard, memoCards, openUserMenu, pathOf, text } from "../support/ui";
import { type Memo, MemosApi, PASSWORD, uniqueName } from "../support/api";

interface Authored {
  publicMemo: Memo;
  protectedMemo: Memo;
  privateMemo: Memo;
  marker: string;
}

test.describe("visibility", () => {
  let authored: Authored;
  let authorId: number;

  /** Explore narrowed to this file's memos: other tests' public memos, written meanwhile, can't push them off the page. */
  const explore = () => `/explore?text=${encodeURIComponent(authored.marker)}`;

  test.beforeAll(async ({ hostApi, playwright, serverURL }) => {
    const credentials = { username: uniqueName("author"), password: PASSWORD };
    const author = await hostApi.createUser(credentials, "Ada Author");
    authorId = author.id;
    const context = await playwright.request.newContext();
    const api = new MemosApi(context, serverURL);
    await api.signIn(credentials);
    const marker = credentials.username;
    authored = {
      marker,
      publicMemo: await api.createMemo(`Public hello from ${marker} #open`, "PUBLIC"),
      protectedMemo: await api.createMemo(`Members only from ${marker}`, "PROTECTED"),
      privateMemo: await api.createMemo(`Secret diary of ${marker}`, "PRIVATE"),
    };
    await context.dispose();
  });

  test("a visitor on /explore sees public memos only", async ({ page }) => {
    await page.goto(explore());
    await expect(memoCard(page, `Public hello from ${authored.marker}`)).toBeVisible();
    await expect(memoCard(page, `Public hello from ${authored.marker}`)).toContainText("@Ada Author");
    await expect(memoCard(page, `Members only from ${authored.marker}`)).toHaveCount(0);
    await expect(memoCard(page, `Secret diary of ${authored.marker}`)).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  });

  test("a member sees protected memos on /explore, not others' private ones", async ({ page, signedIn: _ }) => {
    await page.goto(explore());
    await expect(memoCard(page, `Public hello from ${authored.marker}`)).toBeVisible();
    await expect(memoCard(page, `Members only from ${authored.marker}`)).toBeVisible();
    await expect(memoCard(page, `Secret diary of ${authored.marker}`)).toHaveCount(0);
  });

  test("another user opening a private memo reads that it is private", async ({ page, signedIn: _ }) => {
    await page.goto(`/m/${authored.privateMemo.id}`);
    await expect(page.getByText(text.privateOnly)).toBeVisible();
    await expect(page.getByText(`Secret diary of ${authored.marker}`)).toHaveCount(0);
  });

  test("a visitor opening a protected memo does not see it", async ({ page }) => {
    await page.goto(`/m/${authored.protectedMemo.id}`);
    await expect(page.getByRole("alert")).toBeVisible();
    await expect(page.getByText(`Members only from ${authored.marker}`)).toHaveCount(0);
  });

  test("the author opens their private memo", async ({ page, baseURL, hostApi }) => {
    // A second author whose only memo is private, signed in in this browser.
    const credentials = { username: uniqueName("own"), password: PASSWORD };
    await hostApi.createUser(credentials);
    const api = await signInPage(page, baseURL!, credentials);
    const memo = await api.createMemo("My own private thought", "PRIVATE");
    await page.goto(`/m/${memo.id}`);
    await expect(memoCard(page, "My own private thought")).toBeVisible();
  });

  test("a visitor opens a public memo's detail page", async ({ page }, testInfo) => {
    await page.goto(`/m/${authored.publicMemo.id}`);
    const card = memoCard(page, `Public hello from ${authored.marker}`);
    await expect(card).toBeVisible();
    await expect(card.getByText("#open")).toBeVisible();
    await screenshot(page, testInfo, "memo-detail-visitor");
  });

  test("the embed page renders the memo card without the app chrome", async ({ page }) => {
    await page.goto(`/m/${authored.publicMemo.id}/embed`);
    const card = page.getByRole("article");
    await expect(card).toBeVisible();
    await expect(card).toContainText(`Public hello from ${authored.marker}`);
    await expect(card.getByRole("link", { name: "@Ada Author" })).toHaveAttribute("href", `/u/${authorId}`);
    await expect(page.getByRole("complementary")).toHaveCount(0);
    await expect(page.getByRole("searchbox")).toHaveCount(0);
    expect(pathOf(page)).toBe(`/m/${authored.publicMemo.id}/embed`);
  });

  test("the embed page of a private memo does not show it", async ({ page }) => {
    await page.goto(`/m/${authored.privateMemo.id}/embed`);
    await expect(page.getByText(/This memo is private only\.|Memo not found\./)).toBeVisible();
    await expect(page.getByText(`Secret diary of ${authored.marker}`)).toHaveCount(0);
  });

  test("a visitor browses a user's page and sees their public memos", async ({ page }) => {
    await page.goto(`/u/${authorId}`);
    await expect(page.getByText("You are viewing Ada Author's public memos.")).toBeVisible();
    await expect(memoCard(page, `Public hello from ${authored.marker}`)).toBeVisible();
    await expect(memoCards(page)).toHaveCount(1);
    // Visitor mode: nothing to edit.
    await expect(page.getByRole("textbox", { name: text.editorPlaceholder })).toHaveCount(0);
  });

  test("a member on a user's page sees their public and protected memos, and reads so", async ({ page, signedIn: _ }) => {
    await page.goto(`/u/${authorId}`);
    await expect(page.getByText("You are viewing Ada Author's public and protected memos.")).toBeVisible();
    await expect(memoCard(page, `Members only from ${authored.marker}`)).toBeVisible();
    await expect(memoCard(page, `Public hello from ${authored.marker}`)).toBeVisible();
    await expect(memoCards(page)).toHaveCount(2);
    await expect(page.getByText("You are viewing Ada Author's public memos.")).toHaveCount(0);
  });

  test("the author's own page says who sees which of their memos", async ({ page, baseURL, hostApi }) => {
    const credentials = { username: uniqueName("self"), password: PASSWORD };
    const self = await hostApi.createUser(credentials, "Sam Self");
    const api = await signInPage(page, baseURL!, credentials);
    await api.createMemo("Only for me", "PRIVATE");
    await page.goto(`/u/${self.id}`);
    await expect(
      page.getByText("This is your page: visitors see your public memos, signed-in members your protected ones too."),
    ).toBeVisible();
    await expect(memoCard(page, "Only for me")).toBeVisible();
  });

  test("after signing out, explore shows the visitor only public memos", async ({ page, signedIn: _ }) => {
    await page.goto(explore());
    await expect(memoCard(page, `Members only from ${authored.marker}`)).toBeVisible();
    await openUserMenu(page);
    await page.getByRole("menuitem", { name: text.signOut }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.getByRole("link", { name: "Explore" }).click();
    await expect(page).toHaveURL(/\/explore$/);
    await page.goto(explore());
    await expect(memoCard(page, `Public hello from ${authored.marker}`)).toBeVisible();
    await expect(memoCard(page, `Members only from ${authored.marker}`)).toHaveCount(0);
    await expect(memoCard(page, `Secret diary of ${authored.marker}`)).toHaveCount(0);
  });
});
