// `npm run transfer -- --from <memos database>`: a memos 0.22 … 0.31 database (MySQL/MariaDB, or SQLite/PostgreSQL
// left as it is) copied into ours (new and empty), read only, in one transaction on our side, then verified: the
// users, memos (with comments), attachments and reactions on both sides, by count and by a digest of their content.
import { createHash } from "node:crypto";
import SQLite from "better-sqlite3";
import { CompiledQuery, Kysely, MysqlDialect, PostgresDialect, SqliteDialect } from "kysely";
import type pg from "pg";
import type mysql from "mysql2";
import { onFirstUse } from "../../on-first-use.js";
import type { DatabaseHandle } from "../db.js";
import { type MemosConversionReport, copyEverything } from "./convert.js";
import { detectMemosDatabase } from "./detect.js";
import { batchesOf, blobOf, type Source, type SourceDb, sourceAt } from "./source.js";
import { MEMOS_TABLES, memosShape } from "./versions.js";

/** Loaded when a transfer reads such a database: no server process needs either (a server on SQLite never loads pg). */
const loadMysql = onFirstUse<typeof mysql>("mysql2");
const loadPg = onFirstUse<typeof pg>("pg");

/** mysql2, or a clear error where this build has none (the container image leaves it out). */
function mysqlDriver(): typeof mysql {
  try {
    return loadMysql();
  } catch (error) {
    if ((error as { code?: string }).code !== "MODULE_NOT_FOUND") throw error;
    throw new Error(
      "this build has no MySQL client (the container image leaves it out): run `npm run transfer -- --from mysql://…` " +
        "from a checkout of memos (README), then start the image on the result",
    );
  }
}

export const isMysqlDsn = (dsn: string): boolean => /^(mysql|mariadb):\/\//.test(dsn);

/** A read connection to the MySQL database `dsn`, its times read in UTC (memos writes TIMESTAMPs). */
// biome-ignore lint/suspicious/noExplicitAny: memos' tables are not ours; rows are read with raw SQL only.
export function openMysql(dsn: string): Kysely<any> {
  const url = new URL(dsn.replace(/^mariadb:/, "mysql:"));
  const socket = url.searchParams.get("socket");
  const pool = mysqlDriver().createPool({
    ...(socket ? { socketPath: socket } : { host: url.hostname || "127.0.0.1", port: Number(url.port || 3306) }),
    user: decodeURIComponent(url.username || "root"),
    password: decodeURIComponent(url.password),
    database: url.pathname.replace(/^\//, ""),
    timezone: "Z",
    dateStrings: false,
    supportBigNumbers: true,
    connectionLimit: 2,
  });
  return new Kysely({
    dialect: new MysqlDialect({
      pool,
      onCreateConnection: async (connection) => {
        await connection.executeQuery(CompiledQuery.raw("SET time_zone = '+00:00'"));
      },
    }),
  });
}

/** A memos database read apart from ours: its connection, its engine, and how to let it go. */
export interface MemosSourceConnection {
  // biome-ignore lint/suspicious/noExplicitAny: memos' tables are not ours; rows are read with raw SQL only.
  read: Kysely<any>;
  engine: Source["engine"];
}

/**
 * The memos 0.22 … 0.31 database at `point`, opened read only (SQLite) or for reading (PostgreSQL), when it holds
 * one; null (and closed) when it holds ours or anything else. Refusals (MemosDatabaseRefused) come through.
 */
export async function openMemosSource(point: { driver: "sqlite" | "postgres"; dsn: string }): Promise<MemosSourceConnection | null> {
  const read =
    point.driver === "sqlite"
      ? new Kysely({ dialect: new SqliteDialect({ database: new SQLite(point.dsn, { readonly: true, fileMustExist: true }) }) })
      : new Kysely({ dialect: new PostgresDialect({ pool: new (loadPg().Pool)({ connectionString: point.dsn, max: 2 }) }) });
  try {
    if ((await detectMemosDatabase(read, point.driver)) !== null) return { read, engine: point.driver };
  } catch (error) {
    await read.destroy();
    throw error;
  }
  await read.destroy();
  return null;
}

/** One side's content of a kind: how many, and a digest independent of order (the sum of each row's SHA-256). */
interface KindDigest {
  count: number;
  digest: string;
}

const MOD = 1n << 256n;

class Digest {
  count = 0;
  private sum = 0n;

  add(...parts: unknown[]): void {
    const row = createHash("sha256")
      .update(parts.map((part) => String(part ?? "")).join("\u0000"))
      .digest("hex");
    this.sum = (this.sum + BigInt(`0x${row}`)) % MOD;
    this.count++;
  }

  get value(): KindDigest {
    return { count: this.count, digest: this.sum.toString(16).padStart(64, "0") };
  }
}

const blobDigest = (blob: unknown) =>
  blob
    ? createHash("sha256")
        .update(blob as Buffer)
        .digest("hex")
    : "";

/** The users, memos (comments included), attachments and reactions of memos' side. */
async function sourceDigests(source: Source): Promise<Record<string, KindDigest>> {
  const users = new Digest();
  const memos = new Digest();
  const attachments = new Digest();
  const reactions = new Digest();
  for await (const rows of batchesOf<{ id: number; username: string; password_hash: string }>(source, "user", 500))
    for (const row of rows) users.add(row.username, row.password_hash);
  for await (const rows of batchesOf<{ id: number; uid: string; content: string }>(source, "memo", 500))
    for (const row of rows) memos.add(row.uid, row.content);
  for await (const rows of batchesOf<{ id: number; uid: string; size: number }>(source, source.shape.attachmentTable, 200, [
    "id",
    "uid",
    "size",
  ]))
    for (const row of rows)
      attachments.add(row.uid, Number(row.size), blobDigest(await blobOf(source, source.shape.attachmentTable, Number(row.id))));
  for await (const rows of batchesOf<{ id: number; creator_id: number }>(source, "reaction", 500))
    for (const row of rows) reactions.add(row.id);
  return { users: users.value, memos: memos.value, attachments: attachments.value, reactions: reactions.value };
}

/** The same kinds on our side: memos and comments together, as memos kept them. */
async function targetDigests(target: DatabaseHandle): Promise<Record<string, KindDigest>> {
  const db = target.db;
  const users = new Digest();
  for (const row of await db.selectFrom("user").select(["username", "password_hash"]).execute()) users.add(row.username, row.password_hash);
  const memos = new Digest();
  for (const row of await db.selectFrom("memo").select(["uid", "content"]).execute()) memos.add(row.uid, row.content);
  for (const row of await db.selectFrom("memo_comment").select(["uid", "content"]).execute()) memos.add(row.uid, row.content);
  const attachments = new Digest();
  // Their bytes one at a time, as they were read on memos' side.
  for (const row of await db.selectFrom("resource").select(["id", "uid", "size"]).execute()) {
    const bytes = await db.selectFrom("resource").select("blob").where("id", "=", row.id).executeTakeFirst();
    attachments.add(row.uid, Number(row.size), blobDigest(bytes?.blob ?? null));
  }
  const reactions = new Digest();
  const memoReactions = await db.selectFrom("memo_reaction").select("id").execute();
  const commentReactions = await db.selectFrom("comment_reaction").select("id").execute();
  for (const row of [...memoReactions, ...commentReactions]) reactions.add(row.id);
  return { users: users.value, memos: memos.value, attachments: attachments.value, reactions: reactions.value };
}

export interface MemosTransferOutcome extends MemosConversionReport {
  comparison: Array<{ kind: string; source: KindDigest; target: KindDigest; same: boolean }>;
  ok: boolean;
}

/** Kinds compared by count only: a reaction's id is not kept (ours are numbered afresh). */
const COUNT_ONLY = new Set(["reactions"]);

/**
 * Copies the memos database `read` (MySQL, or any engine read apart from the target) into `target`, which must hold
 * no account yet, in one transaction; then compares both sides.
 */
export async function copyMemosDatabase(
  read: SourceDb,
  engine: Source["engine"],
  target: DatabaseHandle,
  from: string,
): Promise<MemosTransferOutcome> {
  const started = Date.now();
  const found = await detectMemosDatabase(read, engine);
  if (found === null) throw new Error(`${from} holds no memos 0.22 … 0.31 database`);
  const users = await target.db.selectFrom("user").select("id").limit(1).execute();
  if (users.length > 0) throw new Error("the target already has accounts; transfer fills a new, empty database");
  const tables = new Set<string>(MEMOS_TABLES.filter((name) => found.tables.has(name)));
  const source = sourceAt(engine, read, memosShape(found.minor), tables, (name) => name);
  const tally = await target.db.transaction().execute((tx) => copyEverything(tx, target.engine, source));
  const before = await sourceDigests(source);
  const after = await targetDigests(target);
  const comparison = Object.keys(before).map((kind) => {
    const same = COUNT_ONLY.has(kind) ? before[kind]!.count === after[kind]!.count : before[kind]!.digest === after[kind]!.digest;
    return { kind, source: before[kind]!, target: after[kind]!, same };
  });
  return {
    from: found.version,
    kept: from,
    counts: tally.counts,
    leftBehind: tally.leftBehind,
    ms: Date.now() - started,
    comparison,
    ok: comparison.every((row) => row.same),
  };
}
