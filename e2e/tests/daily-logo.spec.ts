// A custom logo that fails to load: the logo shows ours instead (no broken-image icon), and the broken address is
// asked for once, not again each time a page of the app shows the logo.
import { MemosApi } from "../support/api";
import { expect, screenshot, withOwnServer } from "../support/fixtures";
import { watchPage } from "../support/pageHealth";

const test = withOwnServer();
test.describe.configure({ mode: "serial" });

const host = { username: "logohost", password: "logo-secret" };
const BROKEN = "/broken-logo-that-does-not-exist.png";

test("a broken custom logo falls back to the default logo, asked for once", async ({ page, ownServer, playwright }, testInfo) => {
  // The host sets the logo from a context of its own; the page stays a visitor's, whose sidebar shows the logo.
  const context = await playwright.request.newContext();
  const api = new MemosApi(context, ownServer.url);
  if (!(await api.status()).host) await api.signUp(host);
  else await api.signIn(host);
  const response = await context.post(`${ownServer.url}/api/system/setting`, {
    data: {
      name: "customizedProfile",
      value: JSON.stringify({ name: "Logo test", logoUrl: BROKEN, description: "", locale: "en", appearance: "system", externalUrl: "" }),
    },
  });
  expect(response.ok()).toBe(true);
  await context.dispose();

  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes(BROKEN) && request.resourceType() === "image") asked.push(request.url());
  });
  const health = watchPage(page);
  await page.goto("/auth");
  const logo = page.locator("main img").first();
  await expect(logo).toHaveAttribute("src", "/logo.png");
  expect(await logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  await screenshot(page, testInfo, "broken-logo-fallback", { fullPage: false });

  // Moving around the app mounts the logo again: it shows ours at once, and nothing asks for the broken one again.
  await page.getByRole("link", { name: "Explore" }).click();
  await expect(page).toHaveURL(/\/explore$/);
  await page.getByRole("link", { name: "Sign in" }).first().click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.locator("main img").first()).toHaveAttribute("src", "/logo.png");
  await page.waitForLoadState("networkidle");
  expect(asked.length).toBeLessThanOrEqual(1);
  expect(health.consoleErrors.length).toBeLessThanOrEqual(1);
  expect(health.consoleErrors.every((message) => message.includes("404") || message.includes(BROKEN))).toBe(true);
});
