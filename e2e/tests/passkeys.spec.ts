// Passkeys (issue 27) with Chromium's virtual authenticator (CDP WebAuthn: ctap2, internal, resident keys, user
// verification): add one in Settings › My account, sign out, "Sign in with a passkey" with no username; then the
// password sign-in asks for the passkey as its second step; renamed, then removed. WebAuthn needs a domain for the
// relying party, not an IP address, so this spec's own server is browsed as http://localhost:<port>, its external URL.
import type { APIRequest, Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { MemosApi, PASSWORD, uniqueName } from "../support/api";
import { expect, screenshot, signInPage, withOwnServer } from "../support/fixtures";
import { openSettings, openUserMenu, submitAuthForm, text } from "../support/ui";

const localhostOf = (url: string) => url.replace("//127.0.0.1:", "//localhost:");

const test = withOwnServer().extend({ baseURL: async ({ ownServer }, use) => use(localhostOf(ownServer.url)) });

const host = { username: "passkeyhost", password: "passkey-secret" };

async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** The host (made once), a new member, and a setter of the external URL with the host's session. */
async function prepare(playwright: { request: APIRequest }, origin: string) {
  const context = await playwright.request.newContext();
  const hostApi = new MemosApi(context, origin);
  if (!(await hostApi.status()).host) await hostApi.signUp(host);
  else await hostApi.signIn(host);
  const member = { username: uniqueName("pk"), password: PASSWORD };
  await hostApi.createUser(member);
  const setProfile = async (externalUrl: string) => {
    const profile = { name: "memos", logoUrl: "", description: "", locale: "en", appearance: "system", externalUrl };
    const response = await context.post(`${origin}/api/system/setting`, {
      data: { name: "customizedProfile", value: JSON.stringify(profile) },
    });
    expect(response.ok(), await response.text()).toBe(true);
  };
  return { member, setProfile };
}

async function signOut(page: Page) {
  await openUserMenu(page);
  await page.getByRole("menuitem", { name: text.signOut }).click();
  await expect(page).toHaveURL(/\/auth$/);
}

test("a passkey added in Settings signs in without a password, and is asked for after the password", async ({
  page,
  baseURL,
  playwright,
}, testInfo) => {
  // Its own server starts with the first test: on a busy machine that takes a good part of the default 30 s.
  test.setTimeout(90_000);
  const origin = baseURL!;
  const { member, setProfile } = await prepare(playwright, origin);
  await setProfile("");

  await addVirtualAuthenticator(page);
  await signInPage(page, origin, member);
  await page.goto("/");
  let settings = await openSettings(page, "My account");
  let card = settings.getByRole("region", { name: "Passkeys" });
  // Without the external URL, the card says what the host must do, and offers nothing.
  await expect(card.getByTestId("passkeys-unavailable")).toHaveText(
    "Passkeys are unavailable until the host sets the instance's external URL (Settings › System).",
  );
  await expect(card.getByRole("button", { name: "Add a passkey" })).toHaveCount(0);
  // Set to an IP address, it says why that cannot work and what to set instead.
  await setProfile(origin.replace("localhost", "127.0.0.1"));
  await page.goto("/");
  settings = await openSettings(page, "My account");
  card = settings.getByRole("region", { name: "Passkeys" });
  await expect(card.getByTestId("passkeys-unavailable")).toContainText("Passkeys are unavailable on an IP address");
  await expect(card.getByTestId("passkeys-unavailable")).toContainText("https://memos.example.com");
  await expect(card.getByRole("button", { name: "Add a passkey" })).toHaveCount(0);

  await setProfile(origin);
  await page.goto("/");
  settings = await openSettings(page, "My account");
  card = settings.getByRole("region", { name: "Passkeys" });
  await expect(card.getByText("No passkeys yet.")).toBeVisible();
  await card.getByRole("button", { name: "Add a passkey" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a passkey" });
  await dialog.getByLabel("Name").fill("Work laptop");
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog).toBeHidden();
  const row = card.getByTestId("passkey-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Work laptop");
  await expect(row).toContainText("never used");
  await screenshot(page, testInfo, "passkeys-card", { fullPage: false });
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshot(page, testInfo, "passkeys-card-dark", { fullPage: false });
  await page.emulateMedia({ colorScheme: "light" });
  await page.keyboard.press("Escape");

  // Passwordless: no username, the browser's passkey picks the account.
  await signOut(page);
  const passkeyButton = page.getByRole("button", { name: "Sign in with a passkey" });
  await expect(passkeyButton).toBeVisible();
  await screenshot(page, testInfo, "passkeys-sign-in", { fullPage: false });
  await passkeyButton.click();
  await expect(page).toHaveURL(/\/$/);
  settings = await openSettings(page, "My account");
  await expect(settings.getByRole("region", { name: "Passkeys" }).getByTestId("passkey-row")).toContainText("last used");
  await page.keyboard.press("Escape");

  // The password alone is not enough now: the second step asks for the passkey.
  await signOut(page);
  await submitAuthForm(page, member.username, member.password, text.signIn);
  await expect(page.getByText("Your account asks for a passkey after the password.", { exact: false })).toBeVisible();
  await screenshot(page, testInfo, "passkeys-second-step", { fullPage: false });
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page).toHaveURL(/\/$/);

  // Rename, then remove: the account signs in with its password alone again.
  settings = await openSettings(page, "My account");
  card = settings.getByRole("region", { name: "Passkeys" });
  await card.getByRole("button", { name: "Rename Work laptop" }).click();
  const rename = page.getByRole("dialog", { name: "Rename passkey" });
  await rename.getByLabel("Name").fill("Old laptop");
  await rename.getByRole("button", { name: "Save" }).click();
  await expect(card.getByTestId("passkey-row")).toContainText("Old laptop");
  await card.getByRole("button", { name: "Remove Old laptop" }).click();
  await page.getByRole("dialog", { name: "Remove Old laptop?" }).getByRole("button", { name: "Remove" }).click();
  await expect(card.getByText("No passkeys yet.")).toBeVisible();
});

test("with the authenticator app on too, the code step offers Use a passkey instead of the code", async ({ page, baseURL, playwright }) => {
  test.setTimeout(90_000);
  const origin = baseURL!;
  const { member, setProfile } = await prepare(playwright, origin);
  await setProfile(origin);
  await addVirtualAuthenticator(page);
  const api = await signInPage(page, origin, member);
  const setup = await api.request.post(`${origin}/api/auth/totp/setup`);
  const secret = ((await setup.json()) as { data: { secret: string } }).data.secret;
  const code = new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();
  expect((await api.request.post(`${origin}/api/auth/totp/enable`, { data: { code } })).ok()).toBe(true);

  await page.goto("/");
  const settings = await openSettings(page, "My account");
  const card = settings.getByRole("region", { name: "Passkeys" });
  await card.getByRole("button", { name: "Add a passkey" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a passkey" });
  await dialog.getByLabel("Name").fill("Phone");
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(card.getByTestId("passkey-row")).toContainText("Phone");
  await page.keyboard.press("Escape");

  await signOut(page);
  await submitAuthForm(page, member.username, member.password, text.signIn);
  await expect(page.getByLabel("Code")).toBeVisible();
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page).toHaveURL(/\/$/);
});
