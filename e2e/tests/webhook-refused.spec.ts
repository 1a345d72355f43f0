// A webhook URL the server refuses is explained under the URL field, in words, not in a toast: a private address
// (and the flag that lets the host allow one), a cloud metadata address, a URL that is not http(s).
import { MemosApi } from "../support/api";
import { expect, screenshot, signInPage, withOwnServer } from "../support/fixtures";
import { openSettings } from "../support/ui";

// A server of its own with the default: webhooks may not reach private addresses (the shared one allows them).
const test = withOwnServer(["--webhook-allow-private", "false"]);
test.describe.configure({ mode: "serial" });

const host = { username: "hookhost", password: "hook-secret" };

test("a refused webhook URL is explained beside the field, with the flag for private addresses", async ({
  page,
  ownServer,
  playwright,
}, testInfo) => {
  // Its own server starts with the first test: on a busy machine that takes a good part of the default 30 s.
  test.setTimeout(60_000);
  const context = await playwright.request.newContext();
  const api = new MemosApi(context, ownServer.url);
  if (!(await api.status()).host) await api.signUp(host);
  await context.dispose();
  await signInPage(page, ownServer.url, host);

  await page.goto("/");
  const settings = await openSettings(page, "My account");
  await settings.getByRole("region", { name: "Webhooks" }).getByRole("button", { name: "Add webhook" }).click();
  const dialog = page.getByRole("dialog", { name: "Add webhook" });
  const url = dialog.getByLabel("URL");
  const toasts = page.locator("[popover][aria-live] > [role]");
  await dialog.getByLabel("Name").fill("Home server");

  await url.fill("http://192.168.1.20/hook");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(url).toHaveAccessibleDescription(
    "192.168.1.20 is a private or local address, which webhooks on this instance may not call. The host can allow such addresses by starting memos with --webhook-allow-private true.",
  );
  await expect(url).toHaveAttribute("aria-invalid", "true");
  await expect(toasts).toHaveCount(0);
  await screenshot(page, testInfo, "webhook-refused-private", { fullPage: false });

  // Editing the URL clears the message; a metadata address is never allowed.
  await url.fill("http://169.254.169.254/latest/meta-data");
  await expect(url).not.toHaveAttribute("aria-invalid");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(url).toHaveAccessibleDescription("169.254.169.254 is a cloud metadata address: webhooks never call it.");
  await expect(toasts).toHaveCount(0);

  // Not http(s): said before anything is sent.
  await url.fill("ftp://files.example.com/hook");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(url).toHaveAccessibleDescription("Enter a URL that starts with http:// or https://.");
  await expect(dialog).toBeVisible();
  await expect(toasts).toHaveCount(0);
});
