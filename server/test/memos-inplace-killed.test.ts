// A first start on a memos 0.22 … 0.31 database killed (SIGKILL) during its conversion: the database stays as memos
// left it, one copy of it is kept (SQLite: `<file>.bak-memos-<version>`, not one more per start; PostgreSQL: no schema
// of kept tables until a conversion commits), and the start that finishes converts it. The killed starts are
// `npm run storage` runs (they open the database as the server does, through openStore) that kill themselves at a named
// moment of the conversion (MEMOS_TEST_KILL_AT, store/memos-import/kill-point.ts), so every moment tested is hit on
// every run: before the commit the database is the untouched original (SQLite: byte for byte; PostgreSQL: memos'
// schema as it was, no kept schema), after it the finished result, and the next start finishes either way.
// The moments tested are those whose surroundings differ: before the transaction (the copy kept), its start (the
// lock held, nothing written), mid-copy, its end (everything written, memos' tables dropped), and after the commit.
// The moments between are the same transaction at other rows; a child process per moment costs seconds.
import { createHash } from "node:crypto";
import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../src/store/open.js";
import type { ConversionMoment } from "../src/store/memos-import/kill-point.js";
import { runCli } from "./cli-child.js";
import { TEST_DRIVER, withPgClient } from "./harness.js";
import { backupsIn, type Dump, dump } from "./legacy-v010-fixture.js";
import { buildMemosDatabase, buildMemosPostgres } from "./memos-fixture/build.js";
import { dumpPgSchema, type PgDump } from "./memos-fixture/dump.js";
import { createPgDatabase, type PgDatabase } from "./pg-database.js";
import pg from "pg";
import { PG_MIGRATION_LOCK } from "../src/store/migrate.js";

const TESTED_MOMENTS: readonly ConversionMoment[] = ["copy-kept", "claimed", "memos-batch", "dropped", "committed"];

/** Memos enough for three of the conversion's batches of 500, so `memos-batch` falls mid-copy. */
const BULK = 1200;
const sha256 = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

/** What each test does: the memos version, where the start is killed, and how many starts are killed before one finishes. */
interface KillCase {
  minor: 22 | 30;
  moment: ConversionMoment;
  kills: number;
}
const KILL_CASES: readonly KillCase[] = [
  ...TESTED_MOMENTS.map((moment) => ({ minor: 30 as const, moment, kills: 1 })),
  // However often a start is killed, the original stays and one copy is kept (not one more per start).
  { minor: 22, moment: "memos-batch", kills: 2 },
];
const caseName = ({ minor, moment, kills }: KillCase) => `0.${minor} killed ${kills === 1 ? "once" : `${kills} times`} at ${moment}`;

describe.skipIf(TEST_DRIVER === "postgres")("a first start on a memos SQLite database killed during its conversion", () => {
  const templates = new Map<number, { file: string; original: Dump; sha: string }>();

  beforeAll(async () => {
    for (const minor of new Set(KILL_CASES.map((each) => each.minor))) {
      const file = join(mkdtempSync(join(tmpdir(), "memos-kill-at-")), "memos_prod.db");
      await buildMemosDatabase(file, minor);
      const db = new SQLite(file);
      // memos runs SQLite in WAL mode, as we do: the header says so already, and opening the file changes no byte.
      db.pragma("journal_mode = WAL");
      db.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${BULK})
        INSERT INTO memo (uid, creator_id, content, visibility) SELECT 'bulk-' || i, 1, 'bulk memo ' || i || ' #bulk', 'PRIVATE' FROM n`);
      db.close();
      templates.set(minor, { file, original: dump(file), sha: sha256(file) });
    }
  });
  afterAll(() => {
    for (const { file } of templates.values()) rmSync(join(file, ".."), { recursive: true, force: true });
  });

  it.each(KILL_CASES.map((each) => [caseName(each), each] as const))(
    "%s: the original or the result, one copy kept, and the next start finishes",
    async (_name, { minor, moment, kills }) => {
      const template = templates.get(minor)!;
      const kept = `memos_prod.db.bak-memos-0.${minor}.0`;
      const dir = mkdtempSync(join(tmpdir(), `memos-kill-at-${moment}-`));
      try {
        const file = join(dir, "memos_prod.db");
        copyFileSync(template.file, file);
        for (let kill = 1; kill <= kills; kill++) {
          const run = runCli(["storage", "--to", "db", "--data", dir], dir, { MEMOS_TEST_KILL_AT: moment });
          expect(run.signal, `${run.stdout}${run.stderr}`).toBe("SIGKILL");
          if (moment === "committed") {
            expect("schema_migration" in dump(file)).toBe(true);
          } else {
            // What the killed transaction left in the WAL is never part of the file: closing a connection drops it.
            new SQLite(file).close();
            expect(sha256(file), `start ${kill}: the file changed`).toBe(template.sha);
            expect(dump(file)).toEqual(template.original);
          }
          expect(backupsIn(dir), `start ${kill}`).toEqual([kept]);
        }
        expect(dump(join(dir, kept))).toEqual(template.original);
        const { store, converted } = await openStore({ driver: "sqlite", dsn: file, sqliteReaders: 0 });
        try {
          if (moment === "committed") expect(converted).toBeNull();
          else
            expect(converted).toMatchObject({
              from: `0.${minor}.0`,
              kept: join(dir, kept),
              counts: expect.objectContaining({ memos: BULK + 4, comments: 1 }),
            });
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

describe.skipIf(TEST_DRIVER !== "postgres")("a first start on a memos 0.30 PostgreSQL database killed during its conversion", () => {
  /** memos 0.30's database, built once: each test converts a copy of it (CREATE DATABASE … TEMPLATE). */
  let template: PgDatabase;
  let original: PgDump;
  const templateDir = mkdtempSync(join(tmpdir(), "memos-kill-at-pg-"));

  beforeAll(async () => {
    template = await createPgDatabase("memos_kill_at_template");
    await buildMemosPostgres(template.dsn, templateDir, 30);
    await withPgClient(template.dsn, (client) =>
      client.query(
        `INSERT INTO memo (uid, creator_id, content, visibility) SELECT 'bulk-' || n, 1, 'bulk memo ' || n || ' #bulk', 'PRIVATE' FROM generate_series(1, ${BULK}) AS n`,
      ),
    );
    original = await dumpPgSchema(template.dsn, "public");
  });
  afterAll(async () => {
    await template?.drop();
    rmSync(templateDir, { recursive: true, force: true });
  });

  it.each(
    KILL_CASES.filter((each) => each.minor === 30 || each.kills > 1).map((each) => [caseName({ ...each, minor: 30 }), each] as const),
  )(
    "%s: memos' schema as it was or the result, and the next start finishes",
    async (_name, { moment, kills }) => {
      const dir = mkdtempSync(join(tmpdir(), `memos-kill-at-pg-${moment}-`));
      // The data folder as memos left it beside its database (attachments kept on disk).
      cpSync(templateDir, dir, { recursive: true });
      const database = await createPgDatabase("memos_kill_at", template);
      const probe = new pg.Client({ connectionString: database.dsn });
      try {
        await probe.connect();
        // The killed client's transaction ends with its connection: wait until the server has let go of its lock.
        const converting = async () =>
          (
            await probe.query<{ n: string }>("SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = $1", [
              PG_MIGRATION_LOCK,
            ])
          ).rows[0]!.n !== "0";
        for (let kill = 1; kill <= kills; kill++) {
          const run = runCli(["storage", "--to", "db", "--data", dir, "--dsn", database.dsn], dir, { MEMOS_TEST_KILL_AT: moment });
          expect(run.signal, `${run.stdout}${run.stderr}`).toBe("SIGKILL");
          while (await converting()) await new Promise((resolve) => setImmediate(resolve));
          if (moment === "committed") {
            expect(await dumpPgSchema(database.dsn, "memos_0_30_0")).toEqual(original);
          } else {
            expect(await dumpPgSchema(database.dsn, "public"), `start ${kill}: memos' tables changed`).toEqual(original);
            expect(await dumpPgSchema(database.dsn, "memos_0_30_0")).toEqual({});
          }
        }
        const { store, converted } = await openStore({ driver: "postgres", dsn: database.dsn });
        try {
          if (moment === "committed") expect(converted).toBeNull();
          else
            expect(converted).toMatchObject({
              from: "0.30.0",
              kept: "memos_0_30_0",
              counts: expect.objectContaining({ memos: BULK + 4, comments: 1 }),
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
});
