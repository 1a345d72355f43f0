// Daily flows that must never leave a person stuck: a protected memo offers a way in, a search the server refuses
// says why where the list would be.
import { expect, test } from "../support/fixtures";
import { MemosApi, PASSWORD, uniqueName } from "../support/api";
import { memoCard, submitAuthForm, text } from "../support/ui";

test("a visitor opening a protected memo is told it is for members, signs in, and comes back to it", async ({
  page,
  hostApi,
  playwright,
  serverURL,
}) => {
  const credentials = { username: uniqueName("reader"), password: PASSWORD };
  await hostApi.createUser(credentials);
  const context = await playwright.request.newContext();
  const api = new MemosApi(context, serverURL);
  await api.signIn(credentials);
  const memo = await api.createMemo(`For members only ${credentials.username}`, "PROTECTED");
  await context.dispose();

  await page.goto(`/m/${memo.id}`);
  await expect(page.getByRole("alert")).toHaveText("This memo is for signed-in members. Sign in to read it.");
  await page.getByRole("link", { name: text.signIn }).click();
  await expect(page).toHaveURL(new RegExp(`/auth\\?next=%2Fm%2F${memo.id}$`));
  await submitAuthForm(page, credentials.username, credentials.password, text.signIn);
  await expect(page).toHaveURL(new RegExp(`/m/${memo.id}$`));
  await expect(memoCard(page, `For members only ${credentials.username}`)).toBeVisible();
});

test("an invalid ^regex search shows the server's message where the list would be, not a Retry", async ({ page, signedIn }) => {
  await signedIn.api.createMemo("something to find");
  await page.goto(`/?text=${encodeURIComponent("^(unclosed")}`);
  await expect(page.getByRole("alert")).toHaveText("This regular expression is not valid.");
  await expect(page.getByRole("button", { name: "Retry" })).toHaveCount(0);
});
