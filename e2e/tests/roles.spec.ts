// Who sees which settings: a member has My account and Preferences only; an admin also has Members and
// System (the additional script read-only) and manages members; the host has everything.
import { request } from "@playwright/test";
import { MemosApi, PASSWORD, uniqueName } from "../support/api";
import { HOST } from "../support/env";
import { expect, screenshot, signInPage, test } from "../support/fixtures";
import { openSettings, settingsTabs, toast } from "../support/ui";

test("a member sees My account and Preferences only", async ({ page, signedIn: _ }) => {
  await page.goto("/");
  const settings = await openSettings(page);
  expect(await settingsTabs(settings)).toEqual(["My account", "Preferences"]);
  await expect(settings.getByRole("tab", { name: "Members" })).toHaveCount(0);
  await expect(settings.getByRole("tab", { name: "System" })).toHaveCount(0);
  await expect(settings.getByText("Member", { exact: true })).toBeVisible();
});

test("an admin sees Members and System, with the additional style and script read-only", async ({ page, baseURL, hostApi }, testInfo) => {
  const credentials = { username: uniqueName("adm"), password: PASSWORD };
  await hostApi.createUser(credentials, "Grace Admin", "ADMIN");
  await signInPage(page, baseURL!, credentials);
  await page.goto("/");
  const settings = await openSettings(page);
  expect(await settingsTabs(settings)).toEqual(["My account", "Preferences", "Members", "System"]);

  await settings.getByRole("tab", { name: "System" }).click();
  const script = settings.getByLabel("Additional script");
  await expect(script).toHaveAttribute("readonly", "");
  await expect(settings.getByText("Only the host can change the additional script.")).toBeVisible();
  // The style reaches every visitor's page too: the host's alone as well.
  await expect(settings.getByLabel("Additional style")).toHaveAttribute("readonly", "");
  await expect(settings.getByText("Only the host can change the additional style.")).toBeVisible();
  await expect(settings.getByRole("region", { name: "Customization" }).getByRole("button", { name: "Save" })).toHaveCount(0);
  await expect(settings.getByRole("button", { name: "Vacuum" })).toBeVisible();
  await screenshot(page, testInfo, "settings-system-admin", { fullPage: false });

  // The host's account is out of an admin's reach; other members are not.
  await settings.getByRole("tab", { name: "Members" }).click();
  await expect(settings.getByText(`@${HOST.username}`)).toBeVisible();
  await expect(settings.getByRole("button", { name: `Actions for ${HOST.username}` })).toHaveCount(0);
  await expect(settings.getByText("You", { exact: true })).toBeVisible();
});

test("an admin creates a member, changes their password and deletes them", async ({ page, baseURL, hostApi }, testInfo) => {
  const admin = { username: uniqueName("adm"), password: PASSWORD };
  await hostApi.createUser(admin, undefined, "ADMIN");
  await signInPage(page, baseURL!, admin);
  await page.goto("/");
  const settings = await openSettings(page, "Members");

  const username = uniqueName("new");
  await settings.getByRole("button", { name: "Create", exact: true }).click();
  await expect(settings.getByRole("alert")).toHaveText("Please fill in all fields.");
  // The rule of a new name is under the field before Create is pressed.
  await expect(settings.getByLabel("Username")).toHaveAccessibleDescription(/^Username: 1–36 characters, letters a–z, digits and hyphens/);
  await settings.getByLabel("Username").fill(`${username}_x`);
  await settings.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await settings.getByRole("button", { name: "Create", exact: true }).click();
  await expect(settings.getByRole("alert")).toHaveText("Username may contain only letters a–z, digits and hyphens");
  await settings.getByLabel("Username").fill(username);
  await settings.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await settings.getByRole("button", { name: "Create", exact: true }).click();
  await expect(toast(page, `Member ${username} created`)).toBeVisible();
  await expect(settings.getByText(`@${username}`)).toBeVisible();
  await screenshot(page, testInfo, "settings-members", { fullPage: false });

  await settings.getByRole("button", { name: `Actions for ${username}` }).click();
  await page.getByRole("menuitem", { name: "Change password" }).click();
  const dialog = page.getByRole("dialog", { name: `Change password of ${username}` });
  await dialog.getByLabel("New password", { exact: true }).fill("their-new-pass");
  await dialog.getByLabel("Repeat new password").fill("their-new-pazz");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("New passwords do not match.");
  await dialog.getByLabel("Repeat new password").fill("their-new-pass");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Password Changed")).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const context = await request.newContext();
  const member = await new MemosApi(context, baseURL!).signIn({ username, password: "their-new-pass" });
  expect(member.role).toBe("USER");
  await context.dispose();

  await settings.getByRole("button", { name: `Actions for ${username}` }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: `Delete ${username}?` });
  await expect(confirm).toContainText("This can't be undone.");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, `${username} deleted`)).toBeVisible();
  await expect(settings.getByText(`@${username}`)).toHaveCount(0);
});

test("the host sees every section and may edit the additional script", async ({ page, baseURL }) => {
  await signInPage(page, baseURL!, HOST);
  await page.goto("/");
  const settings = await openSettings(page);
  expect(await settingsTabs(settings)).toEqual(["My account", "Preferences", "Members", "System"]);
  await expect(settings.getByText("Host", { exact: true })).toBeVisible();
  await settings.getByRole("tab", { name: "System" }).click();
  const script = settings.getByLabel("Additional script");
  await expect(script).not.toHaveAttribute("readonly", "");
  await expect(settings.getByText("Only the host can change the additional script.")).toHaveCount(0);
  await expect(settings.getByText("JavaScript that runs on every page")).toBeVisible();
  await expect(settings.getByRole("region", { name: "Customization" }).getByRole("button", { name: "Save" })).toHaveCount(2);
});
