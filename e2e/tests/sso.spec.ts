// Single sign-on end to end: the host adds an OpenID provider (oidc-provider on 127.0.0.1, started here) in
// Settings › System, signs out, and "Sign in with <name>" goes through the provider's login page and back, signed in.
// An account with two-factor sign-in is then asked for its code on the sign-in page before it gets a session.
import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { startTestProvider, type TestProvider } from "../../server/test/oidc-provider";
import { expect, screenshot, signInPage, withOwnServer } from "../support/fixtures";
import { openSettings } from "../support/ui";

// A server of its own that may reach a provider on loopback (and by http://).
const test = withOwnServer(["--oidc-allow-private", "true"]);
test.describe.configure({ mode: "serial" });

const host = { username: "ssohost", password: "sso-host-secret" };
let idp: TestProvider | undefined;

test.afterAll(async () => {
  await idp?.close();
});

test("the host adds a provider; signing in with it goes through the provider and back", async ({ page, ownServer }, testInfo) => {
  test.setTimeout(60_000);
  idp ??= await startTestProvider([`${ownServer.url}/auth/oidc/callback`], {
    "sub-ada": { preferred_username: "lovelace", name: "Ada" },
    "sub-host": { preferred_username: "host-at-idp" },
  });
  const request = page.context().request;
  const status = await (await request.get(`${ownServer.url}/api/status`)).json();
  if (!status.data.host) await request.post(`${ownServer.url}/api/auth/signup`, { data: { ...host, role: "HOST" } });
  await signInPage(page, ownServer.url, host);
  await request.post(`${ownServer.url}/api/system/setting`, { data: { name: "allowSignUp", value: "true" } });

  await page.goto("/");
  const settings = await openSettings(page, "System");
  const card = settings.getByRole("region", { name: "Sign-in with identity providers" });
  await expect(card.getByTestId("sso-redirect-uri")).toHaveText(`${ownServer.url}/auth/oidc/callback`);
  await card.getByRole("button", { name: "Add provider" }).click();
  const dialog = page.getByRole("dialog", { name: "Add identity provider" });
  await dialog.getByLabel("Name (shown on the sign-in page)").fill("Test IdP");
  await dialog.getByLabel("Issuer URL").fill(idp.issuer);
  await dialog.getByLabel("Client ID").fill(idp.clientId);
  await dialog.getByLabel("Client secret").fill(idp.clientSecret);
  await dialog.getByLabel("Create accounts for unknown users").check();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId("identity-provider-row")).toHaveText(/Test IdP/);
  await screenshot(page, testInfo, "sso-settings", { fullPage: false });

  // Opening the sign-in page signs out.
  await page.goto("/auth");
  const ssoLink = page.getByRole("link", { name: "Sign in with Test IdP" });
  await expect(ssoLink).toBeVisible();
  await screenshot(page, testInfo, "sso-sign-in", { fullPage: false });
  await ssoLink.click();
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill("sub-ada");
  await page.locator('input[name="password"]').fill("anything");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await expect(page).toHaveURL(`${ownServer.url}/`);
  const session = await (await page.context().request.get(`${ownServer.url}/api/auth/session`)).json();
  expect(session.data).toMatchObject({ username: "lovelace", role: "USER", nickname: "Ada" });
});

test("the host links the provider in My account, then unlinks it", async ({ page, ownServer }) => {
  await signInPage(page, ownServer.url, host);
  await page.goto("/");
  let settings = await openSettings(page, "My account");
  const card = settings.getByRole("region", { name: "Single sign-on" });
  await card.getByRole("link", { name: "Link Test IdP" }).click();
  await page.locator('input[name="login"]').fill("sub-host");
  await page.locator('input[name="password"]').fill("anything");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await expect(page.getByText("Identity provider linked.")).toBeVisible();
  await expect(page).toHaveURL(`${ownServer.url}/`);

  settings = await openSettings(page, "My account");
  const linked = settings.getByRole("region", { name: "Single sign-on" });
  await expect(linked.getByTestId("identity-row")).toHaveText("Test IdP");
  await linked.getByRole("button", { name: "Unlink Test IdP" }).click();
  await expect(page.getByText("Identity provider unlinked.")).toBeVisible();
  await expect(linked.getByRole("link", { name: "Link Test IdP" })).toBeVisible();
});

/** The app's code for the time step `offset` steps from now (the server takes the one before and after too). */
const codeOf = (secret: string, offset = 0) =>
  new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + offset * 30_000,
  });

/** "Sign in with Test IdP" on the sign-in page, signing in at the provider's own page as `login`. */
async function signInThroughProvider(page: Page, login: string) {
  // The provider's session (its cookies on 127.0.0.1, whatever the port) would skip its login page.
  await page.context().clearCookies({ name: /^_/ });
  await page.goto("/auth");
  await page.getByRole("link", { name: "Sign in with Test IdP" }).click();
  await expect(page).toHaveURL(new RegExp(`^${idp!.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("anything");
  await page.getByRole("button", { name: "Sign-in" }).click();
}

test("an account with two-factor sign-in gives its code after the provider's sign-in (the host's setting, on)", async ({
  page,
  ownServer,
}, testInfo) => {
  test.setTimeout(60_000);
  await signInPage(page, ownServer.url, host);
  await page.goto("/");
  const settings = await openSettings(page, "System");
  const card = settings.getByRole("region", { name: "Sign-in with identity providers" });
  await expect(card.getByRole("switch", { name: "Ask for the account's second factor after single sign-on" })).toBeChecked();

  // Ada (made by the first test) signs in through the provider and turns on the app's codes.
  await signInThroughProvider(page, "sub-ada");
  await expect(page).toHaveURL(`${ownServer.url}/`);
  const request = page.context().request;
  const secret = (await (await request.post(`${ownServer.url}/api/auth/totp/setup`)).json()).data.secret as string;
  expect((await request.post(`${ownServer.url}/api/auth/totp/enable`, { data: { code: codeOf(secret, -1) } })).ok()).toBe(true);

  await signInThroughProvider(page, "sub-ada");
  await expect(page).toHaveURL(`${ownServer.url}/auth?second-factor=code`);
  await expect(
    page.getByText("You signed in with your identity provider. Your account also asks for its own second factor."),
  ).toBeVisible();
  expect((await (await request.get(`${ownServer.url}/api/auth/session`)).json()).data).toBeNull();
  await screenshot(page, testInfo, "sso-second-factor", { fullPage: false });
  await page.getByLabel("Code").fill(codeOf(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(`${ownServer.url}/`);
  const session = await (await request.get(`${ownServer.url}/api/auth/session`)).json();
  expect(session.data).toMatchObject({ username: "lovelace" });
});

test("a refused sign-in comes back to the sign-in page with the reason in words", async ({ page }) => {
  await page.goto("/auth/oidc/callback?state=nobody-issued-this&code=x");
  await expect(page).toHaveURL(/\/auth\?error=state-invalid$/);
  await expect(page.getByRole("alert")).toHaveText("This sign-in expired or was already used. Please try again.");
});
