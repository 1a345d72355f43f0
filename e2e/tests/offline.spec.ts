// Offline-first: the service worker serves the app without a network, the last user's memos come back from
// IndexedDB, writes made offline wait in the outbox (across a closed page) and reach the server when the
// network returns, a conflict offers keep mine / take theirs / copy mine, online answers are never the service
// worker's, the app says it works offline only when a reload offline would open it, and Chromium finds the app
// installable.
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { chromium, type Page } from "@playwright/test";
import { MemosApi, PASSWORD, PNG_BYTES } from "../support/api";
import { expect, screenshot, test } from "../support/fixtures";
import { startServer } from "../support/server";
import { editor, memoAction, memoCard, openUserMenu, text, toast, writeMemo } from "../support/ui";

// The rest of the suite blocks service workers (they would bypass page.route); these tests need one.
test.use({ serviceWorkers: "allow" });

/** The service worker is active (the app shell precached), and the cache of this page is saved in IndexedDB. */
async function readyForOffline(page: Page, memoText: string) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect
    .poll(() =>
      page.evaluate(
        (wanted) =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open("memos-query-cache");
            open.onerror = () => resolve(false);
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains("clients")) return resolve(false);
              const read = db.transaction("clients").objectStore("clients").getAll();
              read.onsuccess = () => resolve(JSON.stringify(read.result).includes(wanted));
              read.onerror = () => resolve(false);
            };
          }),
        memoText,
      ),
    )
    .toBe(true);
}

/** How many users' cached copies this browser keeps. */
const savedCopies = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open("memos-query-cache");
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("clients")) return resolve(0);
          const count = db.transaction("clients").objectStore("clients").count();
          count.onsuccess = () => resolve(count.result);
        };
      }),
  );

const pendingMarks = (page: Page) => page.getByTestId("memo-pending");
const syncStatus = (page: Page) => page.getByRole("status", { name: "Sync status" });

async function editInPlace(page: Page, from: string, to: string) {
  await memoAction(page, memoCard(page, from), "Edit");
  const box = page.getByRole("textbox", { name: "Editing memo" });
  await box.fill(to);
  await page.getByRole("button", { name: "Cancel edit" }).locator("..").getByRole("button", { name: text.save, exact: true }).click();
  await expect(box).toHaveCount(0);
}

test("opens offline on the memos seen before, keeps offline writes across a closed page, sends them when online", async ({
  page,
  context,
  signedIn,
}, testInfo) => {
  // Two page loads offline, an upload, three edits and a sync: the whole journey in one test, past 30 s on a busy
  // machine (CI timed it out at three different steps).
  test.slow();
  const first = await signedIn.api.createMemo("Seen before: the packing list");
  await signedIn.api.createMemo("Seen before: call the plumber");
  await page.goto("/");
  await expect(memoCard(page, "call the plumber")).toBeVisible();
  await readyForOffline(page, "the packing list");

  await context.setOffline(true);
  await page.reload();
  await expect(memoCard(page, "the packing list")).toBeVisible();
  await expect(memoCard(page, "call the plumber")).toBeVisible();
  await expect(syncStatus(page)).toContainText("Offline");
  // The pill covers nothing of the sidebar (its tag list sits at the bottom of it).
  const pill = (await syncStatus(page).boundingBox())!;
  const side = (await page.getByRole("complementary", { name: "Sidebar" }).boundingBox())!;
  expect(pill.x).toBeGreaterThanOrEqual(side.x + side.width);

  await writeMemo(page, "Written offline: first thought");
  // The second one with an image attached offline: kept in the outbox, uploaded first when online.
  await editor(page).fill("Written offline: second thought");
  await page.locator('input[type="file"]').first().setInputFiles({ name: "offline.png", mimeType: "image/png", buffer: PNG_BYTES });
  await expect(page.getByRole("img", { name: "offline.png" })).toBeVisible();
  await page.getByRole("button", { name: text.save, exact: true }).click();
  await expect(memoCard(page, "second thought").getByRole("img", { name: "offline.png" })).toBeVisible();
  await editInPlace(page, "the packing list", "Seen before: the packing list, edited offline");
  await expect(pendingMarks(page)).toHaveCount(3);
  await expect(syncStatus(page)).toContainText("3 changes waiting to sync");
  // Drafts typed offline survive the closed page too: the new memo's, and an edit not yet saved.
  await editor(page).fill("A draft not yet saved");
  await memoAction(page, memoCard(page, "call the plumber"), "Edit");
  await page.getByRole("textbox", { name: "Editing memo" }).fill("Seen before: call the plumber about the leak");
  await screenshot(page, testInfo, "offline-pending");

  // Close the page and open the app again, still offline.
  await page.close();
  const again = await context.newPage();
  await again.goto("/");
  await expect(memoCard(again, "first thought")).toBeVisible();
  await expect(memoCard(again, "second thought")).toBeVisible();
  await expect(memoCard(again, "the packing list, edited offline")).toBeVisible();
  await expect(pendingMarks(again)).toHaveCount(3);
  await expect(editor(again)).toHaveValue("A draft not yet saved");
  await expect(again.getByRole("textbox", { name: "Editing memo" })).toHaveValue("Seen before: call the plumber about the leak");
  await again.getByRole("button", { name: "Cancel edit" }).click();

  await context.setOffline(false);
  await expect(pendingMarks(again)).toHaveCount(0, { timeout: 15_000 });
  await expect(syncStatus(again)).toHaveCount(0);

  const memos = await signedIn.api.myMemos();
  const contents = memos.map((memo) => memo.content).sort();
  expect(contents).toEqual([
    "Seen before: call the plumber",
    "Seen before: the packing list, edited offline",
    "Written offline: first thought",
    "Written offline: second thought",
  ]);
  expect(memos.find((memo) => memo.content.includes("packing list"))?.id).toBe(first.id);
  expect(memos.find((memo) => memo.content.includes("second thought"))?.resourceList.map((resource) => resource.filename)).toEqual([
    "offline.png",
  ]);
  await expect(memoCard(again, "second thought").getByRole("img", { name: "offline.png" })).toHaveJSProperty("complete", true);
});

test("a reload offline right after the very first load opens the app on its memos, once the app says it is ready @phone", async ({
  page,
  context,
  signedIn,
}) => {
  await signedIn.api.createMemo("First load: water the plants");
  await page.goto("/");
  await expect(memoCard(page, "water the plants")).toBeVisible();
  // The app's own word that it works offline: said only once the service worker is active (its precache of the
  // shell complete) and the memos are saved on the device.
  await expect(toast(page, "Ready to work offline: this device keeps the app and your memos.")).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-offline-ready", "true");
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state)).toBe("activated");

  await context.setOffline(true);
  await page.reload();
  await expect(memoCard(page, "water the plants")).toBeVisible();
  await expect(syncStatus(page)).toContainText("Offline");
  // Said once per device, not on every load.
  await expect(page.locator("html")).toHaveAttribute("data-offline-ready", "true");
  await expect(toast(page, "Ready to work offline: this device keeps the app and your memos.")).toHaveCount(0);
});

test("pins, archives and deletes offline; the server follows when online", async ({ page, context, signedIn }) => {
  const toPin = await signedIn.api.createMemo("Offline: pin me");
  const toArchive = await signedIn.api.createMemo("Offline: archive me");
  const toDelete = await signedIn.api.createMemo("Offline: delete me");
  await page.goto("/");
  await expect(memoCard(page, "delete me")).toBeVisible();
  await readyForOffline(page, "delete me");

  await context.setOffline(true);
  await memoAction(page, memoCard(page, "pin me"), "Pin");
  await expect(memoCard(page, "pin me").getByRole("img", { name: text.pinned })).toBeVisible();
  await memoAction(page, memoCard(page, "archive me"), "Archive");
  await expect(memoCard(page, "archive me")).toHaveCount(0);
  await memoAction(page, memoCard(page, "delete me"), "Delete");
  await expect(memoCard(page, "delete me")).toHaveCount(0);
  // Offline the delete waits in the outbox: nothing on the server to undo, so no Undo.
  await expect(toast(page, "Memo moved to Trash").getByRole("button", { name: "Undo" })).toHaveCount(0);
  await expect(syncStatus(page)).toContainText("3 changes waiting to sync");

  await context.setOffline(false);
  await expect(syncStatus(page)).toHaveCount(0, { timeout: 15_000 });
  const normal = await signedIn.api.myMemos();
  expect(normal.map((memo) => [memo.id, memo.pinned])).toEqual([[toPin.id, true]]);
  expect((await signedIn.api.myMemos("ARCHIVED")).map((memo) => memo.id)).toEqual([toArchive.id]);
  expect((await signedIn.api.memo(toDelete.id)).status()).toBe(404);
});

test("a memo changed elsewhere meanwhile: keep mine, take theirs, copy mine as a new memo", async ({
  page,
  context,
  signedIn,
}, testInfo) => {
  const memo = await signedIn.api.createMemo("Shared plan v1");
  await page.goto("/");
  await expect(memoCard(page, "Shared plan v1")).toBeVisible();
  await readyForOffline(page, "Shared plan v1");
  const conflict = page.getByTestId("memo-conflict");

  /** Edits offline, lets "someone else" change the memo, then comes back online: the conflict shows. */
  async function collide(shown: string, mine: string, theirs: string) {
    // updatedTs has one-second steps: the other edit must land in a later second than the version edited here.
    const edited = (await (await signedIn.api.memo(memo.id)).json()).data.updatedTs as number;
    await expect.poll(() => Math.floor(Date.now() / 1000)).toBeGreaterThan(edited);
    await context.setOffline(true);
    await editInPlace(page, shown, mine);
    await signedIn.api.patchMemo(memo.id, { content: theirs });
    await context.setOffline(false);
    await expect(conflict).toBeVisible({ timeout: 15_000 });
    await expect(conflict).toContainText("changed elsewhere");
  }

  await collide("Shared plan v1", "Shared plan: mine", "Shared plan: theirs");
  await screenshot(page, testInfo, "offline-conflict-light");
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshot(page, testInfo, "offline-conflict-dark");
  await page.emulateMedia({ colorScheme: "light" });
  await conflict.getByRole("button", { name: "Keep mine" }).click();
  await expect(conflict).toHaveCount(0, { timeout: 15_000 });
  await expect.poll(async () => (await (await signedIn.api.memo(memo.id)).json()).data.content).toBe("Shared plan: mine");

  await collide("Shared plan: mine", "Shared plan: mine again", "Shared plan: theirs again");
  await conflict.getByRole("button", { name: "Take theirs" }).click();
  await expect(conflict).toHaveCount(0);
  await expect(memoCard(page, "Shared plan: theirs again")).toBeVisible();
  await expect.poll(async () => (await (await signedIn.api.memo(memo.id)).json()).data.content).toBe("Shared plan: theirs again");

  await collide("Shared plan: theirs again", "Shared plan: my copy", "Shared plan: theirs third");
  await conflict.getByRole("button", { name: "Copy mine as a new memo" }).click();
  await expect(conflict).toHaveCount(0);
  await expect
    .poll(async () => (await signedIn.api.myMemos()).map((item) => item.content).sort(), { timeout: 15_000 })
    .toEqual(["Shared plan: my copy", "Shared plan: theirs third"]);
});

test("online, API answers always come from the server, never from the service worker", async ({ page, signedIn }) => {
  await signedIn.api.createMemo("Before the reload");
  await page.goto("/");
  await expect(memoCard(page, "Before the reload")).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await signedIn.api.createMemo("Added through the API");
  const fromWorker: string[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.startsWith("/api/") && response.fromServiceWorker()) fromWorker.push(response.url());
  });
  await page.reload();
  await expect(memoCard(page, "Added through the API")).toBeVisible();
  await expect(memoCard(page, "Before the reload")).toBeVisible();
  expect(fromWorker).toEqual([]);
});

test("signing out deletes that user's cached copy from the device", async ({ page, signedIn: _ }) => {
  await page.goto("/");
  await readyForOffline(page, "memos");
  expect(await savedCopies(page)).toBe(1);
  await openUserMenu(page);
  await page.getByRole("menuitem", { name: text.signOut }).click();
  await expect(page).toHaveURL(/\/(explore|auth)/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem("offlineUserId"))).toBeNull();
  await expect.poll(() => savedCopies(page)).toBe(0);
});

test("a new version is offered with Reload, and a half-written memo survives the reload", async ({ page }) => {
  // A server of its own, whose web files this test may change.
  const server = await startServer();
  try {
    await new MemosApi(page.context().request, server.url).signUp({ username: "updater", password: PASSWORD });
    await page.goto(`${server.url}/`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await editor(page).fill("Half-written when the update came");

    // The server now has the next version of the app (a different service worker).
    // A build writes each file's .br and .gz beside it (web/vite.config.ts), which the server prefers: so does this.
    const worker = join(server.dataDir, "web-dist", "sw.js");
    appendFileSync(worker, "\n// the next version\n");
    writeFileSync(`${worker}.br`, brotliCompressSync(readFileSync(worker)));
    writeFileSync(`${worker}.gz`, gzipSync(readFileSync(worker)));
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));
    const offer = page.getByRole("alert").filter({ hasText: "A new version of the app is available." });
    await expect(offer).toBeVisible({ timeout: 15_000 });
    // Nothing is swapped until asked.
    await expect(editor(page)).toHaveValue("Half-written when the update came");

    const reloaded = page.waitForEvent("load", { timeout: 15_000 });
    await offer.getByRole("button", { name: "Reload" }).click();
    await reloaded;
    await expect(editor(page)).toHaveValue("Half-written when the update came");
    await expect(offer).toHaveCount(0);
    expect(
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.waiting ?? null)),
    ).toBeNull();
  } finally {
    await server.stop();
  }
});

test("Chromium finds the app installable @phone", async ({ baseURL }, testInfo) => {
  // Chromium never offers to install from an incognito profile (Playwright's usual contexts): use a real one.
  const profile = mkdtempSync(join(tmpdir(), "memos-install-"));
  const context = await chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL,
    serviceWorkers: "allow",
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto("/");
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    const manifest = await page.evaluate(async () => (await fetch("/manifest.webmanifest")).json());
    expect(manifest.display).toBe("standalone");
    const cdp = await context.newCDPSession(page);
    await expect
      .poll(async () => ((await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: unknown[] }).installabilityErrors, {
        timeout: 10_000,
      })
      .toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
