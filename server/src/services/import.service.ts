// POST /api/import: an archive (our own export, a folder of Markdown notes, a flomo export or a Google Keep
// Takeout) into the caller's account. Staged, then committed: the archive is read into a plan on a thread of its
// own (services/import/: what each format holds, and the problems of single files), the plan loses what the
// account holds already, and the rest is written in one transaction, the thread inflating one file of the archive
// at a time. A damaged or unsafe archive is refused (400) before anything is written, or rolls the transaction
// back. An import queues no webhook deliveries (docs/api.md, Import).
import {
  extractTags,
  memoLinks,
  type ImportedMemoPreview,
  type ImportProblem,
  type ImportQuery,
  type ImportResult,
  MAX_ID,
  MAX_MEMO_CONTENT_BYTES,
  MAX_MEMO_TAGS,
  memoContentProblem,
  type Visibility,
} from "@memos/common";
import type { Actor, AppContext, Viewer } from "../context.js";
import { authorizeImport } from "../policies/import.policy.js";
import {
  type ImportedComment,
  insertImportedComments,
  insertImportedMemo,
  insertImportedShortcut,
  insertMemoExtras,
  listMemosCreatedAt,
  listResourcesCreatedAt,
  setImportedMemoContent,
} from "../store/sql/import.store.js";
import { listShortcutsOfCreator } from "../store/sql/shortcut.store.js";
import { replaceRelationsOfMemos } from "../store/sql/memo/relation.store.js";
import { upsertTags } from "../store/sql/tag.store.js";
import { readUserSetting } from "../store/sql/settings.js";
import { findUserById } from "../store/sql/user.store.js";
import { finalContent, type LinkTargets, previewTitle, storedName, tokensIn } from "./import/content.js";
import type { ImportPlan } from "./import/plan.js";
import { ReaderThread } from "./import/reader-thread.js";
import { TimeSlices } from "./import/yield.js";
import { storeResource } from "./resource.service.js";
import { removeAssets } from "../store/files/resource-bytes.js";
import { insertRevisions, type NewRevision } from "../store/sql/memo/revision.store.js";
import { locationColumns } from "../store/sql/memo/memo-location.js";
import { contentRefusal } from "./memo-revise.js";
import { publishLive } from "./live-feed.js";

const MAX_PROBLEMS_SHOWN = 100;
/** The memos an answer lists, the first the import adds (or, in a dry run, would add). */
const FIRST_MEMOS_SHOWN = 10;
/** Memos whose tags, pins and links are written together. */
const BATCH = 200;
const MAX_ENTRIES = 50_000;
/** How much an archive may unpack to, as a multiple of the upload limit. */
const UNPACKED_PER_UPLOADED = 8;

/** A memo's identity across imports: its created time and its content, with links to stored files and memos made id-free. */
const memoKey = (createdTs: number, content: string) =>
  `${createdTs}\n${content.replace(/\/o\/r\/\d+\//g, "/o/r/_/").replace(/(?<=^|[\s(<[{"'])\/m\/\d+(?![\w/-])/g, "/m/_")}`;
const fileKey = (createdTs: number, filename: string, size: number, link: string) => `${createdTs}\n${filename}\n${size}\n${link}`;

/** A memo of the plan that is not added because the account (or the plan, earlier) holds it: a link to it goes there. */
type Same = { id: number } | { index: number };

interface Staged {
  /** Indexes into plan.memos of the memos to add, in order. */
  memos: number[];
  /** Memos of the plan not added because they are there already. */
  same: Map<number, Same>;
  /** Memos of the plan the store cannot hold (problems): a link to one becomes its label. */
  dropped: Set<number>;
  /** Indexes into plan.attachments, in the order they are stored. */
  files: number[];
  shortcuts: ImportPlan["shortcuts"];
  skipped: number;
  problems: ImportProblem[];
}

/** The text with ids not known yet ("_"): how the memo is compared with the account's, and previewed. */
const idFree = (plan: ImportPlan, dropped: Set<number>, content: string) =>
  finalContent(content, plan, { file: () => "_", memo: (index) => (dropped.has(index) ? null : "_") });

/**
 * The longest a planned text can be once stored: its links to the archive's files and memos with ids at their widest
 * (the plan holds them as short tokens; a file's link is its name, percent-encoded), every memo link kept.
 */
const longest = (plan: ImportPlan, content: string) => finalContent(content, plan, { file: () => MAX_ID, memo: () => MAX_ID });

/** Why a memo's or a comment's text cannot be written (a plan checked by the stage meets the caps; this stays the guard). */
function assertStorable(content: string, source: string, tags?: () => readonly string[]): void {
  const problem = memoContentProblem(content, tags);
  if (problem) throw contentRefusal(problem, "file", `${source}: `);
}

/** Drops from the plan what is in the account already, and memos the store cannot hold. */
async function stage(ctx: AppContext, creatorId: number, plan: ImportPlan): Promise<Staged> {
  const { db } = ctx.store;
  const problems = [...plan.problems];
  let skipped = 0;
  const slices = new TimeSlices();

  const dropped = new Set<number>();
  for (const [index, memo] of plan.memos.entries()) {
    await slices.next();
    const problem = memoContentProblem(longest(plan, memo.content));
    if (!problem) continue;
    const reason =
      problem.reason === "memo.content-too-long"
        ? `the note is longer than ${MAX_MEMO_CONTENT_BYTES} bytes, the most a memo holds`
        : `the note has more than ${MAX_MEMO_TAGS} tags, the most a memo holds`;
    problems.push({ file: memo.source, reason });
    dropped.add(index);
  }

  const seen = new Map<string, Same>();
  for (const row of await listMemosCreatedAt(
    db,
    creatorId,
    plan.memos.map((memo) => memo.createdTs),
  )) {
    await slices.next();
    seen.set(memoKey(row.created_ts, row.content), { id: row.id });
  }
  const memos: number[] = [];
  const same = new Map<number, Same>();
  for (const [index, memo] of plan.memos.entries()) {
    await slices.next();
    if (dropped.has(index)) continue;
    const key = memoKey(memo.createdTs, idFree(plan, dropped, memo.content));
    const there = seen.get(key);
    if (there) {
      // The same note twice in one archive is one memo.
      skipped += 1;
      same.set(index, there);
      continue;
    }
    seen.set(key, { index });
    memos.push(index);
  }

  // The files the memos (their versions and comments too) list or link to; then the files no memo lists, unless the
  // account holds them already.
  const files = [
    ...new Set(
      memos.flatMap((index) => {
        const memo = plan.memos[index]!;
        return [
          ...memo.attachments,
          ...tokensIn(memo.content).files,
          ...(memo.versions ?? []).flatMap((version) => tokensIn(version.content).files),
          ...(memo.comments ?? []).flatMap((comment) => [...comment.attachments, ...tokensIn(comment.content).files]),
        ];
      }),
    ),
  ];
  const taken = new Set(files);
  const standalone = plan.standalone.filter((index) => !taken.has(index)).map((index) => plan.attachments[index]!);
  const existingFiles = new Set(
    (
      await listResourcesCreatedAt(
        db,
        creatorId,
        standalone.flatMap((file) => (file.createdTs === undefined ? [] : [file.createdTs])),
      )
    ).map((row) => fileKey(row.created_ts, row.filename, row.size, row.external_link)),
  );
  for (const index of plan.standalone) {
    if (taken.has(index)) continue;
    const file = plan.attachments[index]!;
    const key = fileKey(file.createdTs ?? -1, storedName(file), file.entry?.size ?? 0, file.url ?? "");
    if (existingFiles.has(key)) skipped += 1;
    else files.push(index);
  }

  const shortcutKeys = new Set((await listShortcutsOfCreator(db, creatorId)).map((shortcut) => `${shortcut.title}\n${shortcut.payload}`));
  const shortcuts: ImportPlan["shortcuts"] = [];
  for (const shortcut of plan.shortcuts) {
    const key = `${shortcut.title}\n${shortcut.payload}`;
    if (shortcutKeys.has(key)) {
      skipped += 1;
      continue;
    }
    shortcutKeys.add(key);
    shortcuts.push(shortcut);
  }
  return { memos, same, dropped, files, shortcuts, skipped, problems };
}

/** The first memos the import adds, as the answer lists them. */
function firstMemos(plan: ImportPlan, staged: Staged): ImportedMemoPreview[] {
  return staged.memos.slice(0, FIRST_MEMOS_SHOWN).map((index) => {
    const memo = plan.memos[index]!;
    return {
      file: memo.source,
      title: previewTitle(idFree(plan, staged.dropped, memo.content)),
      createdTs: memo.createdTs,
      attachments: new Set(memo.attachments).size,
    };
  });
}

async function commit(
  ctx: AppContext,
  creatorId: number,
  reader: ReaderThread,
  plan: ImportPlan,
  staged: Staged,
  defaultVisibility: Visibility,
) {
  const display = await readUserSetting(ctx.store.db, creatorId, "memoDisplayTsOption");
  // Files written to <data>/assets (`--storage local`) for rows of this transaction: removed if it rolls back.
  const placed: string[] = [];
  try {
    await writeAll(ctx, creatorId, reader, plan, staged, defaultVisibility, display, placed);
  } catch (error) {
    await removeAssets(ctx.config.data, placed, (message) => console.warn(`memos: import: ${message}`));
    throw error;
  }
}

/** Everything the import adds, in one transaction: nothing is written unless all of it is. */
async function writeAll(
  ctx: AppContext,
  creatorId: number,
  reader: ReaderThread,
  plan: ImportPlan,
  staged: Staged,
  defaultVisibility: Visibility,
  display: "created_ts" | "updated_ts",
  placed: string[],
) {
  const slices = new TimeSlices();
  await ctx.store.db.transaction().execute(async (tx) => {
    const fileIds = new Map<number, number>();
    for (const index of staged.files) {
      await slices.next();
      const file = plan.attachments[index]!;
      const times = file.createdTs !== undefined ? { created_ts: file.createdTs, updated_ts: file.createdTs } : {};
      const fields = { creator_id: creatorId, filename: storedName(file), external_link: file.url ?? "", type: file.type, ...times };
      const row = await storeResource(ctx, tx, fields, file.entry ? await reader.read(file.entry) : null, placed);
      fileIds.set(index, row.id);
    }
    const memoIds = new Map<number, number>();
    const targets: LinkTargets = {
      file: (index) => fileIds.get(index)!,
      memo: (index) => {
        if (staged.dropped.has(index)) return null;
        const there = staged.same.get(index);
        if (there && "id" in there) return there.id;
        return memoIds.get(there ? there.index : index) ?? "_";
      },
    };
    // A memo linking to one added after it is written again once every id is known.
    const later: number[] = [];
    // The memos each imported memo references (common/src/domain/memo-links.ts), written once every memo is.
    const references: Array<{ id: number; links: number[] }> = [];
    // Memos one INSERT each (their ids are needed), their tags, pins and links a batch at a time.
    for (let start = 0; start < staged.memos.length; start += BATCH) {
      const extras: Parameters<typeof insertMemoExtras>[2] = { tags: [], pinned: [], links: [] };
      const tagNames = new Set<string>();
      for (const index of staged.memos.slice(start, start + BATCH)) {
        await slices.next();
        const memo = plan.memos[index]!;
        const content = finalContent(memo.content, plan, targets);
        let tags: string[] = [];
        assertStorable(content, memo.source, () => (tags = extractTags(content)));
        const memoId = await insertImportedMemo(tx, {
          creator_id: creatorId,
          content,
          visibility: memo.visibility ?? defaultVisibility,
          row_status: memo.archived ? "ARCHIVED" : "NORMAL",
          created_ts: memo.createdTs,
          updated_ts: memo.updatedTs,
          display_ts: display === "updated_ts" ? memo.updatedTs : memo.createdTs,
          location: memo.location ?? null,
        });
        memoIds.set(index, memoId);
        if (content.includes("/m/_")) later.push(index);
        else references.push({ id: memoId, links: memoLinks(content) });
        for (const tag of tags) {
          extras.tags.push({ memo_id: memoId, tag });
          tagNames.add(tag);
        }
        if (memo.pinned) extras.pinned.push(memoId);
        for (const file of new Set(memo.attachments)) extras.links.push({ memo_id: memoId, resource_id: fileIds.get(file)! });
      }
      await insertMemoExtras(tx, creatorId, extras);
      await upsertTags(tx, creatorId, [...tagNames]);
    }
    for (const index of later) {
      await slices.next();
      const content = finalContent(plan.memos[index]!.content, plan, targets);
      assertStorable(content, plan.memos[index]!.source);
      await setImportedMemoContent(tx, memoIds.get(index)!, content);
      references.push({ id: memoIds.get(index)!, links: memoLinks(content) });
    }
    // Versions and comments once every memo has its id: their links to memos of the archive too.
    for (let start = 0; start < staged.memos.length; start += BATCH) {
      const versions: NewRevision[] = [];
      const comments: ImportedComment[] = [];
      for (const index of staged.memos.slice(start, start + BATCH)) {
        await slices.next();
        const memo = plan.memos[index]!;
        const memoId = memoIds.get(index)!;
        for (const version of memo.versions ?? []) {
          versions.push({
            memo_id: memoId,
            creator_id: creatorId,
            content: finalContent(version.content, plan, targets),
            visibility: version.visibility,
            created_ts: version.createdTs,
            replaced_ts: version.replacedTs,
            source: version.source,
            token_id: null,
            ...locationColumns(version.location ?? null),
          });
        }
        for (const comment of memo.comments ?? []) {
          const text = finalContent(comment.content, plan, targets);
          assertStorable(text, memo.source);
          comments.push({
            memo_id: memoId,
            creator_id: creatorId,
            content: text,
            created_ts: comment.createdTs,
            updated_ts: comment.updatedTs,
            resourceIds: comment.attachments.map((file) => fileIds.get(file)!),
          });
        }
      }
      await insertRevisions(tx, versions);
      await insertImportedComments(tx, comments);
    }
    for (let start = 0; start < references.length; start += BATCH) {
      await slices.next();
      await replaceRelationsOfMemos(tx, references.slice(start, start + BATCH));
    }
    for (const shortcut of staged.shortcuts) {
      await slices.next();
      await insertImportedShortcut(tx, {
        creator_id: creatorId,
        title: shortcut.title,
        payload: shortcut.payload,
        row_status: shortcut.archived ? "ARCHIVED" : "NORMAL",
        created_ts: shortcut.createdTs,
        updated_ts: shortcut.updatedTs,
      });
    }
  });
}

/** A dry run inflates the files the import would store too, so it refuses a damaged one as the import would. */
async function checkFiles(reader: ReaderThread, plan: ImportPlan, staged: Staged): Promise<void> {
  for (const index of staged.files) {
    const { entry } = plan.attachments[index]!;
    if (entry) await reader.read(entry);
  }
}

/** Throws unless `viewer` may import. The route asks before it reads the upload, so a refused caller writes no file. */
export async function authorizeImporter(ctx: AppContext, viewer: Viewer): Promise<Actor> {
  authorizeImport(viewer, viewer ? await findUserById(ctx.store.db, viewer.id) : undefined);
  return viewer;
}

/** `file` is the uploaded archive on disk (the route removes it afterwards). */
export async function importArchive(ctx: AppContext, caller: Viewer, file: string, query: ImportQuery): Promise<ImportResult> {
  const viewer = await authorizeImporter(ctx, caller);
  const dryRun = query.dryRun === "true";
  const reader = await ReaderThread.start(file, {
    maxTotalBytes: UNPACKED_PER_UPLOADED * ctx.config.maxUploadBytes,
    maxEntries: MAX_ENTRIES,
  });
  try {
    const plan = await reader.plan();
    const staged = await stage(ctx, viewer.id, plan);
    if (dryRun) await checkFiles(reader, plan, staged);
    else {
      await commit(ctx, viewer.id, reader, plan, staged, await readUserSetting(ctx.store.db, viewer.id, "memoVisibility"));
      publishLive(ctx, [{ type: "import.finished", userId: viewer.id, memos: staged.memos.length }]);
    }
    return {
      kind: plan.kind,
      dryRun,
      memos: staged.memos.length,
      attachments: staged.files.length,
      shortcuts: staged.shortcuts.length,
      skipped: staged.skipped,
      problems: staged.problems.slice(0, MAX_PROBLEMS_SHOWN),
      problemCount: staged.problems.length,
      firstMemos: firstMemos(plan, staged),
    };
  } finally {
    await reader.close();
  }
}
