// A brand-new instance: every page but embed leads to /auth, the first account signs up as the host and
// lands on home; afterwards visitors go from / to /explore and the form offers "Sign in".
import { MemosApi } from "../support/api";
import { expect, screenshot, withOwnServer } from "../support/fixtures";
import { openUserMenu, pathOf, submitAuthForm, text } from "../support/ui";

const test = withOwnServer();
test.describe.configure({ mode: "serial" });

const host = { username: "firsthost", password: "first-secret" };

test("without a host every page but embed redirects to /auth", async ({ page }) => {
  for (const path of ["/", "/explore", "/u/1", "/m/1", "/some/unknown/path"]) {
    await page.goto(path);
    await expect(page, `${path} should lead to /auth`).toHaveURL(/\/auth$/);
  }
  await page.goto("/m/1/embed");
  await page.waitForLoadState("networkidle");
  expect(pathOf(page)).toBe("/m/1/embed");
});

test("the first account signs up as Host and lands on home", async ({ page, request, ownServer }, testInfo) => {
  await page.goto("/auth");
  const signUp = page.getByRole("button", { name: text.signUpAsHost });
  await expect(signUp).toBeVisible();
  await expect(page.getByRole("button", { name: text.signIn, exact: true })).toHaveCount(0);
  // The username rule shows before anything is sent, and a name that breaks it is refused in place.
  const usernameRule = "Username: 1–36 characters, letters a–z, digits and hyphens (not first or last)";
  await expect(page.getByText(usernameRule)).toBeVisible();
  await expect(page.getByLabel(text.username)).toHaveAccessibleDescription(usernameRule);
  await submitAuthForm(page, "-host", host.password, text.signUpAsHost);
  await expect(page.getByRole("alert")).toHaveText("Username must not start or end with a hyphen");
  await page.getByLabel(text.password, { exact: true }).fill("a few words here");
  await expect(page.getByRole("meter", { name: "Password strength" })).toHaveAttribute("aria-valuetext", /.+/);
  await screenshot(page, testInfo, "auth-signup");

  await submitAuthForm(page, host.username, host.password, text.signUpAsHost);
  await expect(page).toHaveURL(/\/$/);
  const status = await new MemosApi(request, ownServer.url).status();
  expect(status.host?.username).toBe(host.username);
  expect(status.host?.role).toBe("HOST");
});

test("with a host, a visitor on / goes to /explore and the form offers Sign in", async ({ page }, testInfo) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/explore$/);

  await page.goto("/auth");
  await expect(page.getByRole("button", { name: text.signIn, exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: text.signUpAsHost })).toHaveCount(0);
  await expect(page.getByText("If you don't have an account, please contact the site host.")).toBeVisible();
  // Signing in shows no rule: an account named before it still signs in.
  await expect(page.getByText(/^Username: 1–36 characters/)).toHaveCount(0);
  await screenshot(page, testInfo, "auth-signin");
});

test("a wrong password shows Login failed and stays on /auth", async ({ page }) => {
  await page.goto("/auth");
  await submitAuthForm(page, host.username, "not-the-password", text.signIn);
  await expect(page.getByText(text.loginFailed).first()).toBeVisible();
  expect(pathOf(page)).toBe("/auth");
});

test("empty fields are refused before anything is sent", async ({ page }) => {
  await page.goto("/auth");
  await page.getByRole("button", { name: text.signIn, exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Please fill in all fields." })).toBeVisible();
});

test("the host signs in with the form, then signs out from the user menu", async ({ page }) => {
  await page.goto("/auth");
  await submitAuthForm(page, host.username, host.password, text.signIn);
  await expect(page).toHaveURL(/\/$/);

  await openUserMenu(page);
  await page.getByRole("menuitem", { name: text.signOut }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto("/");
  await expect(page).toHaveURL(/\/explore$/);
});
