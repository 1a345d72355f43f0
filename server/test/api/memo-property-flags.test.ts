// Every public route that writes a memo's text stores the text's property flags with it (memo.property_flags,
// migration 048: what v1's stats count and its filters check), exactly as memoPropertyFlags reads the text, the
// function the v1 presenter answers with. Before a route rewrites memos, their stored flags are wiped, so a write path
// that forgot them leaves them wrong here; a memo moved to the trash and back keeps them.
import { memoPropertyFlags } from "@memos/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemo, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { flomoExport, markdownFolder } from "../import-fixtures.js";
import { importArchive } from "../import-client.js";
import { connectMcp } from "../mcp-client.js";
import { callTool } from "../mcp-tools.js";
import { listen, personalToken, rest } from "../v1-client.js";

/** Texts with each property, none, several, and near misses; each write below goes from one to another. */
const TEXTS = [
  "plain note #flags",
  "see https://example.com #flags",
  "- [ ] call the plumber #flags",
  "  * [x] done\n+ [ ] open `x` #flags",
  "```\nblock\n```\n#flags",
  "xhttps://x.y and - [ ] not a task #flags",
];

let t: TestApp;
let host: TestUser;
let base: string;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  host = await signUpHost(t);
  token = await personalToken(host.client);
  base = await listen(t);
});
afterAll(() => t.close());

/** The stored flags of the memos (live or trashed) against the function's reading of their stored text. */
async function expectFlagsOf(ids: readonly number[]): Promise<void> {
  expect(ids.length).toBeGreaterThan(0);
  const db = t.ctx.store.db;
  const live = await db.selectFrom("memo").select(["id", "content", "property_flags"]).where("id", "in", ids).execute();
  const trashed = await db
    .selectFrom("memo_trash")
    .select(["memo_id as id", "content", "property_flags"])
    .where("memo_id", "in", ids)
    .execute();
  const rows = [...live, ...trashed];
  expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());
  for (const row of rows) expect({ id: row.id, flags: row.property_flags }).toEqual({ id: row.id, flags: memoPropertyFlags(row.content) });
}

/** Wipes the stored flags of the memos, as a write path that forgot them would leave them. */
async function wipeFlags(ids: readonly number[]): Promise<void> {
  await t.ctx.store.db.updateTable("memo").set({ property_flags: null }).where("id", "in", ids).execute();
}

const idOfUid = async (uid: string) =>
  (await t.ctx.store.db.selectFrom("memo").select("id").where("uid", "=", uid).executeTakeFirstOrThrow()).id;

describe("memo property flags on every write of a memo's text", () => {
  it("v0 and v1 create and edit", async () => {
    const created = await Promise.all(TEXTS.map((text) => createMemo(host, text)));
    const ids = created.map((memo) => memo.id);
    await expectFlagsOf(ids);
    await wipeFlags(ids);
    for (const [i, memo] of created.entries())
      expect((await host.client.patch(`/api/memo/${memo.id}`, { content: TEXTS[(i + 1) % TEXTS.length] })).status).toBe(200);
    await expectFlagsOf(ids);

    const v1 = await Promise.all(TEXTS.map((content) => rest(base, "POST", "/api/v1/memos", { token, body: { content } })));
    const v1Ids = await Promise.all(v1.map((answer) => idOfUid(answer.body.name.slice("memos/".length))));
    await expectFlagsOf(v1Ids);
    await wipeFlags(v1Ids);
    for (const [i, answer] of v1.entries()) {
      const patched = await rest(base, "PATCH", `/api/v1/${answer.body.name}?updateMask=content`, {
        token,
        body: { content: TEXTS[(i + 2) % TEXTS.length] },
      });
      expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    }
    await expectFlagsOf(v1Ids);
  });

  it("bulk tag edits, a tag rename and a version restored", async () => {
    const ids = (await Promise.all(TEXTS.map((text) => createMemo(host, text)))).map((memo) => memo.id);
    await wipeFlags(ids);
    const added = await host.client.post("/api/memo/batch", { ids, action: "addTags", tags: ["added"] });
    expect(added.status, added.text).toBe(200);
    expect(added.body.data.changed).toBe(ids.length);
    await expectFlagsOf(ids);
    await wipeFlags(ids);
    expect((await host.client.post("/api/memo/batch", { ids, action: "removeTags", tags: ["added"] })).body.data.changed).toBe(ids.length);
    await expectFlagsOf(ids);
    await wipeFlags(ids);
    expect((await host.client.post("/api/tag/rename", { from: "flags", to: "flagged" })).status).toBe(200);
    await expectFlagsOf(ids);

    const [id] = ids;
    const [version] = (await host.client.get(`/api/memo/${id}/revision`)).body.data.revisions;
    await wipeFlags([id!]);
    expect((await host.client.post(`/api/memo/${id}/revision/${version.id}/restore`)).status).toBe(200);
    await expectFlagsOf([id!]);
  });

  it("MCP's create, update and add_tags", async () => {
    const mcp = await connectMcp(t, token);
    try {
      const ids: number[] = [];
      for (const content of TEXTS) ids.push((await callTool<{ id: number }>(mcp, "create_memo", { content })).id);
      await expectFlagsOf(ids);
      await wipeFlags(ids);
      for (const [i, id] of ids.entries()) await callTool(mcp, "update_memo", { id, content: TEXTS[(i + 3) % TEXTS.length] });
      await expectFlagsOf(ids);
      await wipeFlags(ids);
      for (const id of ids) await callTool(mcp, "update_memo", { id, content: "- [ ] appended", mode: "append" });
      await expectFlagsOf(ids);
      await wipeFlags(ids);
      for (const id of ids) await callTool(mcp, "add_tags", { id, tags: ["assistant"] });
      await expectFlagsOf(ids);
    } finally {
      await mcp.close();
    }
  });

  it("the trash and back, one memo and in bulk, keeps them", async () => {
    const ids = (await Promise.all(TEXTS.map((text) => createMemo(host, text)))).map((memo) => memo.id);
    expect((await host.client.delete(`/api/memo/${ids[0]}`)).status).toBe(200);
    expect((await host.client.post("/api/memo/batch", { ids: ids.slice(1), action: "trash" })).body.data.changed).toBe(ids.length - 1);
    await expectFlagsOf(ids);
    for (const id of ids) expect((await host.client.post(`/api/trash/${id}/restore`)).status).toBe(200);
    await expectFlagsOf(ids);
  });

  it("imports, with links between the archive's notes written after their ids", async () => {
    const before = await t.ctx.store.db.selectFrom("memo").select("id").execute();
    for (const archive of [markdownFolder(), flomoExport()]) expect((await importArchive(host.client, archive)).status).toBe(200);
    const known = new Set(before.map((row) => row.id));
    const imported = (await t.ctx.store.db.selectFrom("memo").select("id").execute()).map((row) => row.id).filter((id) => !known.has(id));
    expect(imported.length).toBeGreaterThan(5);
    await expectFlagsOf(imported);
  });
});
