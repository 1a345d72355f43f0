// The inbox: another member names you in a memo and reacts to yours; the bell counts them, the inbox lists them
// (the reactions to one memo as one entry), opening one goes to the memo, and Mark all read clears the bell.
// Reactions to your comment say so, with the comment's words; a comment on your memo and a mention in a comment each
// say what they are, and open the memo at the comment.
import type { APIRequest } from "@playwright/test";
import { MemosApi, PASSWORD, uniqueName } from "../support/api";
import { expect, test } from "../support/fixtures";
import { memoCard, openSidebar } from "../support/ui";

/** Another member of the instance, made by the host and signed in through the API in a request context of its own. */
async function otherMember(hostApi: MemosApi, playwright: { request: APIRequest }, serverURL: string, prefix: string) {
  const credentials = { username: uniqueName(prefix), password: PASSWORD };
  await hostApi.createUser(credentials);
  const context = await playwright.request.newContext();
  const friend = new MemosApi(context, serverURL);
  await friend.signIn(credentials);
  return { credentials, friend, done: () => context.dispose() };
}

test("mentions and reactions reach the inbox; opening one goes to the memo; Mark all read clears the bell @phone", async ({
  page,
  signedIn,
  hostApi,
  playwright,
  serverURL,
}) => {
  const mine = await signedIn.api.createMemo("My plan for the weekend", "PUBLIC");
  const { credentials, friend, done } = await otherMember(hostApi, playwright, serverURL, "friend");
  const mention = await friend.createMemo(`Lunch tomorrow, @${signedIn.user.username}?`, "PROTECTED");
  await friend.createMemo(`Private thought about @${signedIn.user.username}`, "PRIVATE");
  await friend.react(mine.id, "🎉");
  await friend.react(mine.id, "👍");
  await done();

  await page.goto("/");
  const sidebar = await openSidebar(page);
  const bell = sidebar.getByRole("button", { name: "Inbox: 3 unread" });
  await expect(bell).toBeVisible();
  await bell.click();
  const inbox = page.getByRole("dialog", { name: "Inbox" });
  const entries = inbox.getByRole("listitem");
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText(`${credentials.username} reacted 👍 🎉`);
  await expect(entries.nth(1)).toContainText(`${credentials.username} mentioned you`);
  await expect(inbox).not.toContainText("Private thought");

  await entries.nth(1).getByRole("button").click();
  await expect(page).toHaveURL(new RegExp(`/m/${mention.id}$`));
  const card = memoCard(page, "Lunch tomorrow");
  await expect(card).toBeVisible();
  // The mention is a link to the named user's page (/u/@name, resolved to /u/:id).
  await card.getByRole("link", { name: `@${signedIn.user.username}` }).click();
  await expect(page).toHaveURL(new RegExp(`/u/${signedIn.user.id}$`));
  await expect(
    page
      .getByText(signedIn.user.nickname || signedIn.user.username, { exact: true })
      .filter({ visible: true })
      .first(),
  ).toBeVisible();
  await page.goto("/u/@nobody-of-that-name");
  await expect(page.getByText("User not found")).toBeVisible();

  await page.goto("/");
  const again = await openSidebar(page);
  await again.getByRole("button", { name: "Inbox: 2 unread" }).click();
  const dialog = page.getByRole("dialog", { name: "Inbox" });
  await dialog.getByRole("button", { name: "Mark all read" }).click();
  await expect(dialog.getByRole("button", { name: "Mark all read" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect((await openSidebar(page)).getByRole("button", { name: "Inbox", exact: true })).toBeVisible();
});

test("reactions to a comment reach its author's inbox as one entry, with the comment's words", async ({
  page,
  signedIn,
  hostApi,
  playwright,
  serverURL,
}) => {
  const { credentials, friend, done } = await otherMember(hostApi, playwright, serverURL, "planner");
  const theirs = await friend.createMemo("Who is coming to the picnic?", "PROTECTED");
  const said = await signedIn.api.createComment(theirs.id, "Count me in, I will bring lemonade");
  await friend.reactToComment(said.id, "🎉");
  await friend.reactToComment(said.id, "❤️");
  await done();

  await page.goto("/");
  const sidebar = await openSidebar(page);
  await sidebar.getByRole("button", { name: "Inbox: 2 unread" }).click();
  const inbox = page.getByRole("dialog", { name: "Inbox" });
  const entries = inbox.getByRole("listitem");
  await expect(entries).toHaveCount(1);
  await expect(entries.nth(0)).toContainText(`${credentials.username} reacted ❤️ 🎉 to your comment`);
  await expect(entries.nth(0)).toContainText("Count me in, I will bring lemonade");
  await entries.nth(0).getByRole("button").click();
  await expect(page).toHaveURL(new RegExp(`/m/${theirs.id}#comment-${said.id}$`));
  await expect(page.getByTestId("comment")).toContainText("Count me in");
  await expect(page.getByTestId("comment")).toHaveAttribute("aria-current", "true");
});

test("a comment on your memo and a mention in a comment each say what they are, and open at the comment", async ({
  page,
  signedIn,
  hostApi,
  playwright,
  serverURL,
}) => {
  const mine = await signedIn.api.createMemo("Garden plan for May", "PROTECTED");
  const { credentials, friend, done } = await otherMember(hostApi, playwright, serverURL, "gardener");
  await friend.createComment(mine.id, "Plant the tomatoes after the frost");
  const theirs = await friend.createMemo("Seed swap on Saturday", "PROTECTED");
  await friend.createComment(theirs.id, "First reply");
  const naming = await friend.createComment(theirs.id, `@${signedIn.user.username} bring the basil seeds`);
  await done();

  await page.goto("/");
  await (await openSidebar(page)).getByRole("button", { name: "Inbox: 2 unread" }).click();
  const entries = page.getByRole("dialog", { name: "Inbox" }).getByRole("listitem");
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText(`${credentials.username} mentioned you in a comment`);
  await expect(entries.nth(0)).toContainText("bring the basil seeds");
  await expect(entries.nth(1)).toContainText(`${credentials.username} commented on your memo`);
  await expect(entries.nth(1)).toContainText("Plant the tomatoes");
  await expect(page.getByRole("dialog", { name: "Inbox" })).not.toContainText("reacted");

  await entries.nth(0).getByRole("button").click();
  await expect(page).toHaveURL(new RegExp(`/m/${theirs.id}#comment-${naming.id}$`));
  const named = page.getByTestId("comment").filter({ hasText: "bring the basil seeds" });
  await expect(named).toHaveAttribute("aria-current", "true");
  await expect(named).toBeFocused();
  await expect(page.getByTestId("comment").filter({ hasText: "First reply" })).not.toHaveAttribute("aria-current", "true");
});
