// Comments: a member comments on another member's public memo from its page, sees the count on the card (a link
// back to the page) and edits the comment; the memo's author deletes it. A member reacts to a comment, sees the
// count and who reacted, and takes it back; a visitor sees the count.
import { type Memo, MemosApi, PASSWORD, uniqueName } from "../support/api";
import { expect, screenshot, signInPage, test } from "../support/fixtures";
import { memoCard } from "../support/ui";

test("comments on another's public memo, sees the count on the card, edits; the memo's author deletes it @phone", async ({
  page,
  signedIn,
  hostApi,
  playwright,
  browser,
  baseURL,
  serverURL,
}, testInfo) => {
  const credentials = { username: uniqueName("author"), password: PASSWORD };
  await hostApi.createUser(credentials, "Ada Author");
  const context = await playwright.request.newContext();
  const authorApi = new MemosApi(context, serverURL);
  await authorApi.signIn(credentials);
  const text = `What do you think? ${credentials.username}`;
  const memo: Memo = await authorApi.createMemo(text, "PUBLIC");
  await context.dispose();

  await page.goto(`/m/${memo.id}`);
  const comments = page.getByTestId("memo-comments");
  await expect(comments.getByText("No comments yet.")).toBeVisible();
  await comments.getByRole("textbox", { name: "Write a comment…" }).fill("Looks **great**");
  await comments.getByRole("button", { name: "Comment", exact: true }).click();
  const comment = comments.getByTestId("comment");
  await expect(comment).toContainText("Looks great");
  await expect(comment).toContainText(`@${signedIn.user.username}`);
  await screenshot(page, testInfo, "comments", { fullPage: false });

  await page.goto(`/explore?text=${encodeURIComponent(credentials.username)}`);
  const count = memoCard(page, text).getByRole("link", { name: "Comments: 1" });
  await expect(count).toBeVisible();
  await count.click();
  await expect(page).toHaveURL(new RegExp(`/m/${memo.id}$`));

  await comment.getByRole("button", { name: "Edit" }).click();
  await comment.getByRole("textbox", { name: "Edit" }).fill("Looks fine");
  await comment.getByRole("button", { name: "Save" }).click();
  await expect(comment).toContainText("Looks fine");
  await expect(comment).toContainText("edited");

  const authorContext = await browser.newContext({ baseURL });
  const authorPage = await authorContext.newPage();
  await signInPage(authorPage, baseURL as string, credentials);
  await authorPage.goto(`/m/${memo.id}`);
  const theirs = authorPage.getByTestId("comment");
  await expect(theirs).toContainText("Looks fine");
  await expect(theirs.getByRole("button", { name: "Edit" })).toHaveCount(0);
  await theirs.getByRole("button", { name: "Delete" }).click();
  await authorPage.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(authorPage.getByTestId("memo-comments").getByText("No comments yet.")).toBeVisible();
  await authorContext.close();
});

test("reacts to a comment, sees the count and who reacted, takes it back; a visitor sees the count", async ({
  page,
  signedIn,
  hostApi,
  playwright,
  browser,
  baseURL,
  serverURL,
}, testInfo) => {
  const credentials = { username: uniqueName("commenter"), password: PASSWORD };
  await hostApi.createUser(credentials, "Cleo Commenter");
  const context = await playwright.request.newContext();
  const authorApi = new MemosApi(context, serverURL);
  await authorApi.signIn(credentials);
  const memo: Memo = await authorApi.createMemo(`Plans for the weekend ${credentials.username}`, "PUBLIC");
  await authorApi.createComment(memo.id, "How about a picnic?");
  await context.dispose();

  await page.goto(`/m/${memo.id}`);
  const comment = page.getByTestId("comment");
  await expect(comment).toContainText("How about a picnic?");
  await comment.getByRole("button", { name: "Add a reaction" }).click();
  await page.getByRole("menuitem", { name: "🎉" }).click();
  const party = comment.getByRole("button", { name: /^🎉: 1\./ });
  await expect(party).toHaveAttribute("aria-pressed", "true");
  // Who reacted: on hover (the title), and on a long press by touch (a toast).
  const name = signedIn.user.nickname || signedIn.user.username;
  await expect(party).toHaveAttribute("title", `🎉 ${name}`);
  await party.dispatchEvent("pointerdown", { pointerType: "touch" });
  await expect(page.getByText(`🎉 ${name}`, { exact: true })).toBeVisible();
  await party.dispatchEvent("pointerup", { pointerType: "touch" });
  await expect(party).toHaveAttribute("aria-pressed", "true");
  await screenshot(page, testInfo, "comment-reactions", { fullPage: false });
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshot(page, testInfo, "comment-reactions-dark", { fullPage: false });
  await page.emulateMedia({ colorScheme: "light" });

  const visitor = await browser.newContext({ baseURL });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/m/${memo.id}`);
  const seen = visitorPage.getByTestId("comment");
  await expect(seen.getByRole("button", { name: /^🎉: 1\./ })).toBeDisabled();
  await expect(seen.getByRole("button", { name: "Add a reaction" })).toHaveCount(0);
  await visitor.close();

  await party.click();
  await expect(comment.getByRole("button", { name: /^🎉/ })).toHaveCount(0);
  await expect(comment.getByRole("button", { name: "Add a reaction" })).toBeVisible();
});
