// Empty databases for the store's own tests (migrations on databases that already hold rows), on either engine, each
// in a folder of its own, removed after each test. PostgreSQL's come from the machine's server (MEMOS_TEST_PG_DSN);
// when it is unreachable, `open` answers null and the test skips itself.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterEach } from "vitest";
import { type DatabaseHandle, openPostgres, openSqlite } from "./db.js";

const PG_ADMIN_DSN = process.env.MEMOS_TEST_PG_DSN ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface TestDatabase {
  handle: DatabaseHandle;
  /** A folder of the test's own (SQLite's file is in it; backups may go there). */
  dir: string;
}

/** Call at a test file's top level: the opener of its databases, which are removed after each test. */
export function testDatabases(label: string): (engine: "sqlite" | "postgres") => Promise<TestDatabase | null> {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanups.length > 0) await cleanups.pop()!();
  });
  return async (engine) => {
    const dir = mkdtempSync(join(tmpdir(), `memos-${label}-`));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    if (engine === "sqlite") {
      const handle = openSqlite(join(dir, "memos.db"));
      cleanups.push(() => handle.close());
      return { handle, dir };
    }
    const name = `memos_${label.replace(/\W/g, "_")}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_DSN });
    try {
      await admin.connect();
    } catch {
      return null;
    }
    await admin.query(`CREATE DATABASE ${name}`);
    // A test's commits need not wait for the disk: nothing outlives the test (each migration is a commit).
    await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
    await admin.end();
    const url = new URL(PG_ADMIN_DSN);
    url.pathname = `/${name}`;
    const handle = openPostgres(url.toString());
    cleanups.push(async () => {
      await handle.close();
      const client = new pg.Client({ connectionString: PG_ADMIN_DSN });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    });
    return { handle, dir };
  };
}
