// POST /api/import: our own export comes back field for field (exported on one engine, imported on the other),
// each foreign format from a fixture archive, dry runs and repeated imports, and no webhook deliveries. Refused
// archives: import-refused.test.ts; the event loop while an archive is read: import-latency.test.ts.
import { type Memo, type Resource, type Shortcut, WEBHOOK_EVENTS, type WebhookDelivery } from "@memos/common";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../client.js";
import { anonymous, createMemo, createUser, signUpHost, type TestUser, uploadResource } from "../factories.js";
import { createTestApp, TEST_DRIVER, type TestApp } from "../harness.js";
import { flomoExport, googleKeepTakeout, JPEG, markdownFolder, note, PNG, zip } from "../import-fixtures.js";
import { importArchive, rowCounts } from "../import-client.js";
import { setUserSetting } from "../memo-helpers.js";
import { type Receiver, startReceiver } from "../webhook-receiver.js";

/** Every memo of the caller, NORMAL and ARCHIVED, oldest first. */
async function allMemos(client: Client): Promise<Memo[]> {
  const memos: Memo[] = [];
  for (const rowStatus of ["NORMAL", "ARCHIVED"]) {
    const response = await client.get("/api/memo", { query: { rowStatus, limit: 1000 } });
    expect(response.status).toBe(200);
    memos.push(...response.body.data);
  }
  return memos.sort((a, b) => a.createdTs - b.createdTs || a.content.localeCompare(b.content));
}

/** A stored file's bytes (base64), read back through its link as the web reads it. */
async function fileBytes(t: TestApp, client: Client, resource: Resource): Promise<string> {
  if (resource.externalLink) return resource.externalLink;
  const response = await t.app.inject({
    method: "GET",
    url: `/o/r/${resource.id}/${encodeURIComponent(resource.filename)}`,
    headers: { cookie: client.cookie! },
  });
  expect(response.statusCode).toBe(200);
  return Buffer.from(response.rawPayload).toString("base64");
}

const memoFields = async (t: TestApp, client: Client, memo: Memo) => ({
  content: memo.content.replace(/\/o\/r\/\d+\//g, "/o/r/N/"),
  createdTs: memo.createdTs,
  updatedTs: memo.updatedTs,
  displayTs: memo.displayTs,
  visibility: memo.visibility,
  pinned: memo.pinned,
  rowStatus: memo.rowStatus,
  resources: await Promise.all(
    memo.resourceList.map(async (resource) => ({
      filename: resource.filename,
      type: resource.type,
      size: resource.size,
      externalLink: resource.externalLink,
      bytes: await fileBytes(t, client, resource),
    })),
  ),
});

const shortcutFields = (shortcut: Shortcut) => ({
  title: shortcut.title,
  payload: shortcut.payload,
  rowStatus: shortcut.rowStatus,
  createdTs: shortcut.createdTs,
  updatedTs: shortcut.updatedTs,
});

describe("POST /api/import: a memos export, exported on the other engine", () => {
  const otherEngine = TEST_DRIVER === "sqlite" ? "postgres" : "sqlite";
  let source: TestApp;
  let target: TestApp;
  let alice: TestUser;
  let carol: TestUser;
  let archive: Buffer;

  beforeAll(async () => {
    source = await createTestApp({ driver: otherEngine });
    target = await createTestApp();
    const sourceHost = await signUpHost(source);
    alice = await createUser(source, sourceHost, "alice");
    await setUserSetting(alice, "memoDisplayTsOption", "updated_ts");

    const photo = await uploadResource(alice, "photo.png", "image/png", Buffer.from(PNG));
    const notes = await uploadResource(alice, "notes.txt", "text/plain", Buffer.from("plain text notes\n"));
    await uploadResource(alice, "never attached.pdf", "application/pdf", Buffer.from("%PDF-1.4 sample"));
    const link = (await alice.client.post("/api/resource", { filename: "Example site", externalLink: "https://example.com/page" })).body
      .data as Resource;

    const pinned = await createMemo(alice, "# Pinned\n\nA memo with #work and #work/deep tags", "PUBLIC", {
      resourceIdList: [photo.id, link.id],
    });
    expect((await alice.client.post(`/api/memo/${pinned.id}/organizer`, { pinned: true })).status).toBe(200);
    const archived = await createMemo(alice, "An old thought #old", "PROTECTED", { createdTs: 1_262_304_000 });
    expect((await alice.client.patch(`/api/memo/${archived.id}`, { rowStatus: "ARCHIVED" })).status).toBe(200);
    const edited = await createMemo(alice, "First draft", "PRIVATE", { createdTs: 1_600_000_000, resourceIdList: [notes.id] });
    expect(
      (await alice.client.patch(`/api/memo/${edited.id}`, { content: "Second draft, edited later #drafts\n\n- [ ] task\n- [x] done" }))
        .status,
    ).toBe(200);
    await createMemo(alice, "Same words", "PRIVATE", { createdTs: 1_500_000_000 });
    await createMemo(alice, "Same words", "PRIVATE", { createdTs: 1_500_000_100 });

    expect(
      (await alice.client.post("/api/shortcut", { title: "Work", payload: JSON.stringify([{ type: "TAG", value: "work" }]) })).status,
    ).toBe(200);
    const old = (await alice.client.post("/api/shortcut", { title: "Old", payload: "[]" })).body.data as Shortcut;
    expect((await alice.client.patch(`/api/shortcut/${old.id}`, { rowStatus: "ARCHIVED" })).status).toBe(200);

    const exported = await source.app.inject({ method: "GET", url: "/api/export", headers: { cookie: alice.client.cookie! } });
    expect(exported.statusCode).toBe(200);
    archive = Buffer.from(exported.rawPayload);

    carol = await signUpHost(target, "carol");
    await setUserSetting(carol, "memoDisplayTsOption", "updated_ts");
  });
  afterAll(async () => {
    await source.close();
    await target.close();
  });

  it("previews the import in a dry run and writes nothing", async () => {
    const before = await rowCounts(target, carol.user.id);
    const response = await importArchive(carol.client, archive, "?dryRun=true");
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toEqual({
      kind: "memos-export",
      dryRun: true,
      memos: 5,
      attachments: 4,
      shortcuts: 2,
      skipped: 0,
      problems: [],
      problemCount: 0,
      firstMemos: expect.any(Array),
    });
    // The memos it found, in the archive's order (the export's: by id), with their first line and their files.
    expect(response.body.data.firstMemos.map((memo: { title: string; attachments: number }) => [memo.title, memo.attachments])).toEqual([
      ["Pinned", 2],
      ["An old thought #old", 0],
      ["Second draft, edited later #drafts", 1],
      ["Same words", 0],
      ["Same words", 0],
    ]);
    expect(response.body.data.firstMemos[1]).toEqual({
      file: "memos/2010/2010-01-01-2.md",
      title: "An old thought #old",
      createdTs: 1_262_304_000,
      attachments: 0,
    });
    expect(await rowCounts(target, carol.user.id)).toEqual(before);
  });

  it("brings every memo, file, link, pin, tag and shortcut back as exported", async () => {
    const response = await importArchive(carol.client, archive);
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toMatchObject({
      kind: "memos-export",
      dryRun: false,
      memos: 5,
      attachments: 4,
      shortcuts: 2,
      skipped: 0,
      problems: [],
    });

    const [mine, theirs] = [await allMemos(carol.client), await allMemos(alice.client)];
    expect(mine).toHaveLength(5);
    expect(await Promise.all(mine.map((memo) => memoFields(target, carol.client, memo)))).toEqual(
      await Promise.all(theirs.map((memo) => memoFields(source, alice.client, memo))),
    );
    expect(mine.every((memo) => memo.creatorId === carol.user.id)).toBe(true);

    const tags = async (client: Client) => (await client.get("/api/tag")).body.data;
    expect(await tags(carol.client)).toEqual(await tags(alice.client));
    // The counters the lists and the heat map read are kept for imported memos too.
    const counted = async (client: Client, user: TestUser) => ({
      suggestions: (await client.get("/api/tag/suggestion")).body.data,
      amount: (await client.get("/api/memo/amount", { query: { userId: user.user.id } })).body.data,
      stats: (await client.get("/api/memo/stats", { query: { creatorId: user.user.id } })).body.data,
    });
    const mineCounted = await counted(carol.client, carol);
    expect(mineCounted).toEqual(await counted(alice.client, alice));
    expect(mineCounted.amount).toBe(4);
    expect(mineCounted.stats).toHaveLength(4);
    const shortcuts = async (client: Client) =>
      ((await client.get("/api/shortcut")).body.data as Shortcut[]).map(shortcutFields).sort((a, b) => a.title.localeCompare(b.title));
    expect(await shortcuts(carol.client)).toEqual(await shortcuts(alice.client));
    const resources = async (app: TestApp, client: Client) =>
      Promise.all(
        ((await client.get("/api/resource")).body.data as Resource[]).map(async (resource) => ({
          filename: resource.filename,
          type: resource.type,
          size: resource.size,
          externalLink: resource.externalLink,
          createdTs: resource.createdTs,
          linkedMemoAmount: resource.linkedMemoAmount,
          bytes: await fileBytes(app, client, resource),
        })),
      ).then((list) => list.sort((a, b) => a.filename.localeCompare(b.filename)));
    expect(await resources(target, carol.client)).toEqual(await resources(source, alice.client));
  });

  it("skips everything the second time", async () => {
    const before = await rowCounts(target, carol.user.id);
    const response = await importArchive(carol.client, archive);
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toMatchObject({ memos: 0, attachments: 0, shortcuts: 0, skipped: 5 + 1 + 2 });
    expect(await rowCounts(target, carol.user.id)).toEqual(before);
  });
});

describe("POST /api/import: other apps' archives", () => {
  let t: TestApp;
  let host: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
  });
  afterAll(() => t.close());

  const fresh = async (name: string) => createUser(t, host, name);
  const tagsOf = async (user: TestUser) => (await user.client.get("/api/tag")).body.data as string[];
  const byStart = (memos: Memo[], start: string) => {
    const memo = memos.find((one) => one.content.startsWith(start));
    if (!memo) throw new Error(`no memo starting with ${start}: ${memos.map((one) => one.content.slice(0, 30)).join(" | ")}`);
    return memo;
  };

  it("a folder of Markdown notes: dates, tags, embedded images, and the broken note as a problem", async () => {
    const user = await fresh("mdnotes");
    const response = await importArchive(user.client, markdownFolder());
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toMatchObject({ kind: "markdown", memos: 5, attachments: 2, shortcuts: 0, skipped: 0, problemCount: 1 });
    expect(response.body.data.problems).toEqual([{ file: "Vault/broken.md", reason: expect.stringMatching(/^malformed front matter: /) }]);

    const memos = await allMemos(user.client);
    // A daily note named by its date gets no heading.
    const run = byStart(memos, "Ran 5 km");
    expect(run.createdTs).toBe(Date.parse("2024-05-01T06:30:00Z") / 1000);
    expect(run.updatedTs).toBe(Date.parse("2024-05-02T09:00:00Z") / 1000);
    expect(run.visibility).toBe("PRIVATE");
    expect(run.resourceList.map((resource) => [resource.filename, resource.type])).toEqual([["run.png", "image/png"]]);
    expect(run.content).toBe(`Ran 5 km #running\n\n![run.png](/o/r/${run.resourceList[0]!.id}/run.png)\n\n#journal #health\n`);
    expect(await fileBytes(t, user.client, run.resourceList[0]!)).toBe(Buffer.from(PNG).toString("base64"));

    // A note without a heading of its own starts with its name in bold; links between notes lead to their memos
    // (a note the archive lacks is its name alone); callouts are quotes with a bold title.
    const garden = byStart(memos, "**Garden plan**");
    const sketch = garden.resourceList[0]!;
    const books = byStart(memos, "**Books**");
    expect(sketch.filename).toBe("sketch one.jpg");
    expect(garden.content).toBe(
      `**Garden plan**\n\nPlant tomatoes in May.\n\n![sketch](/o/r/${sketch.id}/sketch%20one.jpg)\n\n` +
        `See Seeds, and [the run](/m/${run.id}) before.\n\n> **Water daily**\n> In the morning, [between chapters](/m/${books.id}).\n\n` +
        "> **Warning**\n> Slugs\n",
    );
    expect(await fileBytes(t, user.client, sketch)).toBe(Buffer.from(JPEG).toString("base64"));
    // No date in the note: the file's time in the zip.
    expect(garden.createdTs).toBe(Date.parse("2023-03-04T10:00:00Z") / 1000);

    expect(byStart(memos, "# Pancakes").createdTs).toBe(Date.parse("2022-11-20T07:15:00Z") / 1000);
    expect(byStart(memos, "- Met Sam").createdTs).toBe(Date.parse("2024-02-03T00:00:00Z") / 1000);
    expect(books.createdTs).toBe(Date.parse("2021-06-01T00:00:00Z") / 1000);
    expect(books.content).toBe("**Books**\n\n- Dune\n- Piranesi\n\n#reading #lists\n");
    expect(await tagsOf(user)).toEqual(
      expect.arrayContaining(["food/breakfast", "health", "journal", "lists", "meeting", "reading", "running"]),
    );
  });

  it("a flomo HTML export: times in flomo's zone, HTML as Markdown, its files", async () => {
    const user = await fresh("flomouser");
    const response = await importArchive(user.client, flomoExport());
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toMatchObject({ kind: "flomo", memos: 3, attachments: 1, problemCount: 1 });
    expect(response.body.data.problems[0]).toEqual({
      file: expect.stringContaining("(memo 3)"),
      reason: 'file "file/2024-04-28/9/missing.png" is not in the archive',
    });

    const memos = await allMemos(user.client);
    const dune = byStart(memos, "#reading");
    expect(dune.createdTs).toBe(Date.parse("2024-04-30T13:15:09Z") / 1000);
    const cover = dune.resourceList[0]!;
    // flomo's lists (each item's text in a paragraph) as tight Markdown lists, one line per item.
    expect(dune.content).toBe(
      "#reading Finished **Dune** today\n\n- great world building\n- slow start\n  - the first 100 pages\n\nNext:\n\n1. reread\n2. lend to Sam" +
        `\n\n![cover.png](/o/r/${cover.id}/cover.png)`,
    );
    expect(await fileBytes(t, user.client, cover)).toBe(Buffer.from(PNG).toString("base64"));
    expect(byStart(memos, "Morning idea").content).toBe("Morning idea: [a link](https://example.com/notes) #idea/app");
    expect(await tagsOf(user)).toEqual(["idea/app", "reading"]);
  });

  it("a Google Keep Takeout: checklists, labels, pins, archived notes and photos; trashed notes left out", async () => {
    const user = await fresh("keepuser");
    const response = await importArchive(user.client, googleKeepTakeout());
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toMatchObject({ kind: "google-keep", memos: 2, attachments: 1, problemCount: 0 });

    const memos = await allMemos(user.client);
    expect(memos).toHaveLength(2);
    const shopping = byStart(memos, "# Shopping");
    expect(shopping.content).toBe("# Shopping\n\n- [ ] Milk\n- [x] Eggs\n\n#Home #Weekly-plan\n");
    expect(shopping).toMatchObject({ pinned: true, rowStatus: "NORMAL", createdTs: 1_714_550_400, updatedTs: 1_714_636_800 });
    const idea = byStart(memos, "Build a birdhouse");
    const photo = idea.resourceList[0]!;
    expect(idea).toMatchObject({ pinned: false, rowStatus: "ARCHIVED", createdTs: 1_700_000_000 });
    expect(photo).toMatchObject({ filename: "birdhouse.jpg", type: "image/jpeg" });
    expect(idea.content).toBe(
      `Build a birdhouse\n\n[Plans](https://example.org/birdhouse)\n\n![birdhouse.jpg](/o/r/${photo.id}/birdhouse.jpg)`,
    );
  });

  it("imports the same archive twice without duplicates, for every format", async () => {
    for (const [name, archive, memos] of [
      ["mdtwice", markdownFolder(), 5],
      ["flomotwice", flomoExport(), 3],
      ["keeptwice", googleKeepTakeout(), 2],
    ] as const) {
      const user = await fresh(name);
      expect((await importArchive(user.client, archive)).body.data.memos).toBe(memos);
      const before = await rowCounts(t, user.user.id);
      const again = await importArchive(user.client, archive);
      expect(again.body.data).toMatchObject({ memos: 0, attachments: 0, skipped: memos });
      expect(await rowCounts(t, user.user.id)).toEqual(before);
    }
  });

  it("a note too large for a memo is a problem; the rest imports", async () => {
    const user = await fresh("bignote");
    const big = randomBytes(1_700_000).toString("base64");
    const response = await importArchive(user.client, zip({ "big.md": note(big), "small.md": note("Small note #ok") }));
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toMatchObject({
      memos: 1,
      problemCount: 1,
      problems: [{ file: "big.md", reason: expect.stringMatching(/^the file is larger than/) }],
    });
    expect((await allMemos(user.client)).map((memo) => memo.content)).toEqual(["**small**\n\nSmall note #ok"]);
  });

  it("a hand-edited memos export: a broken memo file and a link that is not http(s) are problems; the rest imports", async () => {
    const user = await fresh("handedited");
    const archive = zip({
      "manifest.json": note(JSON.stringify({ format: "memos-export", version: 1, scope: "user" })),
      "resources.json": note(JSON.stringify([{ id: 3, name: "evil", type: "", url: "javascript:alert(1)" }])),
      "memos/2024/2024-01-02-1.md": note(
        "---\nid: 1\ncreated: 2024-01-02T03:04:05Z\nupdated: 2024-01-03T00:00:00Z\nvisibility: PUBLIC\npinned: true\narchived: false\nattachments: [{ id: 3, name: evil }]\n---\nKept #fine",
      ),
      "memos/2024/2024-01-02-2.md": note("---\nid: 2\ncreated: [oops\n---\nLost"),
      "shortcuts.json": note(JSON.stringify([{ id: 1, title: "Fine", payload: "[]", archived: false, created: "2024-01-02T00:00:00Z" }])),
    });
    const response = await importArchive(user.client, archive);
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toMatchObject({ kind: "memos-export", memos: 1, attachments: 0, shortcuts: 1 });
    expect(response.body.data.problems).toEqual([
      { file: "resources.json", reason: "resource 3: its link is not an http(s) address" },
      { file: "memos/2024/2024-01-02-1.md", reason: 'attachment "evil" was left out: its file is not in the archive' },
      { file: "memos/2024/2024-01-02-2.md", reason: expect.stringMatching(/^malformed front matter: /) },
    ]);
    const [memo] = await allMemos(user.client);
    expect(memo).toMatchObject({
      content: "Kept #fine",
      createdTs: 1_704_164_645,
      updatedTs: 1_704_240_000,
      visibility: "PUBLIC",
      pinned: true,
      resourceList: [],
    });
  });

  it("other requests are answered while a large archive is imported", async () => {
    const user = await fresh("manynotes");
    const files: Record<string, ReturnType<typeof note>> = {};
    for (let n = 0; n < 500; n++)
      files[`notes/note-${n}.md`] = note(`---\ncreated: ${1_600_000_000 + n * 60}\n---\nNote number ${n} #bulk`);
    const order: string[] = [];
    const importing = importArchive(user.client, zip(files)).then((response) => {
      order.push("import");
      return response;
    });
    const ping = anonymous(t)
      .get("/api/ping")
      .then((response) => {
        order.push("ping");
        return response;
      });
    const [imported, pinged] = await Promise.all([importing, ping]);
    expect(pinged.status).toBe(200);
    expect(imported.body.data).toMatchObject({ memos: 500, problemCount: 0 });
    expect(order).toEqual(["ping", "import"]);
    expect((await user.client.get("/api/memo/amount", { query: { userId: user.user.id } })).body.data).toBe(500);
  });

  it("a dry run lists the first 10 memos it found: file, first line, time and files", async () => {
    const user = await fresh("previewer");
    const preview = await importArchive(user.client, markdownFolder(), "?dryRun=true");
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.data.firstMemos).toEqual([
      {
        file: "Vault/Daily/2024-05-01.md",
        title: "Ran 5 km #running",
        createdTs: Date.parse("2024-05-01T06:30:00Z") / 1000,
        attachments: 1,
      },
      { file: "Vault/Projects/Garden plan.md", title: "Garden plan", createdTs: Date.parse("2023-03-04T10:00:00Z") / 1000, attachments: 1 },
      { file: "Bear/Pancakes.md", title: "Pancakes", createdTs: Date.parse("2022-11-20T07:15:00Z") / 1000, attachments: 0 },
      {
        file: "graph/journals/2024_02_03.md",
        title: "Met Sam about the roof",
        createdTs: Date.parse("2024-02-03T00:00:00Z") / 1000,
        attachments: 0,
      },
      { file: "graph/pages/Books.md", title: "Books", createdTs: Date.parse("2021-06-01T00:00:00Z") / 1000, attachments: 0 },
    ]);

    const files: Record<string, ReturnType<typeof note>> = {};
    for (let n = 0; n < 12; n++) files[`notes/${String(n).padStart(2, "0")}.md`] = note(`# Note ${n}\n\nbody`);
    const many = await importArchive(user.client, zip(files), "?dryRun=true");
    expect(many.body.data.memos).toBe(12);
    expect(many.body.data.firstMemos.map((memo: { title: string }) => memo.title)).toEqual(
      Array.from({ length: 10 }, (_, n) => `Note ${n}`),
    );
  });

  it("a dry run of a foreign archive writes nothing", async () => {
    const user = await fresh("dryrunner");
    const before = await rowCounts(t, user.user.id);
    const response = await importArchive(user.client, googleKeepTakeout(), "?dryRun=true");
    expect(response.body.data).toMatchObject({ kind: "google-keep", dryRun: true, memos: 2, attachments: 1 });
    expect(await rowCounts(t, user.user.id)).toEqual(before);
  });
});

describe("POST /api/import: no webhook deliveries", () => {
  let t: TestApp;
  let receiver: Receiver;

  beforeAll(async () => {
    t = await createTestApp({ webhookAllowPrivate: true });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it("an upload and a link queue resource.created; an import of memos and files queues nothing", async () => {
    const host = await signUpHost(t);
    const created = await host.client.post("/api/webhook", { name: "everything", url: receiver.url, events: [...WEBHOOK_EVENTS] });
    expect(created.status, created.text).toBe(200);
    const deliveries = async () =>
      ((await host.client.get(`/api/webhook/${created.body.data.id}/delivery`)).body.data as WebhookDelivery[]).map((d) => d.event);
    await uploadResource(host);
    const link = await host.client.post("/api/resource", { filename: "site", externalLink: "https://example.com/" });
    expect(link.status, link.text).toBe(200);
    expect(await deliveries()).toEqual(["resource.created", "resource.created"]);

    const response = await importArchive(host.client, markdownFolder());
    expect(response.body.data).toMatchObject({ memos: 5, attachments: 2 });
    expect(await deliveries()).toEqual(["resource.created", "resource.created"]);
  });
});
