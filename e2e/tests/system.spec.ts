// Settings › System on a server of its own (these settings reach every visitor): the customized profile
// (document title, About, default language), vacuum, sign-up, and the additional style and script.
import { type Browser, type Page, type Request, request } from "@playwright/test";
import { type Credentials, MemosApi } from "../support/api";
import { type FakeGithub, startFakeGithub } from "../support/fake-github";
import { expect, screenshot, signInPage, withOwnServer } from "../support/fixtures";
import { type PageHealth, watchPage } from "../support/pageHealth";
import { dismissToasts, openSettings, openUserMenu, text, toast } from "../support/ui";

// GitHub, as the server's About news reads it: a fake on loopback that counts what it was asked.
let github: FakeGithub | undefined;
const test = withOwnServer(async () => {
  github = await startFakeGithub(12345, "v0.10.0");
  return ["--project-info-url", github.url];
});
test.describe.configure({ mode: "serial" });

const HOST: Credentials = { username: "harbor", password: "harbor-secret" };
let signedUp: Promise<unknown> | undefined;

const hosted = test.extend<{ host: Credentials }>({
  host: async ({ baseURL }, use) => {
    signedUp ??= (async () => {
      const context = await request.newContext();
      const api = new MemosApi(context, baseURL!);
      await api.signUp(HOST, "HOST");
      // The host's own choices, so the instance defaults set below reach visitors only.
      await api.setUserSetting("locale", "en");
      await api.setUserSetting("appearance", "light");
      await context.dispose();
    })();
    await signedUp;
    await use(HOST);
  },
});

/** A visitor in a browser of their own (no session, no stored language); `watch` sees the page before it opens. */
async function visitor(browser: Browser, baseURL: string, path: string, watch?: (page: Page) => void) {
  const context = await browser.newContext({ baseURL, locale: "en-US" });
  const page = await context.newPage();
  watch?.(page);
  await page.goto(path);
  return { page, close: () => context.close() };
}

hosted("the server profile names the site: document title, About, default language", async ({ page, baseURL, host, browser }, testInfo) => {
  // A long journey (two browsers, the About dialog, a restore): about 25 s on a quiet machine.
  test.slow();
  await signInPage(page, baseURL!, host);
  await page.goto("/");
  await expect(page).toHaveTitle("memos");
  const settings = await openSettings(page, "System");
  await settings.getByRole("region", { name: "Server profile" }).getByRole("button", { name: "Edit" }).click();
  const dialog = page.getByRole("dialog", { name: "Server profile" });
  await dialog.getByLabel("Server name").fill("Harbor Notes");
  await dialog.getByLabel("Icon URL").fill("/logo.png?harbor");
  await dialog.getByLabel("Description").fill("Notes from the harbour office.");
  await dialog.getByRole("combobox", { name: "Default language" }).selectOption("de");
  await dialog.getByRole("combobox", { name: "Default appearance" }).selectOption("dark");
  await screenshot(page, testInfo, "settings-server-profile", { fullPage: false });
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "customized profile updated").first()).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await expect(page).toHaveTitle("Harbor Notes");
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", "/logo.png?harbor");
  const profile = settings.getByRole("region", { name: "Server profile" });
  await expect(profile).toContainText("Harbor Notes");
  await expect(profile).toContainText("Notes from the harbour office.");
  await expect(profile).toContainText("Deutsch · Dark");

  // About shows the name, the version, the project links and GitHub's figures, which the server read.
  await page.keyboard.press("Escape");
  await openUserMenu(page);
  await page.getByRole("menuitem", { name: "About" }).click();
  const about = page.getByRole("dialog", { name: "About" });
  await expect(about.getByText("Harbor Notes")).toBeVisible();
  await expect(about.getByText("Notes from the harbour office.")).toBeVisible();
  await expect(about.getByText(/^Version \S+/)).toBeVisible();
  await expect(about.getByRole("link", { name: "GitHub" })).toHaveAttribute("href", "https://github.com/usememos/memos");
  await expect(about.getByRole("link", { name: "Documentation" })).toHaveAttribute("href", /^https:\/\//);
  await expect(about.getByText("12,345 stars")).toBeVisible();
  await expect(about.getByRole("link", { name: "Latest release v0.10.0" })).toHaveAttribute("href", /releases\/tag\/v0\.10\.0$/);
  await screenshot(page, testInfo, "about", { fullPage: false });

  // A visitor with no language of their own gets the instance's default, and its title.
  const guest = await visitor(browser, baseURL!, "/auth");
  await expect(guest.page.locator("html")).toHaveAttribute("lang", "de");
  await expect(guest.page.getByRole("button", { name: "Anmelden", exact: true })).toBeVisible();
  await expect(guest.page).toHaveTitle("Harbor Notes");
  await expect(guest.page.locator("html")).toHaveClass(/(^|\s)dark(\s|$)/);
  await guest.close();

  // Restore defaults puts the name and language back.
  await about.getByRole("button", { name: "Close" }).first().click();
  const again = await openSettings(page, "System");
  await again.getByRole("region", { name: "Server profile" }).getByRole("button", { name: "Edit" }).click();
  await dialog.getByRole("button", { name: "Restore defaults" }).click();
  await expect(dialog.getByLabel("Server name")).toHaveValue("memos");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "customized profile updated").first()).toBeVisible();
  await expect(page).toHaveTitle("memos");
});

hosted(
  "the browser never asks GitHub; the host turns the About news off and the server asks nothing more",
  async ({ page, baseURL, host }) => {
    const browserAsked: string[] = [];
    page.on("request", (request) => request.url().includes("github.com/repos") && browserAsked.push(request.url()));
    await signInPage(page, baseURL!, host);
    await page.goto("/");
    const settings = await openSettings(page, "System");
    const news = settings.getByRole("switch", { name: "GitHub news in About" });
    await expect(news).toBeChecked();
    await news.click();
    await expect(toast(page, "The server no longer asks GitHub")).toBeVisible();
    await expect(news).not.toBeChecked();
    await page.keyboard.press("Escape");
    const asked = github!.asked.length;

    await openUserMenu(page);
    await page.getByRole("menuitem", { name: "About" }).click();
    const about = page.getByRole("dialog", { name: "About" });
    await expect(about.getByRole("link", { name: "GitHub" })).toBeVisible();
    await expect(about.getByText(/stars?$/)).toHaveCount(0);
    await expect(about.getByText(/^Latest release/)).toHaveCount(0);
    expect(github!.asked).toHaveLength(asked);
    expect(browserAsked).toEqual([]);

    // On again, for the tests after this one.
    await page.keyboard.press("Escape");
    await (await openSettings(page, "System")).getByRole("switch", { name: "GitHub news in About" }).click();
    await expect(toast(page, "The server will read GitHub news once a day")).toBeVisible();
  },
);

hosted("a custom logo that fails to load shows ours; a javascript: logo is refused", async ({ page, baseURL, host, browser }) => {
  await signInPage(page, baseURL!, host);
  await page.goto("/");
  const settings = await openSettings(page, "System");
  const edit = async (logo: string) => {
    await settings.getByRole("region", { name: "Server profile" }).getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: "Server profile" });
    await dialog.getByLabel("Icon URL").fill(logo);
    await dialog.getByRole("button", { name: "Save" }).click();
    return dialog;
  };
  const refused = await edit("javascript:alert(1)");
  await expect(refused.getByText("Use an http(s) address, a path on this site such as /logo.png, or a data:image URL.")).toBeVisible();
  await refused.getByRole("button", { name: "Cancel" }).click();
  // The server refuses it too, whoever sends it.
  const direct = await page.request.post(`${baseURL}/api/system/setting`, {
    data: { name: "customizedProfile", value: JSON.stringify({ logoUrl: "javascript:alert(1)" }) },
  });
  expect(direct.status()).toBe(400);

  await edit("/no-such-logo.png");
  await expect(toast(page, "customized profile updated").first()).toBeVisible();
  // A visitor's page asks for the broken address once, shows ours once the answer is in, and logs one error at most.
  const asked: string[] = [];
  let health: PageHealth | undefined;
  let answered: Promise<unknown> | undefined;
  const guest = await visitor(browser, baseURL!, "/auth", (guestPage) => {
    health = watchPage(guestPage);
    guestPage.on("request", (request) => request.url().includes("/no-such-logo.png") && asked.push(request.url()));
    answered = new Promise((done) => {
      const settled = (request: Request) => request.url().includes("/no-such-logo.png") && done(undefined);
      guestPage.on("requestfinished", settled);
      guestPage.on("requestfailed", settled);
    });
  });
  await answered;
  const logo = guest.page.locator("main img").first();
  await expect(logo).toHaveAttribute("src", "/logo.png");
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(asked).toHaveLength(1);
  expect(health!.consoleErrors.filter((text) => text.includes("logo")).length).toBeLessThanOrEqual(1);
  await guest.close();
  await edit("");
  // The first toast may still be showing.
  await expect(toast(page, "customized profile updated").last()).toBeVisible();
});

hosted("vacuums the database and allows sign-up", async ({ page, baseURL, host, browser }, testInfo) => {
  await signInPage(page, baseURL!, host);
  await page.goto("/");
  const settings = await openSettings(page, "System");
  await expect(settings.getByText(/^\d+(\.\d)? (byte|kB|MB)$/)).toBeVisible();
  await settings.getByRole("button", { name: "Vacuum" }).click();
  await expect(toast(page, "Succeed to vacuum database")).toBeVisible();

  let guest = await visitor(browser, baseURL!, "/auth");
  await expect(guest.page.getByText("If you don't have an account, please contact the site host.")).toBeVisible();
  await expect(guest.page.getByRole("button", { name: "Sign up", exact: true })).toHaveCount(0);
  await guest.close();

  const signUp = settings.getByRole("switch", { name: "Allow user sign-up" });
  await expect(signUp).toHaveAttribute("aria-checked", "false");
  await signUp.click();
  await expect(toast(page, "User sign-up allowed")).toBeVisible();
  await expect(signUp).toHaveAttribute("aria-checked", "true");
  await screenshot(page, testInfo, "settings-system", { fullPage: false });
  guest = await visitor(browser, baseURL!, "/auth");
  await expect(guest.page.getByRole("button", { name: "Sign up", exact: true })).toBeVisible();
  await expect(guest.page.getByText("If you don't have an account, please contact the site host.")).toHaveCount(0);
  await guest.close();

  await signUp.click();
  await expect(toast(page, "User sign-up turned off")).toBeVisible();
  await expect(signUp).toHaveAttribute("aria-checked", "false");
});

hosted("the additional style and script apply to the page at once and for visitors", async ({ page, baseURL, host, browser }, testInfo) => {
  await signInPage(page, baseURL!, host);
  await page.goto("/");
  const settings = await openSettings(page, "System");
  const style = settings.getByLabel("Additional style");
  const region = settings.getByRole("region", { name: "Customization" });
  await style.fill("body { border-top: 6px solid rgb(219, 39, 119); }");
  await region.getByRole("button", { name: "Save" }).first().click();
  await expect(toast(page, "additional style updated")).toBeVisible();
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).borderTopColor)).toBe("rgb(219, 39, 119)");
  expect(await page.evaluate(() => getComputedStyle(document.body).borderTopWidth)).toBe("6px");

  const script = settings.getByLabel("Additional script");
  await script.fill('document.documentElement.dataset.harbor = "script ran";');
  await region.getByRole("button", { name: "Save" }).last().click();
  await expect(toast(page, "additional script updated")).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-harbor", "script ran");
  await page.keyboard.press("Escape");
  await screenshot(page, testInfo, "home-additional-style");

  const guest = await visitor(browser, baseURL!, "/explore");
  await expect(guest.page.locator("html")).toHaveAttribute("data-harbor", "script ran");
  await expect.poll(() => guest.page.evaluate(() => getComputedStyle(document.body).borderTopColor)).toBe("rgb(219, 39, 119)");
  await guest.close();

  // Emptied, the style goes at once.
  await dismissToasts(page);
  const again = await openSettings(page, "System");
  await again.getByLabel("Additional style").fill("");
  await again.getByRole("region", { name: "Customization" }).getByRole("button", { name: "Save" }).first().click();
  await expect(toast(page, "additional style updated")).toBeVisible();
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).borderTopWidth)).toBe("0px");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("textbox", { name: text.editorPlaceholder })).toBeVisible();
});
