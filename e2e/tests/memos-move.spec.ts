// Coming over from memos: the server started on a memos 0.30 data folder (its SQLite file, `memos_prod.db`, written
// by the fixture server/test/memos-fixture/) converts it in place, and its people carry on in the web app as they
// were: signed in with their old passwords, their memos pinned and archived as before, comments under their memo,
// files and language, what another member shared visible to a member.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, withOwnServer } from "../support/fixtures";
import { ROOT } from "../support/server";
import { memoCard, submitAuthForm, text } from "../support/ui";

/** memos' data folders written for this file's server (a retry starts another on a new one). */
const folders: string[] = [];

const test = withOwnServer(async () => {
  const folder = mkdtempSync(join(tmpdir(), "memos-move-"));
  folders.push(folder);
  const written = spawnSync(process.execPath, ["--import", "tsx", join(ROOT, "server/test/memos-fixture/write-sqlite.ts"), folder, "30"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  if (written.status !== 0) throw new Error(`the memos fixture was not written: ${written.stderr}`);
  // The last --data wins: the server opens memos' folder instead of a fresh one.
  return ["--data", folder];
});
test.describe.configure({ mode: "serial" });
test.afterAll(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function signInAs(page: Page, username: string, password: string): Promise<void> {
  await page.goto("/auth");
  await submitAuthForm(page, username, password, text.signIn);
  await expect(page).toHaveURL(/\/$/);
}

test("memos' admin signs in with the old password and finds the memos, pins, archive and comments as they were", async ({ page }) => {
  await signInAs(page, "olive", "olive-old-secret");
  const trip = memoCard(page, "Trip notes");
  await expect(trip).toBeVisible();
  await expect(trip.getByLabel(text.pinned)).toBeVisible();
  await expect(trip.getByRole("link", { name: "Comments: 1" })).toBeVisible();
  // Archived in memos, archived here: not on the home list.
  await expect(memoCard(page, "Old plans")).toHaveCount(0);
  await trip.getByRole("link", { name: "Comments: 1" }).click();
  await expect(page).toHaveURL(/\/m\/\d+$/);
  await expect(page.getByTestId("comment")).toContainText("Looks lovely!");
});

test("a member signs in with the old password and sees their memos, their files and a member's memo", async ({ page }) => {
  await signInAs(page, "ursula", "ursula-old-secret");
  await expect(memoCard(page, "Members only")).toBeVisible();
  // Its files (one kept in memos' database, one in its data folder, one of its comment), and its language: French.
  await page.goto("/resources");
  for (const name of ["photo.png", "note.txt", "reply.txt"]) await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Explorer" })).toBeVisible();
  await page.goto("/explore");
  await expect(memoCard(page, "Trip notes")).toBeVisible();
});
