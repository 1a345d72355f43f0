// Language and appearance: switching to Chinese changes the interface text, dark mode marks <html> with
// "dark", and both stick (this browser and the user's settings).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "../support/fixtures";
import { ROOT } from "../support/server";
import { openUserMenu, text } from "../support/ui";

test("switching the language to Chinese changes the interface text", async ({ page, signedIn }) => {
  await page.goto("/");
  await expect(page.getByRole("searchbox", { name: text.searchLabel })).toBeVisible();

  await openUserMenu(page);
  await page.getByRole("menuitem", { name: /Language/ }).click();
  await page.getByRole("menuitemradio", { name: /中文/ }).click();

  await expect(page.locator("html")).toHaveAttribute("lang", "zh");
  await expect(page.getByRole("searchbox", { name: "搜索备忘录" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: text.editorPlaceholder })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "保存", exact: true })).toBeVisible();

  // Kept in the user's settings, so it follows them to a new browser session.
  await expect.poll(async () => (await signedIn.api.me()).userSettingList?.find((s) => s.key === "locale")?.value).toBe('"zh"');
  await page.reload();
  await expect(page.getByRole("searchbox", { name: "搜索备忘录" })).toBeVisible();
});

test("the sign-in page switches language with its language select", async ({ page }) => {
  await page.goto("/auth");
  await expect(page.getByRole("button", { name: text.signIn, exact: true })).toBeVisible();
  await page.getByRole("combobox", { name: "Language" }).selectOption("zh");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh");
  await expect(page.getByRole("button", { name: "登录", exact: true })).toBeVisible();
  await expect(page.getByLabel("用户名")).toBeVisible();
});

test("dark mode applies to the whole page and survives a reload", async ({ page, signedIn }) => {
  await page.goto("/");
  const html = page.locator("html");
  await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);

  await openUserMenu(page);
  await page.getByRole("menuitemradio", { name: "Dark" }).click();
  await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).not.toBe("rgb(244, 244, 245)");

  await page.reload();
  await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
  await expect.poll(async () => (await signedIn.api.me()).userSettingList?.find((s) => s.key === "appearance")?.value).toBe('"dark"');

  await openUserMenu(page);
  await page.getByRole("menuitemradio", { name: "Light" }).click();
  await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
});

test("system appearance follows the operating system", async ({ page, signedIn: _ }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/");
  await expect(page.locator("html")).toHaveClass(/(^|\s)dark(\s|$)/);
  await page.emulateMedia({ colorScheme: "light" });
  await expect(page.locator("html")).not.toHaveClass(/(^|\s)dark(\s|$)/);
});

const LOCALES = ["en", "zh", "vi", "fr", "nl", "sv", "de", "es", "uk", "ru", "it"];

function strings(locale: string): { common: { "sign-in": string; username: string } } {
  return JSON.parse(readFileSync(join(ROOT, "web", "src", "locales", `${locale}.json`), "utf8"));
}

test("every language loads and translates the sign-in page", async ({ page }) => {
  await page.goto("/auth");
  for (const locale of LOCALES) {
    await page.getByRole("combobox").first().selectOption(locale);
    await expect(page.locator("html"), locale).toHaveAttribute("lang", locale);
    await expect(page.getByRole("button", { name: strings(locale).common["sign-in"], exact: true }), locale).toBeVisible();
    await expect(page.getByLabel(strings(locale).common.username, { exact: true }), locale).toBeVisible();
  }
});

test("a language kept in this browser applies on the next visit", async ({ page }) => {
  // The app's chunks are cached by a first visit in English; the Chinese chunk is not.
  await page.goto("/auth");
  await expect(page.getByRole("button", { name: text.signIn, exact: true })).toBeVisible();
  await page.evaluate(() => localStorage.setItem("locale", JSON.stringify("zh")));
  await page.goto("/auth");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh");
  await expect(page.getByRole("button", { name: "登录", exact: true })).toBeVisible();
});

test("in German a file's size has a decimal comma, and in Chinese the heat map's days have no English names", async ({
  page,
  signedIn,
}) => {
  // 3.4 MiB: shown as "3.4 MB" in English, "3,4 MB" in German.
  await signedIn.api.uploadFile("harbour-log.bin", "application/octet-stream", Buffer.alloc(Math.round(3.4 * 1024 * 1024), 7));
  await signedIn.api.createMemo("Written today");
  await page.goto("/");
  await openUserMenu(page);
  await page.getByRole("menuitem", { name: /Language/ }).click();
  await page.getByRole("menuitemradio", { name: /Deutsch/ }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  // The language menu stays open for another choice.
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);

  await page.getByRole("button", { name: "Ressourcen", exact: true }).click();
  const resources = page.getByRole("dialog", { name: "Ressourcen" });
  await expect(resources.getByText("harbour-log.bin")).toBeVisible();
  await expect(resources.getByText("3,4 MB", { exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(resources).toHaveCount(0);

  await page.getByRole("button", { name: "Benutzermenü" }).click();
  await page.getByRole("menuitem", { name: /Sprache/ }).click();
  await page.getByRole("menuitemradio", { name: /中文/ }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "zh");
  const today = page.getByRole("button", { name: /：1 条备忘录$/ });
  const label = (await today.getAttribute("aria-label"))!;
  expect(label).toMatch(/\d{4}年\d{1,2}月\d{1,2}日周[一二三四五六日]/);
  expect(label).not.toMatch(/Mon|Tue|Wed|Thu|Fri|Sat|Sun/);
});
