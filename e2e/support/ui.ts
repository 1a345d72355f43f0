// Locators and small actions on the real UI, by role and accessible name (the English strings of
// web/src/locales/en.json), so a renamed label breaks one place.
import { expect, type Locator, type Page } from "@playwright/test";

export const text = {
  signUpAsHost: "Sign up as Host",
  signIn: "Sign in",
  signOut: "Sign out",
  username: "Username",
  password: "Password",
  editorPlaceholder: "Any thoughts…",
  save: "Save",
  moreActions: "More actions",
  userMenu: "User menu",
  openMenu: "Open menu",
  searchLabel: "Search memos",
  privateOnly: "This memo is private only.",
  loginFailed: "Login failed",
  contentEmpty: "Content can't be empty",
  pinned: "Pinned",
  activeFilters: "Active filters",
} as const;

/** The new-memo editor's text area (an edited memo's editor is labelled "Editing memo"). */
export const editor = (page: Page): Locator => page.getByRole("textbox", { name: text.editorPlaceholder });

/** A memo card (an <article>) holding `content`. */
export const memoCard = (page: Page, content: string | RegExp): Locator => page.getByRole("article").filter({ hasText: content });

/** Every memo card on the page. */
export const memoCards = (page: Page): Locator => page.getByRole("article");

/** Writes a memo in the home editor and saves it, then waits for its card. */
export async function writeMemo(page: Page, content: string): Promise<Locator> {
  await editor(page).fill(content);
  await page.getByRole("button", { name: text.save, exact: true }).click();
  await expect(editor(page)).toHaveValue("");
  const firstLine = content.split("\n")[0]!.replace(/#\S+/g, "").trim();
  const card = memoCard(page, firstLine);
  await expect(card).toBeVisible();
  return card;
}

/** Opens a card's "More actions" menu and picks `item`. */
export async function memoAction(page: Page, card: Locator, item: string | RegExp): Promise<void> {
  await card.getByRole("button", { name: text.moreActions }).click();
  await page.getByRole("menuitem", { name: item }).click();
}

/** Opens the sidebar user menu (through the drawer on small screens). */
export async function openUserMenu(page: Page): Promise<void> {
  await (await openSidebar(page)).getByRole("button", { name: text.userMenu }).click();
}

/** Fills the sign-in form and presses `button`. */
export async function submitAuthForm(page: Page, username: string, password: string, button: string): Promise<void> {
  await page.getByLabel(text.username).fill(username);
  await page.getByLabel(text.password, { exact: true }).fill(password);
  await page.getByRole("button", { name: button, exact: true }).click();
}

/** The path of the page's URL (no origin, no query). */
export const pathOf = (page: Page): string => new URL(page.url()).pathname;

/** A toast (errors are alerts, everything else a status message). */
export const toast = (page: Page, message: string | RegExp, kind: "error" | "success" = "success"): Locator =>
  page.getByRole(kind === "error" ? "alert" : "status").filter({ hasText: message });

/** The sidebar: a landmark on desktop, a dialog while the phone drawer is open. */
export const sidebar = (page: Page): Locator =>
  page.getByRole("complementary", { name: "Sidebar" }).or(page.getByRole("dialog", { name: "Sidebar" }));

/** Opens the drawer on small screens; on desktop the sidebar is always there. */
export async function openSidebar(page: Page): Promise<Locator> {
  const menuButton = page.getByRole("button", { name: text.openMenu });
  // Wait for the page to settle on one layout before choosing.
  await expect(menuButton.or(page.getByRole("complementary", { name: "Sidebar" })).first()).toBeVisible();
  if (await menuButton.isVisible()) await menuButton.click();
  return sidebar(page);
}

export type SettingsSection = "My account" | "Preferences" | "Members" | "System";

/** Opens Settings from the sidebar and, when given, one of its sections (a tab on desktop, a page on phones). */
export async function openSettings(page: Page, section?: SettingsSection): Promise<Locator> {
  await (await openSidebar(page)).getByRole("button", { name: "Settings" }).click();
  const dialog = page.getByRole("dialog", { name: /Settings|My account|Preferences|Members|System/ });
  await expect(dialog).toBeVisible();
  if (section)
    await dialog
      .getByRole("tab", { name: section })
      .or(dialog.getByRole("button", { name: section, exact: true }))
      .click();
  return dialog;
}

/** The names of the settings tabs (desktop). */
export async function settingsTabs(dialog: Locator): Promise<string[]> {
  return dialog.getByRole("tab").allTextContents();
}

/** Lets pages of `origin` use the async clipboard (read and write). */
export async function allowClipboard(page: Page, origin: string): Promise<void> {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin });
}

/** The clipboard's text (after allowClipboard). */
export const readClipboard = (page: Page): Promise<string> => page.evaluate(() => navigator.clipboard.readText());

/** Dismisses every toast on the page (a toast is a button that closes on click), so a later one is new. */
export async function dismissToasts(page: Page): Promise<void> {
  // A plain toast is a live region holding one button, which dismisses it (an action toast's button would run it).
  const toasts = page.locator("[popover][aria-live] > [role] > button:only-child");
  for (const item of await toasts.all()) await item.click().catch(() => undefined);
  await expect(toasts).toHaveCount(0);
}
