// The phone layout (run by the phone project only): signing in with the form, writing a memo, the drawer,
// and the memo menu by touch.
import { expect, screenshot, test } from "../support/fixtures";
import { editor, memoAction, memoCard, memoCards, openSidebar, submitAuthForm, text, toast } from "../support/ui";

test("@phone-only signs in, writes a memo and works with it by touch", async ({ page, member }) => {
  await page.goto("/auth");
  await submitAuthForm(page, member.credentials.username, member.credentials.password, text.signIn);
  await expect(page).toHaveURL(/\/$/);

  await editor(page).tap();
  await editor(page).fill("Written on the bus #commute");
  await page.getByRole("button", { name: text.save, exact: true }).tap();
  await expect(memoCard(page, "Written on the bus")).toBeVisible();
  await editor(page).fill("Second note from the phone");
  await page.getByRole("button", { name: text.save, exact: true }).tap();
  await expect(memoCards(page)).toHaveCount(2);

  // The drawer's tag list filters, and the drawer closes.
  const drawer = await openSidebar(page);
  await drawer.getByRole("button", { name: "commute", exact: true }).tap();
  await expect(page).toHaveURL(/[?&]tag=commute/);
  await expect(memoCards(page)).toHaveCount(1);
  await page.getByRole("button", { name: "Remove filter: commute" }).tap();
  await expect(memoCards(page)).toHaveCount(2);

  await memoAction(page, memoCard(page, "Written on the bus"), "Pin");
  await expect(toast(page, "Memo pinned")).toBeVisible();
  await expect(memoCards(page).first()).toContainText("Written on the bus");

  // Nothing scrolls sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("@phone-only resources open as a page of their own", async ({ page, signedIn }) => {
  void signedIn;
  await page.goto("/");
  const drawer = await openSidebar(page);
  await drawer.getByRole("link", { name: "Resources", exact: true }).tap();
  await expect(page).toHaveURL(/\/resources$/);
  await expect(page.getByRole("heading", { name: "Resources", level: 1 })).toBeVisible();
  await expect(page.getByText("No resources.")).toBeVisible();

  await page.locator('input[type="file"][multiple]').setInputFiles({
    name: "receipt.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("coffee 3.50"),
  });
  await expect(page.getByText("receipt.txt")).toBeVisible();
  await expect(page.getByText("No resources.")).toHaveCount(0);
});

test("@phone-only the float editor style docks the editor at the bottom of the screen", async ({ page, signedIn }) => {
  void signedIn;
  await page.goto("/");
  const dock = page.getByTestId("editor-dock");
  await expect(dock).toHaveCSS("position", "static");

  await page.evaluate(() => localStorage.setItem("localSetting", JSON.stringify({ mobileEditorStyle: "float" })));
  await page.reload();
  await expect(dock).toHaveCSS("position", "fixed");
  const box = await dock.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box!.y + box!.height).toBeGreaterThan(viewport.height - 2);
  await editor(page).fill("Typed in the docked editor");
  await page.getByRole("button", { name: text.save, exact: true }).tap();
  await expect(memoCard(page, "Typed in the docked editor")).toBeVisible();
});

test("@phone-only with the drawer open, the tag list starts on the first screen, under a compact heat map", async ({
  page,
  signedIn,
}, testInfo) => {
  await signedIn.api.createMemo("Tide tables #harbour");
  await signedIn.api.createMemo("Ropes and fuel #boat");
  await page.goto("/");
  const drawer = await openSidebar(page);
  const heatMap = drawer.getByRole("region", { name: /^Memos in the last \d+ weeks?$/ });
  await expect(heatMap.getByRole("button").first()).toBeVisible();
  await expect(drawer.getByRole("heading", { name: "Tags" })).toBeInViewport({ ratio: 1 });
  await expect(drawer.getByRole("button", { name: "boat", exact: true })).toBeInViewport({ ratio: 1 });
  // Still one touch target a day.
  const cell = await heatMap.getByRole("button").first().boundingBox();
  expect(cell!.height).toBeGreaterThanOrEqual(24);
  await screenshot(page, testInfo, "drawer-heatmap", { fullPage: false });
});
