// Settings › My account (profile, password, Open API) and Preferences (each choice takes effect at once),
// for a fresh member on the shared server, plus the dialog in every language and at phone size.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { request } from "@playwright/test";
import { MemosApi, PASSWORD, uniqueName } from "../support/api";
import { expect, screenshot, test } from "../support/fixtures";
import { ROOT } from "../support/server";
import { allowClipboard, editor, memoCard, openSettings, readClipboard, toast } from "../support/ui";

test("My account: edits the nickname, username and email", async ({ page, signedIn }, testInfo) => {
  await page.goto("/");
  const settings = await openSettings(page);
  await expect(settings.getByRole("tab", { name: "My account" })).toHaveAttribute("aria-selected", "true");
  await expect(settings.getByText(`@${signedIn.user.username}`)).toBeVisible();
  await screenshot(page, testInfo, "settings-account", { fullPage: false });

  await settings.getByRole("button", { name: "Edit", exact: true }).click();
  const edit = page.getByRole("dialog", { name: "Edit account" });
  await edit.getByLabel("Email").fill("not-an-email");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit.getByRole("alert")).toHaveText("Email must look like name@example.com");

  const username = `${signedIn.user.username}x`;
  await edit.getByLabel("Username").fill(username);
  await edit.getByLabel("Nickname").fill("Ada Lovelace");
  await edit.getByLabel("Email").fill("ada@example.com");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Update succeed")).toBeVisible();
  await expect(edit).toHaveCount(0);
  await expect(settings.getByText(`@${username}`)).toBeVisible();
  await expect(settings.getByText("ada@example.com")).toBeVisible();
  await expect(settings.getByText("Ada Lovelace").first()).toBeVisible();
  const me = await signedIn.api.me();
  expect([me.username, me.nickname, me.email]).toEqual([username, "Ada Lovelace", "ada@example.com"]);
});

test("My account: changes the password, which replaces the Open ID shown", async ({ page, signedIn, baseURL }, testInfo) => {
  const oldOpenId = (await signedIn.api.me()).openId!;
  await page.goto("/");
  const settings = await openSettings(page);
  await expect(settings.getByText(oldOpenId, { exact: true })).toBeVisible();
  await settings.getByRole("button", { name: "Change password" }).click();
  const dialog = page.getByRole("dialog", { name: "Change password" });
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("alert").first()).toHaveText("Please fill in all fields.");
  await dialog.getByLabel("Current password").fill("not-my-password");
  await dialog.getByLabel("New password", { exact: true }).fill("brand-new-pass");
  // The strength hint advises and never blocks (zxcvbn loads with the first letter typed).
  await expect(dialog.getByRole("meter", { name: "Password strength" })).toHaveAttribute("aria-valuetext", /.+/);
  await dialog.getByLabel("Repeat new password").fill("brand-new-pasz");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Passwords do not match.");
  await screenshot(page, testInfo, "settings-change-password", { fullPage: false });
  await expect(toast(page, "Password Changed")).toHaveCount(0);

  // The server checks the current password, and the dialog says which field is wrong.
  await dialog.getByLabel("Repeat new password").fill("brand-new-pass");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("The current password is incorrect.");
  await expect(toast(page, "Password Changed")).toHaveCount(0);
  await dialog.getByLabel("Current password").fill(signedIn.credentials.password);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Password Changed")).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const context = await request.newContext();
  const user = await new MemosApi(context, baseURL!).signIn({ username: signedIn.user.username, password: "brand-new-pass" });
  expect(user.id).toBe(signedIn.user.id);
  await context.dispose();

  // The old access token is gone with the old password; the settings show the new one.
  expect((await page.request.get(`${baseURL}/api/user/me`, { headers: { authorization: `Bearer ${oldOpenId}` } })).status()).toBe(401);
  await expect(settings.getByText(oldOpenId, { exact: true })).toHaveCount(0);
  const fresh = user.openId!;
  expect(fresh).toBeTruthy();
  expect(fresh).not.toBe(oldOpenId);
  await expect(settings.getByText(fresh, { exact: true })).toBeVisible();
});

test("My account: the Open ID example copies, works, and the reset replaces the Open ID", async ({ page, signedIn, baseURL }) => {
  await allowClipboard(page, baseURL!);
  await page.goto("/");
  const settings = await openSettings(page);
  const openId = (await signedIn.api.me()).openId!;
  expect(openId).toBeTruthy();
  await expect(settings.getByText(openId, { exact: true })).toBeVisible();

  await settings.getByRole("button", { name: "Copy the curl command" }).click();
  await expect(toast(page, "Copied")).toBeVisible();
  const curl = await readClipboard(page);
  expect(curl).toContain(`${baseURL}/api/memo?openId=${openId}`);
  // The example's URL really posts a memo as this user.
  const posted = await page.request.post(`${baseURL}/api/memo?openId=${openId}`, { data: { content: "Posted with the Open ID" } });
  expect(posted.ok()).toBe(true);

  await settings.getByRole("button", { name: "Reset" }).click();
  const confirm = page.getByRole("dialog", { name: "Reset your Open ID?" });
  await confirm.getByRole("button", { name: "Reset" }).click();
  await expect(toast(page, "Open ID reset")).toBeVisible();
  await expect(settings.getByText(openId, { exact: true })).toHaveCount(0);
  const fresh = (await signedIn.api.me()).openId!;
  expect(fresh).not.toBe(openId);
  await expect(settings.getByText(fresh, { exact: true })).toBeVisible();
});

test("Preferences: theme, visibility, sort and folding take effect at once", async ({ page, signedIn }, testInfo) => {
  // Written in 2020 (both times), then edited now: created and updated times differ.
  const old = await signedIn.api.createMemo("Backdated", "PRIVATE", undefined, Date.UTC(2020, 0, 2, 3, 4) / 1000);
  await signedIn.api.patchMemo(old.id, { content: "Backdated note" });
  await signedIn.api.createMemo("Intro line\n\n---\n\nThe folded rest");
  await page.goto("/");
  const folded = memoCard(page, "Intro line");
  await expect(folded.getByRole("button", { name: "Show more" })).toBeVisible();
  await expect(folded).not.toContainText("The folded rest");
  await expect(memoCard(page, "Backdated note").locator("time")).toHaveText("2020/01/02 03:04");

  const settings = await openSettings(page, "Preferences");
  await screenshot(page, testInfo, "settings-preferences", { fullPage: false });

  await settings.getByRole("combobox", { name: "Theme" }).selectOption("dark");
  await expect(page.locator("html")).toHaveClass(/(^|\s)dark(\s|$)/);
  await screenshot(page, testInfo, "settings-preferences-dark", { fullPage: false });
  await settings.getByRole("combobox", { name: "Theme" }).selectOption("light");
  await expect(page.locator("html")).not.toHaveClass(/(^|\s)dark(\s|$)/);

  await settings.getByRole("combobox", { name: "Default memo visibility" }).selectOption("PUBLIC");
  await expect(settings.getByText("Everyone can see")).toBeVisible();
  await settings.getByRole("combobox", { name: "Sort memos by" }).selectOption("updated_ts");
  await settings.getByRole("switch", { name: "Fold long memos" }).click();
  await expect(settings.getByRole("switch", { name: "Fold long memos" })).toHaveAttribute("aria-checked", "false");
  await page.keyboard.press("Escape");
  await expect(settings).toHaveCount(0);

  // The editor preselects the new default; the list shows updated times; long memos stay unfolded.
  await expect(page.getByRole("combobox", { name: /^Visibility:/ })).toHaveValue("PUBLIC");
  await expect(page.getByRole("combobox", { name: "Visibility: Everyone can see" })).toBeVisible();
  await expect(folded).toContainText("The folded rest");
  await expect(folded.getByRole("button", { name: "Show more" })).toHaveCount(0);
  await expect(memoCard(page, "Backdated note").locator("time")).not.toHaveText(/2020/);
  await expect.poll(async () => (await signedIn.api.me()).userSettingList?.find((s) => s.key === "memoVisibility")?.value).toBe('"PUBLIC"');

  // A memo written now gets the default visibility.
  await editor(page).fill("Shared by default");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(memoCard(page, "Shared by default")).toBeVisible();
  await expect
    .poll(async () => (await signedIn.api.myMemos()).find((memo) => memo.content === "Shared by default")?.visibility)
    .toBe("PUBLIC");
});

test("Preferences: the powerful editor and the editor font", async ({ page, signedIn: _ }) => {
  await page.goto("/");
  await editor(page).click();
  await page.keyboard.type("(x");
  await expect(editor(page)).toHaveValue("(x)");
  await editor(page).fill("");

  const settings = await openSettings(page, "Preferences");
  await settings.getByRole("switch", { name: "Powerful editor" }).click();
  await settings.getByRole("combobox", { name: "Editor font" }).selectOption("mono");
  await page.keyboard.press("Escape");
  await editor(page).click();
  await page.keyboard.type("(x");
  await expect(editor(page)).toHaveValue("(x");
  const font = await editor(page).evaluate((element) => getComputedStyle(element).fontFamily);
  expect(font.toLowerCase()).toMatch(/mono/);
  // Kept in this browser.
  await page.reload();
  await editor(page).fill("");
  await editor(page).pressSequentially("[");
  await expect(editor(page)).toHaveValue("[");
});

test("Preferences: the language changes the dialog at once", async ({ page, signedIn }, testInfo) => {
  await page.goto("/");
  const settings = await openSettings(page, "Preferences");
  await settings.getByRole("combobox", { name: "Language" }).selectOption("de");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  const german = page.getByRole("dialog", { name: "Einstellungen" });
  await expect(german.getByRole("tab", { name: "Präferenzen" })).toHaveAttribute("aria-selected", "true");
  await expect(german.getByRole("tab", { name: "Mein Konto" })).toBeVisible();
  await expect(german.getByRole("heading", { name: "Allgemein" })).toBeVisible();
  await expect(german.getByRole("combobox", { name: "Design" })).toBeVisible();
  await screenshot(page, testInfo, "settings-preferences-de", { fullPage: false });
  await expect.poll(async () => (await signedIn.api.me()).userSettingList?.find((s) => s.key === "locale")?.value).toBe('"de"');
});

const LOCALES = ["en", "zh", "vi", "fr", "nl", "sv", "de", "es", "uk", "ru", "it"] as const;

interface Strings {
  common: { language: string; edit: string; save: string; username: string };
  setting: { title: string; section: Record<string, string>; account: Record<string, string> };
}
const strings = (locale: string): Strings => JSON.parse(readFileSync(join(ROOT, "web", "src", "locales", `${locale}.json`), "utf8"));

test("the settings dialog is translated in every language", async ({ page, signedIn: _ }) => {
  await page.goto("/");
  await openSettings(page, "Preferences");
  let current = strings("en");
  for (const locale of LOCALES) {
    await page
      .getByRole("dialog", { name: current.setting.title })
      .getByRole("combobox", { name: current.common.language, exact: true })
      .selectOption(locale);
    current = strings(locale);
    const dialog = page.getByRole("dialog", { name: current.setting.title });
    await expect(page.locator("html"), locale).toHaveAttribute("lang", locale);
    for (const id of ["my-account", "preference"]) {
      await expect(dialog.getByRole("tab", { name: current.setting.section[id], exact: true }), `${locale} ${id}`).toBeVisible();
    }
  }
});

test("a failure the server answers is said in the UI's language: a taken username, in German", async ({ page, signedIn: _, hostApi }) => {
  const taken = uniqueName("m");
  await hostApi.createUser({ username: taken, password: PASSWORD });
  await page.goto("/");
  const settings = await openSettings(page, "Preferences");
  await settings.getByRole("combobox", { name: "Language" }).selectOption("de");
  const de = strings("de");
  const german = page.getByRole("dialog", { name: de.setting.title });
  await german.getByRole("tab", { name: de.setting.section["my-account"], exact: true }).click();
  await german.getByRole("button", { name: de.common.edit, exact: true }).click();
  const edit = page.getByRole("dialog", { name: de.setting.account["edit-title"] });
  await edit.getByLabel(de.common.username).fill(taken);
  await edit.getByRole("button", { name: de.common.save }).click();
  // The server's 409 says "Username already exists: …" with the reason user.username-taken.
  await expect(toast(page, `Der Benutzername ${taken} ist schon vergeben.`, "error")).toBeVisible();
  await expect(edit).toBeVisible();
});

test("@phone-only settings as pages on a phone", async ({ page, signedIn: _ }, testInfo) => {
  await page.goto("/");
  const settings = await openSettings(page);
  await expect(settings.getByRole("button", { name: "Preferences", exact: true })).toBeVisible();
  await expect(settings.getByRole("button", { name: "Members", exact: true })).toHaveCount(0);
  await screenshot(page, testInfo, "settings-list", { fullPage: false });
  await settings.getByRole("button", { name: "Preferences", exact: true }).click();
  await expect(settings.getByRole("combobox", { name: "Theme" })).toBeVisible();
  await screenshot(page, testInfo, "settings-preferences", { fullPage: false });
  await settings.getByRole("button", { name: "Back to settings" }).click();
  await settings.getByRole("button", { name: "My account", exact: true }).click();
  await expect(settings.getByRole("button", { name: "Change password" })).toBeVisible();
  await screenshot(page, testInfo, "settings-account", { fullPage: false });

  // "Editor on phones: Floating" docks the editor at the bottom at once.
  await settings.getByRole("button", { name: "Back to settings" }).click();
  await settings.getByRole("button", { name: "Preferences", exact: true }).click();
  await settings.getByRole("combobox", { name: "Editor on phones" }).selectOption("float");
  await settings.getByRole("button", { name: "Close" }).click();
  await expect(settings).toHaveCount(0);
  const dock = page.getByTestId("editor-dock");
  await expect(dock).toHaveCSS("position", "fixed");
  const box = (await dock.boundingBox())!;
  expect(box.y + box.height).toBeGreaterThan(page.viewportSize()!.height - 2);
  await screenshot(page, testInfo, "home-floating-editor", { fullPage: false });
});
