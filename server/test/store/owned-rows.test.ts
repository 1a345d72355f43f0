// What hangs off a user, a memo, a resource and a comment (store/sql/owned-rows.ts) against the schema the migrations
// make, on each engine: every column that points at one of them, by its name or a foreign key, is in the list its
// deletions walk (or says how its rows go), every listed column exists, and every `*_id` column's name is known. Then,
// on an instance with rows in every table (full-instance.ts), deleting a comment, a resource, a trashed memo and a
// user leaves no row of any table pointing at them.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RealSchema, readForeignKeys, readSchema } from "../../src/store/instance/real-schema.js";
import { COMMENT_OWNED, COVERED_OTHERWISE, MEMO_OWNED, RESOURCE_OWNED, USER_OWNED } from "../../src/store/sql/owned-rows.js";
import { closeFullInstance, type FullInstance, fullInstance } from "../full-instance.js";
import { createTestApp, type TestApp } from "../harness.js";

type Owner = "user" | "memo" | "resource" | "comment";

/** What a column points at, by its name: the schema's convention (it declares no foreign keys). */
const OWNER_BY_NAME: Record<string, Owner> = {
  user_id: "user",
  creator_id: "user",
  actor_id: "user",
  link_user_id: "user",
  memo_id: "memo",
  related_memo_id: "memo",
  resource_id: "resource",
  comment_id: "comment",
};

/** The other `*_id` columns, and what they hold: none of the four. */
const OTHER_IDS: Record<string, string> = {
  space_id: "a space (migration 051: its members and invitations go with it; its memos go back to their authors)",
  webhook_id: "a webhook (its deliveries go with it: WEBHOOK_OWNED)",
  provider_id: "an identity provider",
  oauth_client_id: "an OAuth client",
  client_id: "an OAuth client's or a provider's client id (oauth_code: the OAuth client's row)",
  access_token_id: "the access token a memo was written with",
  edit_token_id: "the access token a memo was last edited with",
  token_id: "an access token",
  credential_id: "a passkey's id at its authenticator",
  public_id: "the id a session is shown to its owner by",
  open_id: "a user's v0 API credential",
};

/** The tables a foreign key to which points at one of the four. */
const OWNER_BY_TABLE: Record<string, Owner> = {
  user: "user",
  memo: "memo",
  memo_trash: "memo",
  resource: "resource",
  memo_comment: "comment",
};

const LISTS: Record<Owner, { name: string; columns: readonly (readonly [string, string])[] }> = {
  user: { name: "USER_OWNED", columns: USER_OWNED },
  memo: { name: "MEMO_OWNED", columns: MEMO_OWNED },
  resource: { name: "RESOURCE_OWNED", columns: RESOURCE_OWNED },
  comment: { name: "COMMENT_OWNED", columns: COMMENT_OWNED },
};

/** Every column of the schema that points at one of the four, as `table.column` with its owner. */
async function pointingColumns(t: TestApp, schema: RealSchema): Promise<Map<string, Owner>> {
  const found = new Map<string, Owner>();
  for (const [table, { columns }] of schema) {
    for (const column of columns.keys()) {
      const owner = OWNER_BY_NAME[column];
      if (owner) found.set(`${table}.${column}`, owner);
    }
  }
  for (const key of await readForeignKeys(t.ctx.store)) {
    const owner = OWNER_BY_TABLE[key.references];
    if (owner) found.set(`${key.table}.${key.column}`, owner);
  }
  return found;
}

describe("what hangs off a user, a memo, a resource and a comment", () => {
  let t: TestApp;
  let schema: RealSchema;
  beforeAll(async () => {
    t = await createTestApp();
    schema = await readSchema(t.ctx.store);
  });
  afterAll(() => t.close());

  it("lists every column that points at one of them in that one's deletion, or says how its rows go", async () => {
    const missing: string[] = [];
    for (const [column, owner] of await pointingColumns(t, schema)) {
      const { name, columns } = LISTS[owner];
      const listed = columns.some(([table, each]) => `${table}.${each}` === column);
      if (!listed && !(column in COVERED_OTHERWISE))
        missing.push(`${column} points at a ${owner}: in neither ${name} nor COVERED_OTHERWISE (server/src/store/sql/owned-rows.ts)`);
    }
    expect(missing).toEqual([]);
  });

  it("lists only columns the schema has, each pointing at its list's owner", async () => {
    const pointing = await pointingColumns(t, schema);
    const wrong: string[] = [];
    for (const [owner, { name, columns }] of Object.entries(LISTS)) {
      for (const [table, column] of columns) {
        if (pointing.get(`${table}.${column}`) !== owner) wrong.push(`${name}: ${table}.${column} is no column pointing at a ${owner}`);
      }
    }
    for (const column of Object.keys(COVERED_OTHERWISE)) {
      if (!pointing.has(column)) wrong.push(`COVERED_OTHERWISE: ${column} is no column pointing at a user, memo, resource or comment`);
    }
    expect(wrong).toEqual([]);
  });

  it("knows what every *_id column of the schema points at", () => {
    const unknown = [...schema].flatMap(([table, { columns }]) =>
      [...columns.keys()]
        .filter((column) => column.endsWith("_id") && !(column in OWNER_BY_NAME) && !(column in OTHER_IDS))
        .map((column) => `${table}.${column}: say what it points at in this test's OWNER_BY_NAME or OTHER_IDS`),
    );
    expect(unknown).toEqual([]);
  });
});

describe("deleting what hangs off", () => {
  let full: FullInstance;
  let schema: RealSchema;
  let pointing: Map<string, Owner>;
  beforeAll(async () => {
    full = await fullInstance();
    schema = await readSchema(full.t.ctx.store);
    pointing = await pointingColumns(full.t, schema);
  }, 30_000);
  afterAll(() => closeFullInstance(full));

  /** The `table.column`s of the schema pointing at a `owner` among `ids` that still hold a row. */
  async function stillPointing(owner: Owner, ids: number[]): Promise<string[]> {
    const found: string[] = [];
    for (const [name, points] of pointing) {
      if (points !== owner) continue;
      const [table, column] = name.split(".") as [string, string];
      const row = await sql<{
        one: number;
      }>`SELECT 1 AS one FROM ${sql.id(table)} WHERE ${sql.id(column)} IN (${sql.join(ids)}) LIMIT 1`.execute(full.t.ctx.store.db);
      if (row.rows.length > 0) found.push(name);
    }
    return found;
  }

  it("leaves no row pointing at a deleted comment, resource, purged memo or deleted user", async () => {
    const { t, host, alice, ids } = full;
    expect(await stillPointing("comment", [ids.comment])).not.toEqual([]);
    expect((await host.client.delete(`/api/comment/${ids.comment}`)).status).toBe(200);
    expect(await stillPointing("comment", [ids.comment])).toEqual([]);

    expect(await stillPointing("resource", [ids.resource])).not.toEqual([]);
    expect((await alice.client.delete(`/api/resource/${ids.resource}`)).status).toBe(200);
    expect(await stillPointing("resource", [ids.resource])).toEqual([]);

    expect(await stillPointing("memo", [ids.trashed])).not.toEqual([]);
    expect((await alice.client.delete(`/api/trash/${ids.trashed}`)).status).toBe(200);
    expect(await stillPointing("memo", [ids.trashed])).toEqual([]);

    const memos = await sql<{ id: number }>`SELECT id FROM memo WHERE creator_id = ${alice.user.id}
      UNION ALL SELECT memo_id AS id FROM memo_trash WHERE creator_id = ${alice.user.id}`.execute(t.ctx.store.db);
    const memoIds = memos.rows.map((row) => Number(row.id));
    expect(memoIds).toContain(ids.memo);
    expect(await stillPointing("user", [alice.user.id])).not.toEqual([]);
    expect((await host.client.delete(`/api/user/${alice.user.id}`)).status).toBe(200);
    expect(await stillPointing("user", [alice.user.id])).toEqual([]);
    expect(await stillPointing("memo", memoIds)).toEqual([]);
  });
});
