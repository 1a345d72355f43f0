// What a transfer will do, from both databases' real schemas and the tables' classes (transfer-tables.ts): the
// columns of each copied table are the source's, and every difference the copy could not carry (a table nobody
// classified, a column one side lacks or holds as another kind) is found here, before anything is written.
import type { Engine } from "../db.js";
import type { ColumnKind, RealSchema } from "./real-schema.js";
import { type CopiedTable, type DerivedTable, tableClassesOf } from "./transfer-tables.js";

const CLASSES_FILE = "server/src/store/instance/transfer-tables.ts";

/** Rows per batch: a table holding files' bytes is read a few rows at a time. */
const DEFAULT_BATCH = 500;
const BLOB_BATCH = 8;

/** A table walked and hashed (or copied): its columns in one order for both sides, and its key. */
export interface TableWalk {
  table: string;
  columns: [string, ColumnKind][];
  key: string[];
  /** Only the rows this condition holds (a derived table's non-zero counters). */
  where?: string;
  batch: number;
}

interface CopyStep extends TableWalk {
  filledByMigrations: boolean;
  /** The target's SERIAL columns, whose sequences continue past the copied ids. */
  serials: string[];
}

interface DerivedStep {
  table: string;
  by: string;
  /** Null: not compared row by row. */
  walk: TableWalk | null;
}

export interface TransferPlan {
  copied: CopyStep[];
  derived: DerivedStep[];
  skipped: { table: string; reason: string }[];
}

/** The schemas do not allow a faithful copy: every problem, each naming its table and column. */
export class TransferSchemaError extends Error {
  constructor(readonly problems: string[]) {
    super(`the schemas do not allow a faithful copy:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  }
}

interface Side {
  label: "source" | "target";
  engine: Engine;
  schema: RealSchema;
}

/** Tables of `side` that no class names, and classes of its engine whose table it lacks. */
export function classificationProblems(side: Side): string[] {
  const classes = tableClassesOf(side.engine);
  const named = new Set(classes.map((table) => table.name));
  const problems = [...side.schema.keys()]
    .filter((table) => !named.has(table))
    .map((table) => `table ${table} (${side.label}, ${side.engine}) is not classified in ${CLASSES_FILE}: copied, derived or skipped`);
  for (const table of classes) {
    if (!side.schema.has(table.name))
      problems.push(`table ${table.name} is classified but the ${side.label} (${side.engine}) has no such table`);
  }
  return problems;
}

/** A copied table's columns: the source's, each of a kind both sides hold alike. */
function copiedColumns(table: CopiedTable, source: Side, target: Side, problems: string[]): [string, ColumnKind][] {
  const from = source.schema.get(table.name)!.columns;
  const to = target.schema.get(table.name)!.columns;
  const columns: [string, ColumnKind][] = [];
  for (const [name, column] of from) {
    const there = to.get(name);
    if (column.kind === "unknown") problems.push(`column ${table.name}.${name} is of type ${column.type}, which the transfer cannot copy`);
    else if (!there) problems.push(`column ${table.name}.${name} is in the source but not in the target`);
    else if (there.kind !== column.kind)
      problems.push(
        `column ${table.name}.${name} holds ${column.kind} in the source (${column.type}) but ${there.kind} in the target (${there.type})`,
      );
    else columns.push([name, column.kind]);
  }
  for (const name of to.keys()) {
    if (!from.has(name)) problems.push(`column ${table.name}.${name} is in the target but not in the source`);
  }
  for (const name of table.key) {
    if (!from.has(name)) problems.push(`key column ${table.name}.${name} is in neither schema`);
  }
  return columns;
}

const batchOf = (columns: [string, ColumnKind][]) => (columns.some(([, kind]) => kind === "blob") ? BLOB_BATCH : DEFAULT_BATCH);

function derivedWalk(table: DerivedTable, source: Side, problems: string[]): TableWalk | null {
  if (!table.compare) return null;
  const real = source.schema.get(table.name)!.columns;
  const columns: [string, ColumnKind][] = [];
  for (const name of [...new Set([...(table.compare.columns ?? real.keys()), ...table.compare.key])]) {
    const column = real.get(name);
    if (column) columns.push([name, column.kind]);
    else problems.push(`column ${table.name}.${name}, compared after a copy, is not in the schema`);
  }
  return { table: table.name, columns, key: table.compare.key, where: table.compare.where, batch: DEFAULT_BATCH };
}

/** The copy from `source` to `target`, or a TransferSchemaError listing every difference it could not carry. */
export function planTransfer(source: Side, target: Side): TransferPlan {
  const problems = [...classificationProblems(source), ...classificationProblems(target)];
  if (problems.length > 0) throw new TransferSchemaError(problems);
  const plan: TransferPlan = { copied: [], derived: [], skipped: [] };
  // Copied and skipped: the source's tables, in the order of their classes.
  for (const table of tableClassesOf(source.engine)) {
    if (table.class === "copied") {
      const columns = copiedColumns(table, source, target, problems);
      plan.copied.push({
        table: table.name,
        columns,
        key: table.key,
        batch: batchOf(columns),
        filledByMigrations: table.filledByMigrations === true,
        serials: target.schema.get(table.name)!.serials,
      });
    } else if (table.class === "skipped") plan.skipped.push({ table: table.name, reason: table.reason });
  }
  // Derived: what the target rebuilds (SQLite's full-text index only when the target is SQLite), compared where
  // both sides have the table.
  for (const table of tableClassesOf(target.engine)) {
    if (table.class !== "derived") continue;
    const walk = source.schema.has(table.name) ? derivedWalk(table, source, problems) : null;
    plan.derived.push({ table: table.name, by: table.by, walk });
  }
  if (problems.length > 0) throw new TransferSchemaError(problems);
  return plan;
}
