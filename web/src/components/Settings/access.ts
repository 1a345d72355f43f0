// What the settings screens offer each role: the rules live in common's access module (the server enforces the
// same ones); this file maps them to the screens' sections and member-list actions.
import { accountActionRefusal, isOwnAccount, type Role, type SettingSection, settingSectionsFor, type User } from "@memos/common";
export type SectionId = SettingSection;

/** The sections a user of this role sees, in order. Without a user there is nothing to set. */
export const sectionsFor = (role: Role | undefined): SectionId[] => (role ? settingSectionsFor(role) : []);

export type MemberAction = "change-password" | "reset-two-factor" | "archive" | "restore" | "delete";

/** What `viewer` may do to `member` from the member list (one's own account is managed in My account). */
export function memberActions(viewer: Pick<User, "id" | "role">, member: Pick<User, "id" | "role" | "rowStatus">): MemberAction[] {
  if (isOwnAccount(viewer.id, member.id)) return [];
  const actions: MemberAction[] = [];
  if (accountActionRefusal(viewer, "update", member) === null) actions.push("change-password", "reset-two-factor");
  if (accountActionRefusal(viewer, "archive", member) === null) actions.push(member.rowStatus === "ARCHIVED" ? "restore" : "archive");
  if (accountActionRefusal(viewer, "delete", member) === null) actions.push("delete");
  return actions;
}

/** Additional style and script run in everyone's browser, the host's included: only the host writes them. */
export { canWritePageCode as canEditPageCode } from "@memos/common";

/** The whole instance's export (every account's memos) is the host's alone. */
export { canExportInstance } from "@memos/common";
