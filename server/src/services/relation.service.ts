// A memo's Links and Referenced by: the memos its text references and those referencing it, as the viewer may see them.
import type { MemoRelation, RelationCount } from "@memos/common";
import type { AppContext, Viewer } from "../context.js";
import { authorizeMemo, canReadMemo } from "../policies/memo.policy.js";
import { relatedScope, scopeShows } from "../policies/relation.policy.js";
import { presentRelatedMemo } from "../presenters/relation.presenter.js";
import { backlinkMemos, countBacklinks, linkedMemos } from "../store/sql/memo/relation.store.js";
import { MAX_MEMO_LINKS } from "@memos/common";
import { requireMemo } from "./memo-access.js";
import { knownFacts } from "./space-access.js";

/** Backlinks a page: a memo referenced by thousands reads one page of its index range at a time. */
const BACKLINK_PAGE = 50;

export async function getMemoRelation(ctx: AppContext, viewer: Viewer, memoId: number, query: { before?: number }): Promise<MemoRelation> {
  const db = ctx.store.db;
  authorizeMemo(viewer, "read", await requireMemo(db, memoId, viewer));
  const scope = relatedScope(viewer);
  const links = (await linkedMemos(db, memoId, MAX_MEMO_LINKS)).filter((row) => scopeShows(scope, row));
  const page = await backlinkMemos(db, memoId, (row) => scopeShows(scope, row), BACKLINK_PAGE + 1, query.before);
  const backlinks = page.rows.slice(0, BACKLINK_PAGE);
  // A page past many memos the viewer may not see stops after reading 5,000 and says where to go on (it may be short).
  const next = page.rows.length > BACKLINK_PAGE ? backlinks[backlinks.length - 1]!.id : page.stoppedAt;
  return { links: links.map(presentRelatedMemo), backlinks: backlinks.map(presentRelatedMemo), next };
}

/** `GET /api/memo/relation-count`: the backlink counts of the memos the caller may read (others left out, as if none). */
export async function countMemoBacklinks(ctx: AppContext, viewer: Viewer, memoIds: readonly number[]): Promise<RelationCount[]> {
  const db = ctx.store.db;
  const readable = (await knownFacts(db, viewer, memoIds)).filter((memo) => canReadMemo(viewer, memo)).map((memo) => memo.id);
  return countBacklinks(db, readable, relatedScope(viewer));
}
