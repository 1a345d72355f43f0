// Copies a whole instance between two databases (SQLite ⇄ PostgreSQL), table by table in primary-key order,
// a batch at a time, with ids preserved; then compares both sides row count and SHA-256 per table. Which tables and
// columns is the plan's (transfer-plan.ts): the classes of transfer-tables.ts over the schemas both databases report.
//
// Rows are read by keyset (`WHERE key > last ORDER BY key LIMIT n`), so neither side holds a table in memory.
// Text keys are ordered by code point on both engines (SQLite's BINARY collation; `COLLATE "C"` on PostgreSQL),
// so both sides walk their rows in the same order and the checksums can be compared.
import { createHash } from "node:crypto";
import { type RawBuilder, sql } from "kysely";
import type { DatabaseHandle, Db, Engine } from "../db.js";
import { readSchema } from "./real-schema.js";
import { planTransfer, type TableWalk, type TransferPlan } from "./transfer-plan.js";

const ident = (name: string) => sql.id(name);

function keyExpr(engine: Engine, walk: TableWalk, column: string): RawBuilder<unknown> {
  const kind = walk.columns.find(([name]) => name === column)?.[1];
  return engine === "postgres" && kind === "text" ? sql`${ident(column)} COLLATE "C"` : sql`${ident(column)}`;
}

type Row = Record<string, unknown>;

/** The rows of `walk` after `after` (a key tuple; null for the first page), in key order. */
async function readPage(db: Db, engine: Engine, walk: TableWalk, after: unknown[] | null): Promise<Row[]> {
  const columns = sql.join(walk.columns.map(([name]) => ident(name)));
  const keys = walk.key.map((column) => keyExpr(engine, walk, column));
  const conditions: RawBuilder<unknown>[] = [];
  if (walk.where) conditions.push(sql.raw(walk.where));
  if (after) {
    conditions.push(
      keys.length === 1 ? sql`${keys[0]} > ${after[0]}` : sql`(${sql.join(keys)}) > (${sql.join(after.map((value) => sql`${value}`))})`,
    );
  }
  const whereClause = conditions.length > 0 ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const result =
    await sql<Row>`SELECT ${columns} FROM ${ident(walk.table)} ${whereClause} ORDER BY ${sql.join(keys)} LIMIT ${walk.batch}`.execute(db);
  return result.rows;
}

/** Walks every row of `walk` in key order, a page at a time. */
async function* walkRows(db: Db, engine: Engine, walk: TableWalk): AsyncGenerator<Row[]> {
  let after: unknown[] | null = null;
  for (;;) {
    const rows = await readPage(db, engine, walk, after);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < walk.batch) return;
    const last = rows[rows.length - 1]!;
    after = walk.key.map((column) => last[column]);
  }
}

/** One row as the same text on both engines: integers in decimal, blobs in base64, NULL as null. */
function normalise(walk: TableWalk, row: Row): string {
  const values = walk.columns.map(([column, kind]) => {
    const value = row[column];
    if (value === null || value === undefined) return null;
    if (kind === "blob") return `b:${Buffer.from(value as Uint8Array).toString("base64")}`;
    if (kind === "int") return `i:${typeof value === "bigint" ? value.toString() : String(Number(value))}`;
    if (kind === "real") return `r:${String(Number(value))}`;
    return `t:${String(value)}`;
  });
  return JSON.stringify(values);
}

interface TableDigest {
  rows: number;
  sha256: string;
}

async function digestTable(handle: DatabaseHandle, walk: TableWalk): Promise<TableDigest> {
  const hash = createHash("sha256");
  let rows = 0;
  for await (const page of walkRows(handle.db, handle.engine, walk)) {
    for (const row of page) hash.update(`${normalise(walk, row)}\n`);
    rows += page.length;
  }
  return { rows, sha256: hash.digest("hex") };
}

/** The copy from `source` to `target` as both databases' schemas allow it (throws TransferSchemaError otherwise). */
export async function planInstanceTransfer(source: DatabaseHandle, target: DatabaseHandle): Promise<TransferPlan> {
  const [from, to] = await Promise.all([readSchema(source), readSchema(target)]);
  return planTransfer({ label: "source", engine: source.engine, schema: from }, { label: "target", engine: target.engine, schema: to });
}

/** Copied tables of the target that already hold rows (a transfer only fills an empty instance). */
export async function nonEmptyTables(target: DatabaseHandle, plan: TransferPlan): Promise<string[]> {
  const found: string[] = [];
  for (const step of plan.copied) {
    if (step.filledByMigrations) continue;
    const result = await sql<{ one: number }>`SELECT 1 AS one FROM ${ident(step.table)} LIMIT 1`.execute(target.db);
    if (result.rows.length > 0) found.push(step.table);
  }
  return found;
}

function toTarget(walk: TableWalk, row: Row): Row {
  const out: Row = {};
  for (const [column, kind] of walk.columns) {
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
async function resetSequences(tx: Db, engine: Engine, plan: TransferPlan): Promise<void> {
  if (engine !== "postgres") return;
  for (const step of plan.copied) {
    for (const column of step.serials) {
      await sql`SELECT setval(pg_get_serial_sequence(quote_ident(${step.table}), ${column}),
        COALESCE((SELECT MAX(${ident(column)}) FROM ${ident(step.table)}), 1),
        (SELECT MAX(${ident(column)}) FROM ${ident(step.table)}) IS NOT NULL)`.execute(tx);
    }
  }
}

/** SQLite: the full-text index agrees with the memo table (FTS5's own check; it throws when it does not). */
async function checkFullText(handle: DatabaseHandle): Promise<void> {
  if (handle.engine !== "sqlite") return;
  await sql`INSERT INTO memo_fts(memo_fts, rank) VALUES ('integrity-check', 1)`.execute(handle.db);
}

export type TransferProgress = (table: string, copied: number) => void;

/**
 * Copies every table the plan copies from `source` into `target` (empty, migrated) in one transaction of the
 * target, then rebuilds the counters and continues the sequences. Returns the rows copied per table.
 */
export async function copyInstance(
  source: DatabaseHandle,
  target: DatabaseHandle,
  plan: TransferPlan,
  progress?: TransferProgress,
): Promise<Record<string, number>> {
  const copied: Record<string, number> = {};
  await target.db.transaction().execute(async (tx) => {
    for (const step of plan.copied) {
      // The target's migrations recorded their own rows here; the source's replace them.
      if (step.filledByMigrations) await sql`DELETE FROM ${ident(step.table)}`.execute(tx);
      let count = 0;
      for await (const page of walkRows(source.db, source.engine, step)) {
        // Kysely's table type is per name; the rows are checked by the plan's columns instead.
        await tx
          .insertInto(step.table as "tag")
          .values(page.map((row) => toTarget(step, row)) as never)
          .execute();
        count += page.length;
        progress?.(step.table, count);
      }
      copied[step.table] = count;
    }
    await rebuildCounters(tx);
    await resetSequences(tx, target.engine, plan);
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

/**
 * Row counts and checksums on both sides of every copied table and every derived one that can be compared (the
 * plan's, or both databases' schemas read again); SQLite's full-text index checked by FTS5.
 */
export async function compareInstances(source: DatabaseHandle, target: DatabaseHandle, plan?: TransferPlan): Promise<TableComparison[]> {
  const { copied, derived } = plan ?? (await planInstanceTransfer(source, target));
  const walks: [TableWalk, boolean][] = [
    ...copied.map((step): [TableWalk, boolean] => [step, false]),
    ...derived.flatMap((step): [TableWalk, boolean][] => (step.walk ? [[step.walk, true]] : [])),
  ];
  const out: TableComparison[] = [];
  for (const [walk, isDerived] of walks) {
    const [a, b] = await Promise.all([digestTable(source, walk), digestTable(target, walk)]);
    out.push({ table: walk.table, derived: isDerived, source: a, target: b, same: a.rows === b.rows && a.sha256 === b.sha256 });
  }
  await checkFullText(target);
  return out;
}
