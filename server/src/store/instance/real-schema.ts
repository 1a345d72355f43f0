// The schema as the database itself reports it (SQLite's pragmas, PostgreSQL's information_schema): the tables, each
// column with the kind of value it holds, and the foreign keys. The transfer copies the columns it reads here, and the
// store tests compare the hand-kept lists (the transfer's classes, the deletions) with it.
import { sql } from "kysely";
import type { DatabaseHandle } from "../db.js";

/** How a column's values are read, written and hashed the same way on both engines. */
export type ColumnKind = "int" | "real" | "text" | "blob" | "unknown";

interface RealColumn {
  kind: ColumnKind;
  /** The declared type, for messages. */
  type: string;
}

interface RealTable {
  /** Every column in the table's order. */
  columns: Map<string, RealColumn>;
  /** PostgreSQL: the columns whose default draws from a sequence (SERIAL), which must continue past copied rows. */
  serials: string[];
}

/** Every table by name. */
export type RealSchema = Map<string, RealTable>;

export interface ForeignKey {
  table: string;
  column: string;
  references: string;
}

/** SQLite's type affinity rules (the order matters: `INT` wins over `CHAR`), with NUMERIC left unknown. */
function sqliteKind(type: string): ColumnKind {
  const upper = type.toUpperCase();
  if (upper.includes("INT")) return "int";
  if (upper.includes("CHAR") || upper.includes("CLOB") || upper.includes("TEXT")) return "text";
  if (upper === "" || upper.includes("BLOB")) return "blob";
  if (upper.includes("REAL") || upper.includes("FLOA") || upper.includes("DOUB")) return "real";
  return "unknown";
}

const POSTGRES_KINDS: Record<string, ColumnKind> = {
  smallint: "int",
  integer: "int",
  bigint: "int",
  real: "real",
  "double precision": "real",
  text: "text",
  "character varying": "text",
  bytea: "blob",
};

/**
 * SQLite: the ordinary and virtual tables of the main schema. Left out: SQLite's own (`sqlite_*`: the AUTOINCREMENT
 * counters, statistics), which follow the rows, and the shadow tables a virtual table keeps its data in (FTS5's
 * `memo_fts_data` …), which belong to that table.
 */
async function readSqlite(handle: DatabaseHandle): Promise<RealSchema> {
  const tables = await sql<{ name: string }>`SELECT name FROM pragma_table_list
    WHERE schema = 'main' AND type IN ('table', 'virtual') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name`.execute(handle.db);
  const schema: RealSchema = new Map();
  for (const { name } of tables.rows) {
    const columns = await sql<{ name: string; type: string }>`SELECT name, type FROM pragma_table_info(${name}) ORDER BY cid`.execute(
      handle.db,
    );
    schema.set(name, {
      columns: new Map(columns.rows.map((column) => [column.name, { kind: sqliteKind(column.type), type: column.type }])),
      serials: [],
    });
  }
  return schema;
}

/** PostgreSQL: the base tables of the schema the connection uses. */
async function readPostgres(handle: DatabaseHandle): Promise<RealSchema> {
  const columns = await sql<{ table_name: string; column_name: string; data_type: string; column_default: string | null }>`
    SELECT c.table_name, c.column_name, c.data_type, c.column_default
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
    ORDER BY c.table_name, c.ordinal_position`.execute(handle.db);
  const schema: RealSchema = new Map();
  for (const row of columns.rows) {
    let table = schema.get(row.table_name);
    if (!table) {
      table = { columns: new Map(), serials: [] };
      schema.set(row.table_name, table);
    }
    table.columns.set(row.column_name, { kind: POSTGRES_KINDS[row.data_type] ?? "unknown", type: row.data_type });
    if (row.column_default?.startsWith("nextval(")) table.serials.push(row.column_name);
  }
  return schema;
}

export function readSchema(handle: DatabaseHandle): Promise<RealSchema> {
  return handle.engine === "postgres" ? readPostgres(handle) : readSqlite(handle);
}

/** The foreign keys the schema declares (each column of a composite one on its own). */
export async function readForeignKeys(handle: DatabaseHandle): Promise<ForeignKey[]> {
  if (handle.engine === "postgres") {
    const result = await sql<ForeignKey>`
      SELECT k.table_name AS "table", k.column_name AS "column", u.table_name AS "references"
      FROM information_schema.referential_constraints r
      JOIN information_schema.key_column_usage k ON k.constraint_schema = r.constraint_schema AND k.constraint_name = r.constraint_name
      JOIN information_schema.constraint_table_usage u ON u.constraint_schema = r.unique_constraint_schema
        AND u.constraint_name = r.unique_constraint_name
      WHERE r.constraint_schema = current_schema()`.execute(handle.db);
    return result.rows;
  }
  const keys: ForeignKey[] = [];
  for (const table of (await readSqlite(handle)).keys()) {
    const result = await sql<{ from: string; table: string }>`SELECT "from", "table" FROM pragma_foreign_key_list(${table})`.execute(
      handle.db,
    );
    keys.push(...result.rows.map((row) => ({ table, column: row.from, references: row.table })));
  }
  return keys;
}
