// The SQLite reader pool with real worker threads on a real file: reads run off the main thread, a read past
// its budget is ended (and its worker replaced) while other reads go on, and transactions see their own writes.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type DatabaseHandle, openSqlite } from "../db.js";
import { QueryBudgetError, ReaderPool } from "./sqlite-pool.js";

/** A statement that runs for many seconds in SQLite: counting to a billion. */
const SLOW = sql<{
  n: number;
}>`WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 1000000000) SELECT count(*) AS n FROM c`;

let dir: string;
let handle: DatabaseHandle;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "memos-pool-"));
  // Long enough that an ordinary read answers first even on a busy machine; short next to SLOW (many seconds).
  handle = openSqlite(join(dir, "pool.db"), { readers: 2, searchBudgetMs: 2000 });
  await sql`CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT, data BLOB)`.execute(handle.db);
});
afterEach(async () => {
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the SQLite reader pool", { timeout: 30_000 }, () => {
  it("a read past its budget fails with QueryBudgetError while the main thread and other reads carry on", async () => {
    await handle.db
      .insertInto("note" as never)
      .values({ id: 1, body: "hello" } as never)
      .execute();
    const events: string[] = [];
    const slow = SLOW.execute(handle.searchDb).then(
      () => events.push("slow answered"),
      (error: unknown) => events.push(error instanceof QueryBudgetError ? "slow refused" : `slow failed: ${String(error)}`),
    );
    // The event loop is free while the slow statement runs: a timer fires, and an ordinary read answers.
    await new Promise((resolve) => setTimeout(resolve, 20)).then(() => events.push("timer"));
    const rows = await sql<{ body: string }>`SELECT body FROM note WHERE id = 1`.execute(handle.db);
    events.push(`read ${rows.rows[0]?.body}`);
    await slow;
    expect(events).toEqual(["timer", "read hello", "slow refused"]);
    // The ended worker was replaced: the pool still reads.
    expect((await sql<{ n: number }>`SELECT count(*) AS n FROM note`.execute(handle.searchDb)).rows[0]?.n).toBe(1);
  });

  it("an ordinary read has no budget", async () => {
    const counted = await sql<{
      n: number;
    }>`WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 1000000) SELECT count(*) AS n FROM c`.execute(handle.db);
    expect(counted.rows[0]?.n).toBe(1_000_000);
  });

  it("reads see every committed write; a transaction reads its own uncommitted writes; blobs come back as Buffers", async () => {
    await handle.db.transaction().execute(async (tx) => {
      await tx
        .insertInto("note" as never)
        .values({ id: 2, body: "draft", data: Buffer.from([1, 2, 3]) } as never)
        .execute();
      const inside = await sql<{ body: string }>`SELECT body FROM note WHERE id = 2`.execute(tx);
      expect(inside.rows).toEqual([{ body: "draft" }]);
      const outside = await sql<{ body: string }>`SELECT body FROM note WHERE id = 2`.execute(handle.db);
      expect(outside.rows).toEqual([]);
    });
    const after = await sql<{ body: string; data: Buffer }>`SELECT body, data FROM note WHERE id = 2`.execute(handle.db);
    expect(after.rows[0]?.body).toBe("draft");
    expect(Buffer.isBuffer(after.rows[0]?.data)).toBe(true);
    expect([...after.rows[0]!.data]).toEqual([1, 2, 3]);
  });

  it("a failed transaction rolls back and frees the writer", async () => {
    await expect(
      handle.db.transaction().execute(async (tx) => {
        await tx
          .insertInto("note" as never)
          .values({ id: 3, body: "lost" } as never)
          .execute();
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    await handle.db
      .insertInto("note" as never)
      .values({ id: 4, body: "kept" } as never)
      .execute();
    const rows = await sql<{ id: number }>`SELECT id FROM note ORDER BY id`.execute(handle.db);
    expect(rows.rows.map((row) => row.id)).toEqual([4]);
  });

  it("a full disk fails the transaction with SQLite's own error (SQLITE_FULL), and writes work again once there is room", async () => {
    await handle.db
      .insertInto("note" as never)
      .values({ id: 1, body: "before" } as never)
      .execute();
    const main = handle.sqliteMain!;
    // The file may not grow: SQLite answers SQLITE_FULL, and rolls the whole transaction back by itself.
    main.pragma(`max_page_count = ${main.pragma("page_count", { simple: true }) as number}`);
    const big = Buffer.alloc(200_000, 9);
    const failed = await handle.db
      .transaction()
      .execute(async (tx) => {
        await tx
          .insertInto("note" as never)
          .values({ id: 2, data: big } as never)
          .execute();
      })
      .then(
        () => null,
        (error: Error & { code?: string }) => error,
      );
    expect(failed?.message).toBe("database or disk is full");
    expect(failed?.code).toBe("SQLITE_FULL");
    expect(main.inTransaction).toBe(false);
    const rows = await sql<{ id: number }>`SELECT id FROM note ORDER BY id`.execute(handle.db);
    expect(rows.rows.map((row) => row.id)).toEqual([1]);
    main.pragma("max_page_count = 4294967294");
    await handle.db.transaction().execute(async (tx) => {
      await tx
        .insertInto("note" as never)
        .values({ id: 2, data: big } as never)
        .execute();
    });
    expect((await sql<{ id: number }>`SELECT id FROM note ORDER BY id`.execute(handle.db)).rows.map((row) => row.id)).toEqual([1, 2]);
  });

  it("budgeted reads leave a reader free for ordinary ones", async () => {
    const slow = [SLOW.execute(handle.searchDb).catch(() => "refused"), SLOW.execute(handle.searchDb).catch(() => "refused")];
    const quick = await sql<{ one: number }>`SELECT 1 AS one`.execute(handle.db);
    expect(quick.rows).toEqual([{ one: 1 }]);
    expect(await Promise.all(slow)).toEqual(["refused", "refused"]);
  });

  it("endIdle ends the readers with nothing to run now, not one running a read, and reads start one again", async () => {
    const pool = new ReaderPool(join(dir, "pool.db"), 3);
    try {
      // Its budget outlasts three thread starts on a busy machine (at 1.5 s it had once ended before endIdle).
      const slow = pool.read(SLOW.compile(handle.db).sql, [], 6000).catch(() => "refused");
      await Promise.all([0, 1, 2].map((n) => pool.read("SELECT ? AS n", [n])));
      expect(pool.threads).toBe(3);
      pool.endIdle();
      expect(pool.threads).toBe(1);
      expect(await slow).toBe("refused");
      expect(await pool.read("SELECT 1 AS one", [])).toEqual([{ one: 1 }]);
      expect(pool.threads).toBe(1);
    } finally {
      await pool.close();
    }
  });

  it("a reader keeps a page cache of 4 MB, not better-sqlite3's 16 MB (the main connection keeps its 16)", async () => {
    const pool = new ReaderPool(join(dir, "pool.db"), 1);
    try {
      expect(await pool.read("PRAGMA cache_size", [])).toEqual([{ cache_size: -4000 }]);
    } finally {
      await pool.close();
    }
    expect(handle.sqliteMain!.pragma("cache_size", { simple: true })).toBe(-16000);
  });

  it("a SQL error in a reader reaches the caller with its code", async () => {
    await expect(sql`SELECT * FROM missing_table`.execute(handle.db)).rejects.toMatchObject({ code: "SQLITE_ERROR" });
  });

  it("keeps one reader thread while reads come one at a time, adds one when a read finds none free, and ends each once idle", async () => {
    const pool = new ReaderPool(join(dir, "pool.db"), 2, 300);
    try {
      for (let i = 0; i < 20; i++) expect(await pool.read("SELECT ? AS n", [i])).toEqual([{ n: i }]);
      expect(pool.threads).toBe(1);
      // A budgeted read holds the first thread: the next read waits, and a second thread starts for it.
      const slow = pool.read(SLOW.compile(handle.db).sql, [], 1500).catch(() => "refused");
      expect(await pool.read("SELECT 1 AS one", [])).toEqual([{ one: 1 }]);
      expect(pool.threads).toBe(2);
      // The second thread, idle past its time, is ended while the budgeted read still holds the first.
      await vi.waitFor(() => expect(pool.threads).toBe(1), { timeout: 10_000, interval: 20 });
      expect(await slow).toBe("refused");
      // The refused read's thread was ended too; the next read starts one again.
      expect(pool.threads).toBeLessThanOrEqual(1);
      expect(await pool.read("SELECT 2 AS two", [])).toEqual([{ two: 2 }]);
      expect(pool.threads).toBe(1);
      // The last one too, once idle: a server nobody uses holds no reader thread, and its next read starts one.
      await vi.waitFor(() => expect(pool.threads).toBe(0), { timeout: 10_000, interval: 20 });
      expect(await pool.read("SELECT 3 AS three", [])).toEqual([{ three: 3 }]);
      expect(pool.threads).toBe(1);
    } finally {
      await pool.close();
    }
  });
});
