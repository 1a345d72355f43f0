// The API reference: /api/docs renders the server's OpenAPI document with assets served by the server itself
// (nothing from another origin, so it works offline), lists a route of each area, and is linked from
// Settings › My account next to the Open ID.
import { expect, test } from "../support/fixtures";
import { openSettings } from "../support/ui";

const AREAS: Array<[string, string, string]> = [
  ["auth", "post", "/api/auth/signin"],
  ["user", "get", "/api/user/me"],
  ["memo", "post", "/api/memo"],
  ["shortcut", "get", "/api/shortcut"],
  ["resource", "post", "/api/resource/blob"],
  ["tag", "get", "/api/tag"],
  ["system", "get", "/api/status"],
  ["mcp", "post", "/mcp"],
];

test("/api/docs lists a route of every area, from this server only", async ({ browser, baseURL }) => {
  // A visitor: the reference is public.
  const context = await browser.newContext();
  const page = await context.newPage();
  const origin = new URL(baseURL!).origin;
  const foreign: string[] = [];
  // Offline: any request to another origin is recorded and refused.
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith("data:") || new URL(url).origin === origin) return route.continue();
    foreign.push(url);
    return route.abort();
  });

  await page.goto("/api/docs");
  await expect(page.getByRole("heading", { name: /memos API/ })).toBeVisible();
  // A document this large is drawn as a virtual list: an operation is in the page once it is scrolled into view.
  // The areas are in the document's order, so the page is scrolled down until each appears.
  await page.mouse.move(640, 400);
  for (const [area, method, path] of AREAS) {
    const operation = page
      .locator(`.opblock-${method}`)
      .filter({ has: page.locator(`[data-path="${path}"]`) })
      .first();
    await expect(async () => {
      if (await operation.isVisible()) return;
      await page.mouse.wheel(0, 700);
      throw new Error(`${area}: ${method.toUpperCase()} ${path} not drawn yet`);
    }).toPass({ timeout: 30_000, intervals: [100] });
  }
  // The document the page reads is the one at /api/openapi.json.
  const document = await (await page.request.get("/api/openapi.json")).json();
  expect(Object.keys(document.paths)).toContain("/api/memo/{memoId}");
  expect(foreign).toEqual([]);
  await context.close();
});

test("Settings › My account links the API reference", async ({ page, signedIn }) => {
  expect(signedIn.user.username).toBeTruthy();
  await page.goto("/");
  const settings = await openSettings(page);
  const link = settings.getByRole("link", { name: "API reference" });
  await expect(link).toHaveAttribute("href", "/api/docs");
});
