// POST /api/import refuses what it cannot read safely (not a zip, damaged, corrupted checksums, paths out of the
// archive, zip bombs, lying headers, too large, nothing to import) with a 400 or 413, and writes nothing.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../expect.js";
import { anonymous, createMemo, createUser, multipartBody, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { importArchive, rowCounts } from "../import-client.js";
import { markdownFolder, note, PNG, withBrokenDirectory, withCrc32, withDeclaredSize, zip } from "../import-fixtures.js";

describe("POST /api/import: refused archives write nothing", () => {
  let t: TestApp;
  let small: TestApp;
  let host: TestUser;
  let smallHost: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
    await createMemo(host, "Already here #kept");
    small = await createTestApp({ maxUploadMb: 1 });
    smallHost = await signUpHost(small);
  });
  afterAll(async () => {
    await t.close();
    await small.close();
  });

  const refused = async (app: TestApp, user: TestUser, archive: Buffer, status: number, message: string | RegExp) => {
    const before = await rowCounts(app, user.user.id);
    expectError(await importArchive(user.client, archive), status, message);
    expect(await rowCounts(app, user.user.id)).toEqual(before);
  };
  const zeros = (bytes: number) => new Uint8Array(bytes);

  it("not a zip", () =>
    refused(t, host, Buffer.from("just some text, not an archive"), 400, "Invalid archive: the file is not a zip archive"));

  it("a damaged zip", () => refused(t, host, withBrokenDirectory(markdownFolder()), 400, /^Invalid archive: the zip is damaged \(/));

  it("an entry with ..", () =>
    refused(
      t,
      host,
      zip({ "notes/ok.md": note("fine"), "../escape.md": note("out") }),
      400,
      'Invalid archive: the entry "../escape.md" points outside the archive\'s folder',
    ));

  it("an absolute entry", () =>
    refused(
      t,
      host,
      zip({ "/etc/notes.md": note("out") }),
      400,
      'Invalid archive: the entry "/etc/notes.md" points outside the archive\'s folder',
    ));

  it("a zip bomb (one entry inflating far past its packed size)", () =>
    refused(
      t,
      host,
      zip({ "bomb.md": note(zeros(20 * 1024 * 1024)) }),
      400,
      /^Invalid archive: "bomb\.md" unpacks to \d+ times its packed size/,
    ));

  it("an archive unpacking past the cap (8× the upload limit)", () => {
    const files: Record<string, ReturnType<typeof note>> = {};
    for (let n = 0; n < 9; n++) files[`part-${n}.md`] = note(zeros(1024 * 1024));
    return refused(small, smallHost, zip(files), 400, "Invalid archive: its files unpack to more than 8 MiB, the most an import takes");
  });

  it("a header that lies about a note's size", () =>
    refused(
      t,
      host,
      withDeclaredSize(zip({ "note.md": note(zeros(300_000)) }), "note.md", 100),
      400,
      /^Invalid archive: .*note\.md.*(zip bomb|damaged)/,
    ));

  it("a damaged attachment found while writing rolls the whole import back", async () => {
    const archive = withDeclaredSize(
      zip({ "a.md": note("First #one"), "b.md": note("Picture ![](img/p.png)"), "img/p.png": note(zeros(300_000)) }),
      "img/p.png",
      10,
    );
    await refused(t, host, archive, 400, /^Invalid archive: .*img\/p\.png.*(zip bomb|damaged)/);
  });

  it("a note whose bytes do not match its CRC-32 (a corrupted archive), in a dry run too", async () => {
    const archive = withCrc32(zip({ "a.md": note("First #one"), "b.md": note("Second #two") }), "b.md", 0x12345678);
    const message = 'Invalid archive: "b.md" is damaged (its CRC-32 does not match its contents)';
    expectError(await importArchive(host.client, archive, "?dryRun=true"), 400, message);
    await refused(t, host, archive, 400, message);
  });

  it("an attachment whose bytes do not match its CRC-32 rolls the whole import back; a dry run refuses it too", async () => {
    const archive = withCrc32(
      zip({ "a.md": note("First #one"), "b.md": note("Picture ![](img/p.png)"), "img/p.png": note(PNG) }),
      "img/p.png",
      0,
    );
    const message = 'Invalid archive: "img/p.png" is damaged (its CRC-32 does not match its contents)';
    expectError(await importArchive(host.client, archive, "?dryRun=true"), 400, message);
    await refused(t, host, archive, 400, message);
  });

  it("a file over the upload limit is 413", () => {
    const noise = randomBytes(1_300_000);
    return refused(small, smallHost, zip({ "big.png": note(noise), "a.md": note("hi") }), 413, "Upload file overload max size");
  });

  it("a zip with no notes", () => refused(t, host, zip({ "photo.png": note(PNG) }), 400, /^Invalid archive: no notes found in it/));

  it("a whole-instance export", () =>
    refused(
      t,
      host,
      zip({ "manifest.json": note(JSON.stringify({ format: "memos-export", version: 1, scope: "instance" })) }),
      400,
      /whole-instance export/,
    ));

  it("a request that is not a form, or has no file field", async () => {
    expectError(
      await host.client.post("/api/import", { file: "x" }),
      400,
      'Malformatted import request: send the archive as multipart/form-data in the field "file"',
    );
    const body = multipartBody("other", "a.zip", "application/zip", markdownFolder());
    expectError(await host.client.post("/api/import", body.payload, { headers: body.headers }), 400, /field "file"/);
  });

  // An archived account's session no longer signs it in (401); the policy refuses it too (import.policy.test.ts).
  it("a visitor and an archived account are 401", async () => {
    expectError(await importArchive(anonymous(t), markdownFolder()), 401);
    const member = await createUser(t, host, "leaving");
    expect((await host.client.patch(`/api/user/${member.user.id}`, { rowStatus: "ARCHIVED" })).status).toBe(200);
    const before = await rowCounts(t, member.user.id);
    expectError(await importArchive(member.client, markdownFolder()), 401, "Missing user in session");
    expect(await rowCounts(t, member.user.id)).toEqual(before);
  });
});
