// `--storage local`: new uploads are files under <data>/assets (streamed there, named from the resource id), the
// row holds no blob; the files are served, exported and removed like blobs. The serving rules themselves (access,
// ranges, validators) run for both modes in resource-file.test.ts.
import { createHash } from "node:crypto";
import { seedDemoData } from "../../src/seed/demo.js";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import type { Resource } from "@memos/common";
import { unzipSync } from "fflate";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMemo, createUser, multipartBody, signUpHost, type TestUser, uploadBlob, uploadResource } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { getRaw } from "../raw.js";
import { JPEG, markdownFolder, note, PNG, withDeclaredSize, zip } from "../import-fixtures.js";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const fileUrl = (resource: Resource) => `/o/r/${resource.id}/${encodeURIComponent(resource.filename)}`;

/** Bytes that are not the same in every block, so a misplaced chunk would change the hash. */
function pseudoRandomBytes(size: number, seed: number) {
  const bytes = Buffer.alloc(size);
  let state = seed;
  for (let i = 0; i < size; i++) {
    state = (state * 1_103_515_245 + 12_345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

function rowOf(t: TestApp, id: number) {
  return t.ctx.store.db.selectFrom("resource").select(["blob", "internal_path", "size"]).where("id", "=", id).executeTakeFirstOrThrow();
}

const assets = (t: TestApp) => join(t.ctx.config.data, "assets");

/** Every file under the assets folder, relative to it (the incoming folder included). */
function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)))
    .sort();
}

describe("--storage local", () => {
  let t: TestApp;
  let host: TestUser;
  let alice: TestUser;
  let bobby: TestUser;

  beforeEach(async () => {
    t = await createTestApp({ storage: "local", maxUploadMb: 2, sqliteReaders: 0 });
    host = await signUpHost(t);
    alice = await createUser(t, host, "alice");
    bobby = await createUser(t, host, "bobby");
  });
  afterEach(() => t.close());

  it("keeps an upload as a file named from its id, no blob in the row, and serves it byte for byte", async () => {
    const bytes = pseudoRandomBytes(1_500_000, 7);
    const resource = await uploadResource(alice, "Holiday photo (1).jpg", "image/jpeg", bytes);
    const row = await rowOf(t, resource.id);
    expect(row.blob).toBeNull();
    expect(row.internal_path).toMatch(new RegExp(`^0/${resource.id}-[0-9a-f]{8}-Holiday_photo_1_\\.jpg$`));
    expect(Number(row.size)).toBe(bytes.length);
    expect(resource.size).toBe(bytes.length);
    expect(sha256(readFileSync(join(assets(t), row.internal_path)))).toBe(sha256(bytes));
    expect(filesUnder(assets(t))).toEqual([row.internal_path]);

    const download = await getRaw(t, alice.client, fileUrl(resource));
    expect(download.statusCode).toBe(200);
    expect(sha256(download.rawPayload)).toBe(sha256(bytes));
    const blobRoute = await getRaw(t, alice.client, `/api/resource/${resource.id}/blob`);
    expect(sha256(blobRoute.rawPayload)).toBe(sha256(bytes));
    const range = await getRaw(t, alice.client, fileUrl(resource), { range: "bytes=1000000-1000099" });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.equals(bytes.subarray(1_000_000, 1_000_100))).toBe(true);
  });

  it("writes the files of an import to disk, and none when the import is refused", async () => {
    const archive = markdownFolder();
    const upload = (bytes: Buffer) => {
      const body = multipartBody("file", "vault.zip", "application/zip", bytes);
      return alice.client.post("/api/import", body.payload, { headers: body.headers });
    };
    const imported = await upload(archive);
    expect(imported.status).toBe(200);
    expect(imported.body.data.attachments).toBe(2);
    const resources = (await alice.client.get("/api/resource")).body.data as Resource[];
    expect(resources).toHaveLength(2);
    for (const resource of resources) {
      const row = await rowOf(t, resource.id);
      expect(row.blob).toBeNull();
      expect(readFileSync(join(assets(t), row.internal_path))).toHaveLength(row.size);
      const served = await getRaw(t, alice.client, fileUrl(resource));
      expect(served.statusCode).toBe(200);
      expect(sha256(served.rawPayload)).toBe(sha256(readFileSync(join(assets(t), row.internal_path))));
    }
    const png = resources.find((resource) => resource.filename === "run.png")!;
    expect((await getRaw(t, alice.client, fileUrl(png))).rawPayload).toEqual(Buffer.from(PNG));
    const before = filesUnder(assets(t));
    // An archive whose second file is damaged fails after the first was written: that file goes with the rollback.
    const damaged = Buffer.from(
      withDeclaredSize(zip({ "a.md": note("![](one.png) ![](two.png)"), "one.png": note(PNG), "two.png": note(JPEG) }), "two.png", 3),
    );
    expect((await upload(damaged)).status).toBe(400);
    expect(filesUnder(assets(t)).filter((path) => !path.startsWith("."))).toEqual(before.filter((path) => !path.startsWith(".")));
    expect((await alice.client.get("/api/resource")).body.data).toHaveLength(2);
  });

  it("never takes the path on disk from the uploaded name", async () => {
    const evil = await uploadResource(alice, "../../../etc/passwd", "text/plain", Buffer.from("not a password file"));
    const dotted = await uploadResource(alice, "..\\..\\.hidden", "text/plain", Buffer.from("dots"));
    const unicode = await uploadResource(alice, "日記 🙂.md", "text/markdown", Buffer.from("diary"));
    for (const [resource, expected] of [
      [evil, "passwd"],
      [dotted, "hidden"],
      [unicode, "_.md"],
    ] as const) {
      const row = await rowOf(t, resource.id);
      expect(row.internal_path).toBe(`0/${resource.id}-${row.internal_path.split("-")[1]}-${expected}`);
      expect(row.internal_path.split("-")[1]).toMatch(/^[0-9a-f]{8}$/);
      expect(existsSync(join(assets(t), row.internal_path))).toBe(true);
    }
    expect((await getRaw(t, alice.client, fileUrl(unicode))).rawPayload.toString()).toBe("diary");
  });

  it("keeps the access rules: a file of a private memo is its owner's alone", async () => {
    const resource = await uploadResource(alice, "private.png", "image/png", Buffer.from("private bytes"));
    await createMemo(alice, "mine only", "PRIVATE", { resourceIdList: [resource.id] });
    expect((await getRaw(t, alice.client, fileUrl(resource))).statusCode).toBe(200);
    expect((await getRaw(t, bobby.client, fileUrl(resource))).statusCode).toBe(404);
    expect((await getRaw(t, bobby.client, `/api/resource/${resource.id}/blob`)).statusCode).toBe(404);
    expect((await getRaw(t, null, fileUrl(resource))).statusCode).toBe(404);
  });

  it("serves a renamed resource from the same file", async () => {
    const resource = await uploadResource(alice, "before.txt", "text/plain", Buffer.from("same bytes"));
    const { internal_path } = await rowOf(t, resource.id);
    const renamed = (await alice.client.patch(`/api/resource/${resource.id}`, { filename: "after.txt" })).body.data as Resource;
    expect((await rowOf(t, resource.id)).internal_path).toBe(internal_path);
    expect((await getRaw(t, alice.client, fileUrl(renamed))).rawPayload.toString()).toBe("same bytes");
  });

  it("deletes the file with its resource, and the files of a deleted account", async () => {
    const gone = await uploadResource(alice, "gone.png", "image/png", Buffer.from("gone"));
    const kept = await uploadResource(alice, "kept.png", "image/png", Buffer.from("kept"));
    const bobbys = await uploadResource(bobby, "bobby.png", "image/png", Buffer.from("bobby"));
    const paths = await Promise.all([gone, kept, bobbys].map(async (resource) => (await rowOf(t, resource.id)).internal_path));

    expect((await alice.client.delete(`/api/resource/${gone.id}`)).status).toBe(200);
    expect(existsSync(join(assets(t), paths[0]!))).toBe(false);
    expect((await getRaw(t, alice.client, fileUrl(gone))).statusCode).toBe(404);
    expect(filesUnder(assets(t))).toEqual([paths[1], paths[2]].sort());

    // A refused delete removes nothing.
    expect((await bobby.client.delete(`/api/resource/${kept.id}`)).status).toBe(404);
    expect(existsSync(join(assets(t), paths[1]!))).toBe(true);

    expect((await host.client.delete(`/api/user/${bobby.user.id}`)).status).toBe(200);
    expect(filesUnder(assets(t))).toEqual([paths[1]]);
  });

  it("the vacuum removes the files of resources whose owner is gone", async () => {
    const orphan = await uploadResource(bobby, "orphan.png", "image/png", Buffer.from("orphan"));
    const kept = await uploadResource(alice, "kept.png", "image/png", Buffer.from("kept"));
    const orphanPath = (await rowOf(t, orphan.id)).internal_path;
    // As a v0 database may hold: the account row gone, its resources left behind.
    await t.ctx.store.db.deleteFrom("user").where("id", "=", bobby.user.id).execute();
    expect((await host.client.post("/api/system/vacuum", {})).status).toBe(200);
    expect(existsSync(join(assets(t), orphanPath))).toBe(false);
    expect(filesUnder(assets(t))).toEqual([(await rowOf(t, kept.id)).internal_path]);
  });

  it("refuses a file over the limit with 413 and leaves no row and no file behind", async () => {
    const before = (await alice.client.get("/api/resource")).body.data.length;
    const response = await uploadBlob(alice, "file", "huge.bin", "application/octet-stream", pseudoRandomBytes(2 * 1024 * 1024 + 10, 3));
    expect(response.status).toBe(413);
    expect(response.body.message).toBe("Upload file overload max size");
    expect((await alice.client.get("/api/resource")).body.data.length).toBe(before);
    expect(filesUnder(assets(t))).toEqual([]);
  });

  it("refuses a broken form with 400 and leaves no file behind", async () => {
    const body = multipartBody("file", "cut.bin", "application/octet-stream", pseudoRandomBytes(50_000, 5));
    const cut = body.payload.subarray(0, body.payload.length - 20);
    const response = await alice.client.post("/api/resource/blob", cut, { headers: body.headers });
    expect(response.status).toBe(400);
    expect(filesUnder(assets(t))).toEqual([]);
  });

  it("answers a clear 500 when the file went missing from disk, and keeps serving the rest", async () => {
    const lost = await uploadResource(alice, "lost.png", "image/png", Buffer.from("lost"));
    const fine = await uploadResource(alice, "fine.png", "image/png", Buffer.from("fine"));
    rmSync(join(assets(t), (await rowOf(t, lost.id)).internal_path));
    const response = await alice.client.get(fileUrl(lost));
    expect(response.status).toBe(500);
    expect(response.body.message).toBe(`The file of resource ${lost.id} is missing from the server's storage`);
    expect(response.text).not.toContain(t.ctx.config.data);
    // Still no file for those who may not read it.
    expect((await getRaw(t, bobby.client, fileUrl(lost))).statusCode).toBe(404);
    expect((await getRaw(t, alice.client, fileUrl(fine))).rawPayload.toString()).toBe("fine");
  });

  it("serves blobs stored before the switch next to files stored after it", async () => {
    t.ctx.config.storage = "db";
    const old = await uploadResource(alice, "old.png", "image/png", Buffer.from("from the database"));
    t.ctx.config.storage = "local";
    const fresh = await uploadResource(alice, "new.png", "image/png", Buffer.from("from the disk"));
    expect((await rowOf(t, old.id)).internal_path).toBe("");
    expect((await rowOf(t, old.id)).blob?.toString()).toBe("from the database");
    expect((await rowOf(t, fresh.id)).blob).toBeNull();
    expect((await getRaw(t, alice.client, fileUrl(old))).rawPayload.toString()).toBe("from the database");
    expect((await getRaw(t, alice.client, fileUrl(fresh))).rawPayload.toString()).toBe("from the disk");
  });

  it("exports files on disk byte for byte, with their checksums in the manifest", async () => {
    const bytes = pseudoRandomBytes(300_000, 11);
    const onDisk = await uploadResource(alice, "scan.pdf", "application/pdf", bytes);
    t.ctx.config.storage = "db";
    const inBlob = await uploadResource(alice, "note.txt", "text/plain", Buffer.from("a blob"));
    const response = await t.app.inject({ method: "GET", url: "/api/export", headers: { cookie: alice.client.cookie! } });
    expect(response.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(sha256(files[`attachments/${onDisk.id}-scan.pdf`]!)).toBe(sha256(bytes));
    expect(Buffer.from(files[`attachments/${inBlob.id}-note.txt`]!).toString()).toBe("a blob");
    const manifest = JSON.parse(Buffer.from(files["manifest.json"]!).toString());
    const entry = manifest.files.find((file: { path: string }) => file.path === `attachments/${onDisk.id}-scan.pdf`);
    expect(entry).toEqual({ path: `attachments/${onDisk.id}-scan.pdf`, size: bytes.length, sha256: sha256(bytes) });
  });

  it("ends an export whose file went missing as an incomplete download, never a valid short archive", async () => {
    const lost = await uploadResource(alice, "lost.pdf", "application/pdf", pseudoRandomBytes(10_000, 4));
    rmSync(join(assets(t), (await rowOf(t, lost.id)).internal_path));
    const response = await t.app
      .inject({ method: "GET", url: "/api/export", headers: { cookie: alice.client.cookie! } })
      .catch((error: Error) => error);
    if (!(response instanceof Error)) expect(() => unzipSync(new Uint8Array(response.rawPayload))).toThrow();
    // The server goes on.
    expect((await alice.client.get("/api/resource")).status).toBe(200);
  });

  it("creates no assets folder with --storage db", async () => {
    t.ctx.config.storage = "db";
    const resource = await uploadResource(alice, "blob.png", "image/png", Buffer.from("blob"));
    expect((await rowOf(t, resource.id)).blob?.toString()).toBe("blob");
    expect(existsSync(assets(t))).toBe(false);
  });
});

describe("the demo seed with --storage local", () => {
  it("writes its image as a file, served like any upload", async () => {
    const t = await createTestApp({ storage: "local", mode: "demo" });
    try {
      expect(await seedDemoData(t.ctx.store, t.ctx.config)).toBe(true);
      const rows = await t.ctx.store.db.selectFrom("resource").select(["id", "filename", "blob", "internal_path"]).execute();
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.blob).toBeNull();
        expect(existsSync(join(assets(t), row.internal_path))).toBe(true);
      }
    } finally {
      await t.close();
    }
  });
});
