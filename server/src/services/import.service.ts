// POST /api/import: an archive (our own export, a folder of Markdown notes, a flomo export or a Google Keep
// Takeout) into the caller's account. Staged, then committed: the archive is read into a plan on a thread of its
// own (services/import/: what each format holds, and the problems of single files), the plan loses what the
// account holds already, and the rest is written in one transaction, the thread inflating one file of the archive
// at a time. A damaged or unsafe archive is refused (400) before anything is written, or rolls the transaction
// back. An import queues no webhook deliveries (docs/api.md, Import).
import {
  extractTags,
  type ImportProblem,
  type ImportQuery,
  type ImportResult,
  MAX_MEMO_CONTENT_BYTES,
  MAX_MEMO_TAGS,
  sanitizeUploadFilename,
  type Visibility,
} from "@memos/common";
import type { Actor, AppContext, Viewer } from "../context.js";
import { authorizeImport } from "../policies/import.policy.js";
import {
  insertImportedMemo,
  insertImportedShortcut,
  insertMemoExtras,
  listMemosCreatedAt,
  listResourcesCreatedAt,
} from "../store/sql/import.store.js";
import { listShortcutsOfCreator } from "../store/sql/shortcut.store.js";
import { upsertTags } from "../store/sql/tag.store.js";
import { readUserSetting } from "../store/sql/settings.js";
import { findUserById } from "../store/sql/user.store.js";
import { ATTACHMENT_TOKEN, type ImportPlan, type PlannedAttachment, type PlannedMemo, resourceLink } from "./import/plan.js";
import { ReaderThread } from "./import/reader-thread.js";
import { TimeSlices } from "./import/yield.js";
import { storeResource } from "./resource.service.js";
import { removeAssets } from "../store/files/resource-bytes.js";

const MAX_PROBLEMS_SHOWN = 100;
/** Memos whose tags, pins and links are written together. */
const BATCH = 200;
const MAX_ENTRIES = 50_000;
/** How much an archive may unpack to, as a multiple of the upload limit. */
const UNPACKED_PER_UPLOADED = 8;

/** A memo's identity across imports: its created time and its content, with links to stored files made id-free. */
const memoKey = (createdTs: number, content: string) => `${createdTs}\n${content.replace(/\/o\/r\/\d+\//g, "/o/r/_/")}`;
const fileKey = (createdTs: number, filename: string, size: number, link: string) => `${createdTs}\n${filename}\n${size}\n${link}`;

const storedName = (attachment: PlannedAttachment) => sanitizeUploadFilename(attachment.filename) || "file";

/** The content as it will be stored, with `ids` of the stored files (or "_" before they exist). */
function finalContent(memo: PlannedMemo, plan: ImportPlan, ids: Map<number, number> | null): string {
  return memo.content.replace(ATTACHMENT_TOKEN, (_, n: string) => {
    const index = Number(n);
    const attachment = plan.attachments[index]!;
    if (attachment.url) return attachment.url;
    return resourceLink(ids?.get(index) ?? "_", storedName(attachment));
  });
}

interface Staged {
  memos: PlannedMemo[];
  /** Indexes into plan.attachments, in the order they are stored. */
  files: number[];
  shortcuts: ImportPlan["shortcuts"];
  skipped: number;
  problems: ImportProblem[];
}

/** Drops from the plan what is in the account already, and memos the store cannot hold. */
async function stage(ctx: AppContext, creatorId: number, plan: ImportPlan): Promise<Staged> {
  const { db } = ctx.store;
  const problems = [...plan.problems];
  let skipped = 0;
  const slices = new TimeSlices();

  const existing = new Set<string>();
  for (const row of await listMemosCreatedAt(
    db,
    creatorId,
    plan.memos.map((memo) => memo.createdTs),
  )) {
    await slices.next();
    existing.add(memoKey(row.created_ts, row.content));
  }
  const memos: PlannedMemo[] = [];
  for (const memo of plan.memos) {
    await slices.next();
    const key = memoKey(memo.createdTs, finalContent(memo, plan, null));
    if (existing.has(key)) {
      skipped += 1;
      continue;
    }
    if (Buffer.byteLength(memo.content) > MAX_MEMO_CONTENT_BYTES) {
      problems.push({ file: memo.source, reason: `the note is longer than ${MAX_MEMO_CONTENT_BYTES} bytes, the most a memo holds` });
      continue;
    }
    if (extractTags(memo.content).length > MAX_MEMO_TAGS) {
      problems.push({ file: memo.source, reason: `the note has more than ${MAX_MEMO_TAGS} tags, the most a memo holds` });
      continue;
    }
    // The same note twice in one archive is one memo.
    existing.add(key);
    memos.push(memo);
  }

  const files = [...new Set(memos.flatMap((memo) => memo.attachments))];
  const standalone = plan.standalone.map((index) => plan.attachments[index]!);
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
  return { memos, files, shortcuts, skipped, problems };
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
    const ids = new Map<number, number>();
    for (const index of staged.files) {
      await slices.next();
      const file = plan.attachments[index]!;
      const times = file.createdTs !== undefined ? { created_ts: file.createdTs, updated_ts: file.createdTs } : {};
      const fields = { creator_id: creatorId, filename: storedName(file), external_link: file.url ?? "", type: file.type, ...times };
      const row = await storeResource(ctx, tx, fields, file.entry ? await reader.read(file.entry) : null, placed);
      ids.set(index, row.id);
    }
    // Memos one INSERT each (their ids are needed), their tags, pins and links a batch at a time.
    for (let start = 0; start < staged.memos.length; start += BATCH) {
      const extras: Parameters<typeof insertMemoExtras>[2] = { tags: [], pinned: [], links: [] };
      const tagNames = new Set<string>();
      for (const memo of staged.memos.slice(start, start + BATCH)) {
        await slices.next();
        const content = finalContent(memo, plan, ids);
        const memoId = await insertImportedMemo(tx, {
          creator_id: creatorId,
          content,
          visibility: memo.visibility ?? defaultVisibility,
          row_status: memo.archived ? "ARCHIVED" : "NORMAL",
          created_ts: memo.createdTs,
          updated_ts: memo.updatedTs,
          display_ts: display === "updated_ts" ? memo.updatedTs : memo.createdTs,
        });
        for (const tag of extractTags(content)) {
          extras.tags.push({ memo_id: memoId, tag });
          tagNames.add(tag);
        }
        if (memo.pinned) extras.pinned.push(memoId);
        for (const index of new Set(memo.attachments)) extras.links.push({ memo_id: memoId, resource_id: ids.get(index)! });
      }
      await insertMemoExtras(tx, creatorId, extras);
      await upsertTags(tx, creatorId, [...tagNames]);
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
    else await commit(ctx, viewer.id, reader, plan, staged, await readUserSetting(ctx.store.db, viewer.id, "memoVisibility"));
    return {
      kind: plan.kind,
      dryRun,
      memos: staged.memos.length,
      attachments: staged.files.length,
      shortcuts: staged.shortcuts.length,
      skipped: staged.skipped,
      problems: staged.problems.slice(0, MAX_PROBLEMS_SHOWN),
      problemCount: staged.problems.length,
    };
  } finally {
    await reader.close();
  }
}
