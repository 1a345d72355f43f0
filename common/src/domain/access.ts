// Who may do what to accounts and the instance: the rules the server's policies enforce and the web's screens
// follow (which settings sections a role sees, which member actions it is offered). One copy, used by both.
import type { Role } from "./constants.js";

export const isAdminRole = (role: Role): boolean => role === "HOST" || role === "ADMIN";

/** An admin who could write page code could act as the host in the host's own browser. */
export const canWritePageCode = (role: Role): boolean => role === "HOST";

/** The whole instance's export holds every account's private memos: only the host takes it. */
export const canExportInstance = (role: Role): boolean => role === "HOST";

// The rules below take the viewer's id (undefined: a visitor) and the authors' ids, so the server passes its viewer's
// and rows' ids and the web its signed-in user's and the answer's: both decide by the same function. They assume a
// viewer who may read the memo; who reads what is the server's memo policy (canReadMemo), and the web only holds
// what it was allowed to read.

/** The signed-in viewer is `userId`: their own account, memo or comment. A visitor owns nothing. */
export const isOwnAccount = (viewerId: number | undefined, userId: number): boolean => viewerId !== undefined && viewerId === userId;

/** Only a memo's author changes it (content, visibility, created time, archive, delete, share links). */
export const canEditMemo = (viewerId: number | undefined, creatorId: number): boolean => isOwnAccount(viewerId, creatorId);

/** Any member who may read a memo pins it: a pin orders the pinner's own lists, it changes nothing for others. */
export const canPinMemo = (viewerId: number | undefined): boolean => viewerId !== undefined;

/** Any member who may read a memo reacts to it and to its comments; a visitor sees the reactions only. */
export const canReact = (viewerId: number | undefined): boolean => viewerId !== undefined;

/** A comment's author alone edits it: not the memo's author, not an administrator. */
export const canEditComment = (viewerId: number | undefined, commentAuthorId: number): boolean => isOwnAccount(viewerId, commentAuthorId);

/** A comment's author deletes it, and so does the memo's author (their memo's discussion is theirs to tidy). */
export const canDeleteComment = (viewerId: number | undefined, authors: { comment: number; memo: number }): boolean =>
  isOwnAccount(viewerId, authors.comment) || isOwnAccount(viewerId, authors.memo);

/** The memo's author alone closes and reopens its comments. */
export const canCloseComments = (viewerId: number | undefined, memoAuthorId: number): boolean => isOwnAccount(viewerId, memoAuthorId);

export const SETTING_SECTIONS = ["my-account", "preference", "member", "system"] as const;
export type SettingSection = (typeof SETTING_SECTIONS)[number];
const ADMIN_SECTIONS: readonly SettingSection[] = ["member", "system"];

/** The settings sections a role sees, in order: members and the system are the administrators'. */
export const settingSectionsFor = (role: Role): SettingSection[] =>
  SETTING_SECTIONS.filter((section) => isAdminRole(role) || !ADMIN_SECTIONS.includes(section));

interface Account {
  id: number;
  role: Role;
}

export type AccountAction = "update" | "archive" | "delete";

/**
 * Why `actor` may not do `action` to `target`, or null when they may:
 * - `host-self`: the host cannot archive or delete itself (the instance would lose its administrator);
 * - `not-admin`: only the host and admins manage other accounts;
 * - `host-only`: nobody but the host changes the host account, and nobody archives or deletes it.
 */
export function accountActionRefusal(
  actor: Account,
  action: AccountAction,
  target: Account,
): "host-self" | "not-admin" | "host-only" | null {
  const self = isOwnAccount(actor.id, target.id);
  if (action === "update") {
    if (self) return null;
    if (!isAdminRole(actor.role)) return "not-admin";
    return target.role === "HOST" && actor.role !== "HOST" ? "host-only" : null;
  }
  if (self && actor.role === "HOST") return "host-self";
  if (self && action === "archive") return null;
  if (!isAdminRole(actor.role)) return "not-admin";
  return target.role === "HOST" ? "host-only" : null;
}
