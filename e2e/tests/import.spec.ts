// Settings › My account › Your data › "Import…": a zip of Markdown notes is previewed (a dry run: what kind of
// archive, how many memos and files, its first memos, its problems), then imported with progress, and its memos appear.
import { strToU8, zipSync } from "fflate";
import { PNG_BYTES } from "../support/api";
import { expect, screenshot, test } from "../support/fixtures";
import { openSettings } from "../support/ui";

/** A note without a date takes its file's time in the zip: the files carry a fixed one, as a zipped folder does. */
function notesArchive(): Buffer {
  const mtime = new Date("2024-06-01T12:00:00Z");
  return Buffer.from(
    zipSync(
      {
        "Notes/Garden.md": strToU8(
          "---\ncreated: 2024-05-01T08:30:00Z\ntags: [garden]\n---\nPlant tomatoes from the browser import\n\n![](img/bed.png)\n",
        ),
        "Notes/Books.md": strToU8("# Reading list\n\n- Dune #books\n"),
        "Notes/img/bed.png": new Uint8Array(PNG_BYTES),
        "Notes/Broken.md": strToU8("---\ntitle: [unclosed\n---\nbroken\n"),
      },
      { mtime },
    ),
  );
}

test("Import previews a zip of notes, imports it, and the memos appear @phone", async ({ page, signedIn }, testInfo) => {
  const phone = testInfo.project.name === "phone";
  if (phone) await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/");
  const settings = await openSettings(page, "My account");
  const yourData = settings.getByRole("region", { name: "Your data" });
  await yourData.scrollIntoViewIfNeeded();
  await yourData.getByRole("button", { name: "Import…" }).click();

  const dialog = page.getByRole("dialog", { name: "Import notes" });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId("import-file").setInputFiles({ name: "notes.zip", mimeType: "application/zip", buffer: notesArchive() });

  await expect(dialog.getByRole("heading", { name: "Preview" })).toBeVisible();
  await expect(dialog.getByTestId("import-kind")).toHaveText("Markdown notes");
  const count = (label: string) =>
    dialog
      .locator("dl div")
      .filter({ has: page.locator("dt", { hasText: label }) })
      .locator("dd");
  await expect(count("Memos")).toHaveText("2");
  await expect(count("Attachments")).toHaveText("1");
  // The memos it found, each by its first line (a note's name when it has no heading), date and files.
  const found = dialog.getByRole("list", { name: "First memos found" });
  await expect(found.getByRole("listitem")).toHaveCount(2);
  await expect(found.getByRole("listitem").first()).toContainText("Garden");
  await expect(found.getByRole("listitem").first()).toContainText("May 1, 2024");
  await expect(found.getByRole("listitem").first().getByRole("img", { name: "Attachments: 1" })).toBeVisible();
  await expect(found.getByRole("listitem").nth(1)).toContainText("Reading list");
  await expect(dialog.getByText("Problems (1)")).toBeVisible();
  await expect(dialog.getByText("Notes/Broken.md")).toBeVisible();
  await screenshot(page, testInfo, "import-preview", { fullPage: false });
  // The preview wrote nothing.
  expect(await signedIn.api.myMemos()).toHaveLength(0);

  await dialog.getByRole("button", { name: "Import", exact: true }).click();
  await expect(dialog.getByRole("heading", { name: "Import finished" })).toBeVisible();
  await expect(count("Memos")).toHaveText("2");
  await screenshot(page, testInfo, "import-done", { fullPage: false });
  await dialog.getByRole("button", { name: "Close" }).last().click();
  await expect(dialog).toBeHidden();
  await page.keyboard.press("Escape");
  await expect(settings).toBeHidden();

  await expect(page.getByText("Plant tomatoes from the browser import")).toBeVisible();
  await expect(page.getByText("Reading list")).toBeVisible();
  const garden = page.locator("article").filter({ hasText: "Plant tomatoes" }).first();
  const [resource] = await signedIn.api.resources();
  expect(resource).toMatchObject({ filename: "bed.png", linkedMemoAmount: 1 });
  await expect(garden.locator(`img[src="/o/r/${resource!.id}/bed.png"]`)).toBeVisible();
  await screenshot(page, testInfo, "import-memos", { fullPage: false });

  // The same archive again: everything is already here.
  const again = await openSettings(page, "My account");
  await again.getByRole("region", { name: "Your data" }).getByRole("button", { name: "Import…" }).click();
  await dialog.getByTestId("import-file").setInputFiles({ name: "notes.zip", mimeType: "application/zip", buffer: notesArchive() });
  await expect(dialog.getByText("Everything in this archive is already in your account.")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Import", exact: true })).toBeDisabled();
});

test("Import names what is wrong with a file that is not an archive, and writes nothing", async ({ page, signedIn }) => {
  await page.goto("/");
  const settings = await openSettings(page, "My account");
  await settings.getByRole("region", { name: "Your data" }).getByRole("button", { name: "Import…" }).click();
  const dialog = page.getByRole("dialog", { name: "Import notes" });
  await dialog
    .getByTestId("import-file")
    .setInputFiles({ name: "notes.zip", mimeType: "application/zip", buffer: Buffer.from("not a zip at all") });
  await expect(dialog.getByRole("alert")).toHaveText("This file is not a zip archive.");
  await expect(dialog.getByRole("button", { name: "Choose another file" })).toBeEnabled();
  await expect(dialog.getByRole("button", { name: "Import", exact: true })).toHaveCount(0);
  expect(await signedIn.api.myMemos()).toHaveLength(0);
});
