// Every change to a memo's content, visibility or place goes through here: the version it replaces is kept in the
// memo's history (when the host keeps history), thinned by the keeping rule, and the memo's tags and references to
// other memos (memo_relation) follow its text. Every text written here, and every new memo's and comment's, meets
// the caps of memoContentProblem first, whoever composed it (a route's body, an MCP append, a rename, a bulk edit).
import {
  extractTags,
  MAX_MEMO_TAGS,
  type KeptVersion,
  memoContentProblem,
  type MemoContentProblem,
  memoLinks,
  type RevisionSource,
  sameLocation,
  type Visibility,
  versionsToDrop,
} from "@memos/common";
import type { Actor } from "../context.js";
import { badRequest } from "../errors.js";
import type { Db, Engine } from "../store/db.js";
import type { MemoRow } from "../store/schema.js";
import { setVisibility } from "../store/sql/memo/memo-batch.store.js";
import { lockMemo, lockMemos, type MemoText, type MemoUpdate, updateMemo, updateMemoContents } from "../store/sql/memo/memo.store.js";
import { replaceMemoTags, replaceTagsOfMemos } from "../store/sql/memo/memo-tag.store.js";
import { replaceRelationsOfMemos } from "../store/sql/memo/relation.store.js";
import { locationOf } from "../store/sql/memo/memo-location.js";
import {
  deleteRevisions,
  insertRevision,
  insertRevisions,
  type NewRevision,
  revisionTimes,
  revisionTimesOfMemos,
} from "../store/sql/memo/revision.store.js";
import { readSystemSetting } from "../store/sql/settings.js";
import { upsertTags } from "../store/sql/tag.store.js";
import { nowSeconds } from "../store/time.js";

/** What makes a change: a source and, for a token, which one. */
export interface EditOrigin {
  source: RevisionSource;
  tokenId?: number | null;
}

/** The origin of a change a signed-in caller makes through the API: their token, or the web (a session, the open ID). */
export function originOf(actor: Actor): EditOrigin {
  return actor.token ? { source: "token", tokenId: actor.token.id } : { source: "web" };
}

/**
 * The 400 of a text past a memo's caps: the reason, params and words of the route's validation ("content: content is
 * too long, maximum is 1048576 bytes"), under `field`; `about` says whose text it is when it is not the request's own
 * (a rename's memo).
 */
export const contentRefusal = (problem: MemoContentProblem, field = "content", about = "") =>
  badRequest(`${field}: ${about}${problem.message}`, { reason: problem.reason, field, params: { maximum: problem.maximum } });

/**
 * The tags of `content`, a text about to become a memo's, read once for the caps and for the index; a 400
 * (contentRefusal) when it passes the caps, before anything is written.
 */
export function storableTags(content: string): string[] {
  let tags: string[] = [];
  const problem = memoContentProblem(content, () => (tags = extractTags(content, MAX_MEMO_TAGS)));
  if (problem) throw contentRefusal(problem);
  return tags;
}

/** A comment's text about to be written: a 400 (contentRefusal) when it passes the caps a memo's text meets. */
export function assertStorableComment(content: string): void {
  const problem = memoContentProblem(content);
  if (problem) throw contentRefusal(problem);
}

/**
 * What a memo's text says beyond itself: its tags (the tag filter, the user's tag list) and the memos it references.
 * `tags` are the text's, when the writer has read them already (storableTags).
 */
export async function indexContent(
  db: Db,
  memoId: number,
  creatorId: number,
  content: string,
  tags: string[] = extractTags(content),
): Promise<void> {
  await replaceMemoTags(db, memoId, tags);
  await upsertTags(db, creatorId, tags);
  await replaceRelationsOfMemos(db, [{ id: memoId, links: memoLinks(content) }]);
}

/** The version a memo's row is, as its history keeps it when a change replaces it at `now`. */
function versionOf(before: MemoRow, now: number): NewRevision {
  return {
    memo_id: before.id,
    creator_id: before.creator_id,
    content: before.content,
    visibility: before.visibility,
    created_ts: before.updated_ts,
    replaced_ts: now,
    source: before.edit_source,
    token_id: before.edit_token_id,
    location_placeholder: before.location_placeholder,
    location_latitude: before.location_latitude,
    location_longitude: before.location_longitude,
  };
}

/**
 * Changes the memo `id` inside the transaction `tx`; with `expectedUpdatedTs`, only while its updated_ts is still
 * that (false otherwise, nothing written). When its content or visibility changes, the version it had is kept
 * first, saying what wrote it, and the memo's versions are thinned by the host's rule. A new content past the caps
 * is a 400 (contentRefusal), nothing written.
 */
export async function reviseMemo(
  tx: Db,
  engine: Engine,
  id: number,
  update: MemoUpdate,
  origin: EditOrigin,
  expectedUpdatedTs?: number,
): Promise<boolean> {
  const before = await lockMemo(tx, engine, id);
  if (!before || (expectedUpdatedTs !== undefined && before.updated_ts !== expectedUpdatedTs)) return false;
  const contentChanges = update.content !== undefined && update.content !== before.content;
  const tags = contentChanges ? storableTags(update.content!) : [];
  const locationChanges = update.location !== undefined && !sameLocation(update.location, locationOf(before));
  const versionChanges = contentChanges || locationChanges || (update.visibility !== undefined && update.visibility !== before.visibility);
  const now = nowSeconds();
  if (versionChanges) {
    const rule = await readSystemSetting(tx, "memoHistory");
    if (rule.enabled) {
      await insertRevision(tx, versionOf(before, now));
      const drop = versionsToDrop(
        (await revisionTimes(tx, id)).map((row) => ({ id: row.id, replacedTs: Number(row.replaced_ts) })),
        now,
        rule,
      );
      await deleteRevisions(tx, drop);
    }
  }
  const written: MemoUpdate = versionChanges ? { ...update, edit_source: origin.source, edit_token_id: origin.tokenId ?? null } : update;
  await updateMemo(tx, id, written);
  if (contentChanges) await indexContent(tx, id, before.creator_id, update.content!, tags);
  return true;
}

/** Keeps the version each of `befores` has (their rows as they are before a change), as reviseMemo keeps one, and thins their histories. */
async function keepVersions(tx: Db, befores: readonly MemoRow[], now: number): Promise<void> {
  if (befores.length === 0) return;
  const rule = await readSystemSetting(tx, "memoHistory");
  if (!rule.enabled) return;
  await insertRevisions(
    tx,
    befores.map((before) => versionOf(before, now)),
  );
  const byMemo = new Map<number, KeptVersion[]>();
  for (const row of await revisionTimesOfMemos(
    tx,
    befores.map((before) => before.id),
  )) {
    const versions = byMemo.get(row.memo_id) ?? [];
    versions.push({ id: row.id, replacedTs: Number(row.replaced_ts) });
    byMemo.set(row.memo_id, versions);
  }
  await deleteRevisions(
    tx,
    [...byMemo.values()].flatMap((versions) => versionsToDrop(versions, now, rule)),
  );
}

/** What reviseMemoTexts did: the memos it changed, with the tags of their new texts, and those it left as they were because their new text would pass a cap. */
export interface RevisedTexts {
  revised: Array<{ id: number; tags: string[] }>;
  overCap: Array<{ id: number; problem: MemoContentProblem }>;
}

/**
 * `reviseMemo` for the texts of many memos (a tag rename, a bulk edit), a batch of at most 500 ids at a time: each
 * memo's text becomes `rewrite` of it, in a few statements for the batch; a memo whose text stays the same (or
 * that is gone) is left as it is, and so is one whose new text would pass the caps (memoContentProblem: the caller
 * refuses the request or reports the memo). Each changed memo keeps the version it replaces, as `reviseMemo` keeps it.
 */
export async function reviseMemoTexts(
  tx: Db,
  engine: Engine,
  ids: readonly number[],
  rewrite: (content: string) => string,
  origin: EditOrigin,
): Promise<RevisedTexts> {
  const befores = await lockMemos(tx, engine, ids);
  const overCap: RevisedTexts["overCap"] = [];
  const changed = befores.flatMap((before) => {
    const content = rewrite(before.content);
    if (content === before.content) return [];
    let tags: string[] = [];
    const problem = memoContentProblem(content, () => (tags = extractTags(content, MAX_MEMO_TAGS)));
    if (problem) {
      overCap.push({ id: before.id, problem });
      return [];
    }
    return [{ before, content, tags }];
  });
  if (changed.length === 0) return { revised: [], overCap };
  await keepVersions(
    tx,
    changed.map(({ before }) => before),
    nowSeconds(),
  );
  const texts: MemoText[] = changed.map(({ before, content }) => ({ id: before.id, content }));
  await updateMemoContents(tx, texts, { edit_source: origin.source, edit_token_id: origin.tokenId ?? null });
  const tagged = changed.map(({ before, tags }) => ({ id: before.id, tags }));
  await replaceTagsOfMemos(tx, tagged);
  await replaceRelationsOfMemos(
    tx,
    texts.map((text) => ({ id: text.id, links: memoLinks(text.content) })),
  );
  for (const creatorId of new Set(changed.map(({ before }) => before.creator_id))) {
    const tags = changed.filter(({ before }) => before.creator_id === creatorId).flatMap((memo) => memo.tags);
    await upsertTags(tx, creatorId, tags);
  }
  return { revised: tagged, overCap };
}

/**
 * `reviseMemo` for the visibility of many memos (a bulk edit), a batch of at most 500 ids at a time: each memo of
 * another visibility keeps the version it replaces and takes `visibility`, in a few statements for the batch.
 * Answers the ids it changed.
 */
export async function reviseMemoVisibilities(
  tx: Db,
  engine: Engine,
  ids: readonly number[],
  visibility: Visibility,
  origin: EditOrigin,
): Promise<number[]> {
  const changed = (await lockMemos(tx, engine, ids)).filter((before) => before.visibility !== visibility);
  await keepVersions(tx, changed, nowSeconds());
  const changedIds = changed.map((before) => before.id);
  await setVisibility(tx, changedIds, visibility, { edit_source: origin.source, edit_token_id: origin.tokenId ?? null });
  return changedIds;
}
