// POST /api/import of other apps' archives: each foreign format from a fixture archive (a Markdown folder, flomo,
// Google Keep), a hand-edited memos export, what is reported as a problem, dry runs, repeated imports, and other
// requests answered while a large archive is imported.
import type { Memo } from "@memos/common";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymous, createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { flomoExport, googleKeepTakeout, JPEG, markdownFolder, note, PNG, zip } from "../import-fixtures.js";
import { allMemos, fileBytes, importArchive, rowCounts } from "../import-client.js";

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
