// Export → import into a fresh instance keeps every link in a memo's text to its files working: the exported `.md`
// links to the archive's copies by relative path (any Markdown viewer shows them) and keeps what each link was in
// its front matter; the import points them at the files it stores. Older archives (links with the old ids) too.
import { posix } from "node:path";
import type { Memo, Resource } from "@memos/common";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import type { Client } from "../client.js";
import { createMemo, createUser, signUpHost, type TestUser, uploadResource } from "../factories.js";
import { createTestApp, TEST_DRIVER, type TestApp } from "../harness.js";
import { importArchive } from "../import-client.js";
import { JPEG, PNG } from "../import-fixtures.js";

const bytesOf = (seed: number) => Buffer.from([...PNG, seed, seed + 1, seed + 2]);

async function exportZip(t: TestApp, client: Client, query = ""): Promise<Record<string, Uint8Array>> {
  const response = await t.app.inject({ method: "GET", url: `/api/export${query}`, headers: { cookie: client.cookie! } });
  expect(response.statusCode).toBe(200);
  return unzipSync(new Uint8Array(response.rawPayload));
}

function readMemo(source: string): { front: any; content: string } {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`no front matter in ${source}`);
  return { front: parseYaml(match[1]!), content: match[2]! };
}

async function memosOf(client: Client): Promise<Memo[]> {
  const response = await client.get("/api/memo", { query: { limit: 100 } });
  expect(response.status).toBe(200);
  return (response.body.data as Memo[]).sort((a, b) => a.createdTs - b.createdTs);
}

/** Every `/o/r/<id>/<name>` link of a text (code aside), fetched as the browser would (redirects followed): status and bytes. */
async function fetchLinks(t: TestApp, client: Client, content: string) {
  const links = [...content.replace(/`[^`]*`/g, "").matchAll(/\/o\/r\/\d+\/(?:[^\s()"'>]|\([^\s()]*\))+/g)].map((match) => match[0]);
  const answers = [];
  for (const link of links) {
    let response = await t.app.inject({ method: "GET", url: link, headers: { cookie: client.cookie! } });
    if (response.statusCode === 302) {
      response = await t.app.inject({ method: "GET", url: response.headers.location as string, headers: { cookie: client.cookie! } });
    }
    answers.push({ link, status: response.statusCode, bytes: Buffer.from(response.rawPayload).toString("base64") });
  }
  return answers;
}

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

describe("export → import into a fresh instance: links to files in the text", () => {
  const otherEngine = TEST_DRIVER === "sqlite" ? "postgres" : "sqlite";
  let source: TestApp;
  let target: TestApp;
  let sourceHost: TestUser;
  let alice: TestUser;
  let bobby: TestUser;
  let carol: TestUser;
  const files: Record<string, Resource> = {};
  const bytes: Record<string, Buffer<ArrayBuffer>> = {};
  let trip: Memo;
  let album: Memo;
  let shared: Memo;
  let archive: Record<string, Uint8Array>;

  beforeAll(async () => {
    source = await createTestApp({ driver: otherEngine });
    target = await createTestApp();
    sourceHost = await signUpHost(source);
    alice = await createUser(source, sourceHost, "alice");
    bobby = await createUser(source, sourceHost, "bobby");
    const upload = async (name: string, type: string, seed: number) => {
      bytes[name] = type === "image/jpeg" ? Buffer.from([...JPEG, seed]) : bytesOf(seed);
      files[name] = await uploadResource(alice, name, type, bytes[name]!);
    };
    await upload("a.png", "image/png", 1);
    await upload("b.jpg", "image/jpeg", 2);
    await upload("my photo (1).png", "image/png", 3);
    await upload("d-old.png", "image/png", 4);
    await upload("e.png", "image/png", 5);
    bytes["notes.txt"] = Buffer.from("plain notes\n");
    files["notes.txt"] = await uploadResource(alice, "notes.txt", "text/plain", bytes["notes.txt"]);
    const bobs = await uploadResource(bobby, "bob.png", "image/png", bytesOf(9));
    const { a, d } = { a: files["a.png"]!, d: files["d-old.png"]! };

    trip = await createMemo(
      alice,
      `Trip #travel\n\n![](/o/r/${a.id}/a.png)\n![b](/o/r/${files["b.jpg"]!.id}/b.jpg "B")\n\n[the notes](/o/r/${files["notes.txt"]!.id}/notes.txt)`,
      "PRIVATE",
      { createdTs: 1_700_000_000, resourceIdList: [a.id, files["b.jpg"]!.id, files["notes.txt"]!.id] },
    );
    album = await createMemo(
      alice,
      `Album\n\n![](/o/r/${files["my photo (1).png"]!.id}/my%20photo%20(1).png) and <img src="/h/r/${d.id}/d-old.png" width="100">\n\n\`/o/r/${a.id}/a.png\` in code`,
      "PUBLIC",
      { createdTs: 1_700_000_100, resourceIdList: [files["my photo (1).png"]!.id, d.id] },
    );
    // Renamed after it was embedded: the link keeps the old name.
    expect((await alice.client.patch(`/api/resource/${d.id}`, { filename: "d.png" })).status).toBe(200);
    // e.png is not attached to the memo, only linked (with the server's address, as "Copy link" gives it).
    shared = await createMemo(
      alice,
      `Shared: https://memos.example/o/r/${files["e.png"]!.id}/e.png and someone's ![](/o/r/${bobs.id}/bob.png)`,
      "PRIVATE",
      { createdTs: 1_700_000_200 },
    );
    archive = await exportZip(source, alice.client);
    carol = await signUpHost(target, "carol");
  });
  afterAll(async () => {
    await source.close();
    await target.close();
  });

  const fileOf = (memo: Memo) => {
    const day = new Date(memo.createdTs * 1000).toISOString().slice(0, 10);
    return `memos/${day.slice(0, 4)}/${day}-${memo.id}.md`;
  };

  it("writes links to the archive's files as relative paths, and keeps what they were in the front matter", () => {
    const { a, d } = { a: files["a.png"]!, d: files["d-old.png"]! };
    const first = readMemo(strFromU8(archive[fileOf(trip)]!));
    expect(first.content).toBe(
      `Trip #travel\n\n![](../../attachments/${a.id}-a.png)\n![b](../../attachments/${files["b.jpg"]!.id}-b.jpg "B")\n\n` +
        `[the notes](../../attachments/${files["notes.txt"]!.id}-notes.txt)`,
    );
    expect(first.front.links).toEqual({
      [`../../attachments/${a.id}-a.png`]: `/o/r/${a.id}/a.png`,
      [`../../attachments/${files["b.jpg"]!.id}-b.jpg`]: `/o/r/${files["b.jpg"]!.id}/b.jpg`,
      [`../../attachments/${files["notes.txt"]!.id}-notes.txt`]: `/o/r/${files["notes.txt"]!.id}/notes.txt`,
    });
    const second = readMemo(strFromU8(archive[fileOf(album)]!));
    const photo = files["my photo (1).png"]!;
    expect(second.content).toBe(
      `Album\n\n![](../../attachments/${photo.id}-my%20photo%20%281%29.png) and <img src="../../attachments/${d.id}-d.png" width="100">\n\n\`/o/r/${a.id}/a.png\` in code`,
    );
    expect(second.front.links[`../../attachments/${d.id}-d.png`]).toBe(`/h/r/${d.id}/d-old.png`);
    const third = readMemo(strFromU8(archive[fileOf(shared)]!));
    expect(third.content).toMatch(
      new RegExp(
        `^Shared: \\[e\\.png\\]\\(\\.\\./\\.\\./attachments/${files["e.png"]!.id}-e\\.png\\) and someone's !\\[\\]\\(/o/r/\\d+/bob\\.png\\)$`,
      ),
    );
    expect(third.front.links).toEqual({
      [`../../attachments/${files["e.png"]!.id}-e.png`]: `https://memos.example/o/r/${files["e.png"]!.id}/e.png`,
    });
    // Every relative link leads to its file in the archive, as a Markdown viewer would follow it.
    for (const [path, text] of Object.entries(archive).filter(([path]) => path.endsWith(".md"))) {
      for (const [, link] of strFromU8(text).matchAll(/(?:\(|src=")(\.\.\/[^)"\s]+)/g)) {
        const file = posix.join(posix.dirname(path), decodeURIComponent(link!));
        expect(archive[file], `${path} → ${link}`).toBeDefined();
      }
    }
  });

  it("imports with every link pointing at the files it stored: each answers 200 with its bytes", async () => {
    const response = await importArchive(carol.client, Buffer.from(zipSync(archive)));
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toMatchObject({ memos: 3, attachments: 6, problemCount: 0 });

    const stored = new Map(((await carol.client.get("/api/resource")).body.data as Resource[]).map((file) => [file.filename, file]));
    const link = (name: string) => `/o/r/${stored.get(name)!.id}/${encodeURIComponent(name)}`;
    const [tripIn, albumIn, sharedIn] = await memosOf(carol.client);
    expect(tripIn!.content).toBe(`Trip #travel\n\n![](${link("a.png")})\n![b](${link("b.jpg")} "B")\n\n[the notes](${link("notes.txt")})`);
    expect(albumIn!.content).toBe(
      `Album\n\n![](${link("my photo (1).png")}) and <img src="${link("d.png")}" width="100">\n\n\`/o/r/${files["a.png"]!.id}/a.png\` in code`,
    );
    expect(sharedIn!.content).toMatch(
      new RegExp(`^Shared: \\[e\\.png\\]\\(${link("e.png").replace(/\./g, "\\.")}\\) and someone's !\\[\\]\\(/o/r/\\d+/bob\\.png\\)$`),
    );

    const answers = [];
    for (const memo of [tripIn!, albumIn!, sharedIn!]) answers.push(...(await fetchLinks(target, carol.client, memo.content)));
    const mine = answers.filter((answer) => !answer.link.endsWith("/bob.png"));
    expect(mine).toHaveLength(6);
    for (const answer of mine) {
      const name = decodeURIComponent(answer.link.split("/").pop()!);
      expect(answer, name).toEqual({ link: answer.link, status: 200, bytes: base64(bytes[name === "d.png" ? "d-old.png" : name]!) });
    }
  });

  it("skips everything when the same archive comes again", async () => {
    const response = await importArchive(carol.client, Buffer.from(zipSync(archive)));
    // Three memos, and e.png, which no memo lists.
    expect(response.body.data).toMatchObject({ memos: 0, attachments: 0, skipped: 4 });
  });

  it("an older archive (links with the old ids, no relative paths) imports with its links rewritten", async () => {
    const dave = await createUser(target, carol, "dave");
    const old = (id: number, name: string, path: string) => ({
      id,
      name,
      type: "image/png",
      created: "2024-01-01T00:00:00Z",
      path,
      size: 11,
    });
    const older = zipSync({
      "manifest.json": strToU8(JSON.stringify({ format: "memos-export", version: 1, scope: "user" })),
      "resources.json": strToU8(
        JSON.stringify([old(11, "sunrise.png", "attachments/11-sunrise.png"), old(12, "moon.png", "attachments/12-moon.png")]),
      ),
      "attachments/11-sunrise.png": bytesOf(11),
      "attachments/12-moon.png": bytesOf(12),
      "memos/2024/2024-01-02-1.md": strToU8(
        "---\nid: 1\ncreated: 2024-01-02T03:04:05Z\nattachments: [{ id: 11, name: sunrise.png, path: ../../attachments/11-sunrise.png }]\n---\n" +
          "Morning ![](/o/r/11/sunrise.png) and night ![](https://old.example/o/r/12/moon.png) and [gone](/o/r/99/gone.png)",
      ),
    });
    const response = await importArchive(dave.client, Buffer.from(older));
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toMatchObject({ memos: 1, attachments: 2, problemCount: 0 });
    const stored = new Map(((await dave.client.get("/api/resource")).body.data as Resource[]).map((file) => [file.filename, file]));
    const [memo] = await memosOf(dave.client);
    expect(memo!.content).toBe(
      `Morning ![](/o/r/${stored.get("sunrise.png")!.id}/sunrise.png) and night ![](/o/r/${stored.get("moon.png")!.id}/moon.png) and [gone](/o/r/99/gone.png)`,
    );
    expect(memo!.resourceList.map((file) => file.filename)).toEqual(["sunrise.png"]);
    const answers = await fetchLinks(target, dave.client, memo!.content);
    expect(answers.slice(0, 2).map(({ status, bytes }) => ({ status, bytes }))).toEqual([
      { status: 200, bytes: base64(bytesOf(11)) },
      { status: 200, bytes: base64(bytesOf(12)) },
    ]);
  });

  it("an instance export links each account's files the same way", async () => {
    const whole = await exportZip(source, sourceHost.client, "?scope=instance");
    const path = `users/alice/${fileOf(trip)}`;
    const { content } = readMemo(strFromU8(whole[path]!));
    const [, link] = /!\[\]\(([^)]+)\)/.exec(content)!;
    expect(link).toBe(`../../attachments/${files["a.png"]!.id}-a.png`);
    expect(Buffer.from(whole[posix.join(posix.dirname(path), link!)]!)).toEqual(bytes["a.png"]);
  });
});
