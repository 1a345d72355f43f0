// Renaming a tag (`#work` → `#job`, `#work/a` → `#job/a`), or merging it into one the user has: in their memos'
// texts, their shortcuts' tag filters and their tag list, in one transaction that gives the event loop turns. A
// memo the longer name would take past the content cap refuses the whole rename (400 naming the memo), nothing written.
import { MAX_TAG_LENGTH, renameTagInContent, renameTagInShortcutPayload, type TagRename, type TagRenameResult } from "@memos/common";
import type { AppContext, Viewer } from "../context.js";
import { badRequest, notFound } from "../errors.js";
import { requireSignedIn } from "../policies/utils.js";
import { batches } from "../store/batches.js";
import type { Db, Engine } from "../store/db.js";
import { listShortcutsOfCreator, updateShortcut } from "../store/sql/shortcut.store.js";
import { upsertTags } from "../store/sql/tag.store.js";
import {
  childTags,
  countTaggedMemos,
  deleteTagNames,
  hasTagSubtree,
  listTagSubtree,
  type TagEntryPosition,
  tagEntryPage,
} from "../store/sql/tag-rename.store.js";
import { TimeSlices } from "./import/yield.js";
import { publishLive } from "./live-feed.js";
import { contentRefusal, type EditOrigin, reviseMemoTexts } from "./memo-revise.js";

/** Memo_tag entries read per statement while collecting the memos to rewrite. */
const ENTRY_PAGE = 5000;
/**
 * Memos rewritten per batch: a few statements each. SQLite runs them on the main thread, so its batches stay
 * small (a batch of 500 held it 25–70 ms); PostgreSQL's wait on the network.
 */
const MEMO_BATCH = { sqlite: 100, postgres: 500 } as const;
/** Each turn the rename gives the event loop lasts at least this long: others' requests take several steps. */
const REST_MS = 2;
/** The dry run checks the length of this many distinct tags under the renamed one (the rename itself, all). */
const PREVIEW_CHILD_TAGS = 1000;

const RENAME: EditOrigin = { source: "rename" };

/** `tag` (`from` or a tag under it) under its new name. */
const renamed = (tag: string, from: string, to: string) => to + tag.slice(from.length);

/** A rename may not make a tag longer than a tag can be (it would stop being one): 400 naming `to`. */
function assertLengths(tags: Iterable<string>, from: string, to: string): void {
  if (to.length <= from.length) return;
  for (const tag of tags) {
    if (renamed(tag, from, to).length > MAX_TAG_LENGTH)
      throw badRequest(`to: would make #${tag} longer than ${MAX_TAG_LENGTH} characters`, {
        reason: "input.too-long",
        field: "to",
        params: { maximum: MAX_TAG_LENGTH },
      });
  }
}

const notHeld = (from: string) => notFound(`Tag name not found: ${from}`, { reason: "tag.not-found", params: { name: from } });

/** The caller's shortcuts whose payload the rename changes, with the new payload. */
async function renamedShortcuts(db: Db, creatorId: number, from: string, to: string) {
  const shortcuts = await listShortcutsOfCreator(db, creatorId);
  return shortcuts.flatMap((shortcut) => {
    const payload = renameTagInShortcutPayload(shortcut.payload, from, to);
    return payload === null ? [] : [{ id: shortcut.id, payload }];
  });
}

/** What the rename would change, read without writing (on SQLite through the reading threads). */
async function preview(db: Db, engine: Engine, creatorId: number, from: string, to: string): Promise<TagRenameResult> {
  const [memos, shortcuts, held, merge, children] = await Promise.all([
    countTaggedMemos(db, engine, creatorId, from),
    renamedShortcuts(db, creatorId, from, to),
    hasTagSubtree(db, engine, creatorId, from),
    hasTagSubtree(db, engine, creatorId, to),
    childTags(db, engine, creatorId, from, PREVIEW_CHILD_TAGS),
  ]);
  if (!held && shortcuts.length === 0) throw notHeld(from);
  assertLengths(children, from, to);
  return { memos, shortcuts: shortcuts.length, merge };
}

/**
 * The ids of the creator's memos carrying `from` or a tag under it, read before anything is written (a name under
 * `from`, as `work` → `work/old`, would otherwise bring rewritten memos back into the walk), and the tags seen.
 */
async function taggedMemoIds(tx: Db, engine: Engine, creatorId: number, from: string, slices: TimeSlices) {
  const ids = new Set<number>();
  const tags = new Set<string>();
  let after: TagEntryPosition | undefined;
  for (;;) {
    const page = await tagEntryPage(tx, engine, creatorId, from, after, ENTRY_PAGE).execute();
    for (const entry of page) {
      ids.add(entry.memo_id);
      tags.add(entry.tag);
    }
    const last = page.at(-1);
    if (page.length < ENTRY_PAGE || !last) break;
    after = { tag: last.tag, displayTs: Number(last.display_ts), memoId: last.memo_id };
    await slices.next();
  }
  return { ids: [...ids].sort((a, b) => a - b), tags };
}

/** The rename itself, inside the transaction `tx`. */
async function rename(tx: Db, engine: Engine, creatorId: number, from: string, to: string): Promise<TagRenameResult> {
  const slices = new TimeSlices(REST_MS);
  const merge = await hasTagSubtree(tx, engine, creatorId, to);
  const { ids, tags } = await taggedMemoIds(tx, engine, creatorId, from, slices);
  const shortcuts = await renamedShortcuts(tx, creatorId, from, to);
  const listed = await listTagSubtree(tx, engine, creatorId, from);
  if (ids.length === 0 && shortcuts.length === 0 && listed.length === 0) throw notHeld(from);
  assertLengths([...tags, ...listed], from, to);

  let memos = 0;
  for (const batch of batches(ids, MEMO_BATCH[engine])) {
    // Each memo keeps the version it replaces, in its history.
    const { revised, overCap } = await reviseMemoTexts(tx, engine, batch, (content) => renameTagInContent(content, from, to), RENAME);
    // A memo the new name would take past a cap refuses the whole rename: the transaction writes nothing.
    const [first] = overCap;
    if (first) throw contentRefusal(first.problem, "to", `the rename would take memo ${first.id} past its cap: `);
    memos += revised.length;
    await slices.next();
  }
  for (const shortcut of shortcuts) await updateShortcut(tx, shortcut.id, { payload: shortcut.payload });
  const names = listed.map((name) => renamed(name, from, to));
  const kept = new Set(names);
  await deleteTagNames(
    tx,
    creatorId,
    listed.filter((name) => !kept.has(name)),
  );
  await upsertTags(tx, creatorId, names);
  return { memos, shortcuts: shortcuts.length, merge };
}

/**
 * `POST /api/tag/rename`: `from` and the tags under it become `to` in the caller's memos, shortcuts and tag list
 * (merged when the caller has `to` already); with `dryRun`, what would change. 404 when the caller has no `from`.
 * `input` is valid already (the route's schema, tagRenameSchema).
 */
export async function renameTag(ctx: AppContext, viewer: Viewer, input: TagRename): Promise<TagRenameResult> {
  requireSignedIn(viewer);
  const { db, engine } = ctx.store;
  if (input.dryRun) return preview(db, engine, viewer.id, input.from, input.to);
  const result = await db.transaction().execute((tx) => rename(tx, engine, viewer.id, input.from, input.to));
  publishLive(ctx, [{ type: "tag.renamed", userId: viewer.id, from: input.from, to: input.to }]);
  return result;
}
