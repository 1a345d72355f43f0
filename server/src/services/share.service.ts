// Private share links: the author makes, lists and revokes them; anyone holding one opens that memo and its files.
import { randomBytes } from "node:crypto";
import type { CreatedMemoShare, Memo, MemoShare, MemoShareCreate } from "@memos/common";
import { hashToken } from "../auth/session.js";
import type { AppContext, Viewer } from "../context.js";
import { badRequest } from "../errors.js";
import { authorizeShareLink, authorizeShareManagement, authorizeSharedFile, shareNotFound } from "../policies/share.policy.js";
import { presentCreatedMemoShare, presentMemoShare } from "../presenters/share.presenter.js";
import { findMemoById, type MemoListRow } from "../store/sql/memo/memo.store.js";
import { listLinkedResources } from "../store/sql/resource.store.js";
import {
  deleteMemoShare,
  findMemoShare,
  findMemoShareByHash,
  insertMemoShare,
  listLiveMemoShares,
  touchMemoShare,
} from "../store/sql/share.store.js";
import { nowSeconds } from "../store/time.js";
import { requireMemo } from "./memo-access.js";
import { composeMemos } from "./memo-compose.js";
import { openReadableResource, type ResourceFile } from "./resource.service.js";

/** A link's last opening is written at most this often, so a page reloaded a hundred times writes once. */
const OPENED_RESOLUTION_SECONDS = 60;

export async function listMemoShares(ctx: AppContext, viewer: Viewer, memoId: number): Promise<MemoShare[]> {
  const { db } = ctx.store;
  authorizeShareManagement(viewer, "list", await requireMemo(db, memoId));
  return (await listLiveMemoShares(db, memoId, nowSeconds())).map(presentMemoShare);
}

export async function createMemoShare(ctx: AppContext, viewer: Viewer, memoId: number, input: MemoShareCreate): Promise<CreatedMemoShare> {
  const { db } = ctx.store;
  const memo = await requireMemo(db, memoId);
  authorizeShareManagement(viewer, "create", memo);
  const now = nowSeconds();
  if (input.expiresTs !== undefined && input.expiresTs <= now) {
    throw badRequest("Malformatted post memo share request: expiresTs: must be in the future", { field: "expiresTs" });
  }
  // 256 random bits: unguessable, so the hash lookup needs no constant-time comparison.
  const token = randomBytes(32).toString("base64url");
  const row = await insertMemoShare(db, {
    memo_id: memo.id,
    creator_id: memo.creator_id,
    token_hash: hashToken(token),
    created_ts: now,
    expires_ts: input.expiresTs ?? null,
  });
  return presentCreatedMemoShare(row, token);
}

export async function revokeMemoShare(ctx: AppContext, viewer: Viewer, memoId: number, shareId: number): Promise<void> {
  const { db } = ctx.store;
  authorizeShareManagement(viewer, "revoke", await requireMemo(db, memoId));
  const share = await findMemoShare(db, memoId, shareId);
  if (!share) throw shareNotFound();
  await deleteMemoShare(db, share.id);
}

/** v1 names a share by its token where its creation answered: the same revocation, the share found by the token's hash. */
export async function revokeMemoShareByToken(ctx: AppContext, viewer: Viewer, memoId: number, token: string): Promise<void> {
  const share = await findMemoShareByHash(ctx.store.db, hashToken(token));
  // No share, or another memo's: the same not-found as an unknown id, once the caller is judged.
  await revokeMemoShare(ctx, viewer, memoId, share?.memo_id === memoId ? share.id : 0);
}

/** The memo a token opens (404 for anything else), its opening recorded. */
async function sharedMemo(ctx: AppContext, token: string): Promise<MemoListRow> {
  const { db } = ctx.store;
  const share = await findMemoShareByHash(db, hashToken(token));
  const now = nowSeconds();
  const memo = authorizeShareLink(share, share ? await findMemoById(db, share.memo_id) : undefined, now);
  const stale = now - OPENED_RESOLUTION_SECONDS;
  if (share!.last_opened_ts === null || Number(share!.last_opened_ts) < stale) await touchMemoShare(db, share!.id, now, stale);
  return memo;
}

/** `GET /api/share/:token`: the memo as a visitor's answer shows it (the author's pin is not told). */
export async function openSharedMemo(ctx: AppContext, token: string): Promise<Memo> {
  const memo = await sharedMemo(ctx, token);
  const [composed] = await composeMemos(ctx.store.db, [{ ...memo, pinned: 0 }]);
  if (!composed) throw shareNotFound();
  return composed;
}

/** `GET /api/share/:token/resource/:resourceId`: a file linked to the shared memo. */
export async function openSharedFile(ctx: AppContext, token: string, resourceId: number): Promise<ResourceFile> {
  const memo = await sharedMemo(ctx, token);
  const linked = await listLinkedResources(ctx.store.db, [memo.id]);
  authorizeSharedFile(
    linked.map((resource) => resource.id),
    resourceId,
  );
  const resource = linked.find((row) => row.id === resourceId)!;
  return openReadableResource(ctx, resource);
}
