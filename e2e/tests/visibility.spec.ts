// What the app shows each kind of reader of memos of every visibility: a visitor, another member, the author.
// Who may read which memo is the server's rule and is asserted in the API's permission matrix
// (server/test/api/permissions.test.ts, on both engines); here, what the UI makes of it: the messages in place of a
// memo one may not read, the pages' explanations, the embed page without the app around it, no editor for a
// visitor, and nothing of a member's left on screen after signing out.
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

  test("a visitor: explore offers Sign in, a memo they may not read says so, the embed page, the author's page", async ({
    page,
  }, testInfo) => {
    await page.goto(explore());
    await expect(memoCard(page, `Public hello from ${authored.marker}`)).toContainText(`Ada Author @${authored.marker}`);
    await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();

    await page.goto(`/m/${authored.protectedMemo.id}`);
    await expect(page.getByRole("alert")).toBeVisible();
    await expect(page.getByText(`Members only from ${authored.marker}`)).toHaveCount(0);

    await page.goto(`/m/${authored.publicMemo.id}`);
    const card = memoCard(page, `Public hello from ${authored.marker}`);
    await expect(card.getByText("#open")).toBeVisible();
    await screenshot(page, testInfo, "memo-detail-visitor");

    // The embed page: the card alone, without the app chrome.
    await page.goto(`/m/${authored.publicMemo.id}/embed`);
    const embedded = page.getByRole("article");
    await expect(embedded).toContainText(`Public hello from ${authored.marker}`);
    await expect(embedded.getByRole("link", { name: `Ada Author @${authored.marker}` })).toHaveAttribute("href", `/u/${authorId}`);
    await expect(page.getByRole("complementary")).toHaveCount(0);
    await expect(page.getByRole("searchbox")).toHaveCount(0);
    expect(pathOf(page)).toBe(`/m/${authored.publicMemo.id}/embed`);
    await page.goto(`/m/${authored.privateMemo.id}/embed`);
    await expect(page.getByText(/This memo is private only\.|Memo not found\./)).toBeVisible();
    await expect(page.getByText(`Secret diary of ${authored.marker}`)).toHaveCount(0);

    await page.goto(`/u/${authorId}`);
    await expect(page.getByText("You are viewing Ada Author's public memos.")).toBeVisible();
    await expect(memoCard(page, `Public hello from ${authored.marker}`)).toBeVisible();
    await expect(memoCards(page)).toHaveCount(1);
    // Visitor mode: nothing to edit.
    await expect(page.getByRole("textbox", { name: text.editorPlaceholder })).toHaveCount(0);
  });

  test("a member: a private memo reads that it is private, the author's page says what they see, signing out leaves none of it", async ({
    page,
    signedIn: _,
  }) => {
    await page.goto(`/m/${authored.privateMemo.id}`);
    await expect(page.getByText(text.privateOnly)).toBeVisible();
    await expect(page.getByText(`Secret diary of ${authored.marker}`)).toHaveCount(0);

    await page.goto(`/u/${authorId}`);
    await expect(page.getByText("You are viewing Ada Author's public and protected memos.")).toBeVisible();
    await expect(memoCard(page, `Members only from ${authored.marker}`)).toBeVisible();
    await expect(memoCards(page)).toHaveCount(2);
    await expect(page.getByText("You are viewing Ada Author's public memos.")).toHaveCount(0);

    // The member's copy of explore is gone with the session: the visitor sees public memos only.
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

  test("the author: their private memo opens, and their own page says who sees which of their memos", async ({
    page,
    baseURL,
    hostApi,
  }) => {
    const credentials = { username: uniqueName("self"), password: PASSWORD };
    const self = await hostApi.createUser(credentials, "Sam Self");
    const api = await signInPage(page, baseURL!, credentials);
    const memo = await api.createMemo("Only for me", "PRIVATE");
    await page.goto(`/m/${memo.id}`);
    await expect(memoCard(page, "Only for me")).toBeVisible();
    await page.goto(`/u/${self.id}`);
    await expect(
      page.getByText("This is your page: visitors see your public memos, signed-in members your protected ones too."),
    ).toBeVisible();
    await expect(memoCard(page, "Only for me")).toBeVisible();
  });
});
