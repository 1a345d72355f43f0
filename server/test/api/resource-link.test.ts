// /api/memo/:id/resource: linking a resource to a memo, listing a memo's resources, unlinking.
import type { Resource } from "@memos/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymous, createMemo, createUser, signUpHost, type TestUser, uploadResource } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";

describe("memo resource links", () => {
  let t: TestApp;
  let host: TestUser;
  let alice: TestUser;
  let bobby: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
    alice = await createUser(t, host, "alice");
    bobby = await createUser(t, host, "bobby");
  });
  afterAll(() => t.close());

  const linkCount = async (resourceId: number) =>
    (await t.ctx.store.db.selectFrom("memo_resource").select("memo_id").where("resource_id", "=", resourceId).execute()).length;

  it("links with {resourceId}, answers the resource, and the memo then carries it", async () => {
    const memo = await createMemo(alice, "to attach", "PUBLIC");
    const resource = await uploadResource(alice, "a.png");
    const response = await alice.client.post(`/api/memo/${memo.id}/resource`, { resourceId: resource.id });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ id: resource.id, filename: "a.png", creatorId: alice.user.id, linkedMemoAmount: 0 });
    const fetched = await alice.client.get(`/api/memo/${memo.id}`);
    expect(fetched.body.data.resourceList.map((r: Resource) => r.id)).toEqual([resource.id]);
    const list = await alice.client.get("/api/resource");
    expect(list.body.data.find((r: Resource) => r.id === resource.id).linkedMemoAmount).toBe(1);
  });

  it.each([["resourceID"], ["ResourceId"], ["resourceid"]])("accepts the wire's alternate key %s", async (key) => {
    const memo = await createMemo(alice, "alt key", "PRIVATE");
    const resource = await uploadResource(alice, "alt.png");
    const response = await alice.client.post(`/api/memo/${memo.id}/resource`, { [key]: resource.id });
    expect(response.status).toBe(200);
    expect(response.body.data.id).toBe(resource.id);
    expect(await linkCount(resource.id)).toBe(1);
  });

  it("links the same resource twice without a duplicate", async () => {
    const memo = await createMemo(alice, "twice", "PRIVATE");
    const resource = await uploadResource(alice, "twice.png");
    expect((await alice.client.post(`/api/memo/${memo.id}/resource`, { resourceId: resource.id })).status).toBe(200);
    expect((await alice.client.post(`/api/memo/${memo.id}/resource`, { resourceId: resource.id })).status).toBe(200);
    expect(await linkCount(resource.id)).toBe(1);
  });

  it.each([
    ["no body", undefined],
    ["a missing id", {}],
    ["a string id", { resourceId: "1" }],
    ["a negative id", { resourceId: -1 }],
    ["a fractional id", { resourceId: 1.5 }],
  ])("refuses %s with 400", async (_label, body) => {
    const memo = await createMemo(alice, "bad link", "PRIVATE");
    const response = await alice.client.post(`/api/memo/${memo.id}/resource`, body);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^Malformatted post memo resource request/);
  });

  it("refuses someone else's resource (403) and an unknown one (404), writing nothing", async () => {
    const memo = await createMemo(alice, "mine", "PRIVATE");
    const foreign = await uploadResource(bobby, "bobs.png");
    const refused = await alice.client.post(`/api/memo/${memo.id}/resource`, { resourceId: foreign.id });
    expect(refused.status).toBe(403);
    expect(await linkCount(foreign.id)).toBe(0);
    const unknown = await alice.client.post(`/api/memo/${memo.id}/resource`, { resourceId: 999999 });
    expect(unknown.status).toBe(404);
  });

  it("refuses linking to a memo that is not the caller's, and needs a user", async () => {
    const bobbysMemo = await createMemo(bobby, "bobby's public memo", "PUBLIC");
    const resource = await uploadResource(alice, "mine.png");
    const response = await alice.client.post(`/api/memo/${bobbysMemo.id}/resource`, { resourceId: resource.id });
    expect(response.status).toBe(403);
    expect(await linkCount(resource.id)).toBe(0);
    expect((await alice.client.post("/api/memo/999999/resource", { resourceId: resource.id })).status).toBe(404);
    expect((await alice.client.post("/api/memo/abc/resource", { resourceId: resource.id })).status).toBe(400);
    expect((await anonymous(t).post(`/api/memo/${bobbysMemo.id}/resource`, { resourceId: resource.id })).status).toBe(401);
  });

  it("lists a memo's resources, id descending, to whoever may read the memo", async () => {
    const memo = await createMemo(alice, "three files", "PUBLIC");
    const first = await uploadResource(alice, "1.png");
    const second = await uploadResource(alice, "2.png");
    const third = await uploadResource(alice, "3.png");
    for (const resource of [second, first, third]) {
      await alice.client.post(`/api/memo/${memo.id}/resource`, { resourceId: resource.id });
    }
    const own = await alice.client.get(`/api/memo/${memo.id}/resource`);
    expect(own.status).toBe(200);
    expect(own.body.data.map((r: Resource) => r.id)).toEqual([third.id, second.id, first.id]);
    expect(own.body.data[0]).toMatchObject({ filename: "3.png", type: "image/png", createdTs: third.createdTs });
    const visitor = await anonymous(t).get(`/api/memo/${memo.id}/resource`);
    expect(visitor.status).toBe(200);
    expect(visitor.body.data).toHaveLength(3);
    expect((await alice.client.get("/api/memo/999999/resource")).status).toBe(404);
    expect((await alice.client.get(`/api/memo/${(await createMemo(alice, "none", "PUBLIC")).id}/resource`)).body.data).toEqual([]);
  });

  it("hides a private memo's resources from others", async () => {
    const memo = await createMemo(alice, "private files", "PRIVATE");
    const resource = await uploadResource(alice, "p.png");
    await alice.client.post(`/api/memo/${memo.id}/resource`, { resourceId: resource.id });
    expect((await alice.client.get(`/api/memo/${memo.id}/resource`)).body.data).toHaveLength(1);
    const other = await bobby.client.get(`/api/memo/${memo.id}/resource`);
    expect([403, 404]).toContain(other.status);
    expect(other.body.data).toBeUndefined();
    const visitor = await anonymous(t).get(`/api/memo/${memo.id}/resource`);
    expect([401, 403, 404]).toContain(visitor.status);
    expect(visitor.body.data).toBeUndefined();
  });

  it("unlinks, keeping the resource; an absent link is 404", async () => {
    const memo = await createMemo(alice, "unlink me", "PRIVATE");
    const resource = await uploadResource(alice, "u.png");
    await alice.client.post(`/api/memo/${memo.id}/resource`, { resourceId: resource.id });

    expect((await bobby.client.delete(`/api/memo/${memo.id}/resource/${resource.id}`)).status).not.toBe(200);
    expect(await linkCount(resource.id)).toBe(1);

    const response = await alice.client.delete(`/api/memo/${memo.id}/resource/${resource.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toBe(true);
    expect(await linkCount(resource.id)).toBe(0);
    expect((await alice.client.get(`/api/resource/${resource.id}`)).status).toBe(200);
    expect((await alice.client.get(`/api/memo/${memo.id}`)).body.data.resourceList).toEqual([]);

    const again = await alice.client.delete(`/api/memo/${memo.id}/resource/${resource.id}`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBeTruthy();
    expect((await alice.client.delete(`/api/memo/999999/resource/${resource.id}`)).status).toBe(404);
    const badMemo = await alice.client.delete(`/api/memo/x/resource/${resource.id}`);
    expect(badMemo.status).toBe(400);
    expect(badMemo.body.message).toBe("Memo ID is not a number: x");
    const badResource = await alice.client.delete(`/api/memo/${memo.id}/resource/y`);
    expect(badResource.status).toBe(400);
    expect(badResource.body.message).toBe("Resource ID is not a number: y");
  });

  it("a memo in the trash keeps its files linked (not unused); deleted forever, its links go and the resource stays", async () => {
    const memo = await createMemo(alice, "to delete", "PRIVATE");
    const resource = await uploadResource(alice, "kept.png");
    await alice.client.post(`/api/memo/${memo.id}/resource`, { resourceId: resource.id });
    expect((await alice.client.delete(`/api/memo/${memo.id}`)).status).toBe(200);
    expect(await linkCount(resource.id)).toBe(1);
    const inTrash = await alice.client.get("/api/resource");
    expect(inTrash.body.data.find((r: Resource) => r.id === resource.id)).toMatchObject({ linkedMemoAmount: 1 });
    expect((await alice.client.delete(`/api/trash/${memo.id}`)).status).toBe(200);
    expect(await linkCount(resource.id)).toBe(0);
    const list = await alice.client.get("/api/resource");
    expect(list.body.data.find((r: Resource) => r.id === resource.id)).toMatchObject({ linkedMemoAmount: 0 });
  });
});
