// What every service receives: the config and the database.
import type { AccessTokenScope, Role, SpaceRole } from "@memos/common";
import type { Config } from "./config.js";
import type { BackupSchedule } from "./services/backup.service.js";
import type { DatabaseHandle } from "./store/db.js";

export interface AppContext {
  config: Config;
  store: DatabaseHandle;
  /** The rolling backups, when `--backup-every` is set (SQLite). */
  backups?: BackupSchedule;
  /** The webhook dispatcher of this process (started with the app): told when deliveries were queued. */
  webhooks?: { kick(): void };
  /** The trash sweeper of this process (started with the app): told when a purge was recorded. */
  trash?: { kick(): void; settled(): Promise<void> };
}

/** The signed-in user a request acts for. `null` means anonymous. */
export interface Actor {
  id: number;
  role: Role;
  username: string;
  /** How the request proved who it is; token requests are exempt from the same-origin rule. */
  via: "session" | "token";
  /** The session's id (hash) when signed in by cookie. */
  sessionId: string | null;
  /** A session that may only set up two-factor sign-in (the host requires it; policies/two-factor.policy.ts). */
  twoFactorPending?: boolean;
  /**
   * The personal access token of the request, when it came with one (not with the open ID). `oauthClientId`: the
   * app it was issued to through OAuth (valid at the MCP endpoint only), null for a token the user made.
   */
  token?: { id: number; scope: AccessTokenScope; oauthClientId?: number | null };
  /**
   * The spaces the user is a member of, with their roles: read once a request judges a memo of a space
   * (services/space-access.ts). Absent: not read, and the policies refuse as they would a non-member.
   */
  spaceRoles?: ReadonlyMap<number, SpaceRole>;
}

export type Viewer = Actor | null;

/** Where an administrator's changes to others' security are recorded (the request's logger): no secret in them. */
export interface AuditLog {
  info(details: object, message: string): void;
}

/** Where an attack on an account is recorded (the request's logger): the account by id, never a code or secret. */
export interface SecurityLog {
  warn(details: object, message: string): void;
}
