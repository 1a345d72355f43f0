// The JSON shapes of the v0 wire (docs/v0-wire.md#entities), exactly as the server sends them.
import type { Role, RowStatus, Visibility } from "../domain/constants.js";
import type { AccessTokenScope, WebhookDeliveryStatus, WebhookEvent } from "../domain/integrations.js";

export interface UserSetting {
  UserID: number;
  key: string;
  /** A JSON-encoded string, e.g. "\"en\"". */
  value: string;
}

export interface User {
  id: number;
  rowStatus: RowStatus;
  createdTs: number;
  updatedTs: number;
  username: string;
  role: Role;
  email: string;
  nickname: string;
  openId: string;
  userSettingList: UserSetting[] | null;
}

export interface Resource {
  id: number;
  creatorId: number;
  createdTs: number;
  updatedTs: number;
  filename: string;
  externalLink: string;
  type: string;
  size: number;
  linkedMemoAmount: number;
}

export interface Memo {
  id: number;
  rowStatus: RowStatus;
  creatorId: number;
  createdTs: number;
  updatedTs: number;
  content: string;
  visibility: Visibility;
  pinned: boolean;
  displayTs: number;
  creator: User;
  resourceList: Resource[];
  /**
   * The access token the memo was written with; only in `GET /api/memo/:memoId`, only to the memo's creator, and
   * absent for a memo written in the web or with the open ID.
   */
  accessToken?: { id: number; name: string };
}

/** A personal access token as its owner sees it (never the token itself, which is shown once). */
export interface AccessToken {
  id: number;
  name: string;
  scope: AccessTokenScope;
  createdTs: number;
  /** Unix seconds; null: never expires. */
  expiresTs: number | null;
  lastUsedTs: number | null;
  /** The client address of the last use. */
  lastUsedAddress: string | null;
}

/** The answer of `POST /api/access-token`: the one time the token is shown. */
export interface CreatedAccessToken {
  id: number;
  name: string;
  scope: AccessTokenScope;
  createdTs: number;
  expiresTs: number | null;
  token: string;
}

export interface Webhook {
  id: number;
  name: string;
  url: string;
  /** The key of the HMAC signature; the webhook's owner alone sees it. */
  secret: string;
  events: WebhookEvent[];
  active: boolean;
  createdTs: number;
  updatedTs: number;
}

export interface WebhookDelivery {
  /** Also the X-Memos-Delivery header. */
  id: number;
  webhookId: number;
  event: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  createdTs: number;
  lastAttemptTs: number | null;
  /** When the next attempt is due (pending deliveries). */
  nextAttemptTs: number | null;
  responseStatus: number | null;
  /** At most 1 KB of the receiver's answer. */
  responseSnippet: string | null;
  durationMs: number | null;
  /**
   * Why the last attempt failed, as a class: `HTTP <status>` for an answer; else "refused: not a public address",
   * "could not connect", "timed out after <n> ms", … (the cause, with addresses and error codes, is in the server log).
   */
  error: string | null;
}

export interface Shortcut {
  id: number;
  rowStatus: RowStatus;
  creatorId: number;
  createdTs: number;
  updatedTs: number;
  title: string;
  /** JSON text of a Filter[] (see domain/filter.ts). */
  payload: string;
}

export interface SystemSetting {
  Name: string;
  Value: string;
  Description: string;
}

export interface Profile {
  mode: "prod" | "dev" | "demo";
  version: string;
}

export interface CustomizedProfile {
  name: string;
  logoUrl: string;
  description: string;
  locale: string;
  appearance: string;
  externalUrl: string;
}

/** The rolling backups of a SQLite instance; shown to the host alone. */
export interface BackupStatus {
  /** Seconds between rolling backups (`--backup-every`); null when they are off (always on PostgreSQL). */
  everySeconds: number | null;
  /** How many are kept (`--backup-keep`). */
  keep: number;
  /** The newest backup in the backups folder: when it was taken (Unix seconds) and its size in bytes. */
  lastTs: number | null;
  lastSize: number | null;
  /** Why the last scheduled backup failed, if it did. */
  lastError: string | null;
  engine: "sqlite" | "postgres";
  /** Where new uploads are kept (`--storage`): database blobs, or files under <data>/assets (back those up too). */
  storage: "db" | "local";
}

export interface SystemStatus {
  host: User | null;
  profile: Profile;
  dbSize: number;
  /** Present for the host only. */
  backup?: BackupStatus;
  allowSignUp: boolean;
  /** The host turned webhooks off for the whole instance. */
  disableWebhooks: boolean;
  additionalStyle: string;
  additionalScript: string;
  customizedProfile: CustomizedProfile;
}

/** What an archive holds, as `POST /api/import` found it. */
export type ImportKind = "memos-export" | "markdown" | "flomo" | "google-keep";

/** A file of an archive that was not imported (or imported in part), and why. */
export interface ImportProblem {
  file: string;
  reason: string;
}

/** The answer of `POST /api/import`: what was imported (or, in a dry run, would be). */
export interface ImportResult {
  kind: ImportKind;
  dryRun: boolean;
  memos: number;
  attachments: number;
  shortcuts: number;
  /** Memos, shortcuts and files already in the account (an earlier import of the same archive). */
  skipped: number;
  /** The first problems (at most 100); `problemCount` counts them all. */
  problems: ImportProblem[];
  problemCount: number;
}

/** A tag of the caller with the number of their NORMAL memos carrying it (`GET /api/tag/count`, an addition). */
export interface TagCount {
  name: string;
  count: number;
}

export interface DataEnvelope<T> {
  data: T;
}

export interface ErrorEnvelope {
  error: string;
  message: string;
}
