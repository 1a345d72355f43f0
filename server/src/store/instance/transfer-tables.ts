// Every table of the schema and what a transfer (transfer.ts) does with it: copied (its rows as they are, every column
// the source database reports), derived (rebuilt on the target from copied rows; said by what, and compared where the
// rows can be) or skipped (with the reason the summary prints). A table the migrations add and this list does not name
// stops a transfer before it writes anything, and fails server/test/store/table-classes.test.ts on both engines.
import type { Engine } from "../db.js";

interface Classified {
  name: string;
  /** Only this engine has the table (SQLite's full-text index). */
  engine?: Engine;
}

export interface CopiedTable extends Classified {
  class: "copied";
  /** The primary key (or a unique key) the rows are walked by, in the same order on both engines. */
  key: string[];
  /** The target's migrations already wrote rows here, which the source's replace (the ledger of v0's migrations). */
  filledByMigrations?: true;
}

export interface DerivedTable extends Classified {
  class: "derived";
  /** What rebuilds it on the target, for the summary. */
  by: string;
  /** Compared after the copy: these columns (all the table's unless given), walked by `key`, the rows `where` holds. */
  compare?: { key: string[]; columns?: string[]; where?: string };
}

interface SkippedTable extends Classified {
  class: "skipped";
  /** Why its rows are left behind, printed in the transfer's summary. */
  reason: string;
}

export type TableClass = CopiedTable | DerivedTable | SkippedTable;

const copied = (name: string, key: string[], extra: Partial<CopiedTable> = {}): CopiedTable => ({ name, class: "copied", key, ...extra });

/**
 * Every table, copied ones in the order they are copied: parents before children (memo before memo_tag, whose
 * triggers read the memo; before the counters, which are rebuilt after the copy).
 */
const TRANSFER_TABLES: readonly TableClass[] = [
  copied("migration_history", ["version"], { filledByMigrations: true }),
  copied("system_setting", ["name"]),
  copied("user", ["id"]),
  copied("user_setting", ["user_id", "key"]),
  copied("user_avatar", ["user_id"]),
  copied("space", ["id"]),
  copied("space_member", ["space_id", "user_id"]),
  copied("space_invitation", ["id"]),
  copied("memo", ["id"]),
  copied("memo_revision", ["id"]),
  copied("memo_trash", ["memo_id"]),
  copied("trash_purge", ["id"]),
  copied("memo_organizer", ["id"]),
  copied("memo_tag", ["memo_id", "tag"]),
  copied("memo_relation", ["memo_id", "type", "related_memo_id"]),
  copied("tag", ["name", "creator_id"]),
  copied("shortcut", ["id"]),
  copied("resource", ["id"]),
  copied("memo_resource", ["memo_id", "resource_id"]),
  copied("activity", ["id"]),
  copied("access_token", ["id"]),
  copied("oauth_client", ["id"]),
  copied("oauth_code", ["code_hash"]),
  copied("inbox_item", ["id"]),
  copied("memo_reaction", ["id"]),
  copied("memo_comment", ["id"]),
  copied("memo_comment_resource", ["comment_id", "resource_id"]),
  copied("memo_comment_closed", ["memo_id"]),
  copied("comment_reaction", ["id"]),
  copied("memo_share", ["id"]),
  copied("session", ["id"]),
  copied("user_totp", ["user_id"]),
  copied("user_recovery_code", ["id"]),
  copied("user_passkey", ["id"]),
  copied("passkey_challenge", ["id"]),
  copied("webhook", ["id"]),
  copied("webhook_delivery", ["id"]),
  copied("identity_provider", ["id"]),
  copied("user_identity", ["id"]),
  copied("oidc_flow", ["state_hash"]),
  copied("sso_second_factor", ["ticket_hash"]),
  {
    name: "memo_count",
    class: "derived",
    by: "counted from memo after the copy",
    compare: { key: ["creator_id", "row_status", "visibility"], where: "n <> 0" },
  },
  {
    name: "memo_tag_count",
    class: "derived",
    by: "counted from memo_tag after the copy",
    compare: { key: ["creator_id", "tag"], where: "n <> 0" },
  },
  {
    name: "schema_migration",
    class: "derived",
    by: "the target's own migrations",
    compare: { key: ["name"], columns: ["name"] },
  },
  {
    name: "memo_fts",
    engine: "sqlite",
    class: "derived",
    by: "memo's triggers as its rows are copied (checked by FTS5's integrity-check)",
  },
  { name: "memo_fts_instances", engine: "sqlite", class: "derived", by: "memo_fts (a view of its terms)" },
  { name: "memo_fts_vocab", engine: "sqlite", class: "derived", by: "memo_fts (a view of its terms)" },
  { name: "auth_failure", class: "skipped", reason: "failed sign-ins count for 15 minutes; the limits start afresh" },
  { name: "mcp_rate", class: "skipped", reason: "MCP request buckets, full again within a minute" },
  { name: "live_event", class: "skipped", reason: "recent live events, for streams to resume; their clients read afresh" },
  { name: "two_factor_failure", class: "skipped", reason: "wrong two-factor codes count for 15 minutes; the cap starts afresh" },
  { name: "two_factor_lock", class: "skipped", reason: "a lock of an account's app codes lasts 15 minutes; it ends with the transfer" },
  { name: "resource_thumbnail", class: "skipped", reason: "thumbnails are a cache: each is made again when first viewed" },
];

/** The classes of the tables `engine` has. */
export const tableClassesOf = (engine: Engine): TableClass[] =>
  TRANSFER_TABLES.filter((table) => table.engine === undefined || table.engine === engine);
