// Row types of every table, as Kysely sees them. Timestamps are Unix seconds.
import type { ColumnType, Generated, Insertable, Selectable } from "kysely";
import type { Role, RowStatus, Visibility } from "@memos/common";

interface UserTable {
  id: Generated<number>;
  created_ts: Generated<number>;
  updated_ts: Generated<number>;
  row_status: Generated<RowStatus>;
  username: string;
  role: Generated<Role>;
  email: Generated<string>;
  nickname: Generated<string>;
  password_hash: string;
  open_id: string;
  /** `usernameKey(username)`; null only for a v0.10 account whose name clashed with an older one. */
  username_key: string | null;
}

interface UserSettingTable {
  user_id: number;
  key: string;
  value: string;
}

interface MemoTable {
  id: Generated<number>;
  creator_id: number;
  created_ts: Generated<number>;
  updated_ts: Generated<number>;
  row_status: Generated<RowStatus>;
  content: Generated<string>;
  visibility: Generated<Visibility>;
  /** created_ts or updated_ts, by the creator's memoDisplayTsOption (migration 006). */
  display_ts: Generated<number>;
}

interface MemoOrganizerTable {
  id: Generated<number>;
  memo_id: number;
  user_id: number;
  pinned: Generated<number>;
}

interface ShortcutTable {
  id: Generated<number>;
  creator_id: number;
  created_ts: Generated<number>;
  updated_ts: Generated<number>;
  row_status: Generated<RowStatus>;
  title: Generated<string>;
  payload: Generated<string>;
}

interface ResourceTable {
  id: Generated<number>;
  creator_id: number;
  created_ts: Generated<number>;
  updated_ts: Generated<number>;
  filename: Generated<string>;
  blob: Buffer | null;
  external_link: Generated<string>;
  type: Generated<string>;
  size: Generated<number>;
  /** The file under <data>/assets holding the bytes (migration 013); '' when they are in `blob` or linked. */
  internal_path: Generated<string>;
}

interface MemoResourceTable {
  memo_id: number;
  resource_id: number;
  created_ts: Generated<number>;
  updated_ts: Generated<number>;
}

interface TagTable {
  name: string;
  creator_id: number;
}

interface SystemSettingTable {
  name: string;
  value: string;
  description: Generated<string>;
}

interface MigrationHistoryTable {
  version: string;
  created_ts: Generated<number>;
}

interface ActivityTable {
  id: Generated<number>;
  creator_id: number;
  created_ts: Generated<number>;
  type: Generated<string>;
  level: Generated<string>;
  payload: Generated<string>;
}

/** Our additions. */
interface SchemaMigrationTable {
  name: string;
  applied_ts: number;
}

export interface SessionTable {
  /** sha256 of the cookie token, hex: a leaked database gives no live session. */
  id: string;
  user_id: number;
  created_ts: number;
  expires_ts: number;
}

interface MemoTagTable {
  memo_id: number;
  tag: string;
  /** The memo's creator, filled by a trigger on insert (migration 016). */
  creator_id: ColumnType<number | null, number | undefined, never>;
}

/** Memos per creator, row status and visibility, kept by triggers (migration 009). */
interface MemoCountTable {
  creator_id: number;
  row_status: RowStatus;
  visibility: Visibility;
  n: number;
}

/** NORMAL memos per creator and tag, kept by triggers (migration 009). */
interface MemoTagCountTable {
  creator_id: number;
  tag: string;
  n: number;
}

/** One failed sign-in. The keys are truncated sha256 hashes (auth/rate-limit.ts), never the raw input. */
interface AuthFailureTable {
  id: Generated<number>;
  account_key: string;
  address_key: string;
  created_ts: number;
}

export interface Database {
  user: UserTable;
  user_setting: UserSettingTable;
  memo: MemoTable;
  memo_organizer: MemoOrganizerTable;
  shortcut: ShortcutTable;
  resource: ResourceTable;
  memo_resource: MemoResourceTable;
  tag: TagTable;
  system_setting: SystemSettingTable;
  migration_history: MigrationHistoryTable;
  activity: ActivityTable;
  schema_migration: SchemaMigrationTable;
  session: SessionTable;
  memo_tag: MemoTagTable;
  auth_failure: AuthFailureTable;
  memo_count: MemoCountTable;
  memo_tag_count: MemoTagCountTable;
}

export type UserRow = Selectable<UserTable>;
export type MemoRow = Selectable<MemoTable>;
export type ShortcutRow = Selectable<ShortcutTable>;
export type ResourceRow = Omit<Selectable<ResourceTable>, "blob">;
export type NewUser = Insertable<UserTable>;
