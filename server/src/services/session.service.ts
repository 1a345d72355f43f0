// "Where you're signed in": the caller's sessions, and signing one or all the others out.
import type { Session } from "@memos/common";
import type { AppContext, Viewer } from "../context.js";
import { authorizeSessionManagement, authorizeSessionRevoke } from "../policies/session.policy.js";
import { presentSession } from "../presenters/session.presenter.js";
import { deleteSession, deleteUserSessions, findLiveSessionByPublicId, listLiveSessions } from "../store/sql/session.store.js";

export async function listSessions(ctx: AppContext, viewer: Viewer): Promise<Session[]> {
  authorizeSessionManagement(viewer);
  const rows = await listLiveSessions(ctx.store.db, viewer.id);
  return rows.map((row) => presentSession(row, viewer.sessionId));
}

/** The session's cookie is refused from the next request on: every request looks its session up. */
export async function revokeSession(ctx: AppContext, viewer: Viewer, publicId: string): Promise<void> {
  authorizeSessionManagement(viewer);
  const session = await findLiveSessionByPublicId(ctx.store.db, publicId);
  authorizeSessionRevoke(viewer, publicId, session);
  await deleteSession(ctx.store.db, session!.id);
}

export async function revokeOtherSessions(ctx: AppContext, viewer: Viewer): Promise<void> {
  authorizeSessionManagement(viewer);
  await deleteUserSessions(ctx.store.db, viewer.id, viewer.sessionId ?? undefined);
}
