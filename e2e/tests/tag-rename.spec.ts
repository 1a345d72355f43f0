// Renaming a tag from the sidebar's tag menu: the dialog previews what changes (the server's dry run), then the
// memos, the tag list and the shortcuts carry the new name; onto a tag the user has, the two merge.
import { expect, test } from "../support/fixtures";
import { memoCard, openSidebar, sidebar, toast } from "../support/ui";

const tagFilter = (value: string) => ({ type: "TAG", value: { operator: "CONTAIN", value }, relation: "AND" });

test("renames a tag from the sidebar menu: preview, confirm, and the memos show the new tag", async ({ page, signedIn }) => {
  await signedIn.api.createMemo("Standup notes #work");
  await signedIn.api.createMemo("Sprint plan #work/q3");
  await signedIn.api.createMemo("Not a tag: `#work` in code");
  await signedIn.api.createShortcut("Work", [tagFilter("work")]);
  await page.goto("/");

  await sidebar(page).getByRole("button", { name: "Actions for tag #work" }).click();
  await page.getByRole("menuitem", { name: "Rename" }).click();
  const dialog = page.getByRole("dialog", { name: "Rename tag #work" });
  const name = dialog.getByLabel("New name");
  await expect(name).toHaveValue("work");
  await expect(dialog.getByRole("button", { name: "Rename" })).toBeDisabled();

  await name.fill("job");
  await expect(dialog.getByRole("status")).toHaveText("Renames the tag in 2 memos and 1 shortcut.");
  await dialog.getByRole("button", { name: "Rename" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(toast(page, "#work is now #job.")).toBeVisible();

  await expect(memoCard(page, "Standup notes").getByRole("button", { name: "#job" })).toBeVisible();
  await expect(memoCard(page, "Sprint plan").getByRole("button", { name: "#job/q3" })).toBeVisible();
  await expect(memoCard(page, "Not a tag")).toContainText("#work");
  await expect(sidebar(page).getByRole("button", { name: "job", exact: true })).toBeVisible();
  await expect(sidebar(page).getByRole("button", { name: "work", exact: true })).toHaveCount(0);
  const [shortcut] = await signedIn.api.shortcuts();
  expect(JSON.parse(shortcut!.payload)).toEqual([tagFilter("job")]);
});

test("@phone merges a tag into one the user has, from the drawer", async ({ page, signedIn }) => {
  await signedIn.api.createMemo("Draft essay #writing");
  await signedIn.api.createMemo("Outline #blog");
  await page.goto("/");

  await (await openSidebar(page)).getByRole("button", { name: "Actions for tag #blog" }).click();
  await page.getByRole("menuitem", { name: "Rename" }).click();
  const dialog = page.getByRole("dialog", { name: "Rename tag #blog" });
  await dialog.getByLabel("New name").fill("#writing");
  await expect(dialog.getByRole("status")).toHaveText("#writing exists already: the two merge, in 1 memo and 0 shortcuts.");
  await expect(dialog.getByRole("button", { name: "Rename" })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Merge" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText("#blog is merged into #writing.")).toBeVisible();

  await expect(memoCard(page, "Outline").getByRole("button", { name: "#writing" })).toBeVisible();
  await expect.poll(async () => (await signedIn.api.request.get(`${signedIn.api.baseURL}/api/tag`)).json()).toEqual({ data: ["writing"] });
});
