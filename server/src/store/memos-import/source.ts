// Where the converter reads a memos database from once it is moved aside (move-aside.ts), and what it tells.
import { type RawBuilder, sql } from "kysely";
import type { Db, Engine } from "../db.js";
import type { MemosShape } from "./versions.js";

export interface Source {
  engine: Engine;
  shape: MemosShape;
  /** memos' tables present, by their own names. */
  tables: Set<string>;
  /** memos' table `name` where it now is. */
  table(name: string): RawBuilder<unknown>;
}

export function sourceAt(engine: Engine, shape: MemosShape, tables: Set<string>, place: (name: string) => string): Source {
  return { engine, shape, tables, table: (name) => sql.table(place(name)) };
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

/** Rows of `table` (memos' own) with id above each batch's last, `size` at a time, so a large table is never held whole. */
export async function* batchesOf<Row extends { id: number }>(tx: Db, source: Source, table: string, size: number): AsyncGenerator<Row[]> {
  let last = 0;
  for (;;) {
    const result = await sql<Row>`SELECT * FROM ${source.table(table)} WHERE id > ${last} ORDER BY id LIMIT ${size}`.execute(tx);
    if (result.rows.length === 0) return;
    yield result.rows;
    last = Number(result.rows.at(-1)!.id);
  }
}

export async function allRows<Row>(tx: Db, source: Source, table: string): Promise<Row[]> {
  if (!source.tables.has(table)) return [];
  return (await sql<Row>`SELECT * FROM ${source.table(table)}`.execute(tx)).rows;
}
