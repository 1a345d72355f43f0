// Every spelling of a route is judged as the route: the router decodes `/%61pi/user` to /api/user, so the
// checks in front of it (the caller, the cross-site rule, a read-only token's scope, the answer cache) must
// decide on the route it matched, and an unmatched spelling (`/API/user`, `/./api/user`, `/api%2Fuser`) is a 404,
// never the web app's page or a route run unchecked. And nothing of a refused upload reaches the disk.
import { type FSWatcher, mkdirSync, mkdtempSync, rmSync, watch, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type CreatedAccessToken, ROUTES, type Resource } from "@memos/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemo, createUser, multipartBody, PASSWORD, signUpHost, type TestUser, uploadResource } from "../factories.js";
import { createTestApp, TEST_DRIVER, type TestApp } from "../harness.js";
import { zip, note } from "../import-fixtures.js";
import { listenRaw, type RawServer } from "../raw-http.js";
import { SSE_PATH } from "../../src/v1/transport/sse.js";

const EVIL = "https://evil.example";

const hex = (char: string) => `%${char.charCodeAt(0).toString(16)}`;
const encodedLetters = (path: string) => path.replace(/[a-z]/gi, hex);

/** The same path written other ways: encoded letters, an encoded or doubled slash, dot segments, case, a trailing slash. */
function spellings(path: string): string[] {
  const [first = "", ...rest] = path.slice(1).split("/");
  const tail = rest.length > 0 ? `/${rest.join("/")}` : "";
  const variants = [
    `${path}/`,
    `/${path}`,
    `/.${path}`,
    `/%2e${path}`,
    `${path.replace(/\/$/, "")}/.`,
    encodedLetters(path),
    path.replace(/[a-z]/gi, (char) => `%25${char.charCodeAt(0).toString(16)}`),
    path.toUpperCase(),
    `/x/..${path}`,
  ];
  if (first !== "") {
    variants.push(`/${hex(first[0]!)}${first.slice(1)}${tail}`, `/${first.toUpperCase()}${tail}`);
  }
  if (rest.length > 0) {
    variants.push(
      `/${first}%2F${rest.join("/")}`,
      `/${first}%2f${rest.join("/")}`,
      `/${first}//${rest.join("/")}`,
      `/${first}/.${tail}`,
      `/${first}\\${rest.join("/")}`,
    );
  }
  return [...new Set(variants)].filter((variant) => variant !== path);
}

// Routing and access are decided before any query (http/route-spelling.ts, http/access.ts): the same on both engines,
// so this runs once, on SQLite.
describe.runIf(TEST_DRIVER === "sqlite")("every spelling of every route answers as the route does, or 404", () => {
  let t: TestApp;
  let raw: RawServer;
  let member: TestUser;
  let resource: Resource;
  let memoId: number;
  let readToken: CreatedAccessToken;
  const routes: Array<{ method: string; url: string }> = [];

  beforeAll(async () => {
    t = await createTestApp({
      onRoute: (route) => {
        // The live event streams never end for a caller they open to (v1-sse.test.ts and permissions.test.ts judge
        // their callers).
        if (route.url === SSE_PATH || route.url === ROUTES["events.stream"].path) return;
        for (const method of [route.method].flat()) if (method !== "HEAD") routes.push({ method, url: route.url });
      },
    });
    const host = await signUpHost(t);
    member = await createUser(t, host, "member");
    resource = await uploadResource(member, "photo.png");
    memoId = (await createMemo(member, "public #tag", "PUBLIC", { resourceIdList: [resource.id] })).id;
    readToken = (await member.client.post("/api/access-token", { name: "reader", scope: "read" })).body.data;
    raw = await listenRaw(t);
  });
  afterAll(() => t.close());

  /** The route with its parameters filled in: ids and a file name that exist, so reads can succeed. */
  const concrete = (url: string) =>
    url
      .replace(":id", String(member.user.id))
      .replace(":memoId", String(memoId))
      .replace(":resourceId", String(resource.id))
      .replace(":filename", resource.filename)
      .replace(":tagName", "tag")
      .replace(/:[A-Za-z]+/g, "1")
      .replace("*", "swagger-ui.css");

  const callers: Record<string, () => Record<string, string>> = {
    anonymous: () => ({}),
    "cross-site cookie": () => ({ cookie: member.client.cookie!, origin: EVIL, "sec-fetch-site": "cross-site" }),
    "read-only token": () => ({ authorization: `Bearer ${readToken.token}` }),
  };

  it("finds the routes it is about", () => {
    const urls = routes.map((route) => `${route.method} ${route.url}`);
    for (const url of [
      "GET /api/user",
      "POST /api/auth/signin",
      "POST /api/import",
      "POST /api/resource/blob",
      "GET /o/r/:resourceId/:filename",
      "GET /",
    ]) {
      expect(urls).toContain(url);
    }
  });

  it.each(Object.keys(callers))(
    "as %s",
    async (caller) => {
      const headers = callers[caller]!();
      const mismatches: string[] = [];
      const plainStatuses = new Set<number>();
      for (const { method, url } of routes) {
        const path = concrete(url);
        const plain = (await raw.send(method, path, headers)).status;
        plainStatuses.add(plain);
        // The absolute form of a request target (`GET http://host/api/user HTTP/1.1`) is routed by its path too.
        const targets = [...spellings(path), `http://127.0.0.1:${raw.port}${path}`, `http://127.0.0.1:${raw.port}${encodedLetters(path)}`];
        for (const target of targets) {
          const { status } = await raw.send(method, target, headers);
          if (status !== plain && status !== 404) mismatches.push(`${method} ${target}: ${status}, the route answers ${plain}`);
        }
      }
      expect(mismatches).toEqual([]);
      // The routes were judged, not all missed: the plain paths answer the caller's whole range.
      expect([...plainStatuses]).toEqual(expect.arrayContaining(caller === "anonymous" ? [200, 401] : [200, 403]));
      // Some 300 routes, each in a dozen spellings, over real HTTP: up to half a minute per caller on a loaded machine.
    },
    120_000,
  );

  it("an anonymous visitor cannot list the accounts through /%61pi/user", async () => {
    for (const target of [
      "/%61pi/user",
      "/api/%75ser",
      `http://127.0.0.1:${raw.port}/api/user`,
      "/API/user",
      "//api/user",
      "/./api/user",
      "/api%2Fuser",
    ]) {
      const response = await raw.send("GET", target);
      expect([401, 404], target).toContain(response.status);
      expect(response.text, target).not.toContain("member");
    }
  });

  it("a cross-site page cannot sign a browser in through an encoded path (login CSRF)", async () => {
    for (const target of [
      "/%61pi/auth/signin",
      "/api/auth/%73ignin",
      "/api/auth/signin/",
      `http://127.0.0.1:${raw.port}/api/auth/signin`,
    ]) {
      const response = await raw.send(
        "POST",
        target,
        { origin: EVIL, "content-type": "text/plain" },
        JSON.stringify({ username: "member", password: PASSWORD }),
      );
      expect(response.status, target).toBe(403);
      expect(response.headers["set-cookie"], target).toBeUndefined();
    }
  });
});

/** Watches folders for anything created or written in them; `settled()` returns what was seen until now. */
function watchWrites(folders: string[]) {
  const seen: string[] = [];
  const sentinels = new Map<string, () => void>();
  const watchers: FSWatcher[] = folders.map((folder) =>
    watch(folder, (_event, name) => {
      const full = join(folder, String(name));
      const done = sentinels.get(full);
      if (done) done();
      else seen.push(full);
    }),
  );
  return {
    /** Every event before a sentinel written now is delivered before the sentinel's own (inotify keeps order). */
    async settled(): Promise<string[]> {
      await Promise.all(
        folders.map((folder, index) => {
          const sentinel = join(folder, `.sentinel-${index}-${seen.length}`);
          const arrived = new Promise<void>((resolve) => sentinels.set(sentinel, resolve));
          writeFileSync(sentinel, "");
          return arrived.then(() => rmSync(sentinel));
        }),
      );
      for (const watcher of watchers) watcher.close();
      return seen;
    },
  };
}

describe("a refused upload writes nothing to disk", () => {
  let t: TestApp;
  let raw: RawServer;
  let member: TestUser;
  let readToken: string;

  beforeAll(async () => {
    t = await createTestApp({ storage: "local" });
    const host = await signUpHost(t);
    member = await createUser(t, host, "member");
    readToken = (await member.client.post("/api/access-token", { name: "reader", scope: "read" })).body.data.token;
    raw = await listenRaw(t);
  });
  afterAll(() => t.close());

  const refusedCallers = (): Array<{ who: string; headers: Record<string, string>; status: number }> => [
    { who: "anonymous", headers: {}, status: 401 },
    { who: "cross-site cookie", headers: { cookie: member.client.cookie!, origin: EVIL }, status: 403 },
    { who: "read-only token", headers: { authorization: `Bearer ${readToken}` }, status: 403 },
  ];
  /** The form sent to every spelling of `path` by every refused caller: each answer is its refusal, or a 404. */
  async function sendAll(path: string, form: ReturnType<typeof multipartBody>) {
    const answers: Array<{ request: string; status: number; refused: boolean }> = [];
    for (const { who, headers, status } of refusedCallers()) {
      for (const target of [path, ...spellings(path)]) {
        const response = await raw.send("POST", target, { ...headers, ...form.headers }, form.payload);
        answers.push({
          request: `${who} ${target}`,
          status: response.status,
          refused: response.status === status || response.status === 404,
        });
      }
    }
    return answers;
  }

  it("POST /api/resource/blob: nothing in <data>/assets or its incoming folder", async () => {
    const assets = join(t.ctx.config.data, "assets");
    mkdirSync(join(assets, ".incoming"), { recursive: true });
    const watcher = watchWrites([assets, join(assets, ".incoming")]);
    const form = multipartBody("file", "upload.png", "image/png", Buffer.alloc(64 * 1024, 7));
    const answers = await sendAll("/api/resource/blob", form);
    expect(await watcher.settled()).toEqual([]);
    expect(answers.filter((answer) => !answer.refused)).toEqual([]);
    expect(await t.ctx.store.db.selectFrom("resource").select("id").execute()).toEqual([]);
  });

  it("POST /api/import: no temporary archive is written", async () => {
    const staging = mkdtempSync(join(tmpdir(), "memos-staging-"));
    const previous = process.env.TMPDIR;
    // The route stages the upload under os.tmpdir(), which reads TMPDIR at each call.
    process.env.TMPDIR = staging;
    try {
      const watcher = watchWrites([staging]);
      const form = multipartBody("file", "archive.zip", "application/zip", zip({ "a.md": note("imported #x") }));
      const answers = await sendAll("/api/import", form);
      expect(await watcher.settled()).toEqual([]);
      expect(answers.filter((answer) => !answer.refused)).toEqual([]);
      expect(await t.ctx.store.db.selectFrom("memo").select("id").execute()).toEqual([]);
    } finally {
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
      rmSync(staging, { recursive: true, force: true });
    }
  });
});
