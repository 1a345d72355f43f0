// Copies a whole instance between two databases (SQLite ⇄ PostgreSQL), table by table in primary-key order,
// a batch at a time, with ids preserved; then compares both sides row count and SHA-256 per table.
//
// Rows are read by keyset (`WHERE key > last ORDER BY key LIMIT n`), so neither side holds a table in memory.
// Text keys are ordered by code point on both engines (SQLite's BINARY collation; `COLLATE "C"` on PostgreSQL),
// so both sides walk their rows in the same order and the checksums can be compared.
import { createHash } from "node:crypto";
import { type RawBuilder, sql } from "kysely";
import type { DatabaseHandle, Db, Engine } from "../db.js";

type Kind = "int" | "text" | "blob";

export interface TableSpec {
  name: string;
  /** Every column, in the order rows are hashed. */
  columns: Record<string, Kind>;
  /** The primary key (or unique key) the rows are walked by. */
  key: string[];
  /** A SERIAL id whose PostgreSQL sequence must continue past the copied rows. */
  serial?: string;
  /** Rows per batch (small for tables carrying file contents). */
  batch?: number;
}

const ts = { created_ts: "int", updated_ts: "int" } as const;

/** What a transfer copies, parents before children (memo before memo_tag keeps the counters right as it goes). */
export const COPIED_TABLES: TableSpec[] = [
  { name: "migration_history", columns: { version: "text", created_ts: "int" }, key: ["version"] },
  { name: "system_setting", columns: { name: "text", value: "text", description: "text" }, key: ["name"] },
  {
    name: "user",
    columns: {
      id: "int",
      ...ts,
      row_status: "text",
      username: "text",
      role: "text",
      email: "text",
      nickname: "text",
      password_hash: "text",
      open_id: "text",
      username_key: "text",
    },
    key: ["id"],
    serial: "id",
  },
  { name: "user_setting", columns: { user_id: "int", key: "text", value: "text" }, key: ["user_id", "key"] },
  {
    name: "memo",
    columns: {
      id: "int",
      creator_id: "int",
      ...ts,
      row_status: "text",
      content: "text",
      visibility: "text",
      display_ts: "int",
      access_token_id: "int",
      edit_source: "text",
      edit_token_id: "int",
    },
    key: ["id"],
    serial: "id",
  },
  {
    name: "memo_revision",
    columns: {
      id: "int",
      memo_id: "int",
      creator_id: "int",
      content: "text",
      visibility: "text",
      created_ts: "int",
      replaced_ts: "int",
      source: "text",
      token_id: "int",
    },
    key: ["id"],
    serial: "id",
  },
  {
    name: "memo_trash",
    columns: {
      memo_id: "int",
      creator_id: "int",
      trashed_ts: "int",
      ...ts,
      display_ts: "int",
      row_status: "text",
      content: "text",
      visibility: "text",
      access_token_id: "int",
      edit_source: "text",
      edit_token_id: "int",
    },
    key: ["memo_id"],
  },
  { name: "memo_organizer", columns: { id: "int", memo_id: "int", user_id: "int", pinned: "int" }, key: ["id"], serial: "id" },
  { name: "memo_tag", columns: { memo_id: "int", tag: "text" }, key: ["memo_id", "tag"] },
  { name: "memo_relation", columns: { memo_id: "int", related_memo_id: "int", type: "text" }, key: ["memo_id", "type", "related_memo_id"] },
  { name: "tag", columns: { name: "text", creator_id: "int" }, key: ["name", "creator_id"] },
  {
    name: "shortcut",
    columns: { id: "int", creator_id: "int", ...ts, row_status: "text", title: "text", payload: "text" },
    key: ["id"],
    serial: "id",
  },
  {
    name: "resource",
    columns: {
      id: "int",
      creator_id: "int",
      ...ts,
      filename: "text",
      blob: "blob",
      external_link: "text",
      type: "text",
      size: "int",
      internal_path: "text",
    },
    key: ["id"],
    serial: "id",
    batch: 8,
  },
  { name: "memo_resource", columns: { memo_id: "int", resource_id: "int", ...ts }, key: ["memo_id", "resource_id"] },
  {
    name: "activity",
    columns: { id: "int", creator_id: "int", created_ts: "int", type: "text", level: "text", payload: "text" },
    key: ["id"],
    serial: "id",
  },
  {
    name: "access_token",
    columns: {
      id: "int",
      user_id: "int",
      name: "text",
      token_hash: "text",
      scope: "text",
      created_ts: "int",
      expires_ts: "int",
      last_used_ts: "int",
      last_used_address: "text",
      revoked_ts: "int",
      oauth_client_id: "int",
      access_expires_ts: "int",
      refresh_token_hash: "text",
      previous_refresh_hash: "text",
    },
    key: ["id"],
    serial: "id",
  },
  {
    name: "oauth_client",
    columns: { id: "int", client_id: "text", name: "text", redirect_uris: "text", address_key: "text", created_ts: "int" },
    key: ["id"],
    serial: "id",
  },
  {
    name: "inbox_item",
    columns: {
      id: "int",
      user_id: "int",
      kind: "text",
      memo_id: "int",
      actor_id: "int",
      detail: "text",
      comment_id: "int",
      created_ts: "int",
      read_ts: "int",
    },
    key: ["id"],
    serial: "id",
  },
  {
    name: "memo_reaction",
    columns: { id: "int", memo_id: "int", creator_id: "int", emoji: "text", created_ts: "int" },
    key: ["id"],
    serial: "id",
  },
  {
    name: "memo_comment",
    columns: { id: "int", memo_id: "int", creator_id: "int", content: "text", created_ts: "int", updated_ts: "int" },
    key: ["id"],
    serial: "id",
  },
  { name: "memo_comment_resource", columns: { comment_id: "int", resource_id: "int" }, key: ["comment_id", "resource_id"] },
  { name: "memo_comment_closed", columns: { memo_id: "int" }, key: ["memo_id"] },
  {
    name: "comment_reaction",
    columns: { id: "int", comment_id: "int", creator_id: "int", emoji: "text", created_ts: "int" },
    key: ["id"],
    serial: "id",
  },
  {
    name: "memo_share",
    columns: {
      id: "int",
      memo_id: "int",
      creator_id: "int",
      token_hash: "text",
      created_ts: "int",
      expires_ts: "int",
      last_opened_ts: "int",
    },
    key: ["id"],
    serial: "id",
  },
  {
    name: "user_totp",
    columns: { user_id: "int", secret: "text", enabled_ts: "int", last_step: "int", created_ts: "int" },
    key: ["user_id"],
  },
  {
    name: "user_recovery_code",
    columns: { id: "int", user_id: "int", code_hash: "text", created_ts: "int" },
    key: ["id"],
    serial: "id",
  },
  {
    name: "user_passkey",
    columns: {
      id: "int",
      user_id: "int",
      credential_id: "text",
      public_key: "text",
      counter: "int",
      transports: "text",
      name: "text",
      created_ts: "int",
      last_used_ts: "int",
    },
    key: ["id"],
    serial: "id",
  },
  {
    name: "webhook",
    columns: { id: "int", user_id: "int", name: "text", url: "text", secret: "text", events: "text", active: "int", ...ts },
    key: ["id"],
    serial: "id",
  },
  {
    name: "identity_provider",
    columns: {
      id: "int",
      name: "text",
      issuer: "text",
      client_id: "text",
      client_secret: "text",
      scopes: "text",
      username_claim: "text",
      create_users: "int",
      new_user_role: "text",
      enabled: "int",
      ...ts,
    },
    key: ["id"],
    serial: "id",
  },
  {
    name: "user_identity",
    columns: { id: "int", user_id: "int", provider_id: "int", subject: "text", created_ts: "int", last_used_ts: "int" },
    key: ["id"],
    serial: "id",
  },
];

/** Kept by triggers on the target; compared (rows with a non-zero count) but never copied. */
export const DERIVED_TABLES: (TableSpec & { where: string })[] = [
  {
    name: "memo_count",
    columns: { creator_id: "int", row_status: "text", visibility: "text", n: "int" },
    key: ["creator_id", "row_status", "visibility"],
    where: "n <> 0",
  },
  { name: "memo_tag_count", columns: { creator_id: "int", tag: "text", n: "int" }, key: ["creator_id", "tag"], where: "n <> 0" },
];

/**
 * Not copied: sessions (everyone signs in again), sign-in failures (they matter for 15 minutes), webhook deliveries
 * (a log, and pending ones would be sent again by the new instance), single sign-on flows under way (10 minutes),
 * passkey challenges (5 minutes), OAuth authorization codes (10 minutes).
 */
export const SKIPPED_TABLES = ["session", "auth_failure", "webhook_delivery", "oidc_flow", "passkey_challenge", "oauth_code"];

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
