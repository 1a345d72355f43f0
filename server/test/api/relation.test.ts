// GET /api/memo/:memoId/relation: the references between memos, kept from their texts on every write (create, edit,
// history restore, trash and restore, tag rename, bulk edit, import), shown only as far as the viewer may see them.
import type { MemoRelation, RelatedMemo } from "@memos/common";
import { strToU8 } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../client.js";
import { CREDENTIAL_KINDS, callerOf } from "../credential-kinds.js";
import { expectError } from "../expect.js";
import { anonymous, createMemo, createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { importArchive } from "../import-client.js";
import { zip } from "../import-fixtures.js";

describe("links between memos", { timeout: 60_000 }, () => {
  let t: TestApp;
  let host: TestUser;
  let seq = 0;
  const member = () => createUser(t, host, `linker${++seq}`);
  const relation = async (client: Client, memoId: number, query = ""): Promise<MemoRelation> => {
    const response = await client.get(`/api/memo/${memoId}/relation${query}`);
    expect(response.status, response.text).toBe(200);
    return response.body.data;
  };
  const ids = (memos: RelatedMemo[]) => memos.map((memo) => memo.id);

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
  });
  afterAll(() => t.close());

  it("keeps a memo's links and backlinks from its text, as previews, on create and edit", async () => {
    const owner = await member();
    const target = await createMemo(owner, "Trip plan\nsecond line", "PUBLIC");
    const other = await createMemo(owner, "Other");
    const source = await createMemo(owner, `see [the plan](/m/${target.id}) and /m/${other.id}, not \`/m/${other.id}\` /m/999999 /m/0`);
    const fromSource = await relation(owner.client, source.id);
    expect(ids(fromSource.links)).toEqual([target.id, other.id]);
    expect(fromSource.links[0]).toMatchObject({
      id: target.id,
      creatorId: owner.user.id,
      creatorUsername: owner.user.username,
      snippet: "Trip plan\nsecond line",
      visibility: "PUBLIC",
      rowStatus: "NORMAL",
    });
    expect(fromSource.backlinks).toEqual([]);
    expect(ids((await relation(owner.client, target.id)).backlinks)).toEqual([source.id]);

    await owner.client.patch(`/api/memo/${source.id}`, { content: `only /m/${other.id}` });
    expect(ids((await relation(owner.client, source.id)).links)).toEqual([other.id]);
    expect((await relation(owner.client, target.id)).backlinks).toEqual([]);
    // A memo referencing itself is no reference.
    await owner.client.patch(`/api/memo/${source.id}`, { content: `me /m/${source.id}` });
    expect((await relation(owner.client, source.id)).links).toEqual([]);
  });

  it("follows a history restore, the trash and a purge", async () => {
    const owner = await member();
    const target = await createMemo(owner, "target");
    const source = await createMemo(owner, `to /m/${target.id}`);
    await owner.client.patch(`/api/memo/${source.id}`, { content: "no link" });
    const revisions = (await owner.client.get(`/api/memo/${source.id}/revision`)).body.data.revisions as { id: number }[];
    expect((await owner.client.post(`/api/memo/${source.id}/revision/${revisions[0]!.id}/restore`)).status).toBe(200);
    expect(ids((await relation(owner.client, target.id)).backlinks)).toEqual([source.id]);

    // A memo in the trash keeps its rows, but is never shown; restored, it is back.
    await owner.client.delete(`/api/memo/${source.id}`);
    expect((await relation(owner.client, target.id)).backlinks).toEqual([]);
    await owner.client.post(`/api/trash/${source.id}/restore`);
    expect(ids((await relation(owner.client, target.id)).backlinks)).toEqual([source.id]);
    await owner.client.delete(`/api/memo/${target.id}`);
    expect((await relation(owner.client, source.id)).links).toEqual([]);
    await owner.client.post(`/api/trash/${target.id}/restore`);
    expect(ids((await relation(owner.client, source.id)).links)).toEqual([target.id]);

    // A purge removes them both ways.
    await owner.client.delete(`/api/memo/${target.id}`);
    expect((await owner.client.delete(`/api/trash/${target.id}`)).status).toBe(200);
    const left = await t.ctx.store.db.selectFrom("memo_relation").selectAll().where("related_memo_id", "=", target.id).execute();
    expect(left).toEqual([]);
  });

  it("follows a tag rename and a bulk edit, which rewrite texts", async () => {
    const owner = await member();
    const target = await createMemo(owner, "target");
    const source = await createMemo(owner, `#old /m/${target.id}`);
    expect((await owner.client.post("/api/tag/rename", { from: "old", to: "new" })).status).toBe(200);
    expect(ids((await relation(owner.client, target.id)).backlinks)).toEqual([source.id]);
    const batch = await owner.client.post("/api/memo/batch", { ids: [source.id], action: "removeTags", tags: ["new"] });
    expect(batch.status, batch.text).toBe(200);
    expect(ids((await relation(owner.client, source.id)).links)).toEqual([target.id]);
  });

  it("shows others and visitors only the memos they may read, not even counted", async () => {
    const owner = await member();
    const reader = await member();
    const target = await createMemo(owner, "public target", "PUBLIC");
    const fromPublic = await createMemo(owner, `public /m/${target.id}`, "PUBLIC");
    const fromProtected = await createMemo(owner, `protected /m/${target.id}`, "PROTECTED");
    const fromPrivate = await createMemo(owner, `private /m/${target.id}`, "PRIVATE");
    const fromArchived = await createMemo(owner, `archived /m/${target.id}`, "PUBLIC");
    await owner.client.patch(`/api/memo/${fromArchived.id}`, { rowStatus: "ARCHIVED" });
    const readersOwn = await createMemo(reader, `reader's private /m/${target.id}`, "PRIVATE");

    expect(ids((await relation(owner.client, target.id)).backlinks)).toEqual([
      fromArchived.id,
      fromPrivate.id,
      fromProtected.id,
      fromPublic.id,
    ]);
    expect(ids((await relation(reader.client, target.id)).backlinks)).toEqual([readersOwn.id, fromProtected.id, fromPublic.id]);
    expect(ids((await relation(anonymous(t), target.id)).backlinks)).toEqual([fromPublic.id]);

    const hub = await createMemo(owner, `/m/${fromPublic.id} /m/${fromPrivate.id} /m/${readersOwn.id}`, "PUBLIC");
    expect(ids((await relation(anonymous(t), hub.id)).links)).toEqual([fromPublic.id]);
    expect(ids((await relation(reader.client, hub.id)).links)).toEqual([fromPublic.id, readersOwn.id]);

    // The memo itself: answered as GET /api/memo/:id answers it.
    expectError(await anonymous(t).get(`/api/memo/${fromProtected.id}/relation`), 403);
    expectError(await reader.client.get(`/api/memo/${fromPrivate.id}/relation`), 403);
    expectError(await reader.client.get(`/api/memo/${fromArchived.id}/relation`), 404);
    expectError(await reader.client.get("/api/memo/99999999/relation"), 404);
    expectError(await reader.client.get(`/api/memo/${target.id}/relation?before=x`), 400);
  });

  it("answers every credential kind as the session", async () => {
    const owner = await member();
    const target = await createMemo(owner, "target");
    const source = await createMemo(owner, `/m/${target.id}`);
    for (const kind of CREDENTIAL_KINDS) {
      const caller = await callerOf(t, owner, kind);
      expect(ids((await relation(caller, target.id)).backlinks), kind).toEqual([source.id]);
    }
  });

  it("pages backlinks newest first, 50 at a time", async () => {
    const owner = await member();
    const target = await createMemo(owner, "popular", "PUBLIC");
    const made: number[] = [];
    for (let i = 0; i < 53; i++) made.push((await createMemo(owner, `ref ${i} /m/${target.id}`, "PUBLIC")).id);
    const first = await relation(owner.client, target.id);
    expect(ids(first.backlinks)).toEqual(made.slice(3).reverse());
    expect(first.next).toBe(made[3]);
    const second = await relation(owner.client, target.id, `?before=${first.next}`);
    expect(ids(second.backlinks)).toEqual(made.slice(0, 3).reverse());
    expect(second.next).toBeNull();

    // Newer backlinks a visitor may not see are skipped, however many: the page is the newest they may see.
    for (let i = 0; i < 60; i++) await createMemo(owner, `private ref ${i} /m/${target.id}`, "PRIVATE");
    const visitors = await relation(anonymous(t), target.id);
    expect(ids(visitors.backlinks)).toEqual(made.slice(3).reverse());
    expect(visitors.next).toBe(made[3]);
    expect(ids((await relation(anonymous(t), target.id, `?before=${visitors.next}`)).backlinks)).toEqual(made.slice(0, 3).reverse());
  });

  it("stops a page after reading 5,000 backlinks the viewer may not see, and says where to go on", async () => {
    const owner = await member();
    const target = await createMemo(owner, "much referenced", "PUBLIC");
    const visible = await createMemo(owner, `public ref /m/${target.id}`, "PUBLIC");
    const db = t.ctx.store.db;
    const hidden: number[] = [];
    for (let start = 0; start < 5100; start += 500) {
      const rows = Array.from({ length: 500 }, (_, i) => ({
        creator_id: owner.user.id,
        content: `hidden ${start + i}`,
        visibility: "PRIVATE" as const,
      }));
      hidden.push(...(await db.insertInto("memo").values(rows).returning("id").execute()).map((row) => row.id));
    }
    for (let start = 0; start < hidden.length; start += 500)
      await db
        .insertInto("memo_relation")
        .values(hidden.slice(start, start + 500).map((id) => ({ memo_id: id, related_memo_id: target.id, type: "REFERENCE" })))
        .execute();
    const first = await relation(anonymous(t), target.id);
    expect(first.backlinks).toEqual([]);
    expect(first.next).toBe([...hidden].sort((a, b) => b - a)[4999]);
    const second = await relation(anonymous(t), target.id, `?before=${first.next}`);
    expect(ids(second.backlinks)).toEqual([visible.id]);
    expect(second.next).toBeNull();
    // Its author sees a full page at once.
    expect((await relation(owner.client, target.id)).backlinks).toHaveLength(50);
  });

  it("keeps a memo's 1,000 links (the most one memo holds), written and read in batches", async () => {
    const owner = await member();
    const rows = Array.from({ length: 1001 }, (_, i) => ({
      creator_id: owner.user.id,
      content: `linked ${i}`,
      visibility: "PUBLIC" as const,
    }));
    const targets: number[] = [];
    for (let start = 0; start < rows.length; start += 500)
      targets.push(
        ...(
          await t.ctx.store.db
            .insertInto("memo")
            .values(rows.slice(start, start + 500))
            .returning("id")
            .execute()
        ).map((row) => row.id),
      );
    const hub = await createMemo(owner, targets.map((id) => `/m/${id}`).join(" "));
    const links = (await relation(owner.client, hub.id)).links;
    expect(ids(links)).toEqual(targets.slice(0, 1000));
    expect(ids((await relation(anonymous(t), targets[999]!)).backlinks)).toEqual([]);
    expect(ids((await relation(owner.client, targets[999]!)).backlinks)).toEqual([hub.id]);
    expect((await relation(owner.client, targets[1000]!)).backlinks).toEqual([]);
  });

  it("makes the [[wikilinks]] between notes of an imported archive references", async () => {
    const owner = await member();
    const archive = zip({
      "vault/Alpha.md": strToU8("Alpha links to [[Beta]] and [[Gamma|the third]]\n"),
      "vault/Beta.md": strToU8("Beta links back to [[Alpha]]\n"),
      "vault/Gamma.md": strToU8("Gamma\n"),
    });
    const imported = await importArchive(owner.client, archive);
    expect(imported.status, imported.text).toBe(200);
    const memos = (await owner.client.get("/api/memo")).body.data as { id: number; content: string }[];
    const idOf = (start: string) => memos.find((memo) => new RegExp(`^(\\*\\*)?${start}\\b`).test(memo.content))!.id;
    const [alpha, beta, gamma] = [idOf("Alpha"), idOf("Beta"), idOf("Gamma")];
    expect(ids((await relation(owner.client, alpha)).links).sort()).toEqual([beta, gamma].sort());
    expect(ids((await relation(owner.client, alpha)).backlinks)).toEqual([beta]);
    expect(ids((await relation(owner.client, gamma)).backlinks)).toEqual([alpha]);
  });
});
