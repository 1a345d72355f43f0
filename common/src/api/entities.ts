// The JSON shapes of the v0 wire (reference §2), exactly as the server sends them.
import type { Role, RowStatus, Visibility } from "../domain/constants.js";

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
