// Copies a whole instance between two databases (SQLite ⇄ PostgreSQL), table by table in primary-key order,
// a batch at a time, with ids preserved; then compares both sides row count and SHA-256 per table.
//
// Rows are read by keyset (`WHERE key > last ORDER BY key LIMIT n`), so neither side holds a table in memory.
// Text keys are ordered by code point on both engines (SQLite's BINARY collation; `COLLATE "C"` on PostgreSQL),
// so both sides walk their rows in the same order and the checksums can be compared.
import { createHash } from "node:crypto";
import { type RawBuilder, sql } from "kysely";
import type { DatabaseHandle, Db, Engine } from "../db.js";
import { COPIED_TABLES, DERIVED_TABLES, SKIPPED_TABLES, type TableSpec } from "./transfer-tables.js";

const DEFAULT_BATCH = 500;

const ident = (name: string) => sql.id(name);

function keyExpr(engine: Engine, spec: TableSpec, column: string): RawBuilder<unknown> {
  return engine === "postgres" && spec.columns[column] === "text" ? sql`${ident(column)} COLLATE "C"` : sql`${ident(column)}`;
}

type Row = Record<string, unknown>;

/** The rows of `spec` after `after` (a key tuple; null for the first page), in key order. */
async function readPage(db: Db, engine: Engine, spec: TableSpec, after: unknown[] | null, limit: number, where?: string): Promise<Row[]> {
  const columns = sql.join(Object.keys(spec.columns).map(ident));
  const keys = spec.key.map((column) => keyExpr(engine, spec, column));
  const conditions: RawBuilder<unknown>[] = [];
  if (where) conditions.push(sql.raw(where));
  if (after) {
    conditions.push(
      keys.length === 1 ? sql`${keys[0]} > ${after[0]}` : sql`(${sql.join(keys)}) > (${sql.join(after.map((value) => sql`${value}`))})`,
    );
  }
  const whereClause = conditions.length > 0 ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const result =
    await sql<Row>`SELECT ${columns} FROM ${ident(spec.name)} ${whereClause} ORDER BY ${sql.join(keys)} LIMIT ${limit}`.execute(db);
  return result.rows;
}

/** Walks every row of `spec` in key order, a page at a time. */
async function* walk(db: Db, engine: Engine, spec: TableSpec, where?: string): AsyncGenerator<Row[]> {
  const limit = spec.batch ?? DEFAULT_BATCH;
  let after: unknown[] | null = null;
  for (;;) {
    const rows = await readPage(db, engine, spec, after, limit, where);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < limit) return;
    const last = rows[rows.length - 1]!;
    after = spec.key.map((column) => last[column]);
  }
}

/** One row as the same text on both engines: integers in decimal, blobs in base64, NULL as null. */
function normalise(spec: TableSpec, row: Row): string {
  const values = Object.entries(spec.columns).map(([column, kind]) => {
    const value = row[column];
    if (value === null || value === undefined) return null;
    if (kind === "blob") return `b:${Buffer.from(value as Uint8Array).toString("base64")}`;
    if (kind === "int") return `i:${typeof value === "bigint" ? value.toString() : String(Number(value))}`;
    return `t:${String(value)}`;
  });
  return JSON.stringify(values);
}

interface TableDigest {
  rows: number;
  sha256: string;
}

async function digestTable(handle: DatabaseHandle, spec: TableSpec, where?: string): Promise<TableDigest> {
  const hash = createHash("sha256");
  let rows = 0;
  for await (const page of walk(handle.db, handle.engine, spec, where)) {
    for (const row of page) hash.update(`${normalise(spec, row)}\n`);
    rows += page.length;
  }
  return { rows, sha256: hash.digest("hex") };
}

/** Tables of the target that already hold rows (a transfer only fills an empty instance). */
export async function nonEmptyTables(handle: DatabaseHandle): Promise<string[]> {
  const names = [...COPIED_TABLES.map((spec) => spec.name).filter((name) => name !== "migration_history"), ...SKIPPED_TABLES];
  const found: string[] = [];
  for (const name of names) {
    const result = await sql<{ one: number }>`SELECT 1 AS one FROM ${ident(name)} LIMIT 1`.execute(handle.db);
    if (result.rows.length > 0) found.push(name);
  }
  return found;
}

function toTarget(spec: TableSpec, row: Row): Row {
  const out: Row = {};
  for (const [column, kind] of Object.entries(spec.columns)) {
    const value = row[column];
    out[column] = kind === "blob" && value != null ? Buffer.from(value as Uint8Array) : value;
  }
  return out;
}

/** Rebuilds the trigger-kept counters from the rows, as migration 009 first filled them. */
async function rebuildCounters(tx: Db): Promise<void> {
  await sql`DELETE FROM memo_count`.execute(tx);
  await sql`DELETE FROM memo_tag_count`.execute(tx);
  await sql`INSERT INTO memo_count (creator_id, row_status, visibility, n)
    SELECT creator_id, row_status, visibility, COUNT(*) FROM memo GROUP BY creator_id, row_status, visibility`.execute(tx);
  await sql`INSERT INTO memo_tag_count (creator_id, tag, n)
    SELECT m.creator_id, t.tag, COUNT(*) FROM memo_tag t JOIN memo m ON m.id = t.memo_id
    WHERE m.row_status = 'NORMAL' GROUP BY m.creator_id, t.tag`.execute(tx);
}

/** PostgreSQL: each SERIAL continues after the largest copied id. */
async function resetSequences(tx: Db, engine: Engine): Promise<void> {
  if (engine !== "postgres") return;
  for (const spec of COPIED_TABLES) {
    if (!spec.serial) continue;
    const table = spec.name === "user" ? '"user"' : spec.name;
    await sql`SELECT setval(pg_get_serial_sequence(${table}, ${spec.serial}),
      COALESCE((SELECT MAX(${ident(spec.serial)}) FROM ${ident(spec.name)}), 1),
      (SELECT MAX(${ident(spec.serial)}) FROM ${ident(spec.name)}) IS NOT NULL)`.execute(tx);
  }
}

/** SQLite: the full-text index agrees with the memo table (FTS5's own check; it throws when it does not). */
async function checkFullText(handle: DatabaseHandle): Promise<void> {
  if (handle.engine !== "sqlite") return;
  await sql`INSERT INTO memo_fts(memo_fts, rank) VALUES ('integrity-check', 1)`.execute(handle.db);
}

export type TransferProgress = (table: string, copied: number) => void;

/**
 * Copies every table of COPIED_TABLES from `source` into `target` (empty, migrated) in one transaction of the
 * target, then rebuilds the counters and continues the sequences. Returns the rows copied per table.
 */
export async function copyInstance(
  source: DatabaseHandle,
  target: DatabaseHandle,
  progress?: TransferProgress,
): Promise<Record<string, number>> {
  const copied: Record<string, number> = {};
  await target.db.transaction().execute(async (tx) => {
    // The target's migrations recorded their own v0 version; the source's history replaces it.
    await sql`DELETE FROM migration_history`.execute(tx);
    for (const spec of COPIED_TABLES) {
      let count = 0;
      for await (const page of walk(source.db, source.engine, spec)) {
        // Kysely's table type is per name; the rows are checked by the spec's columns instead.
        await tx
          .insertInto(spec.name as "tag")
          .values(page.map((row) => toTarget(spec, row)) as never)
          .execute();
        count += page.length;
        progress?.(spec.name, count);
      }
      copied[spec.name] = count;
    }
    await rebuildCounters(tx);
    await resetSequences(tx, target.engine);
  });
  return copied;
}

export interface TableComparison {
  table: string;
  derived: boolean;
  source: TableDigest;
  target: TableDigest;
  same: boolean;
}

/** Row counts and checksums of every copied and derived table on both sides. */
export async function compareInstances(source: DatabaseHandle, target: DatabaseHandle): Promise<TableComparison[]> {
  const out: TableComparison[] = [];
  const specs: [TableSpec, string | undefined, boolean][] = [
    ...COPIED_TABLES.map((spec): [TableSpec, undefined, boolean] => [spec, undefined, false]),
    ...DERIVED_TABLES.map((spec): [TableSpec, string, boolean] => [spec, spec.where, true]),
  ];
  for (const [spec, where, derived] of specs) {
    const [a, b] = await Promise.all([digestTable(source, spec, where), digestTable(target, spec, where)]);
    out.push({ table: spec.name, derived, source: a, target: b, same: a.rows === b.rows && a.sha256 === b.sha256 });
  }
  await checkFullText(target);
  return out;
}
