// Where the converter reads a memos database from once it is moved aside (move-aside.ts), and what it tells.
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Db, Engine } from "../db.js";
import type { MemosShape } from "./versions.js";

/** The engines a memos database is read from: ours, and MySQL/MariaDB (read only, by `npm run transfer`). */
export type SourceEngine = Engine | "mysql";

/** A connection to read through: in place, the conversion's own transaction; a MySQL database, its own. */
// biome-ignore lint/suspicious/noExplicitAny: memos' tables are not ours; rows are read with raw SQL only.
export type SourceDb = Db | Kysely<any>;

export interface Source {
  engine: SourceEngine;
  read: SourceDb;
  shape: MemosShape;
  /** memos' tables present, by their own names. */
  tables: Set<string>;
  /** memos' table `name` where it now is. */
  table(name: string): RawBuilder<unknown>;
}

export function sourceAt(
  engine: SourceEngine,
  read: SourceDb,
  shape: MemosShape,
  tables: Set<string>,
  place: (name: string) => string,
): Source {
  return { engine, read, shape, tables, table: (name) => sql.table(place(name)) };
}

/** A JSON column's value as an object: SQLite gives text, PostgreSQL's JSONB an object; {} for anything else. */
export function jsonObject(value: unknown): Record<string, unknown> {
  let parsed = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      return {};
    }
  }
  return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
}

export const textOf = (value: unknown): string => (typeof value === "string" ? value : "");

/** A time column in Unix seconds: a BIGINT (a number, or a string from PostgreSQL) or MySQL's TIMESTAMP (a Date). */
export const secondsOf = (value: unknown): number => (value instanceof Date ? Math.floor(value.getTime() / 1000) : Number(value));

/** What a conversion did: rows per kind, and what did not come over (each said once, with what to do). */
export class ConversionTally {
  readonly counts: Record<string, number> = {};
  readonly leftBehind: string[] = [];

  add(kind: string, n = 1): void {
    this.counts[kind] = (this.counts[kind] ?? 0) + n;
  }

  leave(what: string): void {
    this.leftBehind.push(what);
  }
}

/**
 * Rows of `table` (memos' own) with id above each batch's last, `size` at a time, so a large table is never held
 * whole; `columns` (default every one) leaves out what is read apart, as attachments' bytes are (blobOf).
 */
export async function* batchesOf<Row extends { id: number }>(
  source: Source,
  table: string,
  size: number,
  columns?: readonly string[],
): AsyncGenerator<Row[]> {
  const list = columns ? sql.join(columns.map((column) => sql.ref(column))) : sql`*`;
  let last = 0;
  for (;;) {
    const result = await sql<Row>`SELECT ${list} FROM ${source.table(table)} WHERE id > ${last} ORDER BY id LIMIT ${size}`.execute(
      source.read,
    );
    if (result.rows.length === 0) return;
    yield result.rows;
    last = Number(result.rows.at(-1)!.id);
  }
}

/** The bytes an attachment keeps in the database, read one at a time: a batch of them could be gigabytes. */
export async function blobOf(source: Source, table: string, id: number): Promise<Buffer | null> {
  const result = await sql<{
    blob: Buffer | Uint8Array | null;
  }>`SELECT ${sql.ref("blob")} FROM ${source.table(table)} WHERE id = ${id}`.execute(source.read);
  const blob = result.rows[0]?.blob ?? null;
  return blob === null ? null : Buffer.from(blob);
}

export async function allRows<Row>(source: Source, table: string): Promise<Row[]> {
  if (!source.tables.has(table)) return [];
  return (await sql<Row>`SELECT * FROM ${source.table(table)}`.execute(source.read)).rows;
}
