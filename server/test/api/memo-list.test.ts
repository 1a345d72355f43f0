// GET /api/memo: paging, ordering and every filter of the list query.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../expect.js";
import { anonymous, createMemo, createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { idsOf, nowSeconds } from "../memo-helpers.js";

describe("GET /api/memo", () => {
  let t: TestApp;
  let host: TestUser;
  let seq = 0;
  const member = () => createUser(t, host, `lister${++seq}`);
  const list = (who: TestUser, query: Record<string, string | number> = {}) => who.client.get("/api/memo", { query });
  /** Inserts `count` memos straight into the database (fast setup for the size limits). */
  async function bulkInsert(owner: TestUser, count: number, createdTs: (i: number) => number): Promise<void> {
    const rows = Array.from({ length: count }, (_, i) => ({
      creator_id: owner.user.id,
      content: `bulk ${i}`,
      visibility: "PRIVATE" as const,
      created_ts: createdTs(i),
      updated_ts: createdTs(i),
      display_ts: createdTs(i),
    }));
    await t.ctx.store.db.insertInto("memo").values(rows).execute();
  }

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
  });
  afterAll(() => t.close());

  describe("limit and offset", () => {
    let owner: TestUser;
    beforeAll(async () => {
      owner = await member();
      await bulkInsert(owner, 1005, (i) => 1_600_000_000 + i);
    });

    it("defaults to 200 and caps at 1000", async () => {
      expect(idsOf(await list(owner))).toHaveLength(200);
      expect(idsOf(await list(owner, { limit: 0 }))).toHaveLength(200);
      expect(idsOf(await list(owner, { limit: 5000 }))).toHaveLength(1000);
      expect(idsOf(await list(owner, { limit: 1000, offset: 1000 }))).toHaveLength(5);
      expect(idsOf(await list(owner, { limit: 3 }))).toHaveLength(3);
    });

    it("returns [] past the end", async () => {
      const response = await list(owner, { offset: 5000 });
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual([]);
    });

    it("refuses negative and non-numeric values with 400", async () => {
      const queries: Record<string, string | number>[] = [
        { limit: -1 },
        { offset: -1 },
        { limit: "ten" },
        { offset: "1.5" },
        { limit: "1e3" },
        { limit: "99999999999999999999" },
      ];
      for (const query of queries) {
        expectError(await list(owner, query), 400);
      }
      expectError(await anonymous(t).get("/api/memo/all", { query: { limit: -5 } }), 400);
    });
  });

  it("pages by limit/offset without overlap or gaps; ties go by id desc; pinned first", async () => {
    const owner = await member();
    const base = nowSeconds() - 5000;
    const ids: number[] = [];
    for (let i = 0; i < 23; i += 1) ids.push((await createMemo(owner, `page ${i}`)).id);
    // Three display times only, so most memos tie.
    for (const [i, id] of ids.entries()) {
      const ts = base + (i % 3) * 10;
      await t.ctx.store.db.updateTable("memo").set({ created_ts: ts, updated_ts: ts }).where("id", "=", id).execute();
    }
    const pinned = [ids[4]!, ids[9]!];
    for (const id of pinned) await owner.client.post(`/api/memo/${id}/organizer`, { pinned: true });

    const full = (await list(owner)).body.data as { id: number; pinned: boolean; displayTs: number }[];
    const expected = [...full].sort((a, b) => Number(b.pinned) - Number(a.pinned) || b.displayTs - a.displayTs || b.id - a.id);
    expect(full.map((memo) => memo.id)).toEqual(expected.map((memo) => memo.id));
    expect(
      full
        .slice(0, 2)
        .map((memo) => memo.id)
        .sort(),
    ).toEqual([...pinned].sort());
    expect(full).toHaveLength(23);

    const paged: number[] = [];
    for (let offset = 0; offset < 30; offset += 5) paged.push(...idsOf(await list(owner, { limit: 5, offset })));
    expect(paged).toEqual(full.map((memo) => memo.id));
  });

  describe("scope", () => {
    it("an anonymous caller must name a creator and sees only their PUBLIC NORMAL memos", async () => {
      const owner = await member();
      const pub = await createMemo(owner, "pub", "PUBLIC");
      await createMemo(owner, "prot", "PROTECTED");
      await createMemo(owner, "priv", "PRIVATE");
      const archived = await createMemo(owner, "arch", "PUBLIC");
      await owner.client.patch(`/api/memo/${archived.id}`, { rowStatus: "ARCHIVED" });
      expectError(await anonymous(t).get("/api/memo"), 400);
      expect(idsOf(await anonymous(t).get("/api/memo", { query: { creatorId: owner.user.id } }))).toEqual([pub.id]);
      expectError(await anonymous(t).get("/api/memo", { query: { creatorId: "abc" } }), 400);
    });

    it("a member sees another's PUBLIC and PROTECTED; the owner sees everything, with or without creatorId", async () => {
      const owner = await member();
      const other = await member();
      const pub = await createMemo(owner, "pub", "PUBLIC");
      const prot = await createMemo(owner, "prot", "PROTECTED");
      const priv = await createMemo(owner, "priv", "PRIVATE");
      const all = [priv.id, prot.id, pub.id];
      expect(idsOf(await list(other, { creatorId: owner.user.id }))).toEqual([prot.id, pub.id]);
      expect(idsOf(await list(owner))).toEqual(all);
      expect(idsOf(await list(owner, { creatorId: owner.user.id }))).toEqual(all);
      expect(idsOf(await list(other))).toEqual([]);
    });

    it("visibility narrows the allowed set, never widens it", async () => {
      const owner = await member();
      const other = await member();
      const pub = await createMemo(owner, "pub", "PUBLIC");
      const prot = await createMemo(owner, "prot", "PROTECTED");
      const priv = await createMemo(owner, "priv", "PRIVATE");
      expect(idsOf(await list(owner, { visibility: "PRIVATE" }))).toEqual([priv.id]);
      expect(idsOf(await list(owner, { visibility: "PUBLIC,PROTECTED" }))).toEqual([prot.id, pub.id]);
      expect(idsOf(await list(other, { creatorId: owner.user.id, visibility: "PRIVATE" }))).toEqual([]);
      expect(idsOf(await list(other, { creatorId: owner.user.id, visibility: "PRIVATE,PROTECTED" }))).toEqual([prot.id]);
      const anon = anonymous(t);
      expect(idsOf(await anon.get("/api/memo", { query: { creatorId: owner.user.id, visibility: "PRIVATE,PROTECTED,PUBLIC" } }))).toEqual([
        pub.id,
      ]);
      expectError(await list(owner, { visibility: "SECRET" }), 400);
    });
  });

  describe("filters", () => {
    it("rowStatus and pinned=true|false", async () => {
      const owner = await member();
      const normal = await createMemo(owner, "normal");
      const pinned = await createMemo(owner, "pinned");
      const archived = await createMemo(owner, "archived");
      await owner.client.post(`/api/memo/${pinned.id}/organizer`, { pinned: true });
      await owner.client.patch(`/api/memo/${archived.id}`, { rowStatus: "ARCHIVED" });
      expect(idsOf(await list(owner)).sort()).toEqual([normal.id, pinned.id, archived.id].sort());
      expect(idsOf(await list(owner, { rowStatus: "NORMAL" }))).toEqual([pinned.id, normal.id]);
      expect(idsOf(await list(owner, { rowStatus: "ARCHIVED" }))).toEqual([archived.id]);
      expect(idsOf(await list(owner, { pinned: "true" }))).toEqual([pinned.id]);
      expect(idsOf(await list(owner, { pinned: "false" })).sort()).toEqual([normal.id, archived.id].sort());
      expectError(await list(owner, { rowStatus: "GONE" }), 400);
      expectError(await list(owner, { pinned: "yes" }), 400);
    });

    it("text: case-insensitive substring, CJK, literal % and _", async () => {
      const owner = await member();
      const hello = await createMemo(owner, "Hello World");
      const japanese = await createMemo(owner, "日本語のメモ");
      const percent = await createMemo(owner, "save 100% now");
      const underscore = await createMemo(owner, "snake_case name");
      await createMemo(owner, "save 1000 now, snakeXcase");
      expect(idsOf(await list(owner, { text: "hello world" }))).toEqual([hello.id]);
      expect(idsOf(await list(owner, { text: "WORLD" }))).toEqual([hello.id]);
      expect(idsOf(await list(owner, { text: "本語" }))).toEqual([japanese.id]);
      expect(idsOf(await list(owner, { text: "語" }))).toEqual([japanese.id]);
      expect(idsOf(await list(owner, { text: "100%" }))).toEqual([percent.id]);
      expect(idsOf(await list(owner, { text: "%" }))).toEqual([percent.id]);
      expect(idsOf(await list(owner, { text: "e_c" }))).toEqual([underscore.id]);
      expect(idsOf(await list(owner, { text: "_" }))).toEqual([underscore.id]);
      expect(idsOf(await list(owner, { text: "\\" }))).toEqual([]);
      const unicode = await createMemo(owner, "ÄPFEL und Ωmega (1+1)");
      for (const text of ["äpfel", "äp", "ωMEGA", "Ωm", "ÄPFEL", "pfel und ω", "ω", "(1+1)"]) {
        expect(idsOf(await list(owner, { text })), text).toEqual([unicode.id]);
      }
      expect(idsOf(await list(owner, { text: "absent" }))).toEqual([]);
    });

    it("text=^regex in linear time, and 400 for a pattern that cannot compile", async () => {
      const owner = await member();
      const a = await createMemo(owner, "order #1234 shipped");
      const b = await createMemo(owner, "ORDER #99 pending");
      await createMemo(owner, "no number here");
      expect(idsOf(await list(owner, { text: "^order #\\d{4}" }))).toEqual([a.id]);
      expect(idsOf(await list(owner, { text: "^order #[0-9]+ (shipped|pending)" })).sort()).toEqual([a.id, b.id].sort());
      expect(idsOf(await list(owner, { text: "^^pending" }))).toEqual([]);
      expect(idsOf(await list(owner, { text: "^pending$" }))).toEqual([b.id]);
      for (const text of ["^(", "^[a-", "^a{2,1}"]) expectError(await list(owner, { text }), 400);
      // Nested repetition runs in linear time: on this memo a backtracking engine would need 2^60 steps.
      const trap = await createMemo(owner, `${"a".repeat(60)}!`);
      for (const text of ["^(a+)+$", "^(\\w*\\s?)*x", "^((ab)+c)*", "^(?:x{2,})+", "^(a|(b+))*", "^(a|aa)+$"]) {
        expect((await list(owner, { text })).status, text).toBe(200);
      }
      expect(idsOf(await list(owner, { text: "^(a+)+$" }))).not.toContain(trap.id);
      expect(idsOf(await list(owner, { text: "^(a+)+!$" }))).toEqual([trap.id]);
      for (const text of ["^(ab)+c", "^[(a+)]+", "^\\(a+\\)+", "^(a+)b+", "^(a+)?"])
        expect((await list(owner, { text })).status, text).toBe(200);
      // Valid JavaScript the PostgreSQL dialect refuses: whatever the engine, never a 500.
      for (const text of ["^(?<name>x)", "^\\p{L}"]) expect([200, 400]).toContain((await list(owner, { text })).status);
    });

    it("from (inclusive) and to (exclusive) on displayTs; from must be before to", async () => {
      const owner = await member();
      const base = 1_700_000_000;
      const memos = [];
      for (let i = 0; i < 4; i += 1) memos.push(await createMemo(owner, `day ${i}`, "PRIVATE", { createdTs: base + i * 86_400 }));
      const [d0, d1, d2, d3] = memos.map((memo) => memo.id);
      expect(idsOf(await list(owner, { from: base + 86_400, to: base + 3 * 86_400 }))).toEqual([d2, d1]);
      expect(idsOf(await list(owner, { from: base + 2 * 86_400 }))).toEqual([d3, d2]);
      expect(idsOf(await list(owner, { to: base + 86_400 }))).toEqual([d0]);
      expectError(await list(owner, { from: base + 10, to: base }), 400);
      expectError(await list(owner, { from: "yesterday" }), 400);
    });

    it("type=NOT_TAGGED and type=LINKED", async () => {
      const owner = await member();
      const plain = await createMemo(owner, "plain words");
      await createMemo(owner, "tagged #x");
      const codeOnly = await createMemo(owner, "only `#code` inside");
      const linked = await createMemo(owner, "see [docs](https://example.com)");
      expect(idsOf(await list(owner, { type: "NOT_TAGGED" })).sort()).toEqual([plain.id, codeOnly.id, linked.id].sort());
      expect(idsOf(await list(owner, { type: "LINKED" }))).toEqual([linked.id]);
      expectError(await list(owner, { type: "IMAGED" }), 400);
    });

    it("filters combine with AND", async () => {
      const owner = await member();
      const hit = await createMemo(owner, "#work report due", "PUBLIC");
      await createMemo(owner, "#work lunch", "PUBLIC");
      await createMemo(owner, "#home report", "PUBLIC");
      await createMemo(owner, "#work report draft", "PRIVATE");
      expect(idsOf(await list(owner, { tag: "work", text: "report", visibility: "PUBLIC" }))).toEqual([hit.id]);
    });
  });
});
