// Moves memos' tables out of the way inside the conversion's transaction, so ours can be made under the same names:
// on SQLite renamed `memos_old_<table>` (their indexes dropped, since our migrations reuse some names) and dropped
// once copied (the copy of the file taken first keeps them); on PostgreSQL moved into the schema `memos_<version>`,
// where they stay as the kept copy.
import { sql } from "kysely";
import type { Db, Engine } from "../db.js";
import type { MemosDatabase } from "./detect.js";
import { type Source, sourceAt } from "./source.js";
import { MEMOS_TABLES, memosShape } from "./versions.js";

const SQLITE_PREFIX = "memos_old_";

/** The PostgreSQL schema memos 0.`version`'s tables are kept in: `memos_0_30_1`. */
export const keptSchemaOf = (version: string) => `memos_${version.replace(/[^0-9]+/g, "_").replace(/^_|_$/g, "")}`;

export async function moveAside(tx: Db, engine: Engine, found: MemosDatabase): Promise<Source> {
  const tables = new Set<string>(MEMOS_TABLES.filter((name) => found.tables.has(name)));
  const shape = memosShape(found.minor);
  if (engine === "sqlite") {
    const indexes = await sql<{
      name: string;
      tbl_name: string;
    }>`SELECT name, tbl_name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL`.execute(tx);
    for (const index of indexes.rows) if (tables.has(index.tbl_name)) await sql`DROP INDEX ${sql.id(index.name)}`.execute(tx);
    for (const name of tables) await sql`ALTER TABLE ${sql.id(name)} RENAME TO ${sql.id(SQLITE_PREFIX + name)}`.execute(tx);
    return sourceAt(engine, tx, shape, tables, (name) => SQLITE_PREFIX + name);
  }
  const schema = keptSchemaOf(found.version);
  await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(tx);
  for (const name of tables) await sql`ALTER TABLE ${sql.id(name)} SET SCHEMA ${sql.id(schema)}`.execute(tx);
  return sourceAt(engine, tx, shape, tables, (name) => `${schema}.${name}`);
}

/** Drops the renamed tables on SQLite once copied (memo_share first: it refers to memo); PostgreSQL keeps its schema. */
export async function dropAside(tx: Db, source: Source): Promise<void> {
  if (source.engine !== "sqlite") return;
  const order = [...source.tables].sort((a, b) => Number(b === "memo_share") - Number(a === "memo_share"));
  for (const name of order) await sql`DROP TABLE ${sql.id(SQLITE_PREFIX + name)}`.execute(tx);
}
