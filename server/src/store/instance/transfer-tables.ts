// The tables a transfer (transfer.ts) copies, in order, with their columns and keys; the ones kept by triggers, which
// it compares only; and the ones it leaves behind.
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
  // A trash emptied, or expired, whose purge is under way: copied, so the copy neither shows those memos nor keeps them.
  {
    name: "trash_purge",
    columns: { id: "int", creator_id: "int", through_ts: "int", requested_ts: "int" },
    key: ["id"],
    serial: "id",
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
 * passkey challenges (5 minutes), OAuth authorization codes (10 minutes), MCP request buckets (full again within a
 * minute).
 */
export const SKIPPED_TABLES = ["session", "auth_failure", "webhook_delivery", "oidc_flow", "passkey_challenge", "oauth_code", "mcp_rate"];
