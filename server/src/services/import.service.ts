// POST /api/import: an archive (our own export, a folder of Markdown notes, a flomo export or a Google Keep
// Takeout) into the caller's account. Staged, then committed: the archive is read into a plan (services/import/:
// what each format holds, and the problems of single files), the plan loses what the account holds already,
// and the rest is written in one transaction, reading one file of the archive at a time. A damaged or unsafe
// archive is refused (400) before anything is written, or rolls the transaction back.
import {
  extractTags,
  type ImportProblem,
  type ImportQuery,
  type ImportResult,
  MAX_MEMO_CONTENT_BYTES,
  sanitizeUploadFilename,
  type Visibility,
} from "@memos/common";
import { setImmediate } from "node:timers/promises";
import type { Actor, AppContext, Viewer } from "../context.js";
import { authorizeImport } from "../policies/import.policy.js";
import {
  insertImportedMemo,
  insertImportedShortcut,
  insertMemoExtras,
  listMemosCreatedAt,
  listResourcesCreatedAt,
} from "../store/import.store.js";
import { listShortcutsOfCreator } from "../store/shortcut.store.js";
import { upsertTags } from "../store/tag.store.js";
import { findUserSetting } from "../store/user-setting.store.js";
import { findUserById } from "../store/user.store.js";
import { Archive } from "./import/archive.js";
import { readPlan } from "./import/detect.js";
import { ATTACHMENT_TOKEN, type ImportPlan, type PlannedAttachment, type PlannedMemo, resourceLink } from "./import/plan.js";
import { yieldSometimes } from "./import/yield.js";
import { defaultVisibility } from "./memo.service.js";
import { storeResourceFile } from "./resource.service.js";
import { removeAssets } from "../store/resource-bytes.js";

const MAX_PROBLEMS_SHOWN = 100;
/** Memos written between turns of the event loop. */
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

  const existing = new Set(
    (await listMemosCreatedAt(db, creatorId, plan.memos.map((memo) => memo.createdTs))).map((row) => memoKey(row.created_ts, row.content)),
  );
  const memos: PlannedMemo[] = [];
  for (const memo of plan.memos) {
    const key = memoKey(memo.createdTs, finalContent(memo, plan, null));
    if (existing.has(key)) {
      skipped += 1;
      continue;
    }
    if (Buffer.byteLength(memo.content) > MAX_MEMO_CONTENT_BYTES) {
      problems.push({ file: memo.source, reason: `the note is longer than ${MAX_MEMO_CONTENT_BYTES} bytes, the most a memo holds` });
      continue;
    }
    // The same note twice in one archive is one memo.
    existing.add(key);
    memos.push(memo);
  }

  const files = [...new Set(memos.flatMap((memo) => memo.attachments))];
  const standalone = plan.standalone.map((index) => plan.attachments[index]!);
  const existingFiles = new Set(
    (await listResourcesCreatedAt(db, creatorId, standalone.flatMap((file) => (file.createdTs === undefined ? [] : [file.createdTs])))).map((row) =>
      fileKey(row.created_ts, row.filename, row.size, row.external_link),
    ),
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

async function displayOption(ctx: AppContext, userId: number): Promise<"created_ts" | "updated_ts"> {
  const setting = await findUserSetting(ctx.store.db, userId, "memoDisplayTsOption");
  return setting?.value === '"updated_ts"' ? "updated_ts" : "created_ts";
}

async function commit(ctx: AppContext, creatorId: number, archive: Archive, plan: ImportPlan, staged: Staged, defaultVisibility: Visibility) {
  const display = await displayOption(ctx, creatorId);
  // Files written to <data>/assets (`--storage local`) for rows of this transaction: removed if it rolls back.
  const placed: string[] = [];
  try {
    await writeAll(ctx, creatorId, archive, plan, staged, defaultVisibility, display, placed);
  } catch (error) {
    await removeAssets(ctx.config.data, placed, (message) => console.warn(`memos: import: ${message}`));
    throw error;
  }
}

/** Everything the import adds, in one transaction: nothing is written unless all of it is. */
async function writeAll(
  ctx: AppContext,
  creatorId: number,
  archive: Archive,
  plan: ImportPlan,
  staged: Staged,
  defaultVisibility: Visibility,
  display: "created_ts" | "updated_ts",
  placed: string[],
) {
  await ctx.store.db.transaction().execute(async (tx) => {
    const ids = new Map<number, number>();
    for (const [n, index] of staged.files.entries()) {
      await yieldSometimes(n, 20);
      const file = plan.attachments[index]!;
      const row = await storeResourceFile(
        ctx,
        tx,
        creatorId,
        { filename: storedName(file), type: file.type, data: file.entry ? await archive.read(file.entry) : null, externalLink: file.url, createdTs: file.createdTs },
        placed,
      );
      ids.set(index, row.id);
    }
    // Memos one INSERT each (their ids are needed), their tags, pins and links a batch at a time.
    for (let start = 0; start < staged.memos.length; start += BATCH) {
      await setImmediate();
      const extras: Parameters<typeof insertMemoExtras>[2] = { tags: [], pinned: [], links: [] };
      const tagNames = new Set<string>();
      for (const memo of staged.memos.slice(start, start + BATCH)) {
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

/** Throws unless `viewer` may import. The route asks before it reads the upload, so a refused caller writes no file. */
export async function authorizeImporter(ctx: AppContext, viewer: Viewer): Promise<Actor> {
  authorizeImport(viewer, viewer ? await findUserById(ctx.store.db, viewer.id) : undefined);
  return viewer;
}

/** `file` is the uploaded archive on disk (the route removes it afterwards). */
export async function importArchive(ctx: AppContext, caller: Viewer, file: string, query: ImportQuery): Promise<ImportResult> {
  const viewer = await authorizeImporter(ctx, caller);
  const dryRun = query.dryRun === "true";
  const archive = await Archive.open(file, { maxTotalBytes: UNPACKED_PER_UPLOADED * ctx.config.maxUploadBytes, maxEntries: MAX_ENTRIES });
  try {
    const plan = await readPlan(archive);
    const staged = await stage(ctx, viewer.id, plan);
    if (!dryRun) await commit(ctx, viewer.id, archive, plan, staged, await defaultVisibility(ctx.store.db, viewer.id));
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
    archive.close();
  }
}
