// /o/r/:id/:filename and /h/r/…: who may read a file, how it is served (never as an active document), byte ranges,
// validators; the same for a blob and for a file under <data>/assets.
import type { Resource } from "@memos/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemo, createUser, signUpHost, type TestUser, uploadResource } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { getRaw } from "../raw.js";

const SANDBOX_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

const fileUrl = (resource: Resource, prefix = "/o/r") => `${prefix}/${resource.id}/${encodeURIComponent(resource.filename)}`;

// Every rule holds the same for a blob and for a file on disk (`--storage local`).
describe.each(["db", "local"] as const)("resource files (--storage %s)", (storage) => {
  let t: TestApp;
  let host: TestUser;
  let alice: TestUser;
  let bobby: TestUser;
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8]);

  beforeAll(async () => {
    t = await createTestApp({ storage });
    host = await signUpHost(t);
    alice = await createUser(t, host, "alice");
    bobby = await createUser(t, host, "bobby");
  });
  afterAll(() => t.close());

  describe.each(["/o/r", "/h/r"])("%s", (prefix) => {
    it("serves an image inline with its stored type, byte for byte, with the safety headers", async () => {
      const resource = await uploadResource(alice, "pic.png", "image/png", png);
      const response = await getRaw(t, alice.client, fileUrl(resource, prefix));
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("image/png");
      expect(String(response.headers["content-disposition"])).toMatch(/^inline;/);
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["content-security-policy"]).toBe(SANDBOX_CSP);
      expect(response.rawPayload.equals(png)).toBe(true);
    });

    it("serves an uploaded SVG as a sandboxed download, never as a document", async () => {
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
      const resource = await uploadResource(alice, "evil.svg", "image/svg+xml", svg);
      const response = await getRaw(t, alice.client, fileUrl(resource, prefix));
      expect(response.statusCode).toBe(200);
      expect(String(response.headers["content-disposition"])).toMatch(/^attachment;/);
      expect(response.headers["content-security-policy"]).toBe(SANDBOX_CSP);
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(String(response.headers["content-type"])).not.toMatch(/html/);
      expect(response.rawPayload.equals(svg)).toBe(true);
    });

    it.each([
      ["page.html", "text/html"],
      ["page.xhtml", "application/xhtml+xml"],
      ["data.json", "application/json"],
      ["script.js", "text/javascript"],
      ["feed.xml", "application/xml"],
      ["picture.tiff", "image/tiff"],
      ["weird.png", "image/png; charset=utf-8"],
      ["fake.png", "image/png\r\nX-Injected: 1"],
      ["none", ""],
    ])("serves %s (%j) as an application/octet-stream attachment", async (filename, type) => {
      const data = Buffer.from("<html><body><script>alert(1)</script></body></html>");
      const resource = await uploadResource(alice, filename, "application/x-unknown", data);
      // Types a client could not send through a form are planted directly, as an old database might hold them.
      await t.ctx.store.db.updateTable("resource").set({ type }).where("id", "=", resource.id).execute();
      const response = await getRaw(t, alice.client, fileUrl(resource, prefix));
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("application/octet-stream");
      expect(String(response.headers["content-disposition"])).toMatch(/^attachment;/);
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["content-security-policy"]).toBe(SANDBOX_CSP);
      expect(response.rawPayload.equals(data)).toBe(true);
    });

    it.each([
      ["photo.jpg", "image/jpeg", "image/jpeg"],
      ["photo.webp", "image/webp", "image/webp"],
      ["anim.gif", "image/gif", "image/gif"],
      ["photo.avif", "image/avif", "image/avif"],
      ["favicon.ico", "image/x-icon", "image/x-icon"],
      ["song.mp3", "audio/mpeg", "audio/mpeg"],
      ["clip.mp4", "video/mp4", "video/mp4"],
      ["paper.pdf", "application/pdf", "application/pdf"],
      ["notes.txt", "text/plain", "text/plain; charset=utf-8"],
    ])("serves %s (%s) inline, as %s", async (filename, type, served) => {
      const data = Buffer.from("<html><body><script>alert(1)</script></body></html>");
      const resource = await uploadResource(alice, filename, type, data);
      const response = await getRaw(t, alice.client, fileUrl(resource, prefix));
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe(served);
      expect(String(response.headers["content-disposition"])).toMatch(/^inline;/);
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["content-security-policy"]).toBe(SANDBOX_CSP);
      expect(response.rawPayload.equals(data)).toBe(true);
    });

    it.each([
      ["evil.xml", "image/foo+xml"],
      ["evil.svg", "image/svg"],
      ["evil.video", "video/x-foo+xml"],
      ["evil.audio", "audio/x-foo+xml"],
    ])("serves %s (%s), an XML document, as an application/octet-stream attachment", async (filename, type) => {
      const xml = Buffer.from('<x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(document.cookie)</x:script>');
      const resource = await uploadResource(alice, filename, type, xml);
      const response = await getRaw(t, alice.client, fileUrl(resource, prefix));
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("application/octet-stream");
      expect(String(response.headers["content-disposition"])).toMatch(/^attachment;/);
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["content-security-policy"]).toBe(SANDBOX_CSP);
    });

    it("sends nosniff with its errors too", async () => {
      const resource = await uploadResource(alice, "private.png", "image/png", png);
      for (const response of [
        await getRaw(t, bobby.client, fileUrl(resource, prefix)),
        await getRaw(t, alice.client, `${prefix}/999999/wrong.png`),
        await getRaw(t, alice.client, `${prefix}/abc/wrong.png`),
      ]) {
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.headers["x-content-type-options"]).toBe("nosniff");
      }
    });

    it("redirects a wrong filename to the file's name, answers 404 for an unknown id and 400 for a bad id", async () => {
      const resource = await uploadResource(alice, "right.png", "image/png", png);
      for (const name of ["wrong.png", "RIGHT.png"]) {
        const moved = await getRaw(t, alice.client, `${prefix}/${resource.id}/${name}`);
        expect([moved.statusCode, moved.headers.location]).toEqual([302, `${prefix}/${resource.id}/right.png`]);
      }
      expect((await getRaw(t, alice.client, `${prefix}/999999/right.png`)).statusCode).toBe(404);
      expect((await getRaw(t, alice.client, `${prefix}/abc/right.png`)).statusCode).toBe(400);
    });
  });

  it("GET /api/resource/:id/blob serves by the same rule", async () => {
    const xml = await uploadResource(alice, "evil.xml", "image/foo+xml", Buffer.from("<x/>"));
    const xmlAnswer = await getRaw(t, alice.client, `/api/resource/${xml.id}/blob`);
    expect(xmlAnswer.headers["content-type"]).toBe("application/octet-stream");
    expect(String(xmlAnswer.headers["content-disposition"])).toMatch(/^attachment;/);
    expect(xmlAnswer.headers["x-content-type-options"]).toBe("nosniff");
    const image = await uploadResource(alice, "shown.png", "image/png", png);
    const imageAnswer = await getRaw(t, alice.client, `/api/resource/${image.id}/blob`);
    expect(imageAnswer.headers["content-type"]).toBe("image/png");
    expect(String(imageAnswer.headers["content-disposition"])).toMatch(/^inline;/);
    const missing = await getRaw(t, bobby.client, `/api/resource/${image.id}/blob`);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("puts a non-ASCII or quote-bearing filename safely into Content-Disposition", async () => {
    const uploaded = await uploadResource(alice, "plain.png", "image/png", png);
    const renamed = await alice.client.patch(`/api/resource/${uploaded.id}`, { filename: '日本 "q".png' });
    expect(renamed.status).toBe(200);
    const resource = renamed.body.data as Resource;
    const response = await getRaw(t, alice.client, fileUrl(resource));
    expect(response.statusCode).toBe(200);
    const disposition = String(response.headers["content-disposition"]);
    expect(disposition).toMatch(/^inline; filename="[\x20-\x7e]*"; filename\*=UTF-8''/);
    expect(disposition).not.toMatch(/"q"/);
    expect(disposition).toContain(encodeURIComponent('日本 "q".png'));
  });

  it("finds a name with spaces whether the client sent %20 or + (the v0 decoding)", async () => {
    const resource = await uploadResource(alice, "two words.png", "image/png", png);
    expect((await getRaw(t, alice.client, `/o/r/${resource.id}/two%20words.png`)).statusCode).toBe(200);
    expect((await getRaw(t, alice.client, `/o/r/${resource.id}/two+words.png`)).statusCode).toBe(200);
    const plus = await uploadResource(alice, "c+d.png", "image/png", png);
    expect((await getRaw(t, alice.client, `/o/r/${plus.id}/c+d.png`)).statusCode).toBe(200);
  });

  describe("who may read a file", () => {
    it("an unlinked file is its owner's alone", async () => {
      const resource = await uploadResource(alice, "secret.png", "image/png", png);
      expect((await getRaw(t, alice.client, fileUrl(resource))).statusCode).toBe(200);
      expect((await getRaw(t, bobby.client, fileUrl(resource))).statusCode).toBe(404);
      expect((await getRaw(t, host.client, fileUrl(resource))).statusCode).toBe(404);
      expect((await getRaw(t, null, fileUrl(resource))).statusCode).toBe(404);
    });

    it("a file linked to a memo is readable by whoever may read that memo", async () => {
      const open = await uploadResource(alice, "open.png", "image/png", png);
      const members = await uploadResource(alice, "members.png", "image/png", png);
      const closed = await uploadResource(alice, "closed.png", "image/png", png);
      await createMemo(alice, "public", "PUBLIC", { resourceIdList: [open.id] });
      await createMemo(alice, "protected", "PROTECTED", { resourceIdList: [members.id] });
      await createMemo(alice, "private", "PRIVATE", { resourceIdList: [closed.id] });

      expect((await getRaw(t, null, fileUrl(open))).statusCode).toBe(200);
      expect((await getRaw(t, bobby.client, fileUrl(open))).statusCode).toBe(200);
      expect((await getRaw(t, null, fileUrl(members))).statusCode).toBe(404);
      expect((await getRaw(t, bobby.client, fileUrl(members))).statusCode).toBe(200);
      expect((await getRaw(t, bobby.client, fileUrl(closed))).statusCode).toBe(404);
      expect((await getRaw(t, alice.client, fileUrl(closed))).statusCode).toBe(200);
    });

    it("archiving the only public memo hides the file again", async () => {
      const resource = await uploadResource(alice, "was-public.png", "image/png", png);
      const memo = await createMemo(alice, "soon archived", "PUBLIC", { resourceIdList: [resource.id] });
      expect((await getRaw(t, null, fileUrl(resource))).statusCode).toBe(200);
      await alice.client.patch(`/api/memo/${memo.id}`, { rowStatus: "ARCHIVED" });
      expect((await getRaw(t, null, fileUrl(resource))).statusCode).toBe(404);
      expect((await getRaw(t, alice.client, fileUrl(resource))).statusCode).toBe(200);
    });
  });

  describe("byte ranges", () => {
    const audio = Buffer.from(Array.from({ length: 100 }, (_, i) => i));
    let resource: Resource;
    beforeAll(async () => {
      resource = await uploadResource(alice, "clip.mp3", "audio/mpeg", audio);
    });

    it("serves the whole file with Accept-Ranges", async () => {
      const response = await getRaw(t, alice.client, fileUrl(resource));
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("audio/mpeg");
      expect(response.headers["accept-ranges"]).toBe("bytes");
      expect(response.rawPayload.equals(audio)).toBe(true);
    });

    it.each([
      ["bytes=0-9", 0, 9],
      ["bytes=90-", 90, 99],
      ["bytes=-5", 95, 99],
      ["bytes=50-1000", 50, 99],
    ])("answers %s with 206 and the matching Content-Range", async (range, start, end) => {
      const response = await getRaw(t, alice.client, fileUrl(resource), { range });
      expect(response.statusCode).toBe(206);
      expect(response.headers["content-range"]).toBe(`bytes ${start}-${end}/100`);
      expect(response.rawPayload.equals(audio.subarray(start, end + 1))).toBe(true);
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["content-security-policy"]).toBe(SANDBOX_CSP);
    });

    it.each([["bytes=100-"], ["bytes=200-300"], ["bytes=9-3"], ["bytes=-0"]])("answers the unsatisfiable %s with 416", async (range) => {
      const response = await getRaw(t, alice.client, fileUrl(resource), { range });
      expect(response.statusCode).toBe(416);
      expect(response.headers["content-range"]).toBe("bytes */100");
    });

    it.each([["bytes=abc"], ["items=0-1"], ["bytes=0-1,5-6"]])(
      "ignores the range it does not serve (%s) and sends the whole file",
      async (range) => {
        const response = await getRaw(t, alice.client, fileUrl(resource), { range });
        expect(response.statusCode).toBe(200);
        expect(response.rawPayload.equals(audio)).toBe(true);
      },
    );

    it("honours If-Range: the same ETag gets the range, another the whole file", async () => {
      const etag = String((await getRaw(t, alice.client, fileUrl(resource))).headers.etag);
      const same = await getRaw(t, alice.client, fileUrl(resource), { range: "bytes=10-19", "if-range": etag });
      expect(same.statusCode).toBe(206);
      expect(same.rawPayload.equals(audio.subarray(10, 20))).toBe(true);
      const stale = await getRaw(t, alice.client, fileUrl(resource), { range: "bytes=10-19", "if-range": '"r0-0-0"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.rawPayload.equals(audio)).toBe(true);
    });
  });

  describe("validators and caching", () => {
    it("sends an ETag, Last-Modified, Content-Length and a private immutable Cache-Control", async () => {
      const resource = await uploadResource(alice, "cached.png", "image/png", png);
      const response = await getRaw(t, alice.client, fileUrl(resource));
      expect(response.headers.etag).toBe(`"r${resource.id}-${resource.createdTs}-${png.length}"`);
      expect(response.headers["last-modified"]).toBe(new Date(resource.createdTs * 1000).toUTCString());
      expect(response.headers["content-length"]).toBe(String(png.length));
      expect(response.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
    });

    it("answers 304 to a current If-None-Match or If-Modified-Since, and the file to a stale one", async () => {
      const resource = await uploadResource(alice, "revalidated.png", "image/png", png);
      const first = await getRaw(t, alice.client, fileUrl(resource));
      const etag = String(first.headers.etag);
      const byTag = await getRaw(t, alice.client, fileUrl(resource), { "if-none-match": etag });
      expect(byTag.statusCode).toBe(304);
      expect(byTag.rawPayload.length).toBe(0);
      expect((await getRaw(t, alice.client, fileUrl(resource), { "if-none-match": `"other", ${etag}` })).statusCode).toBe(304);
      expect(
        (await getRaw(t, alice.client, fileUrl(resource), { "if-modified-since": String(first.headers["last-modified"]) })).statusCode,
      ).toBe(304);
      const stale = await getRaw(t, alice.client, fileUrl(resource), { "if-none-match": '"r0-0-0"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.rawPayload.equals(png)).toBe(true);
      const older = new Date((resource.createdTs - 3600) * 1000).toUTCString();
      expect((await getRaw(t, alice.client, fileUrl(resource), { "if-modified-since": older })).statusCode).toBe(200);
    });

    it("checks access before any validator: a stranger's If-None-Match still gets 404", async () => {
      const resource = await uploadResource(alice, "guarded.png", "image/png", png);
      const etag = String((await getRaw(t, alice.client, fileUrl(resource))).headers.etag);
      expect((await getRaw(t, bobby.client, fileUrl(resource), { "if-none-match": etag })).statusCode).toBe(404);
    });

    it("answers HEAD with the headers and no body", async () => {
      const resource = await uploadResource(alice, "head.png", "image/png", png);
      const response = await t.app.inject({ method: "HEAD", url: fileUrl(resource), headers: { cookie: alice.client.cookie! } });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-length"]).toBe(String(png.length));
      expect(response.rawPayload.length).toBe(0);
    });
  });
});
