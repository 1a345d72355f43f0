// Spaces (issue 47): shared collections of memos with members. What each role of a space may do, one copy for the
// server's space policy and the web's screens (which buttons a member is offered). The server decides by these from
// the caller's own membership row; the web from the role the space's answer names for the caller.

export const SPACE_ROLES = ["owner", "editor", "reader"] as const;
export type SpaceRole = (typeof SPACE_ROLES)[number];

/** The roles a member can be given by invitation or by the owner: a space has one owner, made only by a transfer. */
export const SPACE_MEMBER_ROLES = ["editor", "reader"] as const satisfies readonly SpaceRole[];
export type SpaceMemberRole = (typeof SPACE_MEMBER_ROLES)[number];

/** Editors and the owner post memos to the space; readers read, comment and react. */
export const canPostToSpace = (role: SpaceRole | null): boolean => role === "owner" || role === "editor";

/** The owner alone renames the space, manages its members and invitations, transfers it or deletes it. */
export const canManageSpace = (role: SpaceRole | null): boolean => role === "owner";

/** Any member but the owner leaves (the owner transfers the space first, or deletes it). */
export const canLeaveSpace = (role: SpaceRole | null): boolean => role === "editor" || role === "reader";
