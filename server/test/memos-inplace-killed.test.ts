// A first start on a memos 0.22 … 0.31 database killed (SIGKILL) during its conversion, twice: the database stays as
// memos left it, one copy of it is kept (SQLite: `<file>.bak-memos-<version>`, not one more per start; PostgreSQL: no
// schema of kept tables until a conversion commits), and the start that finishes converts it. The killed starts are
// `npm run storage` runs (they open the database as the server does, through openStore), killed while the
// conversion's transaction holds the write lock (SQLite) or the migration lock (PostgreSQL). Then, deterministically,
// at each named moment of the conversion (MEMOS_TEST_KILL_AT, store/memos-import/kill-point.ts): before the commit
// the database is the untouched original (SQLite: byte for byte; PostgreSQL: memos' schema as it was, no kept
// schema), after it the finished result, and the next start finishes either way.
import { createHash } from "node:crypto";
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../src/store/open.js";
import { CONVERSION_MOMENTS } from "../src/store/memos-import/kill-point.js";
import { killCliWhen, runCli } from "./cli-child.js";
import { TEST_DRIVER, withPgClient } from "./harness.js";
import { backupsIn, type Dump, dump } from "./legacy-v010-fixture.js";
import { buildMemosDatabase, buildMemosPostgres } from "./memos-fixture/build.js";
import { dumpPgSchema, type PgDump } from "./memos-fixture/dump.js";
import { createPgDatabase, type PgDatabase } from "./pg-database.js";
import pg from "pg";
import { PG_MIGRATION_LOCK } from "../src/store/migrate.js";

/** Whether another connection holds the write lock of the SQLite file `probe` is open on (a transaction that wrote). */
function writeLocked(probe: SQLite.Database): boolean {
  try {
    probe.exec("BEGIN IMMEDIATE");
    probe.exec("ROLLBACK");
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === "SQLITE_BUSY") return true;
    throw error;
  }
}

describe.skipIf(TEST_DRIVER === "postgres").each([22, 30] as const)(
  "a first start on a memos 0.%i database, killed during its conversion",
  (minor) => {
    let dir: string;
    let file: string;
    let original: Dump;
    const kept = `memos_prod.db.bak-memos-0.${minor}.0`;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), "memos-inplace-killed-"));
      file = join(dir, "memos_prod.db");
      await buildMemosDatabase(file, minor);
      // Enough memos that the conversion's transaction lasts a while.
      const db = new SQLite(file);
      db.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
        INSERT INTO memo (uid, creator_id, content, visibility) SELECT 'bulk-' || i, 1, 'bulk memo ' || i || ' #bulk', 'PRIVATE' FROM n`);
      db.close();
      original = dump(file);
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it("keeps the original and one copy however often it is killed; the start that finishes converts it", async () => {
      for (let run = 1; run <= 2; run++) {
        const probe = new SQLite(file, { timeout: 0 });
        try {
          const { killed, output } = await killCliWhen(["storage", "--to", "db", "--data", dir], dir, () => {
            const names = readdirSync(dir);
            return names.some((name) => name.includes(".bak-")) && !names.some((name) => name.endsWith(".partial")) && writeLocked(probe);
          });
          expect(killed, output).toBe(true);
        } finally {
          probe.close();
        }
        expect(dump(file), `run ${run}: the conversion was not rolled back`).toEqual(original);
        expect(backupsIn(dir), `run ${run}`).toEqual([kept]);
      }
      const { store, converted } = await openStore({ driver: "sqlite", dsn: file, sqliteReaders: 0 });
      await store.close();
      expect(converted).toMatchObject({
        from: `0.${minor}.0`,
        kept: join(dir, kept),
        counts: expect.objectContaining({ memos: 20_004, comments: 1 }),
      });
      expect(backupsIn(dir)).toEqual([kept]);
      expect(dump(join(dir, kept))).toEqual(original);
      expect("schema_migration" in dump(file)).toBe(true);
      // Two commands, each up to ten seconds to start through tsx on a busy machine.
    }, 90_000);
  },
);

describe.skipIf(TEST_DRIVER !== "postgres")("a first start on a memos 0.30 PostgreSQL database, killed during its conversion", () => {
  let dir: string;
  let database: PgDatabase;
  let original: PgDump;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "memos-inplace-killed-pg-"));
    database = await createPgDatabase("memos_killed");
    await buildMemosPostgres(database.dsn, dir, 30);
    // Enough memos that the conversion takes a while to kill into.
    await withPgClient(database.dsn, (client) =>
      client.query(
        "INSERT INTO memo (uid, creator_id, content, visibility) SELECT 'bulk-' || n, 1, 'bulk memo ' || n || ' #bulk', 'PRIVATE' FROM generate_series(1, 20000) AS n",
      ),
    );
    original = await dumpPgSchema(database.dsn, "public");
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("leaves memos' tables as they were however often it is killed; the start that finishes converts them", async () => {
    const probe = new pg.Client({ connectionString: database.dsn });
    await probe.connect();
    const converting = async () =>
      (
        await probe.query<{ n: string }>("SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND granted", [
          PG_MIGRATION_LOCK,
        ])
      ).rows[0]!.n !== "0";
    try {
      for (let run = 1; run <= 2; run++) {
        const { killed, output } = await killCliWhen(["storage", "--to", "db", "--data", dir, "--dsn", database.dsn], dir, converting);
        expect(killed, output).toBe(true);
        // The killed client's transaction ends with its connection: wait until the server has let go of it.
        while (await converting()) await new Promise((resolve) => setImmediate(resolve));
        expect(await dumpPgSchema(database.dsn, "public"), `run ${run}: the conversion was not rolled back`).toEqual(original);
        expect(await dumpPgSchema(database.dsn, "memos_0_30_0")).toEqual({});
      }
    } finally {
      await probe.end();
    }
    const { store, converted } = await openStore({ driver: "postgres", dsn: database.dsn });
    await store.close();
    expect(converted).toMatchObject({
      from: "0.30.0",
      kept: "memos_0_30_0",
      counts: expect.objectContaining({ memos: 20_004, comments: 1 }),
    });
    expect(await dumpPgSchema(database.dsn, "memos_0_30_0")).toEqual(original);
  }, 90_000);
});

/** Memos enough for three of the conversion's batches of 500, so `memos-batch` falls mid-copy. */
const BULK = 1200;
const sha256 = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

describe.skipIf(TEST_DRIVER === "postgres")("a first start on a memos 0.30 database killed at each moment of its conversion", () => {
  let template: string;
  let original: Dump;
  let originalSha: string;
  const kept = "memos_prod.db.bak-memos-0.30.0";

  beforeAll(async () => {
    template = join(mkdtempSync(join(tmpdir(), "memos-kill-at-")), "memos_prod.db");
    await buildMemosDatabase(template, 30);
    const db = new SQLite(template);
    // memos runs SQLite in WAL mode, as we do: the header says so already, and opening the file changes no byte.
    db.pragma("journal_mode = WAL");
    db.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${BULK})
      INSERT INTO memo (uid, creator_id, content, visibility) SELECT 'bulk-' || i, 1, 'bulk memo ' || i || ' #bulk', 'PRIVATE' FROM n`);
    db.close();
    original = dump(template);
    originalSha = sha256(template);
  });
  afterAll(() => rmSync(join(template, ".."), { recursive: true, force: true }));

  it.each(CONVERSION_MOMENTS)(
    "killed at %s: the original or the result, and the next start finishes",
    async (moment) => {
      const dir = mkdtempSync(join(tmpdir(), `memos-kill-at-${moment}-`));
      try {
        const file = join(dir, "memos_prod.db");
        copyFileSync(template, file);
        const run = runCli(["storage", "--to", "db", "--data", dir], dir, { MEMOS_TEST_KILL_AT: moment });
        expect(run.signal, `${run.stdout}${run.stderr}`).toBe("SIGKILL");
        if (moment === "committed") {
          expect("schema_migration" in dump(file)).toBe(true);
        } else {
          // What the killed transaction left in the WAL is never part of the file: closing a connection drops it.
          new SQLite(file).close();
          expect(sha256(file), "the file changed").toBe(originalSha);
          expect(dump(file)).toEqual(original);
        }
        expect(backupsIn(dir)).toEqual([kept]);
        expect(dump(join(dir, kept))).toEqual(original);
        const { store, converted } = await openStore({ driver: "sqlite", dsn: file, sqliteReaders: 0 });
        try {
          if (moment === "committed") expect(converted).toBeNull();
          else expect(converted).toMatchObject({ from: "0.30.0", counts: expect.objectContaining({ memos: BULK + 4, comments: 1 }) });
          const memos = await store.db
            .selectFrom("memo")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow();
          expect(Number(memos.n)).toBe(BULK + 4);
        } finally {
          await store.close();
        }
        expect(backupsIn(dir)).toEqual([kept]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});

describe.skipIf(TEST_DRIVER !== "postgres")(
  "a first start on a memos 0.30 PostgreSQL database killed at each moment of its conversion",
  () => {
    it.each(CONVERSION_MOMENTS)(
      "killed at %s: memos' schema as it was or the result, and the next start finishes",
      async (moment) => {
        const dir = mkdtempSync(join(tmpdir(), `memos-kill-at-pg-${moment}-`));
        const database = await createPgDatabase("memos_kill_at");
        const probe = new pg.Client({ connectionString: database.dsn });
        try {
          await buildMemosPostgres(database.dsn, dir, 30);
          await withPgClient(database.dsn, (client) =>
            client.query(
              `INSERT INTO memo (uid, creator_id, content, visibility) SELECT 'bulk-' || n, 1, 'bulk memo ' || n || ' #bulk', 'PRIVATE' FROM generate_series(1, ${BULK}) AS n`,
            ),
          );
          const original = await dumpPgSchema(database.dsn, "public");
          const run = runCli(["storage", "--to", "db", "--data", dir, "--dsn", database.dsn], dir, { MEMOS_TEST_KILL_AT: moment });
          expect(run.signal, `${run.stdout}${run.stderr}`).toBe("SIGKILL");
          await probe.connect();
          // The killed client's transaction ends with its connection: wait until the server has let go of its lock.
          const converting = async () =>
            (
              await probe.query<{ n: string }>("SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = $1", [
                PG_MIGRATION_LOCK,
              ])
            ).rows[0]!.n !== "0";
          while (await converting()) await new Promise((resolve) => setImmediate(resolve));
          if (moment === "committed") {
            expect(await dumpPgSchema(database.dsn, "memos_0_30_0")).toEqual(original);
          } else {
            expect(await dumpPgSchema(database.dsn, "public"), "memos' tables changed").toEqual(original);
            expect(await dumpPgSchema(database.dsn, "memos_0_30_0")).toEqual({});
          }
          const { store, converted } = await openStore({ driver: "postgres", dsn: database.dsn });
          try {
            if (moment === "committed") expect(converted).toBeNull();
            else
              expect(converted).toMatchObject({
                from: "0.30.0",
                kept: "memos_0_30_0",
                counts: expect.objectContaining({ memos: BULK + 4 }),
              });
            const memos = await store.db
              .selectFrom("memo")
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .executeTakeFirstOrThrow();
            expect(Number(memos.n)).toBe(BULK + 4);
          } finally {
            await store.close();
          }
          expect(await dumpPgSchema(database.dsn, "memos_0_30_0")).toEqual(original);
        } finally {
          await probe.end().catch(() => undefined);
          await database.drop();
          rmSync(dir, { recursive: true, force: true });
        }
      },
      60_000,
    );
  },
);
