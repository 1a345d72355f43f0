// The test object every spec imports. On the shared server each test that writes memos gets a member of its
// own (created by the host through the API), so tests never see each other's memos on their home page.
//   baseURL     the shared server
//   hostApi     an API client signed in as the shared server's host (one per worker)
//   member      a fresh member, not signed in anywhere
//   signedIn    a fresh member whose session is the page's (the browser is signed in), with an API client
//   visitorApi  an API client with no session
import { test as base, expect, request as playwrightRequest, type Page, type TestInfo } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Credentials, MemosApi, PASSWORD, type User, uniqueName } from "./api";
import { HOST, sharedBaseURL } from "./env";
import { type MemosServer, ROOT, startServer } from "./server";

interface Member {
  user: User;
  credentials: Credentials;
}

interface SignedIn extends Member {
  /** API calls with the browser's session. */
  api: MemosApi;
}

interface TestFixtures {
  member: Member;
  signedIn: SignedIn;
  visitorApi: MemosApi;
}

interface WorkerFixtures {
  serverURL: string;
  hostApi: MemosApi;
}

/** What the app logs when it draws a string whose part of the strings had not loaded (web/src/i18n/index.ts). */
const STRING_TOO_EARLY = "was drawn before its part of the strings loaded";

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // A page that showed a string's key for a moment, its words loading after it, fails the test that drew it.
  page: async ({ page }, use) => {
    const early: string[] = [];
    page.on("console", (message) => {
      if (message.text().includes(STRING_TOO_EARLY)) early.push(message.text());
    });
    await use(page);
    expect(early, "strings drawn before their part loaded").toEqual([]);
  },

  serverURL: [async ({}, use) => use(sharedBaseURL()), { scope: "worker" }],
  baseURL: async ({ serverURL }, use) => use(serverURL),

  hostApi: [
    async ({ serverURL }, use) => {
      const context = await playwrightRequest.newContext();
      const api = new MemosApi(context, serverURL);
      await api.signIn(HOST);
      await use(api);
      await context.dispose();
    },
    { scope: "worker" },
  ],

  member: async ({ hostApi }, use) => {
    const credentials = { username: uniqueName("m"), password: PASSWORD };
    const user = await hostApi.createUser(credentials);
    await use({ user, credentials });
  },

  signedIn: async ({ member, page, serverURL }, use) => {
    const api = new MemosApi(page.context().request, serverURL);
    await api.signIn(member.credentials);
    await use({ ...member, api });
  },

  visitorApi: async ({ serverURL }, use) => {
    const context = await playwrightRequest.newContext();
    await use(new MemosApi(context, serverURL));
    await context.dispose();
  },
});

export { expect };

export const ARTIFACTS = join(ROOT, "e2e", "artifacts");

/** Screenshots are for people (the tests assert without them): taken only with MEMOS_E2E_SCREENSHOTS=1. */
export const SCREENSHOTS = process.env.MEMOS_E2E_SCREENSHOTS === "1";

/** With MEMOS_E2E_SCREENSHOTS=1, saves e2e/artifacts/<project>-<name>.png (the whole page, unless a dialog is open). */
export async function screenshot(page: Page, testInfo: TestInfo, name: string, { fullPage = true } = {}): Promise<void> {
  if (!SCREENSHOTS) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: join(ARTIFACTS, `${testInfo.project.name}-${name}.png`), fullPage, animations: "disabled" });
}

/** Signs the page's browser context in as `credentials` (through the API, which sets the session cookie). */
export async function signInPage(page: Page, baseURL: string, credentials: Credentials): Promise<MemosApi> {
  const api = new MemosApi(page.context().request, baseURL);
  await api.signIn(credentials);
  return api;
}

/**
 * A test object whose `baseURL` is a server of this spec file's own (started before its first test,
 * stopped after its last), for flows that need a state the shared server has left behind, such as no host.
 * Use it with `describe.configure({ mode: "serial" })` when the tests build on each other.
 */
export function withOwnServer(serverArgs: string[] | (() => Promise<string[]>) = []) {
  let server: Promise<MemosServer> | undefined;
  let finished = false;
  const stop = async () => {
    const running = server;
    server = undefined;
    await (await running?.catch(() => undefined))?.stop();
  };
  const own = test.extend<{ ownServer: MemosServer }>({
    // Started by the file's first test (hooks can't hand values to fixtures), stopped after its last.
    ownServer: async ({}, use) => {
      server ??= (async () => startServer(typeof serverArgs === "function" ? await serverArgs() : serverArgs))();
      await use(await server);
      // A later afterAll of the file asks for it again (Playwright sets up baseURL for hooks too): that one is
      // stopped here, or it would outlive the run.
      if (finished) await stop();
    },
    baseURL: async ({ ownServer }, use) => use(ownServer.url),
  });
  own.afterAll(async () => {
    finished = true;
    await stop();
  });
  return own;
}
