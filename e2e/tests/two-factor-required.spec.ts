// The host requires two-factor sign-in (Settings › System): a member without it who signs in is shown the setup
// step before the app, and gets in once it is on; the host resets it from the member's menu, which signs them out.
// A server of its own: the requirement holds for every account of the instance.
import { request } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { MemosApi, PASSWORD } from "../support/api";
import { expect, screenshot, signInPage, withOwnServer } from "../support/fixtures";
import { openSettings, pathOf, submitAuthForm, text, toast } from "../support/ui";

const test = withOwnServer();
const HOST = { username: "warden", password: "warden-secret" };
const MEMBER = { username: "keeper", password: PASSWORD };

const codeOf = (secret: string) => new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();

test("required two-factor sign-in: set up at the next sign-in, and reset by the host", async ({ browser, page, baseURL }, testInfo) => {
  test.slow();
  const context = await request.newContext();
  const hostApi = new MemosApi(context, baseURL!);
  await hostApi.signUp(HOST, "HOST");
  await hostApi.createUser(MEMBER);
  await context.dispose();

  await signInPage(page, baseURL!, HOST);
  await page.goto("/");
  const settings = await openSettings(page, "System");
  const require = settings.getByRole("switch", { name: "Require two-factor sign-in" });
  await expect(require).not.toBeChecked();
  await require.click();
  await expect(toast(page, "Two-factor sign-in is now required")).toBeVisible();
  await expect(require).toBeChecked();

  const memberContext = await browser.newContext({ baseURL, locale: "en-US" });
  const memberPage = await memberContext.newPage();
  await memberPage.goto("/auth");
  await submitAuthForm(memberPage, MEMBER.username, MEMBER.password, text.signIn);
  await expect(memberPage.getByRole("heading", { name: "Two-factor sign-in is required" })).toBeVisible();
  expect(pathOf(memberPage)).toBe("/two-factor");
  // Anywhere else leads back to the setup step until it is on.
  await memberPage.goto("/explore");
  await expect(memberPage).toHaveURL(/\/two-factor$/);
  const secret = (await memberPage.getByTestId("totp-secret").textContent())!.trim();
  await screenshot(memberPage, testInfo, "two-factor-required", { fullPage: false });
  await memberPage.getByLabel("Code").fill(codeOf(secret));
  await memberPage.getByRole("button", { name: "Turn on" }).click();
  await expect(memberPage.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await memberPage.getByRole("button", { name: "Done" }).click();
  await expect.poll(() => pathOf(memberPage)).toBe("/");

  await settings
    .getByRole("tab", { name: "Members" })
    .or(settings.getByRole("button", { name: "Members", exact: true }))
    .click();
  await settings.getByRole("button", { name: `Actions for ${MEMBER.username}` }).click();
  await page.getByRole("menuitem", { name: "Reset two-factor sign-in" }).click();
  const confirm = page.getByRole("dialog", { name: `Reset two-factor sign-in of ${MEMBER.username}?` });
  await confirm.getByRole("button", { name: "Reset two-factor sign-in" }).click();
  await expect(toast(page, `Two-factor sign-in of ${MEMBER.username} was reset`)).toBeVisible();

  // Signed out; the next sign-in sets it up again. The member's open app may itself move to the sign-in page when it
  // notices (its navigation then aborted the test's), so the member comes back in a new tab.
  await memberPage.close();
  const memberAgain = await memberContext.newPage();
  await memberAgain.goto("/");
  await expect(memberAgain).toHaveURL(/\/explore$/);
  await memberAgain.goto("/auth");
  await submitAuthForm(memberAgain, MEMBER.username, MEMBER.password, text.signIn);
  await expect(memberAgain).toHaveURL(/\/two-factor$/);
  await memberContext.close();
});
