// Private share links. The one place their rules live:
//   - A memo's links are its author's alone: only they list, make and revoke them (an admin or the host too is
//     told there is no such memo, 404, so a link's existence never leaks). Making and revoking are writes: a
//     read-only access token gets 403 (the access hook says so first; the rule is stated here as well).
//   - A share token is not a credential of the account: it is never accepted as a Bearer token or a cookie (the
//     share routes are anonymous and resolve no caller), and it reaches exactly one memo and the files linked to
//     that memo. An unknown, revoked or expired token, or a memo in the trash, all answer the same 404.
import type { Actor, Viewer } from "../context.js";
import { forbidden, notFound } from "../errors.js";
import { isSelf, requireSignedIn } from "./utils.js";

export type ShareAction = "list" | "create" | "revoke";

const WRITES: ReadonlySet<ShareAction> = new Set(["create", "revoke"]);

/** 401 for a visitor, 404 for anyone but the memo's author, 403 for a read-only token's write. */
export function authorizeShareManagement(
  viewer: Viewer,
  action: ShareAction,
  memo: { id: number; creator_id: number },
): asserts viewer is Actor {
  requireSignedIn(viewer);
  if (!isSelf(viewer, memo.creator_id)) throw notFound(`Memo ID not found: ${memo.id}`, { reason: "memo.not-found" });
  if (WRITES.has(action) && viewer.token?.scope === "read")
    throw forbidden("This access token is read-only", { reason: "auth.read-only-token" });
}

/** The one answer for every link that leads nowhere: unknown, revoked, expired, or its memo in the trash. */
export const shareNotFound = () => notFound("Share link not found", { reason: "share.not-found" });

interface ShareFacts {
  memo_id: number;
  creator_id: number;
  expires_ts: number | null;
}

/**
 * The memo a share link opens: `share` is the row its token's hash found (undefined: none), `memo` the memo of that
 * id still in `memo` (undefined: trashed or gone). Anything else is the same 404.
 */
export function authorizeShareLink<M extends { id: number; creator_id: number }>(
  share: ShareFacts | undefined,
  memo: M | undefined,
  now: number,
): M {
  if (!share || !memo) throw shareNotFound();
  if (share.expires_ts !== null && Number(share.expires_ts) <= now) throw shareNotFound();
  if (memo.id !== share.memo_id || memo.creator_id !== share.creator_id) throw shareNotFound();
  return memo;
}

/** A file through a share link: only one linked to the shared memo (`linkedIds`), else the same 404. */
export function authorizeSharedFile(linkedIds: readonly number[], resourceId: number): void {
  if (!linkedIds.includes(resourceId)) throw shareNotFound();
}
