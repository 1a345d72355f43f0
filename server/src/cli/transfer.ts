// `npm run transfer -- --from ./data/memos_prod.db --to postgres://postgres@127.0.0.1:5432/memos`: copies a
// whole instance between SQLite and PostgreSQL (either way), then checks every table on both sides. `--from mysql://…`
// copies a memos 0.22 … 0.31 MySQL/MariaDB database into ours (store/memos-import/from-mysql.ts).
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { Config } from "../config.js";
import { runningInstance } from "../store/instance/instance-lock.js";
import { openStore } from "../store/open.js";
import { storageCounts } from "../store/files/storage-move.js";
import { compareInstances, copyInstance, nonEmptyTables, planInstanceTransfer, type TableComparison } from "../store/instance/transfer.js";
import type { TransferPlan } from "../store/instance/transfer-plan.js";
import {
  copyMemosDatabase,
  isMysqlDsn,
  type MemosTransferOutcome,
  openMemosSource,
  openMysql,
} from "../store/memos-import/transfer-memos.js";
import { takeFlags, UsageError } from "./args.js";

export const TRANSFER_USAGE =
  "npm run transfer -- --from <file.db | postgres://… | mysql://… (memos 0.22–0.31)> --to <postgres://… | file.db>";

type Endpoint = Pick<Config, "driver" | "dsn">;

function endpoint(value: string, cwd: string): Endpoint {
  if (/^postgres(ql)?:\/\//.test(value)) return { driver: "postgres", dsn: value };
  return { driver: "sqlite", dsn: resolve(cwd, value) };
}

/** A DSN without its password, for messages. */
function describeEndpoint(point: Endpoint): string {
  if (point.driver === "sqlite") return point.dsn;
  try {
    const url = new URL(point.dsn);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return "PostgreSQL";
  }
}

function formatComparison(rows: TableComparison[]): string {
  const width = Math.max(...rows.map((row) => row.table.length)) + (rows.some((row) => row.derived) ? 10 : 0);
  const lines = rows.map((row) => {
    const name = `${row.table}${row.derived ? " (derived)" : ""}`.padEnd(width);
    const counts = `${String(row.source.rows).padStart(9)} → ${String(row.target.rows).padEnd(9)}`;
    const check = row.same
      ? `ok  sha256 ${row.target.sha256.slice(0, 16)}`
      : `MISMATCH (source ${row.source.sha256.slice(0, 16)}, target ${row.target.sha256.slice(0, 16)})`;
    return `  ${name}  ${counts}  ${check}`;
  });
  return lines.join("\n");
}

/** The tables the comparison does not list: rebuilt without a row-by-row check, or left behind, each with why. */
function formatUncompared(plan: Pick<TransferOutcome, "derived" | "skipped">): string {
  const rebuilt = plan.derived.filter((step) => !step.compared);
  const lines = [
    ...rebuilt.map((step) => `  ${step.table} (derived): rebuilt by ${step.by}`),
    ...plan.skipped.map((step) => `  ${step.table}: not copied: ${step.reason}`),
  ];
  return lines.join("\n");
}

export interface TransferOutcome {
  copied: Record<string, number>;
  /** Resources whose bytes are files under <data>/assets (`--storage local`): their rows are copied, not the files. */
  filesOnDisk: number;
  comparison: TableComparison[];
  /** The derived tables, with what rebuilds them and whether the comparison covers them. */
  derived: { table: string; by: string; compared: boolean }[];
  /** The tables left behind, with why. */
  skipped: TransferPlan["skipped"];
  ok: boolean;
}

/** The transfer itself (the command and the tests): refuses a non-empty target, copies, compares. */
export async function transfer(from: Endpoint, to: Endpoint, log: (line: string) => void = () => {}): Promise<TransferOutcome> {
  if (from.driver === to.driver && from.dsn === to.dsn) throw new UsageError("--from and --to are the same database");
  if (from.driver === "sqlite" && !existsSync(from.dsn)) throw new UsageError(`no database at ${from.dsn}`);
  for (const point of [from, to]) {
    const running = point.driver === "sqlite" ? runningInstance(point.dsn) : null;
    if (running) throw new UsageError(`a memos server (pid ${running.pid}) is using ${point.dsn}: stop it first`);
  }
  const { store: source } = await openStore({ ...from, sqliteReaders: 0 });
  try {
    const { store: target } = await openStore({ ...to, sqliteReaders: 0 });
    try {
      // Every table of both schemas classified, every column of the source's copied tables in the target: or nothing is written.
      const plan = await planInstanceTransfer(source, target);
      const filled = await nonEmptyTables(target, plan);
      if (filled.length > 0) {
        throw new UsageError(
          `the target ${describeEndpoint(to)} is not empty (rows in ${filled.join(", ")}); transfer fills a new, empty database`,
        );
      }
      const skipped = plan.skipped.map((step) => `${step.table} (${step.reason})`);
      log(`copying ${describeEndpoint(from)} → ${describeEndpoint(to)}: ${plan.copied.length} tables; not copied: ${skipped.join(", ")}`);
      const copied = await copyInstance(source, target, plan);
      log("verifying: row counts and SHA-256 per table");
      const comparison = await compareInstances(source, target, plan);
      const filesOnDisk = (await storageCounts(source.db)).files;
      if (filesOnDisk > 0) {
        log(
          `${filesOnDisk} resources keep their bytes as files under <data>/assets, which stay where they are: ` +
            "start the server on the new database with the same --data folder (or copy its assets folder along)",
        );
      }
      const derived = plan.derived.map((step) => ({ table: step.table, by: step.by, compared: step.walk !== null }));
      return { copied, filesOnDisk, comparison, derived, skipped: plan.skipped, ok: comparison.every((row) => row.same) };
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

/**
 * A memos 0.22 … 0.31 database copied into ours (new and empty), then compared kind by kind: from MySQL/MariaDB
 * (`mysql://…`), or from a memos SQLite file or PostgreSQL database, which is only read (a server started on it would
 * convert it in place instead).
 */
export async function transferFromMemos(
  from: string,
  to: Endpoint,
  log: (line: string) => void = () => {},
): Promise<MemosTransferOutcome | null> {
  const running = to.driver === "sqlite" ? runningInstance(to.dsn) : null;
  if (running) throw new UsageError(`a memos server (pid ${running.pid}) is using ${to.dsn}: stop it first`);
  const source = isMysqlDsn(from)
    ? { read: openMysql(from), engine: "mysql" as const }
    : await openMemosSource(endpoint(from, process.cwd()));
  if (source === null) return null;
  const described = isMysqlDsn(from) ? describeMysql(from) : describeEndpoint(endpoint(from, process.cwd()));
  try {
    const { store: target } = await openStore({ ...to, sqliteReaders: 0 });
    try {
      log(`copying the memos database ${described} → ${describeEndpoint(to)}`);
      return await copyMemosDatabase(source.read, source.engine, target, described).catch((error: unknown) => {
        throw new UsageError(error instanceof Error ? error.message : String(error));
      });
    } finally {
      await target.close();
    }
  } finally {
    await source.read.destroy();
  }
}

function describeMysql(dsn: string): string {
  try {
    const url = new URL(dsn);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return "MySQL";
  }
}

function printMemosTransfer(outcome: MemosTransferOutcome, seconds: string): number {
  console.log(`memos: copied a memos ${outcome.from} database: ${JSON.stringify(outcome.counts)}`);
  for (const row of outcome.comparison) {
    const counts = `${String(row.source.count).padStart(9)} → ${String(row.target.count).padEnd(9)}`;
    console.log(`  ${row.kind.padEnd(12)} ${counts}  ${row.same ? `ok  sha256 ${row.target.digest.slice(0, 16)}` : "MISMATCH"}`);
  }
  for (const what of outcome.leftBehind) console.log(`memos: not carried over from memos: ${what}`);
  if (!outcome.ok) {
    console.error(`memos: transfer finished in ${seconds} s but the kinds marked MISMATCH differ`);
    return 1;
  }
  console.log(`memos: transfer done in ${seconds} s; every kind compared matches`);
  return 0;
}

export async function transferCommand(argv: string[], cwd = process.cwd()): Promise<number> {
  const { values, rest } = takeFlags(argv, ["from", "to"]);
  if (rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"`);
  if (!values.from || !values.to) throw new UsageError("--from and --to are both required");
  const started = Date.now();
  const from = endpoint(values.from, cwd);
  if (isMysqlDsn(values.from) || from.driver === "postgres" || existsSync(from.dsn)) {
    const memos = await transferFromMemos(isMysqlDsn(values.from) ? values.from : from.dsn, endpoint(values.to, cwd), (line) =>
      console.log(`memos: ${line}`),
    );
    if (memos) return printMemosTransfer(memos, ((Date.now() - started) / 1000).toFixed(1));
  }
  const outcome = await transfer(endpoint(values.from, cwd), endpoint(values.to, cwd), (line) => console.log(`memos: ${line}`));
  console.log(formatComparison(outcome.comparison));
  console.log(formatUncompared(outcome));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (!outcome.ok) {
    console.error(`memos: transfer finished in ${seconds} s but the tables marked MISMATCH differ`);
    return 1;
  }
  const left = outcome.skipped.map((step) => step.table).join(", ");
  console.log(`memos: transfer done in ${seconds} s; every table compared matches (not copied, as listed above: ${left || "none"})`);
  return 0;
}
