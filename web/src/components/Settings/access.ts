// Who sees which settings section and who may act on which member (API.md "Permissions"): HOST and ADMIN
// administer, an ADMIN cannot touch the host, and nobody manages their own account from the member list.
import { isAdminRole, type Role, type User } from "@memos/common";

export const SECTIONS = ["my-account", "preference", "member", "system"] as const;
export type SectionId = (typeof SECTIONS)[number];

const ADMIN_SECTIONS: readonly SectionId[] = ["member", "system"];

/** The sections a user of this role sees, in order. Without a user there is nothing to set. */
export function sectionsFor(role: Role | undefined): SectionId[] {
  if (!role) return [];
  return SECTIONS.filter((section) => isAdminRole(role) || !ADMIN_SECTIONS.includes(section));
}

export type MemberAction = "change-password" | "archive" | "restore" | "delete";

/** What `viewer` may do to `member` from the member list. */
export function memberActions(viewer: Pick<User, "id" | "role">, member: Pick<User, "id" | "role" | "rowStatus">): MemberAction[] {
  if (!isAdminRole(viewer.role)) return [];
  if (member.id === viewer.id) return [];
  // The host account can be archived or deleted by nobody; only the host changes its own password.
  if (member.role === "HOST") return [];
  const status: MemberAction = member.rowStatus === "ARCHIVED" ? "restore" : "archive";
  return ["change-password", status, "delete"];
}

/** Additional style and script run in everyone's browser, the host's included: only the host writes them. */
export { canWritePageCode as canEditPageCode } from "@memos/common";
