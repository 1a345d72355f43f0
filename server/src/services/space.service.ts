// Spaces (issue 47): make, rename, transfer and delete a space; its members and invitation links. Who may do what is
// policies/space.policy.ts, from the caller's own membership row; the feed is memo.service's spaceMemos.
import { randomBytes } from "node:crypto";
import { setImmediate } from "node:timers/promises";
import {
  type CreatedSpaceInvitation,
  type Space,
  type SpaceCreate,
  type SpaceDeleteQuery,
  type SpaceInvitation,
  type SpaceInvitationCreate,
  type SpaceMember,
  type SpaceMemberAdd,
  type SpaceMemberRole,
  type SpaceRole,
  usernameKey,
} from "@memos/common";
import { hashToken } from "../auth/session.js";
import type { Actor, AppContext, Viewer } from "../context.js";
import { badRequest, notFound } from "../errors.js";
import { authorizeMemberChange, authorizeSpace, type SpaceAction, spaceNotFound } from "../policies/space.policy.js";
import { requireSignedIn } from "../policies/utils.js";
import { presentCreatedSpaceInvitation, presentSpace, presentSpaceInvitation, presentSpaceMember } from "../presenters/space.presenter.js";
import type { Db } from "../store/db.js";
import {
  addSpaceMember,
  deleteSpace as deleteSpaceRows,
  deleteSpaceInvitation,
  detachSpaceMemos,
  findSpace,
  findSpaceInvitationByHash,
  findSpaceRole,
  insertSpace,
  insertSpaceInvitation,
  listLiveSpaceInvitations,
  listSpaceMembers,
  listSpacesOfUser,
  removeSpaceMember,
  renameSpace as renameSpaceRow,
  setSpaceMemberRole,
  spaceMemosBatch,
} from "../store/sql/space.store.js";
import { findUserByUsernameKey } from "../store/sql/user.store.js";
import { nowSeconds } from "../store/time.js";
import { trashMemosIn } from "./trash.service.js";

/**
 * Memos let go of per transaction when a space is deleted or a member leaves: SQLite runs its statements on the main
 * thread, so its batches stay small (as the trash's purges); PostgreSQL's wait on the network. The event loop gets a
 * turn between batches, so a space of 100k memos holds no request up.
 */
const RELEASE_BATCH = { sqlite: 100, postgres: 500 } as const;

/** The space's memos (of one author when given) back to their authors, a batch per transaction. */
async function releaseMemos(ctx: AppContext, spaceId: number, creatorId?: number): Promise<void> {
  const { db, engine } = ctx.store;
  for (const table of ["memo", "memo_trash"] as const) {
    while ((await db.transaction().execute((tx) => detachSpaceMemos(tx, table, spaceId, creatorId, RELEASE_BATCH[engine]))) > 0)
      await setImmediate();
  }
}

/** The caller's role in the space, once `action` is allowed by it; 404 to a non-member, whatever the space. */
async function authorized(db: Db, viewer: Viewer, spaceId: number, action: SpaceAction): Promise<{ actor: Actor; role: SpaceRole }> {
  requireSignedIn(viewer);
  const role = await findSpaceRole(db, spaceId, viewer.id);
  authorizeSpace(role, action, spaceId);
  return { actor: viewer, role };
}

async function spaceAs(db: Db, spaceId: number, role: SpaceRole): Promise<Space> {
  const row = await findSpace(db, spaceId);
  if (!row) throw spaceNotFound(spaceId);
  return presentSpace(row, role);
}

export async function listSpaces(ctx: AppContext, viewer: Viewer): Promise<Space[]> {
  requireSignedIn(viewer);
  return (await listSpacesOfUser(ctx.store.db, viewer.id)).map((row) => presentSpace(row, row.role));
}

export async function createSpace(ctx: AppContext, viewer: Viewer, input: SpaceCreate): Promise<Space> {
  requireSignedIn(viewer);
  const { db } = ctx.store;
  const id = await db.transaction().execute((tx) => insertSpace(tx, input.name.trim(), viewer.id));
  return spaceAs(db, id, "owner");
}

export async function getSpace(ctx: AppContext, viewer: Viewer, spaceId: number): Promise<Space> {
  const { role } = await authorized(ctx.store.db, viewer, spaceId, "read");
  return spaceAs(ctx.store.db, spaceId, role);
}

export async function renameSpace(ctx: AppContext, viewer: Viewer, spaceId: number, input: SpaceCreate): Promise<Space> {
  const { db } = ctx.store;
  const { role } = await authorized(db, viewer, spaceId, "manage");
  await renameSpaceRow(db, spaceId, input.name.trim());
  return spaceAs(db, spaceId, role);
}

/**
 * Deletes the space; no memo of it is lost: each goes back to its author, as a private memo or (`memos=trash`) to
 * their trash, a batch per transaction, then the space's rows go with whatever was posted meanwhile.
 */
export async function deleteSpace(ctx: AppContext, viewer: Viewer, spaceId: number, query: SpaceDeleteQuery): Promise<void> {
  const { db, engine } = ctx.store;
  await authorized(db, viewer, spaceId, "manage");
  if (query.memos === "trash") {
    // Each batch leaves `memo` for the trash, so the next one starts at the feed index's first entry again.
    const trashed = (tx: Db) =>
      spaceMemosBatch(tx, spaceId, RELEASE_BATCH[engine]).then(async (batch) => {
        await trashMemosIn(tx, batch);
        return batch.length;
      });
    while ((await db.transaction().execute(trashed)) > 0) await setImmediate();
  }
  await releaseMemos(ctx, spaceId);
  await db.transaction().execute((tx) => deleteSpaceRows(tx, spaceId));
}

export async function transferSpace(ctx: AppContext, viewer: Viewer, spaceId: number, newOwnerId: number): Promise<Space> {
  const { db } = ctx.store;
  const { actor } = await authorized(db, viewer, spaceId, "manage");
  if (newOwnerId === actor.id) return spaceAs(db, spaceId, "owner");
  await db.transaction().execute(async (tx) => {
    if ((await findSpaceRole(tx, spaceId, newOwnerId)) === null)
      throw badRequest("Invalid userId: not a member of the space", { field: "userId" });
    // The owner steps down first: a space has one owner (the unique index of migration 051).
    await setSpaceMemberRole(tx, spaceId, actor.id, "editor");
    await setSpaceMemberRole(tx, spaceId, newOwnerId, "owner");
  });
  return spaceAs(db, spaceId, "editor");
}

export async function listMembers(ctx: AppContext, viewer: Viewer, spaceId: number): Promise<SpaceMember[]> {
  await authorized(ctx.store.db, viewer, spaceId, "read");
  return (await listSpaceMembers(ctx.store.db, spaceId)).map(presentSpaceMember);
}

export async function addMember(ctx: AppContext, viewer: Viewer, spaceId: number, input: SpaceMemberAdd): Promise<SpaceMember[]> {
  const { db } = ctx.store;
  await authorized(db, viewer, spaceId, "manage");
  const user = await findUserByUsernameKey(db, usernameKey(input.username));
  if (user?.row_status !== "NORMAL")
    throw notFound(`User not found: ${input.username}`, {
      reason: "space.user-not-found",
      field: "username",
      params: { username: input.username },
    });
  await addSpaceMember(db, spaceId, user.id, input.role);
  return (await listSpaceMembers(db, spaceId)).map(presentSpaceMember);
}

/** The member `userId` of the space, or 404 (as the space's other refusals: nothing said of non-members). */
async function requireMember(db: Db, spaceId: number, userId: number): Promise<{ user_id: number; role: SpaceRole }> {
  const role = await findSpaceRole(db, spaceId, userId);
  if (role === null) throw notFound(`Space member not found: ${userId}`, { reason: "space.not-found" });
  return { user_id: userId, role };
}

export async function setMemberRole(
  ctx: AppContext,
  viewer: Viewer,
  spaceId: number,
  userId: number,
  role: SpaceMemberRole,
): Promise<SpaceMember[]> {
  const { db } = ctx.store;
  const { actor } = await authorized(db, viewer, spaceId, "manage");
  authorizeMemberChange(actor, await requireMember(db, spaceId, userId));
  await setSpaceMemberRole(db, spaceId, userId, role);
  return (await listSpaceMembers(db, spaceId)).map(presentSpaceMember);
}

export async function removeMember(ctx: AppContext, viewer: Viewer, spaceId: number, userId: number): Promise<void> {
  const { db } = ctx.store;
  const { actor } = await authorized(db, viewer, spaceId, "manage");
  authorizeMemberChange(actor, await requireMember(db, spaceId, userId));
  await releaseMemos(ctx, spaceId, userId);
  await db.transaction().execute((tx) => removeSpaceMember(tx, spaceId, userId));
}

export async function leaveSpace(ctx: AppContext, viewer: Viewer, spaceId: number): Promise<void> {
  const { db } = ctx.store;
  const { actor } = await authorized(db, viewer, spaceId, "leave");
  await releaseMemos(ctx, spaceId, actor.id);
  await db.transaction().execute((tx) => removeSpaceMember(tx, spaceId, actor.id));
}

export async function listInvitations(ctx: AppContext, viewer: Viewer, spaceId: number): Promise<SpaceInvitation[]> {
  await authorized(ctx.store.db, viewer, spaceId, "manage");
  return (await listLiveSpaceInvitations(ctx.store.db, spaceId, nowSeconds())).map(presentSpaceInvitation);
}

export async function createInvitation(
  ctx: AppContext,
  viewer: Viewer,
  spaceId: number,
  input: SpaceInvitationCreate,
): Promise<CreatedSpaceInvitation> {
  const { db } = ctx.store;
  await authorized(db, viewer, spaceId, "manage");
  if (input.expiresTs !== undefined && input.expiresTs <= nowSeconds())
    throw badRequest("Malformatted post space invitation request: expiresTs: must be in the future", { field: "expiresTs" });
  // 256 random bits: unguessable, so the hash lookup needs no constant-time comparison.
  const token = randomBytes(32).toString("base64url");
  const row = await insertSpaceInvitation(db, {
    space_id: spaceId,
    token_hash: hashToken(token),
    role: input.role,
    expires_ts: input.expiresTs ?? null,
  });
  return presentCreatedSpaceInvitation(row, token);
}

export async function revokeInvitation(ctx: AppContext, viewer: Viewer, spaceId: number, invitationId: number): Promise<void> {
  const { db } = ctx.store;
  await authorized(db, viewer, spaceId, "manage");
  if (!(await deleteSpaceInvitation(db, spaceId, invitationId)))
    throw notFound(`Space invitation not found: ${invitationId}`, { reason: "space.invitation-not-found" });
}

/** Joins the space of a live invitation with its role; a member already keeps theirs. */
export async function joinSpace(ctx: AppContext, viewer: Viewer, token: string): Promise<Space> {
  requireSignedIn(viewer);
  const { db } = ctx.store;
  const invitation = await findSpaceInvitationByHash(db, hashToken(token));
  const expired = invitation?.expires_ts != null && Number(invitation.expires_ts) <= nowSeconds();
  if (!invitation || expired) throw notFound("Space invitation not found", { reason: "space.invitation-not-found" });
  await addSpaceMember(db, invitation.space_id, viewer.id, invitation.role);
  const role = await findSpaceRole(db, invitation.space_id, viewer.id);
  return spaceAs(db, invitation.space_id, role!);
}
