// memos' own web client, release v0.30.0, unchanged, against our server: issue 45's "tested for real". The client is
// built from memos' repository by `npm run memos-web-client` into the build cache (never into this repository); this
// file is skipped with a NOTICE while that build is absent. A server of this file's own serves the built client from
// its origin (`--web-dist`), as the client expects (it calls `window.location.origin`), and the steps below walk one
// person's journey through it, each a test, in order, on one page.
//
// Every v1 call the client makes is recorded (e2e/support/v1-calls.ts). A step fails on a call that fails, except
// the calls of GAPS below: what our server does not answer yet (or not as this client needs), each tolerated and
// named in the step's annotations. A step whose outcome depends on one of them is `test.fixme`, naming it. GAPS is
// the priority list of docs/memos-web-client.md: when an RPC is served, take it off GAPS (a gap that answers is an
// error here, so the list cannot go stale) and the steps that needed it run.
//
// MEMOS_WEB_CLIENT_SURVEY=1 walks every step regardless, standing in for the missing answers (see
// e2e/support/memos-web-survey.ts), and writes the table of every call to e2e/artifacts/memos-web-client-calls.md.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type BrowserContext, expect, type Locator, type Page, request, test } from "@playwright/test";
import { MEMOS_WEB_BUILD_COMMAND, MEMOS_WEB_TAG, memosWebClientDist } from "../../scripts/lib/memos-web-client.mjs";
import { MemosApi, PNG_BYTES } from "../support/api";
import { surveyV1 } from "../support/memos-web-survey";
import { type MemosServer, ROOT, startServer } from "../support/server";
import { errorOf, NOT_SERVED, type V1Call, V1CallLog } from "../support/v1-calls";

const DIST = memosWebClientDist();
const BUILT = existsSync(join(DIST, "index.html"));
const SURVEY = process.env.MEMOS_WEB_CLIENT_SURVEY === "1";
const SKIP_REASON = `NOTICE: the memos ${MEMOS_WEB_TAG} web client is not built (${DIST} is absent): run \`${MEMOS_WEB_BUILD_COMMAND}\` to drive it`;

/** What our server does not answer as the v0.30 client needs, by call. `missing`: no route; `partial`: served, short of it. */
const GAPS: Record<string, { kind: "missing" | "partial"; note: string }> = {};

/**
 * Failures that are the answer memos gives too, by call: the client asks RefreshToken on every page load without a
 * stored token (the first run, after signing out), and without the `memos_refresh` cookie that is Unauthenticated.
 */
const ANSWERED_AS_MEMOS: Record<string, string> = {
  "AuthService/RefreshToken": "unauthenticated: refresh token not found",
};

const HOST = { username: "journeyhost", password: "journey-secret" };
const MEMO = "Journey memo for #journey";
const EDITED = "Journey memo, edited, for #journey";
const COMMENT = "A comment on the journey memo";
const ATTACHED = "A memo with a picture";

test.describe.configure({ mode: "serial" });
if (!BUILT) console.log(`[e2e] ${SKIP_REASON}`);
test.skip(!BUILT, SKIP_REASON);

let server: MemosServer;
let context: BrowserContext;
let page: Page;
const log = new V1CallLog();

test.beforeAll(async ({ browser }) => {
  server = await startServer(["--web-dist", DIST]);
  context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1280, height: 800 },
    locale: "en-US",
    timezoneId: "UTC",
    reducedMotion: "reduce",
  });
  page = await context.newPage();
  log.watch(page, { skipConnect: SURVEY });
  if (SURVEY) await surveyV1(page, log);
});

test.afterAll(async () => {
  await context?.close();
  await server?.stop();
  if (SURVEY) writeSurvey(log.calls);
});

/**
 * Runs one step: fixme while it needs a call of GAPS (outside the survey), then its body, then judges its calls —
 * a failing call outside GAPS fails it, and so does a missing one of GAPS that answered.
 */
function step(title: string, needs: string[], body: () => Promise<void>): void {
  test(title, async () => {
    const gaps = needs.filter((rpc) => GAPS[rpc]);
    test.fixme(!SURVEY && gaps.length > 0, `needs ${gaps.map((rpc) => `${rpc} (${GAPS[rpc]!.note})`).join(", ")}`);
    log.step = title;
    if (!SURVEY) {
      await body();
      judge(await log.ofStep(title));
      return;
    }
    // The survey goes on through a step that could not finish, to list the calls of the next ones.
    try {
      await body();
    } catch (error) {
      const message = error instanceof Error ? error.message.split("\n")[0]! : String(error);
      test.info().annotations.push({ type: "survey: step not finished", description: message });
      console.log(`[e2e] survey: "${title}" did not finish: ${message} (the page as it was: ${test.info().outputDir})`);
      await page.screenshot({ path: test.info().outputPath("unfinished.png") });
      writeFileSync(test.info().outputPath("unfinished.aria.yml"), await page.locator("body").ariaSnapshot());
    }
  });
}

function judge(calls: V1Call[]): void {
  for (const call of calls) {
    if (call.error && GAPS[call.rpc]) test.info().annotations.push({ type: "gap", description: `${call.rpc}: ${call.error}` });
  }
  const unexpected = calls
    .filter((call) => call.error && !GAPS[call.rpc] && ANSWERED_AS_MEMOS[call.rpc] !== call.error)
    .map((call) => `${call.rpc} → ${call.error}`);
  expect(unexpected, "v1 calls that failed (a new gap goes in GAPS and docs/memos-web-client.md)").toEqual([]);
  const answeredNow = calls.filter((call) => !call.error && GAPS[call.rpc]?.kind === "missing").map((call) => call.rpc);
  expect([...new Set(answeredNow)], "calls of GAPS that answer now: take them off GAPS and the doc's table").toEqual([]);
}

/**
 * Whether our server has a route for a call: a Connect call is posted an empty JSON message, a plain route asked
 * with a made-up name for its `…` (an unserved route is our plain 404, or the web app's page).
 */
async function isServed(rpc: string): Promise<boolean> {
  const [method, path] = rpc.includes(" ") ? (rpc.split(" ") as [string, string]) : ["POST", `/memos.api.v1.${rpc}`];
  const response = await fetch(`${server.url}${path.replace("…", "probe/probe.png")}`, {
    method,
    ...(method === "POST" ? { headers: { "content-type": "application/json" }, body: "{}" } : {}),
  });
  const error = await errorOf(response.status, response.headers.get("content-type") ?? "", () => response.text());
  return !error?.startsWith(NOT_SERVED);
}

/** Makes the host through our own (v0) API, unless it exists. */
async function signUpThroughOurApi(): Promise<void> {
  const api = await request.newContext();
  const ours = new MemosApi(api, server.url);
  if (!(await ours.status()).host) await ours.signUp(HOST, "HOST");
  await api.dispose();
}

/** The memo card that shows `text`. */
const memoCard = (text: string): Locator => page.locator("article").filter({ hasText: text });

async function openMemoMenu(text: string): Promise<void> {
  await memoCard(text).hover();
  await memoCard(text).locator("button:has(svg.lucide-ellipsis-vertical), button:has(svg.lucide-more-vertical)").click();
}

/** Follows a link of the navigation bar (icons without names while it is narrow). */
async function navigate(path: string): Promise<void> {
  await page.getByRole("banner").locator(`a[href="${path}"]`).click();
}

/** The account's menu: the last button of the navigation bar (the avatar at its foot). */
async function openUserMenu(): Promise<void> {
  await page.getByRole("banner").getByRole("button").last().click();
}

async function signInThroughForm(): Promise<void> {
  await page.getByLabel("Username").fill(HOST.username);
  await page.getByLabel("Password").fill(HOST.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.locator(".cm-content").first()).toBeVisible();
}

// The steps that need a missing call do not run, so they cannot see it answer: each is asked here instead.
test("GAPS names as missing only calls our server has no route for", async () => {
  const served: string[] = [];
  for (const [rpc, gap] of Object.entries(GAPS)) if (gap.kind === "missing" && (await isServed(rpc))) served.push(rpc);
  expect(served, "served now: take them off GAPS and mark them served in docs/memos-web-client.md").toEqual([]);
});

step("opens on the first-run page", ["InstanceService/GetInstanceProfile"], async () => {
  await page.goto("/");
  await expect(page.getByText("Set up your instance")).toBeVisible();
});

step(
  "signs up the host on the first run",
  [
    "UserService/CreateUser",
    "AuthService/SignIn",
    "AuthService/GetCurrentUser",
    "UserService/ListUserSettings",
    "ShortcutService/ListShortcuts",
    "MemoService/ListMemos",
  ],
  async () => {
    // The survey signs the host up through our own API while CreateUser is not served, so that the sign-in after it
    // (and the rest of the journey) can be walked.
    if (SURVEY && !(await isServed("UserService/CreateUser"))) await signUpThroughOurApi();
    await page.getByLabel("Username").fill(HOST.username);
    await page.getByLabel("Password").fill(HOST.password);
    await page.getByRole("button", { name: "Create admin account" }).click();
    await expect(page.locator(".cm-content").first()).toBeVisible();
  },
);

/** What every step after the sign-in needs: the client signs in only with all of them. */
const SIGNED_IN = ["AuthService/SignIn", "AuthService/GetCurrentUser", "UserService/ListUserSettings", "ShortcutService/ListShortcuts"];
/** What the steps that act on the journey's memo need: it was written, and the list shows it. */
const MEMO_SHOWN = [...SIGNED_IN, "MemoService/CreateMemo", "MemoService/ListMemos"];

step("signs in", SIGNED_IN, async () => {
  // The sign-up step signs in by itself; when it could not run, the host is made through our own API.
  if (await page.locator(".cm-content").first().isVisible()) return;
  await signUpThroughOurApi();
  await page.goto("/auth");
  await signInThroughForm();
});

step("writes a memo and sees it in the list", MEMO_SHOWN, async () => {
  await page.locator(".cm-content").first().click();
  await page.keyboard.type(MEMO);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(memoCard(MEMO)).toBeVisible();
});

step("edits the memo", [...MEMO_SHOWN, "MemoService/UpdateMemo"], async () => {
  await openMemoMenu(MEMO);
  await page.getByRole("menuitem", { name: "Edit" }).click();
  const editor = page.locator("article .cm-content, .cm-content").filter({ hasText: MEMO }).first();
  await editor.click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(EDITED);
  await page.getByRole("button", { name: "Save", exact: true }).last().click();
  await expect(memoCard(EDITED)).toBeVisible();
});

step("searches the memos", MEMO_SHOWN, async () => {
  const search = page.getByPlaceholder("Search memos...");
  await search.fill("edited");
  await search.press("Enter");
  await expect(page).toHaveURL(/filter=/);
  await expect(memoCard(EDITED)).toBeVisible();
  await page.goto("/");
  await expect(memoCard(EDITED)).toBeVisible();
});

step("filters by a tag", [...MEMO_SHOWN, "UserService/GetUserStats"], async () => {
  await page.goto("/");
  await memoCard(EDITED).getByText("#journey").click();
  await expect(page).toHaveURL(/filter=/);
  await expect(memoCard(EDITED)).toBeVisible();
  // The sidebar lists the account's tags, from its stats.
  await expect(page.getByRole("complementary").getByText("journey", { exact: true })).toBeVisible();
});

step(
  "comments on the memo",
  [...MEMO_SHOWN, "MemoService/GetMemo", "MemoService/ListMemoComments", "MemoService/CreateMemoComment"],
  async () => {
    await page.goto("/");
    await memoCard(EDITED).locator("span.cursor-pointer").first().click();
    await expect(page).toHaveURL(/\/memos\//);
    await page.getByRole("button", { name: "Write a comment" }).click();
    await page.locator(".cm-content").last().click();
    await page.keyboard.type(COMMENT);
    await page.getByRole("button", { name: "Save", exact: true }).last().click();
    await expect(memoCard(COMMENT)).toBeVisible();
  },
);

step("archives the memo and finds it in the archive", [...MEMO_SHOWN, "MemoService/UpdateMemo"], async () => {
  await page.goto("/");
  await openMemoMenu(EDITED);
  await page.getByRole("menuitem", { name: "Archive" }).click();
  await expect(memoCard(EDITED)).toHaveCount(0);
  await openUserMenu();
  await page.getByRole("menuitem", { name: "Archived" }).click();
  await expect(memoCard(EDITED)).toBeVisible();
});

step("attaches a file to a memo", [...MEMO_SHOWN, "AttachmentService/CreateAttachment", "GET /file/attachments/…"], async () => {
  await page.goto("/");
  await page.locator(".cm-content").first().click();
  await page.keyboard.type(ATTACHED);
  await page.locator("input[type=file]").first().setInputFiles({ name: "journey.png", mimeType: "image/png", buffer: PNG_BYTES });
  await expect(page.getByRole("button", { name: "Save", exact: true })).toBeEnabled();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(memoCard(ATTACHED).locator("img")).toBeVisible();
  await expect
    .poll(() =>
      memoCard(ATTACHED)
        .locator("img")
        .evaluate((image: HTMLImageElement) => image.naturalWidth),
    )
    .toBeGreaterThan(0);
});

step(
  "opens the other pages: explore, profile, attachments, inbox",
  [
    ...MEMO_SHOWN,
    "UserService/GetUser",
    "UserService/GetUserStats",
    "AttachmentService/ListAttachments",
    "UserService/ListUserNotifications",
  ],
  async () => {
    await page.goto("/");
    await navigate("/explore");
    await expect(page).toHaveURL(/\/explore/);
    await expect(memoCard(ATTACHED)).toHaveCount(0);
    await openUserMenu();
    await page.getByRole("menuitem", { name: "Profile" }).click();
    await expect(page).toHaveURL(new RegExp(`/u/${HOST.username}`));
    await expect(page.getByText(HOST.username).first()).toBeVisible();
    await navigate("/attachments");
    await expect(page).toHaveURL(/\/attachments/);
    await expect(page.getByText("journey.png").first()).toBeVisible();
    await navigate("/inbox");
    await expect(page).toHaveURL(/\/inbox/);
  },
);

step("opens the settings", SIGNED_IN, async () => {
  await openUserMenu();
  await page.getByRole("menuitem", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/setting/);
  await expect(page.getByText("My Account").first()).toBeVisible();
});

/** The settings' sections a host sees, by their labels, and what each needs to show. */
const SETTINGS_SECTIONS: { label: string; needs: string[] }[] = [
  { label: "Access Tokens", needs: ["UserService/ListPersonalAccessTokens"] },
  { label: "Preferences", needs: ["UserService/ListUserSettings"] },
  { label: "Webhooks", needs: ["UserService/ListUserWebhooks"] },
  { label: "Member", needs: ["UserService/ListUsers"] },
  { label: "System", needs: ["InstanceService/BatchGetInstanceSettings", "IdentityProviderService/ListIdentityProviders"] },
  { label: "Memo", needs: ["InstanceService/BatchGetInstanceSettings"] },
  { label: "Tags", needs: ["UserService/ListUserSettings"] },
  { label: "Storage", needs: ["InstanceService/BatchGetInstanceSettings"] },
  { label: "Notifications", needs: ["InstanceService/BatchGetInstanceSettings"] },
  { label: "SSO", needs: ["IdentityProviderService/ListIdentityProviders"] },
  { label: "AI", needs: ["InstanceService/GetInstanceSetting"] },
  { label: "Resources", needs: ["InstanceService/GetInstanceStats"] },
];

for (const section of SETTINGS_SECTIONS) {
  step(`opens the settings section ${section.label}`, [...SIGNED_IN, ...section.needs], async () => {
    if (!page.url().includes("/setting")) await page.goto("/setting");
    await page.getByRole("main").getByText(section.label, { exact: true }).first().click();
    await expect(page).toHaveURL(/#/);
  });
}

step("signs out and in again", [...SIGNED_IN, "AuthService/SignOut"], async () => {
  await openUserMenu();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page.getByLabel("Username")).toBeVisible();
  await signInThroughForm();
});

/** The survey's table: each call, the steps it was made in, and how our server answered it. */
function writeSurvey(calls: V1Call[]): void {
  const rows = new Map<string, { steps: Set<string>; asked: Set<string>; answers: Set<string> }>();
  for (const call of calls) {
    const row = rows.get(call.rpc) ?? { steps: new Set(), asked: new Set(), answers: new Set() };
    row.steps.add(call.step);
    if (call.asked) row.asked.add(`\`${call.asked.replaceAll("|", "\\|")}\``);
    row.answers.add(call.error ?? `${call.status}`);
    rows.set(call.rpc, row);
  }
  const lines = ["| Call | Steps | Asked | Our answer |", "| --- | --- | --- | --- |"];
  for (const [rpc, row] of rows) {
    lines.push(`| \`${rpc}\` | ${[...row.steps].join("; ")} | ${[...row.asked].join("; ")} | ${[...row.answers].join("; ")} |`);
  }
  const dir = join(ROOT, "e2e", "artifacts");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "memos-web-client-calls.md"), `${lines.join("\n")}\n`);
  console.log(`[e2e] memos web client survey:\n${lines.join("\n")}`);
}
