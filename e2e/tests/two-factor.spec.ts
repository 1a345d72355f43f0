// Two-factor sign-in (issue 27): turn it on in Settings › My account (the secret read off the page, the codes
// computed here as an authenticator app would), sign out, sign in with the app's code, then with a recovery code.
import { Secret, TOTP } from "otpauth";
import type { Page } from "@playwright/test";
import { expect, screenshot, test } from "../support/fixtures";
import { editor, openSettings, openUserMenu, pathOf, submitAuthForm, text } from "../support/ui";

/** The app's code for the time step `offset` steps from now (the server takes the one before and after too). */
const codeOf = (secret: string, offset = 0) =>
  new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + offset * 30_000,
  });

/** Every console error and every 4xx or 5xx answer from now on. */
function recordFailures(page: Page): () => string[] {
  const failures: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") failures.push(`console: ${message.text()}`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  return () => failures;
}

async function signOut(page: Page) {
  await openUserMenu(page);
  await page.getByRole("menuitem", { name: text.signOut }).click();
  await expect(page).toHaveURL(/\/auth$/);
}

test("two-factor sign-in: turn it on, then sign in with the app's code and with a recovery code", async ({ page, signedIn }, testInfo) => {
  test.slow();
  await page.goto("/");
  const settings = await openSettings(page, "My account");
  const card = settings.getByRole("region", { name: "Two-factor sign-in" });
  await expect(card.getByText("Off", { exact: true })).toBeVisible();
  await card.getByRole("button", { name: "Turn on" }).click();

  const setup = page.getByRole("dialog", { name: "Set up two-factor sign-in" });
  await expect(setup.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await setup.getByTestId("totp-secret").textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const field = setup.getByLabel("Code");
  await expect(field).toHaveAttribute("autocomplete", "one-time-code");
  await screenshot(page, testInfo, "two-factor-setup", { fullPage: false });
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshot(page, testInfo, "two-factor-setup-dark", { fullPage: false });
  await page.emulateMedia({ colorScheme: "light" });
  await field.fill("000000");
  await setup.getByRole("button", { name: "Turn on" }).click();
  await expect(setup.getByText("The code is wrong or was already used.")).toBeVisible();
  // The step before now's, so the current and next steps stay free for the sign-in below (a code works once).
  await field.fill(codeOf(secret, -1));
  await setup.getByRole("button", { name: "Turn on" }).click();

  const listed = setup.getByTestId("recovery-codes").getByRole("listitem");
  await expect(listed).toHaveCount(10);
  const codes = await listed.allTextContents();
  await expect(setup.getByRole("button", { name: "Download .txt" })).toBeVisible();
  await screenshot(page, testInfo, "two-factor-recovery-codes", { fullPage: false });
  await setup.getByRole("button", { name: "Done" }).click();
  await expect(card.getByText("Recovery codes left: 10")).toBeVisible();
  await page.keyboard.press("Escape");

  const { username, password } = signedIn.credentials;
  await signOut(page);
  // The code step is an answer, not a failure: no request of the sign-in fails, and the console stays clean.
  const failures = recordFailures(page);
  await submitAuthForm(page, username, password, text.signIn);
  const code = page.getByLabel("Code");
  await expect(code).toBeVisible();
  await expect(code).toHaveAttribute("autocomplete", "one-time-code");
  await screenshot(page, testInfo, "two-factor-signin-code", { fullPage: false });
  await code.fill(codeOf(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect.poll(() => pathOf(page)).toBe("/");
  await expect(editor(page)).toBeVisible();
  expect(failures()).toEqual([]);

  await signOut(page);
  await submitAuthForm(page, username, password, text.signIn);
  await page.getByRole("button", { name: "Use a recovery code" }).click();
  await page.getByLabel("Recovery code").fill(codes[0]!);
  await screenshot(page, testInfo, "two-factor-signin-recovery", { fullPage: false });
  await page.getByRole("button", { name: "Verify" }).click();
  await expect.poll(() => pathOf(page)).toBe("/");
  const after = (await openSettings(page, "My account")).getByRole("region", { name: "Two-factor sign-in" });
  await expect(after.getByText("Recovery codes left: 9")).toBeVisible();
});
