// Settings › My account › Access tokens: create a token in the web, use it from a script (Playwright's request
// context, no cookie) to post a memo, see the memo and the token's last use, revoke it, and the next request is 401.
import { request as playwrightRequest } from "@playwright/test";
import { expect, screenshot, test } from "../support/fixtures";
import { memoCard, openSettings } from "../support/ui";

test("a token made in Settings posts a memo from a script until it is revoked", async ({ page, signedIn, serverURL }, testInfo) => {
  // Two dialogs, a reload and three pages: more than the default 30 s on a busy machine.
  test.slow();
  await page.goto("/");
  const settings = await openSettings(page);
  const tokens = settings.getByRole("region", { name: "Access tokens" });
  await expect(tokens.getByText("No access tokens yet.")).toBeVisible();
  await tokens.getByRole("button", { name: "New token" }).click();

  const create = page.getByRole("dialog", { name: "New access token" });
  await create.getByLabel("Name").fill("Phone shortcut");
  await create.getByRole("radio", { name: "Read and write" }).check();
  await create.getByLabel("Expires").selectOption({ label: "In 7 days" });
  await create.getByRole("button", { name: "New token" }).click();

  const shown = page.getByRole("dialog", { name: "Your new access token" });
  const token = (await shown.getByTestId("new-access-token").textContent())!.trim();
  expect(token).toMatch(/^memos_pat_/);
  await expect(shown.getByText(`Authorization: Bearer ${token}`)).toBeVisible();
  // The same token as an AI assistant's MCP entry, pointing at this server's /mcp.
  expect(JSON.parse((await shown.getByTestId("mcp-config").textContent())!)).toEqual({
    mcpServers: { memos: { url: `${serverURL}/mcp`, headers: { Authorization: `Bearer ${token}` } } },
  });
  await screenshot(page, testInfo, "access-token-created", { fullPage: false });
  await shown.getByRole("button", { name: "Done" }).click();

  // A script: its own request context, no session, only the token.
  const script = await playwrightRequest.newContext({ baseURL: serverURL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
  try {
    const posted = await script.post("/api/memo", { data: { content: "Posted by my phone #shortcut" } });
    expect(posted.status()).toBe(200);
    const memo = (await posted.json()).data;
    expect(memo.creatorId).toBe(signedIn.user.id);

    await page.keyboard.press("Escape");
    await page.reload();
    await expect(memoCard(page, "Posted by my phone")).toBeVisible();
    await page.goto(`/m/${memo.id}`);
    await expect(page.getByText("Written with the access token “Phone shortcut”")).toBeVisible();

    await page.goto("/");
    const again = (await openSettings(page)).getByRole("region", { name: "Access tokens" });
    const row = again.getByTestId("access-token-row").filter({ hasText: "Phone shortcut" });
    await expect(row).toContainText("Read and write");
    await expect(row).toContainText(/Last used: \d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d · /);
    await screenshot(page, testInfo, "access-tokens-list", { fullPage: false });

    await row.getByRole("button", { name: "Revoke Phone shortcut" }).click();
    await page.getByRole("dialog", { name: "Revoke “Phone shortcut”?" }).getByRole("button", { name: "Revoke" }).click();
    await expect(again.getByText("No access tokens yet.")).toBeVisible();

    const refused = await script.get("/api/memo");
    expect(refused.status()).toBe(401);
  } finally {
    await script.dispose();
  }
});

test("@phone the access tokens and webhooks cards in the dark, on a phone", async ({ page, signedIn, serverURL }, testInfo) => {
  const post = (path: string, data: object) => signedIn.api.request.post(`${serverURL}${path}`, { data });
  expect((await post("/api/access-token", { name: "Chat bot", scope: "read" })).status()).toBe(200);
  expect(
    (
      await post("/api/webhook", { name: "Sync", url: "https://example.com/memos-hook", events: ["memo.created", "memo.updated"] })
    ).status(),
  ).toBe(200);
  await page.emulateMedia({ colorScheme: "dark" });
  await signedIn.api.setUserSetting("appearance", "dark");
  await page.goto("/");
  // On a phone, Settings opens on its list of sections.
  const settings = await openSettings(page, "My account");
  const tokens = settings.getByRole("region", { name: "Access tokens" });
  await expect(tokens.getByTestId("access-token-row")).toContainText("Read only");
  await expect(tokens.getByTestId("access-token-row")).toContainText("never expires");
  const webhooks = settings.getByRole("region", { name: "Webhooks" });
  await expect(webhooks.getByTestId("webhook-row")).toContainText("https://example.com/memos-hook");
  await tokens.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, "integrations-dark", { fullPage: false });
});

test("a token's Last used refreshes while Settings stays open, when the page comes back into view", async ({
  page,
  signedIn,
  serverURL,
}) => {
  const token = await signedIn.api.createAccessToken("Nightly script");
  await page.goto("/");
  const tokens = (await openSettings(page)).getByRole("region", { name: "Access tokens" });
  const row = tokens.getByTestId("access-token-row").filter({ hasText: "Nightly script" });
  await expect(row).toContainText("Last used: never");

  const script = await playwrightRequest.newContext({ baseURL: serverURL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
  try {
    expect((await script.get("/api/memo")).status()).toBe(200);
  } finally {
    await script.dispose();
  }
  // Back from the terminal: the browser says the page is visible again.
  await page.evaluate(() => window.dispatchEvent(new Event("visibilitychange")));
  await expect(row).toContainText(/Last used: \d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d · /);
});
