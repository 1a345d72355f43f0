// Who may do what with a memo, and which memos a list may show. The one place these rules live.
import { canEditMemo, canPinMemo, type MemoBatchRefusal, type RowStatus, VISIBILITIES, type Visibility } from "@memos/common";
import type { Actor, Viewer } from "../context.js";
import { badRequest, forbidden, notFound, unauthenticated } from "../errors.js";
import { spaceRoleOf } from "./space.policy.js";
import { isSelf } from "./utils.js";

export type MemoAction = "read" | "update" | "delete" | "pin" | "link-resource";

interface MemoFacts {
  id: number;
  creator_id: number;
  visibility: Visibility;
  row_status: RowStatus;
  /** The memo's space (migration 051); absent or null: none. */
  space_id?: number | null;
}

/**
 * Others see a NORMAL memo by visibility; an archived memo is its creator's alone. A memo posted to a space (private
 * by visibility) is read by the space's members too, whatever their role.
 */
export function canReadMemo(viewer: Viewer, memo: MemoFacts): boolean {
  if (isSelf(viewer, memo.creator_id)) return true;
  if (memo.row_status !== "NORMAL") return false;
  if (memo.space_id != null && spaceRoleOf(viewer, memo.space_id) !== null) return true;
  if (memo.visibility === "PUBLIC") return true;
  if (memo.visibility === "PROTECTED") return viewer !== null;
  return false;
}

function assertReadable(viewer: Viewer, memo: MemoFacts): void {
  if (canReadMemo(viewer, memo)) return;
  if (memo.row_status !== "NORMAL") throw notFound(`Memo ID not found: ${memo.id}`, { reason: "memo.not-found" });
  // v0.10 answers 403 here too, not 401: the unchanged v0.10 web client relies on it.
  if (memo.visibility === "PROTECTED") throw forbidden("this memo is protected, missing user in session", { reason: "memo.protected" });
  throw forbidden("this memo is private only", { reason: "memo.private" });
}

/** Throws the wire's error when `viewer` may not do `action`; returns quietly otherwise. */
export function authorizeMemo(viewer: Viewer, action: MemoAction, memo: MemoFacts): void {
  assertReadable(viewer, memo);
  if (action === "read") return;
  if (viewer === null) throw unauthenticated();
  if (action === "pin" && canPinMemo(viewer.id)) return;
  if (!canEditMemo(viewer.id, memo.creator_id))
    throw forbidden("Unauthorized: only the creator may change this memo", { reason: "memo.not-creator" });
}

/**
 * A bulk edit's verdict on one memo (`memo` undefined: no such memo): null when `actor` may do `action` to it, else
 * the reason authorizeMemo would give. A memo the actor may not read is `memo.not-found` whatever it is, so a
 * selection of guessed ids learns nothing about others' memos (the single routes keep v0's 403s).
 */
export function memoBatchRefusal(actor: Actor, action: MemoAction, memo: MemoFacts | undefined): MemoBatchRefusal | null {
  if (memo === undefined || !canReadMemo(actor, memo)) return "memo.not-found";
  if (action === "read" || (action === "pin" && canPinMemo(actor.id))) return null;
  return canEditMemo(actor.id, memo.creator_id) ? null : "memo.not-creator";
}

export interface MemoScope {
  creatorId?: number;
  visibilities?: Visibility[];
  rowStatus?: RowStatus;
}

const SHARED: Visibility[] = ["PUBLIC", "PROTECTED"];

/** Intersects what the caller asked for with what the caller may see; it never widens. */
function narrow(allowed: Visibility[] | undefined, requested: Visibility[] | undefined): Visibility[] | undefined {
  if (requested === undefined) return allowed;
  const base = allowed ?? [...VISIBILITIES];
  return base.filter((visibility) => requested.includes(visibility));
}

/**
 * `GET /api/memo`: without a creator, the caller's own memos; a creator's list shows others only their
 * NORMAL public (and, to members, protected) memos.
 */
export function memoListScope(
  viewer: Viewer,
  creatorId: number | undefined,
  requested: { visibilities?: Visibility[]; rowStatus?: RowStatus },
): MemoScope & { creatorId: number } {
  if (creatorId === undefined) {
    if (viewer === null) throw badRequest("Missing user id to find memo", { reason: "memo.list-needs-user", field: "creatorId" });
    return { creatorId: viewer.id, visibilities: requested.visibilities, rowStatus: requested.rowStatus };
  }
  if (isSelf(viewer, creatorId)) {
    return { creatorId, visibilities: requested.visibilities, rowStatus: requested.rowStatus };
  }
  // Another user's archive is theirs alone: asking for it yields nothing.
  if (requested.rowStatus === "ARCHIVED") return { creatorId, visibilities: [] };
  const allowed: Visibility[] = viewer === null ? ["PUBLIC"] : SHARED;
  return { creatorId, visibilities: narrow(allowed, requested.visibilities), rowStatus: "NORMAL" };
}

/** `GET /api/memo/all`: NORMAL memos of everyone, public to visitors, public and protected to members. */
export function exploreScope(viewer: Viewer, requested: Visibility[] | undefined, rowStatus?: RowStatus): MemoScope {
  // Archived memos are their creators' alone: explore cannot list them, and says so instead of ignoring it.
  if (rowStatus !== undefined && rowStatus !== "NORMAL") {
    throw badRequest(`Invalid rowStatus: explore lists NORMAL memos only, not ${rowStatus}`, { field: "rowStatus" });
  }
  const allowed: Visibility[] = viewer === null ? ["PUBLIC"] : SHARED;
  return { visibilities: narrow(allowed, requested), rowStatus: "NORMAL" };
}

/** A scope that names its row status, as counts need. */
export type CountedScope = MemoScope & { rowStatus: RowStatus };

/** `GET /api/memo/stats`: a creator's NORMAL memos the caller may read. */
export function statsScope(viewer: Viewer, creatorId: number): CountedScope & { creatorId: number } {
  if (isSelf(viewer, creatorId)) return { creatorId, rowStatus: "NORMAL" };
  return { creatorId, rowStatus: "NORMAL", visibilities: viewer === null ? ["PUBLIC"] : SHARED };
}

/**
 * `GET /api/memo/amount`: the NORMAL memos the caller may read, as scopes that do not overlap. Of one user: what
 * stats counts. Of everyone: the shared memos explore shows, and a member's own private memos, which no one else
 * may count.
 */
export function amountScopes(viewer: Viewer, userId: number | undefined): CountedScope[] {
  if (userId !== undefined) return [statsScope(viewer, userId)];
  const shared: CountedScope = { ...exploreScope(viewer, undefined), rowStatus: "NORMAL" };
  if (viewer === null) return [shared];
  return [shared, { creatorId: viewer.id, visibilities: ["PRIVATE"], rowStatus: "NORMAL" }];
}

/**
 * `GET /api/memo/place`: the map shows the caller's own NORMAL memos (another's places are theirs to publish, and
 * a shared memo's place is shown on the memo itself).
 */
export const placesScope = (actor: Actor) => ({ creatorId: actor.id, rowStatus: "NORMAL" as const });

/** RSS feeds are public documents: PUBLIC, NORMAL memos only, whoever asks. */
export const feedScope = (creatorId?: number): MemoScope => ({ creatorId, visibilities: ["PUBLIC"], rowStatus: "NORMAL" });

/**
 * v1 ListMemos: what the caller may list, as scopes that do not overlap: everyone's NORMAL shared memos (public
 * ones to a visitor) and a member's own private ones; the archive, a member's own. A filter that names a creator
 * narrows them to that creator's (the caller's own: all of them, one scope). Never wider than a v0 list would show.
 */
export function listableScopes(viewer: Viewer, rowStatus: RowStatus, creatorId?: number): MemoScope[] {
  const own = viewer !== null && (creatorId === undefined || isSelf(viewer, creatorId));
  if (rowStatus !== "NORMAL") return own ? [{ creatorId: viewer!.id, rowStatus }] : [];
  const shared: Visibility[] = viewer === null ? ["PUBLIC"] : SHARED;
  if (creatorId !== undefined) return own ? [{ creatorId, rowStatus }] : [{ creatorId, visibilities: shared, rowStatus }];
  const everyone: MemoScope = { visibilities: shared, rowStatus };
  return viewer === null ? [everyone] : [everyone, { creatorId: viewer.id, visibilities: ["PRIVATE"], rowStatus }];
}
