// Migrations on a database that already holds memos: the counters of 009 start out equal to a naive count, and
// the tag entries hold their memo's creator (016) and display time (017).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPostgres, openSqlite } from "../../src/store/db.js";
import { migrate } from "../../src/store/migrate.js";
import { MIGRATIONS } from "../../src/store/migrations/index.js";
import { PG_ADMIN_DSN, TEST_DRIVER } from "../harness.js";

const BEFORE_COUNTERS = MIGRATIONS.filter((migration) => migration.name < "009-list-counters");

describe("migrations backfill the counters and the tag entries", () => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (TEST_DRIVER === "postgres") {
      const name = `memos_test_backfill_${process.pid}`;
      const admin = new pg.Client({ connectionString: PG_ADMIN_DSN });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(PG_ADMIN_DSN);
      url.pathname = `/${name}`;
      handle = openPostgres(url.toString());
      cleanup = async () => {
        await handle.close();
        const client = new pg.Client({ connectionString: PG_ADMIN_DSN });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      };
    } else {
      const dir = mkdtempSync(join(tmpdir(), "memos-backfill-"));
      handle = openSqlite(join(dir, "memos.db"));
      cleanup = async () => {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      };
    }
  });
  afterAll(() => cleanup());

  it("counts memos per creator, status and visibility, and NORMAL memos per creator and tag", async () => {
    await migrate(handle, BEFORE_COUNTERS);
    const db = handle.db;
    const statuses = ["NORMAL", "NORMAL", "ARCHIVED"] as const;
    const visibilities = ["PUBLIC", "PROTECTED", "PRIVATE", "PRIVATE"] as const;
    const rows = Array.from({ length: 300 }, (_, n) => ({
      creator_id: 1 + (n % 4),
      content: `memo ${n}`,
      row_status: statuses[n % 3]!,
      visibility: visibilities[n % 4]!,
      created_ts: 1_700_000_000 + n * 7,
      updated_ts: 1_700_000_000 + n * 7,
      display_ts: 1_700_000_000 + n * 7,
    }));
    const inserted = await db.insertInto("memo").values(rows).returning(["id"]).execute();
    const tags = inserted.flatMap((memo, n) =>
      (n % 2 === 0 ? [{ memo_id: memo.id, tag: "even" }] : []).concat(n % 5 === 0 ? [{ memo_id: memo.id, tag: "five/x" }] : []),
    );
    await db.insertInto("memo_tag").values(tags).execute();

    await migrate(handle);

    const expected = new Map<string, number>();
    rows.forEach((row) => {
      const key = `${row.creator_id}/${row.row_status}/${row.visibility}`;
      expected.set(key, (expected.get(key) ?? 0) + 1);
    });
    const counted = new Map(
      (await db.selectFrom("memo_count").selectAll().execute()).map((row) => [
        `${row.creator_id}/${row.row_status}/${row.visibility}`,
        Number(row.n),
      ]),
    );
    expect(counted).toEqual(expected);

    const expectedTags = new Map<string, number>();
    for (const tag of tags) {
      const row = rows[inserted.findIndex((memo) => memo.id === tag.memo_id)]!;
      if (row.row_status !== "NORMAL") continue;
      const key = `${row.creator_id}/${tag.tag}`;
      expectedTags.set(key, (expectedTags.get(key) ?? 0) + 1);
    }
    const countedTags = new Map(
      (await db.selectFrom("memo_tag_count").selectAll().execute()).map((row) => [`${row.creator_id}/${row.tag}`, Number(row.n)]),
    );
    expect(countedTags).toEqual(expectedTags);

    const entries = await db
      .selectFrom("memo_tag")
      .select(["memo_id", "creator_id", "display_ts"])
      .orderBy("memo_id")
      .orderBy("tag")
      .execute();
    expect(entries.map((entry) => [entry.memo_id, entry.creator_id, Number(entry.display_ts)])).toEqual(
      [...tags]
        .sort((a, b) => a.memo_id - b.memo_id || a.tag.localeCompare(b.tag))
        .map((tag) => {
          const n = inserted.findIndex((memo) => memo.id === tag.memo_id);
          return [tag.memo_id, rows[n]!.creator_id, rows[n]!.display_ts];
        }),
    );
  });
});
