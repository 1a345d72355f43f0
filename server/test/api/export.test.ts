// GET /api/export: a user's data (or, for the host, the whole instance) as a zip, read back file by file.
import { createHash } from "node:crypto";
import { posix } from "node:path";
import type { Memo, Resource } from "@memos/common";
import { strFromU8, unzipSync } from "fflate";
import type { KyselyPlugin } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import type { Client } from "../client.js";
import { anonymous, createMemo, createUser, signUpHost, type TestUser, uploadResource } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { expectError } from "../expect.js";
import { setUserSetting } from "../memo-helpers.js";

interface Archive {
  status: number;
  headers: Record<string, unknown>;
  files: Record<string, Uint8Array>;
  text(path: string): string;
  json(path: string): any;
}

async function exportOf(t: TestApp, caller: Client, query = "", headers: Record<string, string> = {}, ids?: number[]): Promise<Archive> {
  const response = await t.app.inject({
    method: ids ? "POST" : "GET",
    url: `/api/export${query}`,
    headers: { ...headers, ...(caller.cookie ? { cookie: caller.cookie } : {}) },
    ...(ids ? { payload: { ids } } : {}),
  });
  if (response.statusCode !== 200) throw new Error(`export failed: ${response.statusCode} ${response.body}`);
  const files = unzipSync(new Uint8Array(response.rawPayload));
  const text = (path: string) => {
    const file = files[path];
    if (!file) throw new Error(`${path} is not in the archive: ${Object.keys(files).join(", ")}`);
    return strFromU8(file);
  };
  return { status: response.statusCode, headers: response.headers, files, text, json: (path) => JSON.parse(text(path)) };
}

/** The front matter and the Markdown of an exported memo. */
function readMemo(source: string): { front: any; content: string } {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`no front matter in ${source}`);
  return { front: parseYaml(match[1]!), content: match[2]! };
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace(/\.000Z$/, "Z");
const memoFile = (memo: Memo) => {
  const day = iso(memo.createdTs).slice(0, 10);
  return `memos/${day.slice(0, 4)}/${day}-${memo.id}.md`;
};

describe("GET /api/export", () => {
  let t: TestApp;
  let host: TestUser;
  let alice: TestUser;
  let bobby: TestUser;
  const photoBytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 255, 254]);
  let photo: Resource;
  let notes: Resource;
  let link: Resource;
  let pinned: Memo;
  let archived: Memo;
  let plain: Memo;

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
    alice = await createUser(t, host, "alice");
    bobby = await createUser(t, host, "bobby");

    photo = await uploadResource(alice, "photo.png", "image/png", photoBytes);
    notes = await uploadResource(alice, "notes.txt", "text/plain", Buffer.from("plain text notes\n"));
    // Uploads are named safely today; a row from an older version may hold any name, a path included.
    await t.ctx.store.db.updateTable("resource").set({ filename: "../../etc/pass wd.txt" }).where("id", "=", notes.id).execute();
    const created = await alice.client.post("/api/resource", { filename: "Example site", externalLink: "https://example.com/page" });
    expect(created.status).toBe(200);
    link = created.body.data;

    pinned = await createMemo(alice, "# Pinned\n\nA memo with #work and #work/deep tags", "PUBLIC", {
      resourceIdList: [photo.id, link.id],
    });
    expect((await alice.client.post(`/api/memo/${pinned.id}/organizer`, { pinned: true })).status).toBe(200);
    archived = await createMemo(alice, "An old thought #old", "PROTECTED");
    expect((await alice.client.patch(`/api/memo/${archived.id}`, { rowStatus: "ARCHIVED", createdTs: 1_262_304_000 })).status).toBe(200);
    archived = (await alice.client.get(`/api/memo/${archived.id}`)).body.data;
    plain = await createMemo(alice, "Private words, no tags", "PRIVATE", { resourceIdList: [notes.id] });

    expect(
      (await alice.client.post("/api/shortcut", { title: "Work", payload: JSON.stringify([{ type: "TAG", value: "work" }]) })).status,
    ).toBe(200);
    await setUserSetting(alice, "locale", "fr");
    await setUserSetting(alice, "memoVisibility", "PROTECTED");

    await createMemo(bobby, "Bobby's secret", "PRIVATE");
    await uploadResource(bobby, "bobby.png", "image/png", Buffer.from("bobby-bytes"));
    expect((await bobby.client.post("/api/shortcut", { title: "Bobby's", payload: "[]" })).status).toBe(200);
    await createMemo(host, "The host's memo", "PUBLIC");
  });
  afterAll(() => t.close());

  it("answers a zip download named after the user and the day", async () => {
    const archive = await exportOf(t, alice.client);
    expect(archive.headers["content-type"]).toBe("application/zip");
    const day = new Date().toISOString().slice(0, 10);
    expect(archive.headers["content-disposition"]).toBe(
      `attachment; filename="memos-export-alice-${day}.zip"; filename*=UTF-8''memos-export-alice-${day}.zip`,
    );
  });

  it("holds exactly the user's files, with the manifest last", async () => {
    const archive = await exportOf(t, alice.client);
    const paths = Object.keys(archive.files);
    expect(paths.sort()).toEqual(
      [
        memoFile(pinned),
        memoFile(archived),
        memoFile(plain),
        `attachments/${photo.id}-photo.png`,
        `attachments/${notes.id}-____etc_pass wd.txt`,
        "resources.json",
        "shortcuts.json",
        "settings.json",
        "history.jsonl",
        "comments.jsonl",
        "manifest.json",
      ].sort(),
    );
    // The archive order (what unzipSync keeps): memos, attachments, lists, the manifest last.
    expect(Object.keys(archive.files).at(-1)).toBe("manifest.json");
    expect(memoFile(archived)).toBe(`memos/2010/2010-01-01-${archived.id}.md`);
    for (const path of paths) {
      expect(path.split("/")).not.toContain("..");
      expect(path.startsWith("/")).toBe(false);
    }
  });

  it("writes each memo as front matter and its Markdown", async () => {
    const archive = await exportOf(t, alice.client);
    const first = readMemo(archive.text(memoFile(pinned)));
    expect(first.content).toBe(pinned.content);
    expect(first.front).toEqual({
      id: pinned.id,
      created: iso(pinned.createdTs),
      updated: iso(pinned.updatedTs),
      displayed: iso(pinned.displayTs),
      visibility: "PUBLIC",
      pinned: true,
      archived: false,
      tags: ["work", "work/deep"],
      attachments: [
        { id: photo.id, name: "photo.png", type: "image/png", path: `../../attachments/${photo.id}-photo.png`, size: photoBytes.length },
        { id: link.id, name: "Example site", type: link.type, url: "https://example.com/page" },
      ],
    });
    expect(first.front.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

    const old = readMemo(archive.text(memoFile(archived)));
    expect(old.front).toMatchObject({
      id: archived.id,
      visibility: "PROTECTED",
      pinned: false,
      archived: true,
      tags: ["old"],
      attachments: [],
    });
    expect(old.front.created).toBe("2010-01-01T00:00:00Z");
    expect(old.content).toBe("An old thought #old");

    const third = readMemo(archive.text(memoFile(plain)));
    expect(third.front).toMatchObject({ visibility: "PRIVATE", pinned: false, archived: false, tags: [] });
    // The attachment's path resolves, from the memo's folder, to a file of the archive.
    const target = posix.join(posix.dirname(memoFile(plain)), third.front.attachments[0].path);
    expect(archive.text(target)).toBe("plain text notes\n");
  });

  it("carries every upload's bytes, lists external links, shortcuts and settings", async () => {
    const archive = await exportOf(t, alice.client);
    expect(Buffer.from(archive.files[`attachments/${photo.id}-photo.png`]!)).toEqual(photoBytes);
    const resources = archive.json("resources.json");
    expect(resources.map((resource: { id: number }) => resource.id)).toEqual([photo.id, notes.id, link.id]);
    expect(resources[2]).toMatchObject({ name: "Example site", url: "https://example.com/page" });
    expect(resources[2].path).toBeUndefined();

    const shortcuts = archive.json("shortcuts.json");
    expect(shortcuts).toEqual([
      expect.objectContaining({ title: "Work", payload: JSON.stringify([{ type: "TAG", value: "work" }]), archived: false }),
    ]);
    expect(archive.json("settings.json")).toEqual({ locale: "fr", memoVisibility: "PROTECTED" });
  });

  it("ends with a manifest: format, instance, counts and the SHA-256 of every other file", async () => {
    const archive = await exportOf(t, alice.client);
    const manifest = archive.json("manifest.json");
    const status = (await alice.client.get("/api/ping")).body.data;
    expect(manifest).toMatchObject({
      format: "memos-export",
      version: 1,
      scope: "user",
      instance: { version: status.serverVersion },
      user: { id: alice.user.id, username: "alice" },
      counts: { memos: 3, archivedMemos: 1, attachments: 2, externalLinks: 1, shortcuts: 1, versions: 0, comments: 0, files: 10 },
    });
    expect(manifest.instance.serverId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Math.abs(Date.parse(manifest.exportedAt) - Date.now())).toBeLessThan(60_000);
    expect(JSON.stringify(manifest)).not.toMatch(/password|openId|open_id/i);
    const listed = manifest.files.map((file: { path: string }) => file.path).sort();
    expect(listed).toEqual(
      Object.keys(archive.files)
        .filter((path) => path !== "manifest.json")
        .sort(),
    );
    for (const file of manifest.files) {
      expect(file.sha256, file.path).toBe(sha256(archive.files[file.path]!));
      expect(file.size, file.path).toBe(archive.files[file.path]!.length);
    }
  });

  it("POST: a selection of the caller's memos with the files they link; others' and unknown ids are skipped", async () => {
    const bobbys = await createMemo(bobby, "Bobby's selected?", "PUBLIC");
    const archive = await exportOf(t, alice.client, "", {}, [pinned.id, plain.id, bobbys.id, 999_999, plain.id]);
    const day = new Date().toISOString().slice(0, 10);
    expect(archive.headers["content-disposition"]).toBe(
      `attachment; filename="memos-export-alice-${day}-selection.zip"; filename*=UTF-8''memos-export-alice-${day}-selection.zip`,
    );
    expect(Object.keys(archive.files).sort()).toEqual(
      [
        memoFile(pinned),
        memoFile(plain),
        `attachments/${photo.id}-photo.png`,
        `attachments/${notes.id}-____etc_pass wd.txt`,
        "resources.json",
        "manifest.json",
      ].sort(),
    );
    expect(archive.json("resources.json").map((entry: { id: number }) => entry.id)).toEqual(
      [photo.id, notes.id, link.id].sort((a, b) => a - b),
    );
    expect(archive.text(memoFile(pinned))).toContain("A memo with #work and #work/deep tags");
    const manifest = archive.json("manifest.json");
    expect(manifest).toMatchObject({ scope: "selection", user: { username: "alice" } });
    expect(manifest.counts).toMatchObject({
      memos: 2,
      archivedMemos: 0,
      attachments: 2,
      externalLinks: 1,
      shortcuts: 0,
      selected: 4,
      skipped: 2,
    });
    expect((await bobby.client.delete(`/api/memo/${bobbys.id}`)).status).toBe(200);
  });

  it("POST: refuses visitors (401), a read-only token (403) and an empty or missing selection (400, naming ids)", async () => {
    const post = (client: Client, payload: object) => client.post("/api/export", payload);
    expectError(await post(anonymous(t), { ids: [pinned.id] }), 401);
    const token = (await alice.client.post("/api/access-token", { name: "reader", scope: "read" })).body.data.token as string;
    expectError(await post(anonymous(t).withToken(token), { ids: [pinned.id] }), 403, undefined, { reason: "auth.read-only-token" });
    expectError(await post(alice.client, { ids: [] }), 400, "Malformatted export request: ids: choose at least one memo", { field: "ids" });
    expectError(await post(alice.client, {}), 400, undefined, { field: "ids" });
  });

  it("never holds another user's memos or files", async () => {
    const archive = await exportOf(t, alice.client);
    const everything = Object.values(archive.files)
      .map((bytes) => strFromU8(bytes))
      .join("\n");
    expect(everything).not.toContain("Bobby's secret");
    expect(everything).not.toContain("bobby-bytes");
    expect(everything).not.toContain("The host's memo");

    const bobbys = await exportOf(t, bobby.client);
    expect(Object.keys(bobbys.files).filter((path) => path.startsWith("memos/"))).toHaveLength(1);
    expect(bobbys.json("manifest.json").counts).toMatchObject({ memos: 1, attachments: 1, externalLinks: 0, shortcuts: 1 });
  });

  it("serves a script signed in by its open ID", async () => {
    const archive = await exportOf(t, anonymous(t), "", { authorization: `Bearer ${alice.user.openId}` });
    expect(archive.json("manifest.json").user.username).toBe("alice");
  });

  it("refuses visitors (401) and a bad scope (400, naming the field)", async () => {
    expectError(await anonymous(t).get("/api/export"), 401);
    const bad = await alice.client.get("/api/export", { query: { scope: "everything" } });
    expectError(bad, 400);
    expect(bad.body.message).toMatch(/^Malformatted export query: scope: /);
  });

  it("exports the whole instance for the host only (403 for everyone else)", async () => {
    for (const caller of [alice, bobby]) {
      const refused = await caller.client.get("/api/export", { query: { scope: "instance" } });
      expectError(refused, 403);
    }
    const admin = await createUser(t, host, "admin", "ADMIN");
    expectError(await admin.client.get("/api/export", { query: { scope: "instance" } }), 403);

    const archive = await exportOf(t, host.client, "?scope=instance");
    expect(archive.headers["content-disposition"]).toContain("memos-export-instance-");
    const users = archive.json("users.json");
    expect(users.map((user: { username: string }) => user.username)).toEqual(["host", "alice", "bobby", "admin"]);
    expect(JSON.stringify(users)).not.toMatch(/password|openId|open_id|session/i);
    expect(users[1]).toMatchObject({ id: alice.user.id, role: "USER", folder: "users/alice", counts: { memos: 3, attachments: 2 } });
    for (const name of ["host", "alice", "bobby", "admin"]) {
      expect(archive.files[`users/${name}/settings.json`], name).toBeDefined();
      expect(archive.files[`users/${name}/shortcuts.json`], name).toBeDefined();
    }
    expect(readMemo(archive.text(`users/alice/${memoFile(pinned)}`)).front.pinned).toBe(true);
    expect(Buffer.from(archive.files[`users/alice/attachments/${photo.id}-photo.png`]!)).toEqual(photoBytes);
    expect(archive.json("users/alice/settings.json")).toEqual({ locale: "fr", memoVisibility: "PROTECTED" });
    const bobbyMemos = Object.keys(archive.files).filter((path) => path.startsWith("users/bobby/memos/"));
    expect(bobbyMemos).toHaveLength(1);
    expect(archive.text(bobbyMemos[0]!)).toContain("Bobby's secret");

    const manifest = archive.json("manifest.json");
    expect(manifest).toMatchObject({ scope: "instance", counts: { users: 4, memos: 5, attachments: 3, externalLinks: 1, shortcuts: 2 } });
    expect(manifest.files).toHaveLength(Object.keys(archive.files).length - 1);
    for (const file of manifest.files) expect(file.sha256, file.path).toBe(sha256(archive.files[file.path]!));
    // Every password hash stays in the database.
    const hashes = await t.ctx.store.db.selectFrom("user").select(["password_hash", "open_id"]).execute();
    const everything = Object.values(archive.files)
      .map((bytes) => strFromU8(bytes))
      .join("\n");
    for (const row of hashes) {
      expect(everything).not.toContain(row.password_hash);
      expect(everything).not.toContain(row.open_id);
    }
  });
});

describe("GET /api/export of many memos", () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it("reads the store in pages of at most 500 rows and exports every memo", async () => {
    t = await createTestApp();
    const owner = await signUpHost(t);
    const total = 1_234;
    const base = 1_700_000_000;
    const rows = Array.from({ length: total }, (_, i) => ({
      creator_id: owner.user.id,
      content: `bulk memo ${i}`,
      created_ts: base + i,
      updated_ts: base + i,
      display_ts: base + i,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await t.ctx.store.db
        .insertInto("memo")
        .values(rows.slice(i, i + 200))
        .execute();

    // Every statement's row count, seen through a plugin on the app's handle.
    const rowCounts: number[] = [];
    const plugin: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        rowCounts.push(args.result.rows.length);
        return args.result;
      },
    };
    const original = t.ctx.store.db;
    t.ctx.store.db = original.withPlugin(plugin);
    try {
      const archive = await exportOf(t, owner.client);
      const memos = Object.keys(archive.files).filter((path) => path.startsWith("memos/"));
      expect(memos).toHaveLength(total);
      expect(archive.json("manifest.json").counts.memos).toBe(total);
      expect(archive.text(`memos/2023/2023-11-14-${total}.md`)).toContain(`bulk memo ${total - 1}`);
    } finally {
      t.ctx.store.db = original;
    }
    expect(Math.max(...rowCounts)).toBeLessThanOrEqual(500);
    // Three pages of memos (500, 500, 234), and an empty one that ends the walk.
    expect(rowCounts.filter((n) => n === 500)).toHaveLength(2);
    expect(rowCounts).toContain(234);
  });
});
