// Capture from anywhere: a share to the installed app (the manifest's share target) or the "Save to memos"
// bookmarklet opens /share?title=&text=&url=, and the editor opens with what was shared.
import { expect, test } from "../support/fixtures";
import { text } from "../support/ui";

test("a share to /share opens the editor with its title, text and link @phone", async ({ page, signedIn: _ }) => {
  const manifest = await (await page.request.get("/manifest.webmanifest")).json();
  expect(manifest.share_target).toEqual({ action: "/share", method: "GET", params: { title: "title", text: "text", url: "url" } });

  await page.goto(`/share?${new URLSearchParams({ title: "Tide tables", text: "high water at 6", url: "https://example.com/tides" })}`);
  await expect(page).toHaveURL(/\/$/);
  const editor = page.getByRole("textbox", { name: text.editorPlaceholder });
  await expect(editor).toHaveValue("Tide tables\n\nhigh water at 6\n\nhttps://example.com/tides");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("article").first()).toContainText("high water at 6");
});
