import type { CreatedSpaceInvitation, Space, SpaceInvitation, SpaceMember, SpaceRole } from "@memos/common";
import type { SpaceInvitationRow, SpaceRow } from "../store/schema.js";
import type { SpaceMemberRow } from "../store/sql/space.store.js";

const invitationPath = (token: string) => `/space-invitation/${token}`;

export function presentSpace(row: SpaceRow, role: SpaceRole): Space {
  return { id: row.id, name: row.name, createdTs: Number(row.created_ts), role };
}

export function presentSpaceMember(row: SpaceMemberRow): SpaceMember {
  return { userId: row.user_id, username: row.username, nickname: row.nickname, role: row.role, joinedTs: Number(row.created_ts) };
}

export function presentSpaceInvitation(row: SpaceInvitationRow): SpaceInvitation {
  return {
    id: row.id,
    role: row.role,
    createdTs: Number(row.created_ts),
    expiresTs: row.expires_ts === null ? null : Number(row.expires_ts),
  };
}

/** The one answer that carries the token itself. */
export function presentCreatedSpaceInvitation(row: SpaceInvitationRow, token: string): CreatedSpaceInvitation {
  return { ...presentSpaceInvitation(row), token, url: invitationPath(token) };
}
