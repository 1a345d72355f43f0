// The trash through HTTP: a deleted memo leaves every list, count, tag, heat map, feed and export (v0 sees it
// deleted), its files stay used; its author restores it whole or deletes it forever; it is purged after the host's
// days; nobody else reaches it on any credential.
import type { TrashedMemo } from "@memos/common";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CREDENTIAL_KINDS, callerOf } from "../credential-kinds.js";
import { expectError } from "../expect.js";
import { anonymous, createMemo, createUser, signUpHost, type TestUser, uploadResource } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { idsOf } from "../memo-helpers.js";

describe("the trash", () => {
  let t: TestApp;
  let host: TestUser;
  let seq = 0;
  const member = () => createUser(t, host, `trash${++seq}`);
  const trashOf = async (owner: TestUser, query = "") => {
    const response = await owner.client.get(`/api/trash${query}`);
    expect(response.status, response.text).toBe(200);
    return response.body.data as { memos: TrashedMemo[]; total: number; next: string | null };
  };

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
  });
  afterAll(() => t.close());

  it("takes a deleted memo out of everything that reads memos, and v0 answers 404 for it", async () => {
    const owner = await member();
    const kept = await createMemo(owner, "stays #topic", "PUBLIC");
    const gone = await createMemo(owner, "goes #topic #only-here", "PUBLIC");
    await owner.client.post(`/api/memo/${gone.id}/organizer`, { pinned: true });
    expect((await owner.client.delete(`/api/memo/${gone.id}`)).status).toBe(200);

    expectError(await owner.client.get(`/api/memo/${gone.id}`), 404);
    expectError(await owner.client.patch(`/api/memo/${gone.id}`, { content: "x" }), 404);
    expectError(await owner.client.delete(`/api/memo/${gone.id}`), 404);
    expect(idsOf(await owner.client.get("/api/memo"))).toEqual([kept.id]);
    expect(idsOf(await owner.client.get("/api/memo", { query: { tag: "topic" } }))).toEqual([kept.id]);
    expect(idsOf(await owner.client.get("/api/memo", { query: { text: "goes" } }))).toEqual([]);
    expect(idsOf(await anonymous(t).get("/api/memo/all"))).not.toContain(gone.id);
    expect((await owner.client.get("/api/memo/amount")).body.data).toBe(1);
    expect((await owner.client.get(`/api/memo/stats?creatorId=${owner.user.id}`)).body.data).toHaveLength(1);
    expect((await owner.client.get("/api/memo/count", { query: { text: "goes" } })).body.data).toEqual({ count: 0, more: false });
    const counts = (await owner.client.get("/api/tag/count")).body.data as { name: string; count: number }[];
    expect(counts.find((c) => c.name === "topic")?.count).toBe(1);
    expect(counts.find((c) => c.name === "only-here")?.count ?? 0).toBe(0);
    expect((await owner.client.get("/api/tag/suggestion")).body.data).not.toContain("only-here");
    const feed = await t.app.inject({ method: "GET", url: `/u/${owner.user.id}/rss.xml` });
    expect(feed.body).toContain("stays");
    expect(feed.body).not.toContain("goes");
    const archive = await t.app.inject({ method: "GET", url: "/api/export", headers: { cookie: owner.client.cookie! } });
    const files = unzipSync(new Uint8Array(archive.rawPayload));
    const text = Object.values(files)
      .map((bytes) => strFromU8(bytes))
      .join("\n");
    expect(text).toContain("stays");
    expect(text).not.toContain("goes #topic");
  });

  it("lists the trash newest first with when it will be purged, restores a memo whole, and deletes forever", async () => {
    const owner = await member();
    const file = await uploadResource(owner, "kept.png");
    const a = await createMemo(owner, "alpha #tag-a", "PROTECTED", { resourceIdList: [file.id] });
    const b = await createMemo(owner, "beta");
    await owner.client.post(`/api/memo/${a.id}/organizer`, { pinned: true });
    await owner.client.patch(`/api/memo/${a.id}`, { content: "alpha edited #tag-a" });
    await owner.client.delete(`/api/memo/${a.id}`);
    await owner.client.delete(`/api/memo/${b.id}`);
    const trash = await trashOf(owner);
    expect(trash.total).toBe(2);
    expect(trash.memos.map((m) => m.id).sort()).toEqual([a.id, b.id].sort());
    const trashedA = trash.memos.find((m) => m.id === a.id)!;
    expect(trashedA).toMatchObject({ content: "alpha edited #tag-a", visibility: "PROTECTED", resourceList: [{ id: file.id }] });
    expect(trashedA.purgeTs - trashedA.trashedTs).toBe(30 * 86_400);
    // Its file is still used, so "clear unused" leaves it.
    const resources = (await owner.client.get("/api/resource")).body.data as { id: number; linkedMemoAmount: number }[];
    expect(resources.find((r) => r.id === file.id)?.linkedMemoAmount).toBe(1);

    const restored = await owner.client.post(`/api/trash/${a.id}/restore`);
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body.data).toMatchObject({ id: a.id, content: "alpha edited #tag-a", pinned: true, resourceList: [{ id: file.id }] });
    expect(idsOf(await owner.client.get("/api/memo", { query: { tag: "tag-a" } }))).toEqual([a.id]);
    expect((await owner.client.get(`/api/memo/${a.id}/revision`)).body.data.revisions.map((r: { content: string }) => r.content)).toEqual([
      "alpha #tag-a",
    ]);
    expectError(await owner.client.post(`/api/trash/${a.id}/restore`), 404, undefined, { reason: "trash.not-found" });

    expect((await owner.client.delete(`/api/trash/${b.id}`)).status).toBe(200);
    expect((await trashOf(owner)).total).toBe(0);
    expectError(await owner.client.post(`/api/trash/${b.id}/restore`), 404, undefined, { reason: "trash.not-found" });
  });

  it("pages the trash and empties it", async () => {
    const owner = await member();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const memo = await createMemo(owner, `m${i}`);
      await owner.client.delete(`/api/memo/${memo.id}`);
      ids.push(memo.id);
    }
    const first = await trashOf(owner, "?limit=2");
    const second = await trashOf(owner, `?limit=2&cursor=${first.next}`);
    const third = await trashOf(owner, `?limit=2&cursor=${second.next}`);
    expect(third.next).toBeNull();
    expect([...first.memos, ...second.memos, ...third.memos].map((m) => m.id).sort()).toEqual(ids.sort());
    expectError(await owner.client.get("/api/trash?cursor=nope"), 400, /cursor/);
    const emptied = await owner.client.delete("/api/trash");
    expect(emptied.body.data).toEqual({ deleted: 5 });
    expect((await trashOf(owner)).total).toBe(0);
    // A memo deleted right after (the same second, as here) is in the trash, not in the purge under way.
    const later = await createMemo(owner, "later");
    await owner.client.delete(`/api/memo/${later.id}`);
    expect((await trashOf(owner)).memos.map((m) => m.id)).toEqual([later.id]);
    await t.ctx.trash!.settled();
    expect((await trashOf(owner)).memos.map((m) => m.id)).toEqual([later.id]);
    expect(await t.ctx.store.db.selectFrom("memo_trash").select("memo_id").where("memo_id", "in", ids).execute()).toEqual([]);
    expect(await t.ctx.store.db.selectFrom("trash_purge").selectAll().execute()).toEqual([]);
    expect((await owner.client.delete("/api/trash")).body.data).toEqual({ deleted: 1 });
    expect((await owner.client.delete("/api/trash")).body.data).toEqual({ deleted: 0 });
  });

  it("purges what has been in the trash longer than the host's days, with its versions", async () => {
    const owner = await member();
    const memo = await createMemo(owner, "old");
    await owner.client.patch(`/api/memo/${memo.id}`, { content: "older" });
    await owner.client.delete(`/api/memo/${memo.id}`);
    const fresh = await createMemo(owner, "fresh");
    await owner.client.delete(`/api/memo/${fresh.id}`);
    await t.ctx.store.db
      .updateTable("memo_trash")
      .set({ trashed_ts: Math.floor(Date.now() / 1000) - 31 * 86_400 })
      .where("memo_id", "=", memo.id)
      .execute();
    // Left out at once, and restored no more; purged in the background (the read asks the sweeper to run).
    expect((await trashOf(owner)).memos.map((m) => m.id)).toEqual([fresh.id]);
    expectError(await owner.client.post(`/api/trash/${memo.id}/restore`), 404, undefined, { reason: "trash.not-found" });
    await t.ctx.trash!.settled();
    expect(await t.ctx.store.db.selectFrom("memo_trash").select("memo_id").where("memo_id", "=", memo.id).execute()).toEqual([]);
    const versions = await t.ctx.store.db.selectFrom("memo_revision").select("id").where("memo_id", "=", memo.id).execute();
    expect(versions).toEqual([]);
    expectError(await host.client.post("/api/system/setting", { name: "trashRetentionDays", value: "0" }), 400, /trashRetentionDays/);
  });

  it("is its author's alone on every credential; a read token lists but does not restore", async () => {
    const owner = await member();
    const other = await member();
    const memo = await createMemo(owner, "secret", "PUBLIC");
    await owner.client.delete(`/api/memo/${memo.id}`);
    for (const kind of CREDENTIAL_KINDS) {
      const caller = await callerOf(t, owner, kind);
      expect(
        (await caller.get("/api/trash")).body.data.memos.map((m: TrashedMemo) => m.id),
        kind,
      ).toEqual([memo.id]);
    }
    const reader = await callerOf(t, owner, "read token");
    expectError(await reader.post(`/api/trash/${memo.id}/restore`), 403, undefined, { reason: "auth.read-only-token" });
    expectError(await reader.delete(`/api/trash/${memo.id}`), 403, undefined, { reason: "auth.read-only-token" });
    for (const client of [other.client, host.client]) {
      expect((await client.get("/api/trash")).body.data.memos).toEqual([]);
      expectError(await client.post(`/api/trash/${memo.id}/restore`), 404, undefined, { reason: "trash.not-found" });
      expectError(await client.delete(`/api/trash/${memo.id}`), 404, undefined, { reason: "trash.not-found" });
    }
    expect((await other.client.delete("/api/trash")).body.data).toEqual({ deleted: 0 });
    expectError(await anonymous(t).get("/api/trash"), 401);
    expect((await trashOf(owner)).total).toBe(1);
  });

  it("deleting the account purges its trash and versions", async () => {
    const owner = await member();
    const memo = await createMemo(owner, "bye");
    await owner.client.patch(`/api/memo/${memo.id}`, { content: "bye!" });
    await owner.client.delete(`/api/memo/${memo.id}`);
    expect((await host.client.delete(`/api/user/${owner.user.id}`)).status).toBe(200);
    const db = t.ctx.store.db;
    expect(await db.selectFrom("memo_trash").select("memo_id").where("memo_id", "=", memo.id).execute()).toEqual([]);
    expect(await db.selectFrom("memo_revision").select("id").where("memo_id", "=", memo.id).execute()).toEqual([]);
  });
});
