// /api/resource: the owner's list, external links, uploads (limits, bad bodies, hostile names); one resource (get,
// rename, delete): resource-item.test.ts.
import type { Resource } from "@memos/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymous, createMemo, createUser, multipartBody, signUpHost, type TestUser, uploadBlob, uploadResource } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { getRaw } from "../raw.js";

const RESOURCE_KEYS = ["id", "creatorId", "createdTs", "updatedTs", "filename", "externalLink", "type", "size", "linkedMemoAmount"];

describe("resources", () => {
  let t: TestApp;
  let host: TestUser;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
    alice = await createUser(t, host, "alice");
    bob = await createUser(t, host, "bobby");
  });
  afterAll(() => t.close());

  describe("GET /api/resource", () => {
    it("lists only the caller's resources, id descending, with their linked memo count", async () => {
      const first = await uploadResource(alice, "one.png");
      const second = await uploadResource(alice, "two.png");
      const third = await uploadResource(alice, "three.png");
      await uploadResource(bob, "bobs.png");
      await createMemo(alice, "uses two", "PRIVATE", { resourceIdList: [second.id] });
      await createMemo(alice, "uses two and three", "PUBLIC", { resourceIdList: [second.id, third.id] });

      const response = await alice.client.get("/api/resource");
      expect(response.status).toBe(200);
      const list = response.body.data as Resource[];
      expect(list.every((r) => r.creatorId === alice.user.id)).toBe(true);
      const mine = list.filter((r) => [first.id, second.id, third.id].includes(r.id));
      expect(mine.map((r) => r.id)).toEqual([third.id, second.id, first.id]);
      expect(mine.map((r) => r.linkedMemoAmount)).toEqual([1, 2, 0]);
      const ids = list.map((r) => r.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(Object.keys(list[0]!)).toEqual(RESOURCE_KEYS);
    });

    it("needs a signed-in caller", async () => {
      const response = await anonymous(t).get("/api/resource");
      expect(response.status).toBe(401);
      expect(response.body).toEqual({
        error: "code=401, message=Missing user in session",
        message: "Missing user in session",
        reason: "auth.unauthenticated",
      });
    });
  });

  describe("POST /api/resource (external link)", () => {
    it("creates a link resource with no type, size or blob", async () => {
      const response = await alice.client.post("/api/resource", { filename: "site", externalLink: "https://example.com/a.png" });
      expect(response.status).toBe(200);
      const resource = response.body.data as Resource;
      expect(resource).toMatchObject({
        creatorId: alice.user.id,
        filename: "site",
        externalLink: "https://example.com/a.png",
        type: "",
        size: 0,
        linkedMemoAmount: 0,
      });
      expect(Object.keys(resource)).toEqual(RESOURCE_KEYS);
      const list = await alice.client.get("/api/resource");
      expect(list.body.data[0].id).toBe(resource.id);
      // There is no file behind a link.
      const file = await alice.client.get(`/o/r/${resource.id}/site`);
      expect(file.status).toBe(404);
    });

    it("ignores server-only keys such as size and creatorId", async () => {
      const response = await alice.client.post("/api/resource", {
        filename: "x",
        externalLink: "https://example.com/x",
        size: 999,
        creatorId: bob.user.id,
        id: 1,
      });
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ creatorId: alice.user.id, size: 0 });
    });

    it.each([
      ["no body", undefined],
      ["a missing externalLink", { filename: "x" }],
      ["a non-string filename", { filename: 12, externalLink: "https://example.com" }],
      ["a javascript: link", { filename: "x", externalLink: "javascript:alert(1)" }],
      ["a relative link", { filename: "x", externalLink: "/etc/passwd" }],
    ])("refuses %s with 400", async (_label, body) => {
      const response = await alice.client.post("/api/resource", body);
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/^Malformatted/);
      expect(response.body.error).toBe(`code=400, message=${response.body.message}`);
    });

    it("needs a signed-in caller", async () => {
      const response = await anonymous(t).post("/api/resource", { filename: "x", externalLink: "https://example.com" });
      expect(response.status).toBe(401);
    });
  });

  describe("POST /api/resource/blob", () => {
    it("stores the part's filename, type and size", async () => {
      const data = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 255]);
      const response = await uploadBlob(alice, "file", "holiday photo.png", "image/png", data);
      expect(response.status).toBe(200);
      const resource = response.body.data as Resource;
      expect(resource).toMatchObject({
        creatorId: alice.user.id,
        filename: "holiday photo.png",
        type: "image/png",
        size: data.length,
        externalLink: "",
        linkedMemoAmount: 0,
      });
      expect(resource.createdTs).toBeGreaterThan(1_600_000_000);
      expect(resource.createdTs).toBeLessThan(10_000_000_000);
      const file = await getRaw(t, alice.client, `/o/r/${resource.id}/${encodeURI(resource.filename)}`);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(data)).toBe(true);
    });

    it("keeps non-ASCII filenames", async () => {
      const response = await uploadBlob(alice, "file", "日本語 ノート.txt", "text/plain", Buffer.from("hi"));
      expect(response.status).toBe(200);
      expect(response.body.data.filename).toBe("日本語 ノート.txt");
    });

    it("accepts a file larger than the JSON body limit but within the upload limit", async () => {
      const data = Buffer.alloc(5 * 1024 * 1024, 7);
      const response = await uploadBlob(alice, "file", "big.bin", "application/octet-stream", data);
      expect(response.status).toBe(200);
      expect(response.body.data.size).toBe(data.length);
    });

    it.each([["../../etc/passwd"], ["..\\..\\windows\\x.png"], ["/abs/path.png"], ["a/../../b.png"]])(
      "never stores the path of %s",
      async (filename) => {
        const response = await uploadBlob(alice, "file", filename, "image/png", Buffer.from("x"));
        if (response.status === 200) {
          const stored = response.body.data.filename as string;
          expect(stored).not.toMatch(/[/\\]/);
          expect(stored).not.toBe("..");
          expect(stored).not.toBe(".");
          expect(stored.length).toBeGreaterThan(0);
        } else {
          expect(response.status).toBe(400);
        }
      },
    );

    it.each([
      [".htaccess", "htaccess"],
      ["...hidden.png", "hidden.png"],
      ["\u202egnp.exe", "gnp.exe"],
      ["in\u2066voice\u2069.pdf", "invoice.pdf"],
      ["zero\u200bwidth.png", "zerowidth.png"],
      ["bell\u0007.png", "bell.png"],
      [`${"long".repeat(75)}.jpeg`, `${"long".repeat(75).slice(0, 122)}.jpeg`],
      [`${"日本".repeat(100)}.txt`, `${"日本".repeat(100).slice(0, 123)}.txt`],
    ])(
      "stores the upload name %j as %j (one file-name rule: no leading dot, no invisible characters, 127 at most)",
      async (filename, expected) => {
        const response = await uploadBlob(alice, "file", filename, "image/png", Buffer.from("x"));
        expect(response.status).toBe(200);
        expect(response.body.data.filename).toBe(expected);
        expect([...expected].length).toBeLessThanOrEqual(127);
        // The stored name is one the rename rule accepts, and serves the file.
        expect((await alice.client.get(`/o/r/${response.body.data.id}/${encodeURIComponent(expected)}`)).status).toBe(200);
        const external = await alice.client.post("/api/resource", { filename, externalLink: "https://example.com/x" });
        expect(external.body.data.filename).toBe(expected);
      },
    );

    it.each([[".."], ["."], ["   "], ["\u202e\u200b"]])("refuses a name that is nothing but %j", async (filename) => {
      const response = await uploadBlob(alice, "file", filename, "image/png", Buffer.from("x"));
      expect(response.status).toBe(400);
    });

    it("refuses a body that is not multipart with 400", async () => {
      const json = await alice.client.post("/api/resource/blob", { file: "abc" });
      expect(json.status).toBe(400);
      expect(json.body.message).toMatch(/^Upload file overload max size/);
      const raw = await alice.client.post("/api/resource/blob", Buffer.from("raw bytes"), {
        headers: { "content-type": "application/octet-stream" },
      });
      expect(raw.status).toBe(400);
      const none = await alice.client.post("/api/resource/blob");
      expect(none.status).toBe(400);
    });

    it("refuses a form without the file field with 400", async () => {
      const wrongField = await uploadBlob(alice, "upload", "a.png", "image/png", Buffer.from("x"));
      expect(wrongField.status).toBe(400);
      expect(wrongField.body.message).toMatch(/file/);
      const boundary = "----memosfieldsonly";
      const payload = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`);
      const fieldsOnly = await alice.client.post("/api/resource/blob", payload, {
        headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      });
      expect(fieldsOnly.status).toBe(400);
      const before = (await alice.client.get("/api/resource")).body.data.length;
      const broken = await alice.client.post("/api/resource/blob", Buffer.from("--nope\r\ngarbage"), {
        headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      });
      expect(broken.status).toBe(400);
      expect((await alice.client.get("/api/resource")).body.data.length).toBe(before);
    });

    it("needs a signed-in caller", async () => {
      const body = multipartBody("file", "a.png", "image/png", Buffer.from("x"));
      const response = await anonymous(t).post("/api/resource/blob", body.payload, { headers: body.headers });
      expect(response.status).toBe(401);
    });
  });
});

describe("upload size limit", () => {
  let t: TestApp;
  let host: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ maxUploadMb: 1 });
    host = await signUpHost(t);
  });
  afterAll(() => t.close());

  it("answers 413 Upload file overload max size, stores nothing, and keeps serving", async () => {
    const tooBig = Buffer.alloc(1024 * 1024 + 1, 1);
    const response = await uploadBlob(host, "file", "huge.bin", "application/octet-stream", tooBig);
    expect(response.status).toBe(413);
    expect(response.body).toEqual({
      error: "code=413, message=Upload file overload max size",
      message: "Upload file overload max size",
      reason: "upload.too-large",
    });
    expect((await host.client.get("/api/resource")).body.data).toEqual([]);

    const fits = Buffer.alloc(1024 * 1024, 2);
    const ok = await uploadBlob(host, "file", "fits.bin", "application/octet-stream", fits);
    expect(ok.status).toBe(200);
    expect(ok.body.data.size).toBe(fits.length);
    expect((await host.client.get("/api/ping")).status).toBe(200);
    const list = await host.client.get("/api/resource");
    expect(list.body.data.map((r: Resource) => r.filename)).toEqual(["fits.bin"]);
  });
});
