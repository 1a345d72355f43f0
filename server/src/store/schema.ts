// Row types of the tables, as Kysely sees them, and the Database they make (sign-in's tables are in schema-sign-in.ts,
// OAuth's in schema-oauth.ts). Timestamps are Unix seconds.
import type { ColumnType, Generated, Insertable, Selectable } from "kysely";
import type { AccessTokenScope, RevisionSource, Role, RowStatus, SpaceRole, Visibility, WebhookDeliveryStatus } from "@memos/common";
import type { McpRateTable, OAuthClientTable, OAuthCodeTable } from "./schema-oauth.js";
import type {
  AuthFailureTable,
  IdentityProviderTable,
  OidcFlowTable,
  PasskeyChallengeTable,
  SessionTable,
  SsoSecondFactorTable,
  TwoFactorFailureTable,
  TwoFactorLockTable,
  UserIdentityTable,
  UserPasskeyTable,
  UserRecoveryCodeTable,
  UserTotpTable,
} from "./schema-sign-in.js";

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
  /** When the avatar (user_avatar) was set; null for none (migration 053). */
  avatar_ts: Generated<number | null>;
}

interface UserAvatarTable {
  user_id: number;
  mime_type: string;
  bytes: Buffer;
  updated_ts: number;
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
  /** The personal access token the memo was created with (migration 011); null otherwise. */
  access_token_id: Generated<number | null>;
  /** What wrote the current version (migration 027): a RevisionSource; null before. */
  edit_source: Generated<RevisionSource | null>;
  /** The access token that wrote the current version, when one did. */
  edit_token_id: Generated<number | null>;
  /** Its v1 resource name's id (`memos/{uid}`, migration 046): kept for good; the database fills one not given. */
  uid: Generated<string>;
  /**
   * What its text holds that v1 shows and filters by (migration 048): memoPropertyFlags of the content, written with
   * it by the store (null only for a row written around the store).
   */
  property_flags: Generated<number | null>;
  /** Its place's name (migration 049); null when it has no place. */
  location_placeholder: Generated<string | null>;
  /** Its place's coordinates (degrees, checked in range); null when it has no place or a name only. */
  location_latitude: Generated<number | null>;
  location_longitude: Generated<number | null>;
  /**
   * The space the memo is posted to (migration 051), with `visibility` PRIVATE: only the space's members read it
   * besides its author. Null: no space.
   */
  space_id: Generated<number | null>;
}

/** A version a memo's content, visibility or place replaced (migration 027; the place, 049). */
interface MemoRevisionTable {
  id: Generated<number>;
  memo_id: number;
  creator_id: number;
  content: string;
  visibility: Visibility;
  /** When this version was written (the memo's updated_ts then). */
  created_ts: number;
  /** When the next version replaced it. */
  replaced_ts: number;
  source: RevisionSource | null;
  token_id: number | null;
  /** The memo's place in this version (migration 049). */
  location_placeholder: Generated<string | null>;
  location_latitude: Generated<number | null>;
  location_longitude: Generated<number | null>;
}

/** One user's emoji reaction on a memo (migration 030). */
interface MemoReactionTable {
  id: Generated<number>;
  memo_id: number;
  creator_id: number;
  emoji: string;
  created_ts: number;
}

/** One member's emoji on a comment (migration 033). */
interface CommentReactionTable {
  id: Generated<number>;
  comment_id: number;
  creator_id: number;
  emoji: string;
  created_ts: number;
}

/** A comment on a memo (migration 031): not a memo. */
interface MemoCommentTable {
  id: Generated<number>;
  memo_id: number;
  creator_id: number;
  content: string;
  created_ts: number;
  updated_ts: number;
  /** Its v1 resource name's id (`memos/{uid}`: a comment is a memo with a parent there, migration 047). */
  uid: Generated<string>;
}

/** A file attached to a comment (migration 031). */
interface MemoCommentResourceTable {
  comment_id: number;
  resource_id: number;
}

/** A memo whose author closed its comments (migration 031). */
interface MemoCommentClosedTable {
  memo_id: number;
}

export type InboxKind = "mention" | "reaction" | "comment" | "two-factor-locked";

/**
 * Something that happened to a user's memo, or where they were named (migration 032); or to their account, with no
 * memo and no actor (`two-factor-locked`, migration 043).
 */
interface InboxItemTable {
  id: Generated<number>;
  user_id: number;
  kind: InboxKind;
  memo_id: number | null;
  actor_id: number | null;
  /** The reaction's emoji; the comment's id; until when an account's app codes are refused. */
  detail: Generated<string>;
  /** The comment reacted to (migration 033); null otherwise. */
  comment_id: Generated<number | null>;
  created_ts: number;
  read_ts: Generated<number | null>;
}

/** A deleted memo's row until it is restored or purged (migration 027). */
interface MemoTrashTable {
  memo_id: number;
  creator_id: number;
  trashed_ts: number;
  created_ts: number;
  updated_ts: number;
  display_ts: number;
  row_status: RowStatus;
  content: string;
  visibility: Visibility;
  access_token_id: number | null;
  edit_source: RevisionSource | null;
  edit_token_id: number | null;
  /** The memo's uid, kept while it waits here (migration 046). */
  uid: Generated<string>;
  /** The memo's property flags, kept while it waits here (migration 048). */
  property_flags: Generated<number | null>;
  /** The memo's place, kept while it waits here (migration 049). */
  location_placeholder: Generated<string | null>;
  location_latitude: Generated<number | null>;
  location_longitude: Generated<number | null>;
  /** The memo's space, kept while it waits here (migration 051). */
  space_id: Generated<number | null>;
}

/** A recorded purge of trashed memos (migration 044): a creator's trash emptied, or, without one, the expiry of every trash. */
interface TrashPurgeTable {
  id: Generated<number>;
  creator_id: number | null;
  /** The memos trashed at or before this second go. */
  through_ts: number;
  requested_ts: number;
}

/** One change told on live streams (migration 052): its id is the event's, `body` the change as JSON. */
interface LiveEventTable {
  id: Generated<number>;
  created_ms: number;
  body: string;
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
  /** Its v1 resource name's id (`attachments/{uid}`, migration 047): kept for good; the database fills one not given. */
  uid: Generated<string>;
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

interface MemoTagTable {
  memo_id: number;
  tag: string;
  /** The memo's creator, filled by a trigger on insert (migration 016). */
  creator_id: ColumnType<number | null, number | undefined, never>;
  /** The memo's display time, filled on insert and kept by triggers (migration 017). */
  display_ts: ColumnType<number | null, number | undefined, never>;
  /** The memo's updated time, filled on insert and kept by triggers (migration 050). */
  updated_ts: ColumnType<number | null, number | undefined, never>;
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

/** A personal access token (migration 011): only the sha256 of the token is kept. */
interface AccessTokenTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  token_hash: string;
  scope: AccessTokenScope;
  created_ts: number;
  expires_ts: number | null;
  last_used_ts: Generated<number | null>;
  last_used_address: Generated<string | null>;
  revoked_ts: Generated<number | null>;
  /** An app's token (migration 039): the client it was issued to; null for a personal access token. */
  oauth_client_id: Generated<number | null>;
  /** When an app's current access token expires (an hour after it was issued); the row itself lasts until revoked. */
  access_expires_ts: Generated<number | null>;
  refresh_token_hash: Generated<string | null>;
  /** The refresh token the current one replaced: presented again, it is a replay and revokes the row. */
  previous_refresh_hash: Generated<string | null>;
  /**
   * What the user approved for an app (migration 045), which its refresh token keeps; `scope` is its current access
   * token's, which a refresh may narrow. Null for a personal access token.
   */
  granted_scope: Generated<AccessTokenScope | null>;
}

/** A private share link of a memo (migration 028): only the sha256 of the token is kept. */
interface MemoShareTable {
  id: Generated<number>;
  memo_id: number;
  creator_id: number;
  token_hash: string;
  created_ts: number;
  expires_ts: number | null;
  last_opened_ts: Generated<number | null>;
}

/** A resource's thumbnail (migration 054): `content` null when the original serves as its own. */
interface ResourceThumbnailTable {
  resource_id: number;
  type: string;
  content: Buffer | null;
  created_ts: number;
}

/** A shared collection of memos (migration 051); its owner is the member of role `owner`. */
interface SpaceTable {
  id: Generated<number>;
  name: string;
  created_ts: number;
}

/** A member of a space and their role in it (migration 051). */
interface SpaceMemberTable {
  space_id: number;
  user_id: number;
  role: SpaceRole;
  created_ts: number;
}

/** An invitation link to a space (migration 051): only the SHA-256 of its token is kept; revoking deletes it. */
interface SpaceInvitationTable {
  id: Generated<number>;
  space_id: number;
  token_hash: string;
  role: Exclude<SpaceRole, "owner">;
  created_ts: number;
  expires_ts: number | null;
}

/** A user's webhook (migration 012); `events` is JSON text of the event names. */
interface WebhookTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  url: string;
  secret: string;
  events: string;
  active: Generated<number>;
  created_ts: number;
  updated_ts: number;
  /** When it was paused (milliseconds), null while active (migration 025). */
  paused_at_ms: Generated<number | null>;
}

/** One event for one webhook, written with the change it reports (migration 012). Times in `_ms` are milliseconds. */
interface WebhookDeliveryTable {
  id: Generated<number>;
  webhook_id: number;
  event: string;
  /** JSON text of the event's data (event, time, actor, memo or resource). */
  payload: string;
  /** Deliveries of one key (a memo, a resource) to one webhook go out in id order. */
  ordering_key: string;
  status: WebhookDeliveryStatus;
  attempts: Generated<number>;
  created_ts: number;
  next_attempt_ms: number | null;
  /** A process sending it holds it until then; past it, another may take it over. */
  lease_until_ms: Generated<number | null>;
  last_attempt_ts: Generated<number | null>;
  response_status: Generated<number | null>;
  response_snippet: Generated<string | null>;
  duration_ms: Generated<number | null>;
  error: Generated<string | null>;
  /** Milliseconds its webhook was paused while it was pending: its retry window is that much longer (migration 025). */
  paused_ms: Generated<number>;
}

/** A memo's reference to another memo (migration 029): `memo_id`'s text links to `related_memo_id`. */
interface MemoRelationTable {
  memo_id: number;
  related_memo_id: number;
  /** `REFERENCE`: a link in the text. */
  type: string;
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
  access_token: AccessTokenTable;
  webhook: WebhookTable;
  webhook_delivery: WebhookDeliveryTable;
  memo_revision: MemoRevisionTable;
  memo_trash: MemoTrashTable;
  trash_purge: TrashPurgeTable;
  memo_reaction: MemoReactionTable;
  memo_comment: MemoCommentTable;
  memo_comment_resource: MemoCommentResourceTable;
  memo_comment_closed: MemoCommentClosedTable;
  comment_reaction: CommentReactionTable;
  inbox_item: InboxItemTable;
  memo_share: MemoShareTable;
  space: SpaceTable;
  space_member: SpaceMemberTable;
  space_invitation: SpaceInvitationTable;
  memo_relation: MemoRelationTable;
  user_totp: UserTotpTable;
  user_avatar: UserAvatarTable;
  user_recovery_code: UserRecoveryCodeTable;
  identity_provider: IdentityProviderTable;
  user_identity: UserIdentityTable;
  oidc_flow: OidcFlowTable;
  user_passkey: UserPasskeyTable;
  passkey_challenge: PasskeyChallengeTable;
  oauth_client: OAuthClientTable;
  oauth_code: OAuthCodeTable;
  mcp_rate: McpRateTable;
  two_factor_failure: TwoFactorFailureTable;
  two_factor_lock: TwoFactorLockTable;
  sso_second_factor: SsoSecondFactorTable;
  resource_thumbnail: ResourceThumbnailTable;
  live_event: LiveEventTable;
}

export type AccessTokenRow = Selectable<AccessTokenTable>;
export type MemoShareRow = Selectable<MemoShareTable>;
export type SpaceRow = Selectable<SpaceTable>;
export type SpaceInvitationRow = Selectable<SpaceInvitationTable>;
export type TrashPurgeRow = Selectable<TrashPurgeTable>;
export type WebhookRow = Selectable<WebhookTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveryTable>;

export type UserRow = Selectable<UserTable>;
export type MemoRow = Selectable<MemoTable>;
export type MemoRevisionRow = Selectable<MemoRevisionTable>;
export type MemoTrashRow = Selectable<MemoTrashTable>;
export type ShortcutRow = Selectable<ShortcutTable>;
export type ResourceRow = Omit<Selectable<ResourceTable>, "blob">;
export type NewUser = Insertable<UserTable>;
