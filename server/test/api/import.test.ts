// POST /api/import: our own export comes back field for field (exported on one engine, imported on the other), and
// no webhook deliveries. Other apps' archives: import-apps.test.ts; refused archives: import-refused.test.ts; the
// event loop while an archive is read: import-latency.test.ts.
import { type Memo, type Resource, type Shortcut, WEBHOOK_EVENTS, type WebhookDelivery } from "@memos/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../client.js";
import { createMemo, createUser, signUpHost, type TestUser, uploadResource } from "../factories.js";
import { createTestApp, TEST_DRIVER, type TestApp } from "../harness.js";
import { markdownFolder, PNG } from "../import-fixtures.js";
import { allMemos, fileBytes, importArchive, rowCounts } from "../import-client.js";
import { setUserSetting } from "../memo-helpers.js";
import { type Receiver, startReceiver } from "../webhook-receiver.js";

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
