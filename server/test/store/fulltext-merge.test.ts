// SQLite: a write adds a segment to the full-text index and merges nothing (migration 022); the merger's thread
// merges the segments a moment after, taking its turn with the server's writes, and the index answers as
// before; then it checkpoints the log, which the main connection no longer does at its commits. On a real file,
// with the real worker thread.
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, openSqlite } from "../../src/store/db.js";
import { migrate } from "../../src/store/migrate.js";
import { backupSqlite } from "../../src/store/backup/sqlite-backup.js";
import { TEST_DRIVER } from "../harness.js";

const WRITES = 12;
/** Enough distinct trigrams per commit that FTS5's own automerge would merge these segments as they come. */
const PER_BATCH = 300;

describe.runIf(TEST_DRIVER === "sqlite")("the full-text merger", { timeout: 30_000 }, () => {
  let dir: string;
  let handle: DatabaseHandle | null = null;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "memos-merge-"));
  });
  afterEach(async () => {
    await handle?.close();
    handle = null;
    rmSync(dir, { recursive: true, force: true });
  });

  async function open(mergeDelayMs: number) {
    const opened = openSqlite(join(dir, "memos.db"), { readers: 2, searchBudgetMs: 5000, mergeDelayMs });
    handle = opened;
    await migrate(opened);
    await opened.db.insertInto("user").values({ username: "host", password_hash: "x", open_id: "o1", role: "HOST" }).execute();
    return opened;
  }

  /** One transaction per batch of memos: each commit writes one segment of the index. */
  async function writeBatches(store: DatabaseHandle, batches: number) {
    for (let batch = 0; batch < batches; batch++) {
      const rows = Array.from({ length: PER_BATCH }, (_, i) => {
        const n = batch * PER_BATCH + i;
        return {
          creator_id: 1,
          content: `batch ${batch} memo ${i} kiwi${n % 7} ${n.toString(36).repeat(12)} ${(n * 7919).toString(16).repeat(9)}`,
        };
      });
      await store.db.transaction().execute((trx) => trx.insertInto("memo").values(rows).execute());
    }
  }

  const segments = async (store: DatabaseHandle) =>
    (await sql<{ n: number }>`SELECT count(DISTINCT segid) AS n FROM memo_fts_idx`.execute(store.db)).rows[0]!.n;

  const matches = async (store: DatabaseHandle, phrase: string) =>
    (
      await sql<{ id: number }>`SELECT rowid & 4294967295 AS id FROM memo_fts WHERE memo_fts MATCH ${`"${phrase}"`} ORDER BY rowid`.execute(
        store.db,
      )
    ).rows.map((row) => row.id);

  const expectWhole = (store: DatabaseHandle) => sql`INSERT INTO memo_fts(memo_fts, rank) VALUES ('integrity-check', 1)`.execute(store.db);

  it("writes leave their segments unmerged; the merger merges them to about one per level, and every match stays", async () => {
    const store = await open(3_600_000);
    await writeBatches(store, WRITES);
    // automerge 0: no write merged (FTS5's default would have merged every 4).
    expect(await segments(store)).toBe(WRITES);
    const kiwi3 = await matches(store, "kiwi3");
    expect(kiwi3).toHaveLength(Array.from({ length: WRITES * PER_BATCH }, (_, n) => n).filter((n) => n % 7 === 3).length);

    await store.settled();
    // usermerge 2: 12 equal segments pair up as a binary count does (12 = 8 + 4).
    expect(await segments(store)).toBeLessThanOrEqual(2);
    expect(await matches(store, "kiwi3")).toEqual(kiwi3);
    await expectWhole(store);
  });

  it("a write made while the merger works waits for its step, and is indexed", async () => {
    const store = await open(3_600_000);
    await writeBatches(store, WRITES);
    const merging = store.settled();
    const written = store.db
      .insertInto("memo")
      .values({ creator_id: 1, content: "written while merging" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const [{ id }] = await Promise.all([written, merging]);
    await store.settled();
    expect(await matches(store, "while merging")).toEqual([id]);
    expect(await segments(store)).toBeLessThanOrEqual(3);
    await expectWhole(store);
  });

  it("a hold (a backup's) stops merging after the step in flight; the backup copies without starting over", async () => {
    const store = await open(3_600_000);
    await writeBatches(store, WRITES);
    const merging = store.settled();
    const resume = await store.holdUpkeep();
    // The run in flight stopped after its step; asked to merge again while held, the merger takes no step.
    await merging;
    const held = await segments(store);
    await store.settled();
    expect(await segments(store)).toBe(held);
    const backup = await backupSqlite(store.sqliteMain!, join(dir, "copy.db"));
    expect(await segments(store)).toBe(held);
    expect(backup.restarts).toBe(0);
    resume();
    await store.settled();
    expect(await segments(store)).toBeLessThanOrEqual(2);
    await expectWhole(store);
  });

  it("starts by itself a moment after the writes", async () => {
    const store = await open(50);
    await writeBatches(store, WRITES);
    const deadline = Date.now() + 20_000;
    while ((await segments(store)) > 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await segments(store)).toBeLessThanOrEqual(2);
    await expectWhole(store);
  });

  it("a commit leaves its pages in the log (no checkpoint on the main thread); the merger's thread copies them into the file", async () => {
    const store = await open(3_600_000);
    await store.settled();
    const file = join(dir, "memos.db");
    const before = statSync(file).size;
    await writeBatches(store, 4);
    // The main connection's commits did not checkpoint: the database file has not grown, the log holds the pages.
    expect(statSync(file).size).toBe(before);
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(100_000);
    await store.settled();
    expect(statSync(file).size).toBeGreaterThan(before + 100_000);
    expect(await matches(store, "kiwi3")).toHaveLength(
      Array.from({ length: 4 * PER_BATCH }, (_, n) => n).filter((n) => n % 7 === 3).length,
    );
  });
});
