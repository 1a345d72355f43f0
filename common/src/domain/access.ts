// Who may do what to accounts and the instance: the rules the server's policies enforce and the web's screens
// follow (which settings sections a role sees, which member actions it is offered). One copy, used by both.
import type { Role } from "./constants.js";

export const isAdminRole = (role: Role): boolean => role === "HOST" || role === "ADMIN";

/** An admin who could write page code could act as the host in the host's own browser. */
export const canWritePageCode = (role: Role): boolean => role === "HOST";

/** The whole instance's export holds every account's private memos: only the host takes it. */
export const canExportInstance = (role: Role): boolean => role === "HOST";

/** Only a memo's author changes it (content, visibility, archive, delete); anyone who may read it may pin it for themselves. */
export const canEditMemo = (viewerId: number | undefined, creatorId: number): boolean => viewerId !== undefined && viewerId === creatorId;

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
  const self = actor.id === target.id;
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
