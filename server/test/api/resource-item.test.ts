// /api/resource/:id: get, rename (PATCH) and delete one resource, the owner's only; others and strangers get 404.
// The list, uploads and external links: resource.test.ts.
import type { Resource } from "@memos/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymous, createMemo, createUser, signUpHost, type TestUser, uploadBlob, uploadResource } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { getRaw } from "../raw.js";

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

describe("GET/PATCH/DELETE /api/resource/:id", () => {
  it("gets the caller's own resource; others and strangers get 404", async () => {
    const resource = await uploadResource(alice, "mine.png");
    const own = await alice.client.get(`/api/resource/${resource.id}`);
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ id: resource.id, filename: "mine.png", type: "image/png" });
    expect((await bob.client.get(`/api/resource/${resource.id}`)).status).toBe(404);
    expect((await host.client.get(`/api/resource/${resource.id}`)).status).toBe(404);
    expect((await alice.client.get("/api/resource/999999")).status).toBe(404);
    expect((await anonymous(t).get(`/api/resource/${resource.id}`)).status).toBe(401);
    const bad = await alice.client.get("/api/resource/abc");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("ID is not a number: abc");
  });

  it("serves the owner's blob at /api/resource/:id/blob and nobody else's", async () => {
    const data = Buffer.from("blob bytes");
    const resource = (await uploadBlob(alice, "file", "b.png", "image/png", data)).body.data as Resource;
    const own = await getRaw(t, alice.client, `/api/resource/${resource.id}/blob`);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(data)).toBe(true);
    expect(own.headers["x-content-type-options"]).toBe("nosniff");
    expect((await bob.client.get(`/api/resource/${resource.id}/blob`)).status).toBe(404);
  });

  it("renames with a valid filename; links with the old name redirect to the new one", async () => {
    const resource = await uploadResource(alice, "old.png");
    const response = await alice.client.patch(`/api/resource/${resource.id}`, { filename: "new name.png" });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ id: resource.id, filename: "new name.png", type: "image/png", size: resource.size });
    expect(response.body.data.updatedTs).toBeGreaterThanOrEqual(resource.updatedTs);
    expect((await alice.client.get(`/api/resource/${resource.id}`)).body.data.filename).toBe("new name.png");
    expect((await alice.client.get(`/o/r/${resource.id}/new%20name.png`)).status).toBe(200);
    const old = await alice.client.get(`/o/r/${resource.id}/old.png?thumbnail=1`);
    expect(old.status).toBe(302);
    expect(old.headers.location).toBe(`/o/r/${resource.id}/new%20name.png?thumbnail=1`);
    const html = await alice.client.get(`/h/r/${resource.id}/any-name`);
    expect([html.status, html.headers.location]).toEqual([302, `/h/r/${resource.id}/new%20name.png`]);
    // Nobody learns the name of a file they may not read: the same 404 as for a missing file.
    const stranger = await bob.client.get(`/o/r/${resource.id}/old.png`);
    expect([stranger.status, stranger.headers.location]).toEqual([404, undefined]);
    expect((await bob.client.get(`/o/r/999999/old.png`)).status).toBe(404);
  });

  it("a memo's inline image keeps working after its file is renamed (public memo, visitor)", async () => {
    const resource = await uploadResource(alice, "photo.png");
    await alice.client.post("/api/memo", {
      content: `![](/o/r/${resource.id}/photo.png)`,
      visibility: "PUBLIC",
      resourceIdList: [resource.id],
    });
    await alice.client.patch(`/api/resource/${resource.id}`, { filename: "holiday.png" });
    const visitor = anonymous(t);
    const first = await visitor.get(`/o/r/${resource.id}/photo.png`);
    expect(first.status).toBe(302);
    const followed = await visitor.get(String(first.headers.location));
    expect(followed.status).toBe(200);
    expect(followed.headers["content-type"]).toBe("image/png");
  });

  it("moves updatedTs forward on rename", async () => {
    const resource = await uploadResource(alice, "dated.png");
    await t.ctx.store.db.updateTable("resource").set({ updated_ts: 1000 }).where("id", "=", resource.id).execute();
    const response = await alice.client.patch(`/api/resource/${resource.id}`, { filename: "dated2.png" });
    expect(response.body.data.updatedTs).toBeGreaterThan(1000);
  });

  it.each([
    [""],
    ["../x.png"],
    [".hidden"],
    ["-dash"],
    ["+plus"],
    ["a/b"],
    ["a\\b"],
    ["mail@x"],
    ["100%"],
    ["x(1)"],
    ["[x]"],
    ["tag#1"],
    ["a".repeat(128)],
    ["line\nbreak"],
    ["\u202egnp.exe"],
    ["a\u200bb.png"],
    ["\u2066x\u2069.png"],
  ])("refuses the filename %j with 400 Invalid filename.", async (filename) => {
    const resource = await uploadResource(alice, "keep.png");
    const response = await alice.client.patch(`/api/resource/${resource.id}`, { filename });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: "code=400, message=Invalid filename.",
      message: "Invalid filename.",
      reason: "resource.invalid-filename",
      field: "filename",
    });
    expect((await alice.client.get(`/api/resource/${resource.id}`)).body.data.filename).toBe("keep.png");
  });

  it("accepts a 127-character name and ignores server-only keys", async () => {
    const resource = await uploadResource(alice, "short.png");
    const name = "a".repeat(127);
    const response = await alice.client.patch(`/api/resource/${resource.id}`, {
      filename: name,
      size: 1,
      creatorId: bob.user.id,
      type: "text/html",
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ filename: name, size: resource.size, creatorId: alice.user.id, type: "image/png" });
  });

  it("refuses a non-string filename with 400", async () => {
    const resource = await uploadResource(alice, "k.png");
    const response = await alice.client.patch(`/api/resource/${resource.id}`, { filename: 42 });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^Malformatted patch resource request/);
  });

  it("lets only the owner rename; others get 404 and nothing changes", async () => {
    const resource = await uploadResource(alice, "alices.png");
    const response = await bob.client.patch(`/api/resource/${resource.id}`, { filename: "stolen.png" });
    expect(response.status).toBe(404);
    expect((await alice.client.get(`/api/resource/${resource.id}`)).body.data.filename).toBe("alices.png");
    expect((await alice.client.patch("/api/resource/999999", { filename: "x.png" })).status).toBe(404);
    expect((await anonymous(t).patch(`/api/resource/${resource.id}`, { filename: "x.png" })).status).toBe(401);
  });

  it("deletes the owner's resource and its memo links, keeping the memos", async () => {
    const resource = await uploadResource(alice, "gone.png");
    const memo = await createMemo(alice, "with file", "PUBLIC", { resourceIdList: [resource.id] });
    expect((await alice.client.get(`/api/memo/${memo.id}`)).body.data.resourceList).toHaveLength(1);

    expect((await bob.client.delete(`/api/resource/${resource.id}`)).status).toBe(404);
    expect((await alice.client.get(`/api/resource/${resource.id}`)).status).toBe(200);

    const response = await alice.client.delete(`/api/resource/${resource.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toBe(true);
    expect((await alice.client.get(`/api/resource/${resource.id}`)).status).toBe(404);
    expect((await alice.client.get(`/o/r/${resource.id}/gone.png`)).status).toBe(404);
    const after = await alice.client.get(`/api/memo/${memo.id}`);
    expect(after.status).toBe(200);
    expect(after.body.data.resourceList).toEqual([]);
    const links = await t.ctx.store.db.selectFrom("memo_resource").selectAll().where("resource_id", "=", resource.id).execute();
    expect(links).toEqual([]);
    expect((await alice.client.delete(`/api/resource/${resource.id}`)).status).toBe(404);
    expect((await alice.client.delete("/api/resource/abc")).status).toBe(400);
  });
});
