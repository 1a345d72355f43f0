// "Your notes are yours": a user's data (or, for the host, the whole instance) as one zip archive, written
// while it is sent. Memos and resources are read in keyset pages and files one at a time (http/zip-writer.ts),
// so an export of any size holds about one page of rows and one file in memory.
//
// Layout (user scope; the instance scope puts each account's files under users/<username>/ and adds users.json; a
// selection holds the chosen memos and the files they link, without shortcuts and settings):
//   memos/<YYYY>/<YYYY-MM-DD>-<id>.md   front matter (id, times, visibility, pinned, archived, tags, attachments, links)
//                                        + Markdown, its links to the account's files relative: ../../attachments/…
//   attachments/<resource id>-<name>     the bytes of every upload (external links are listed, not fetched)
//   shortcuts.json, settings.json
//   history.jsonl                        the versions of the memos, one JSON object a line (the exporting user's own
//                                        account only: nobody else reads a memo's history, the host neither)
//   comments.jsonl                       the comments the account wrote, one a line (on its own memos and others')
//   manifest.json                        written last: format, instance, time, scope, counts, SHA-256 of every file
import { type ExportQuery, type ExportScope, type ExportSelection, SERVER_VERSION } from "@memos/common";
import type { FastifyBaseLogger } from "fastify";
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import type { Actor, AppContext, Viewer } from "../context.js";
import { notFound } from "../errors.js";
import { ZipAborted, ZipWriter } from "../outbound/zip-writer.js";
import { authorizeExport } from "../policies/export.policy.js";
import {
  attachmentPath,
  EXPORT_FORMAT,
  type ExportedAttachment,
  exportedAccount,
  commentEntry,
  historyEntry,
  isoTime,
  memoMarkdown,
  memoPath,
  resourceEntry,
  safeSegment,
  settingsJson,
  shortcutsJson,
} from "../presenters/export.presenter.js";
import { presentShortcut } from "../presenters/shortcut.presenter.js";
import type { Db } from "../store/db.js";
import {
  listCommentsForExport,
  listMemosForExport,
  listMemosForExportByIds,
  listResourcesForExport,
  listResourcesForExportByIds,
  listTagsOfMemos,
  listUploadsByIds,
  listUsersForExport,
} from "../store/sql/export.store.js";
import { fileLinkIds } from "./file-links.js";
import { listLinkedResources } from "../store/sql/resource.store.js";
import { revisionsOfCreator } from "../store/sql/memo/revision.store.js";
import { openResourceBytes } from "../store/files/resource-bytes.js";
import type { ResourceRow, UserRow } from "../store/schema.js";
import { batches } from "../store/batches.js";
import type { MemoListRow } from "../store/sql/memo/memo.store.js";
import { listShortcutsOfCreator } from "../store/sql/shortcut.store.js";
import { readSystemSetting } from "../store/sql/settings.js";
import { listUserSettings } from "../store/sql/user-setting.store.js";
import { findUserById } from "../store/sql/user.store.js";

export interface ExportArchive {
  /** memos-export-<username>-<YYYY-MM-DD>.zip, or memos-export-instance-<YYYY-MM-DD>.zip */
  filename: string;
  stream: Readable;
}

interface Counts {
  memos: number;
  archivedMemos: number;
  attachments: number;
  externalLinks: number;
  shortcuts: number;
  versions: number;
  comments: number;
}

const emptyCounts = (): Counts => ({
  memos: 0,
  archivedMemos: 0,
  attachments: 0,
  externalLinks: 0,
  shortcuts: 0,
  versions: 0,
  comments: 0,
});

function addCounts(total: Counts, one: Counts): void {
  for (const key of Object.keys(total) as Array<keyof Counts>) total[key] += one[key];
}

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/**
 * A JSON-lines file of the archive: written to a temporary file a page of rows at a time (the zip needs the size
 * first), then added as a stream. How many lines it holds.
 */
async function writeJsonLines<T>(zip: ZipWriter, path: string, pages: AsyncIterable<T[]>, line: (row: T) => unknown): Promise<number> {
  const folder = await mkdtemp(join(tmpdir(), "memos-export-"));
  const file = join(folder, "lines.jsonl");
  try {
    const out = createWriteStream(file);
    let count = 0;
    for await (const page of pages) {
      const text = page.map((row) => `${JSON.stringify(line(row))}\n`).join("");
      if (!out.write(text)) await once(out, "drain");
      count += page.length;
    }
    out.end();
    await finished(out);
    await zip.add(path, createReadStream(file), { size: (await stat(file)).size, type: "application/jsonl" });
    return count;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Keyset pages of rows with an `id`, read until one comes back empty. */
async function* idPages<T extends { id: number }>(read: (afterId: number) => Promise<T[]>): AsyncGenerator<T[]> {
  for (let after = 0; ; ) {
    const page = await read(after);
    if (page.length === 0) return;
    after = page[page.length - 1]!.id;
    yield page;
  }
}

/** The account's memos in pages, in id order: every one, or those among `ids` (others' and unknown ids are skipped). */
async function* memoPages(db: Db, creatorId: number, ids: readonly number[] | undefined): AsyncGenerator<MemoListRow[]> {
  if (ids !== undefined) {
    for (const batch of batches([...ids].sort((a, b) => a - b))) yield await listMemosForExportByIds(db, creatorId, batch);
    return;
  }
  for (let after = 0; ; ) {
    const memos = await listMemosForExport(db, creatorId, after);
    if (memos.length === 0) return;
    after = memos[memos.length - 1]!.id;
    yield memos;
  }
}

/** The account's resources in pages, in id order: every one, or those among `ids`. */
async function* resourcePages(db: Db, creatorId: number, ids: readonly number[] | undefined): AsyncGenerator<ResourceRow[]> {
  if (ids !== undefined) {
    for (const batch of batches([...ids].sort((a, b) => a - b))) yield await listResourcesForExportByIds(db, creatorId, batch);
    return;
  }
  for (let after = 0; ; ) {
    const page = await listResourcesForExport(db, creatorId, after);
    if (page.length === 0) return;
    after = page[page.length - 1]!.id;
    yield page;
  }
}

/**
 * One account's files, under `prefix` ("" or "users/<name>/"); its history when it is the exporting user's. With
 * `selection`, only those of its memos and the resources they link (attached, or linked from their text), without
 * shortcuts, settings and history.
 */
async function writeAccount(
  db: Db,
  data: string,
  zip: ZipWriter,
  user: UserRow,
  prefix: string,
  own: boolean,
  selection?: readonly number[],
): Promise<Counts> {
  const counts = emptyCounts();
  const linkedIds = new Set<number>();
  for await (const memos of memoPages(db, user.id, selection)) {
    if (memos.length === 0) continue;
    const ids = memos.map((memo) => memo.id);
    const [tags, linked, uploads] = await Promise.all([
      listTagsOfMemos(db, ids),
      listLinkedResources(db, ids),
      listUploadsByIds(
        db,
        user.id,
        memos.flatMap((memo) => fileLinkIds(memo.content)),
      ),
    ]);
    const files = new Map(uploads.map((file) => [file.id, file]));
    for (const memo of memos) {
      const attachments: ExportedAttachment[] = linked
        .filter((link) => link.memo_id === memo.id)
        .map((resource) => ({ resource, inArchive: resource.creator_id === user.id && resource.external_link === "" }));
      await zip.add(prefix + memoPath(memo), memoMarkdown(memo, tags.get(memo.id) ?? [], attachments, files), {
        mtime: new Date(memo.updated_ts * 1000),
      });
      counts.memos += 1;
      if (memo.row_status === "ARCHIVED") counts.archivedMemos += 1;
    }
    for (const link of linked) if (link.creator_id === user.id) linkedIds.add(link.id);
    for (const upload of uploads) linkedIds.add(upload.id);
  }

  const resources: Array<ReturnType<typeof resourceEntry>> = [];
  for await (const page of resourcePages(db, user.id, selection === undefined ? undefined : [...linkedIds])) {
    for (const resource of page) {
      resources.push(resourceEntry(resource));
      if (resource.external_link !== "") {
        counts.externalLinks += 1;
        continue;
      }
      // One file at a time: a blob is read whole, a file under <data>/assets streamed; written out before the next.
      const bytes = await openResourceBytes(db, data, resource);
      await zip.add(prefix + attachmentPath(resource), bytes ? bytes.read() : Buffer.alloc(0), {
        mtime: new Date(resource.updated_ts * 1000),
        type: resource.type,
        size: bytes?.size,
      });
      counts.attachments += 1;
    }
  }

  if (selection === undefined) {
    const shortcuts = (await listShortcutsOfCreator(db, user.id)).map(presentShortcut);
    counts.shortcuts = shortcuts.length;
    await zip.add(`${prefix}shortcuts.json`, json(shortcutsJson(shortcuts)));
    await zip.add(`${prefix}settings.json`, json(settingsJson(await listUserSettings(db, user.id))));
  }
  await zip.add(`${prefix}resources.json`, json(resources));
  if (selection === undefined) {
    counts.comments = await writeJsonLines(
      zip,
      `${prefix}comments.jsonl`,
      idPages((after) => listCommentsForExport(db, user.id, after)),
      commentEntry,
    );
  }
  if (own && selection === undefined) {
    const versions = idPages((after) => revisionsOfCreator(db, user.id, after, 500));
    counts.versions = await writeJsonLines(zip, `${prefix}history.jsonl`, versions, historyEntry);
  }
  return counts;
}

/** users/<name>/ for each account; a name that is unsafe in a path, or clashes once made safe, gets its id. */
function accountFolders(users: UserRow[]): Map<number, string> {
  const folders = new Map<number, string>();
  const taken = new Set<string>();
  for (const user of users) {
    let name = safeSegment(user.username, `user-${user.id}`);
    if (taken.has(name.toLowerCase())) name = `${name}-${user.id}`;
    taken.add(name.toLowerCase());
    folders.set(user.id, `users/${name}/`);
  }
  return folders;
}

async function serverId(db: Db): Promise<string | null> {
  return (await readSystemSetting(db, "serverId")) || null;
}

/** What an archive holds: the caller's data, every account's (the host), or a selection of the caller's memos. */
type ArchiveScope = ExportScope | "selection";

/**
 * Starts the archive of `scope` for `viewer` (already authorized). Errors before the first byte are thrown; a
 * failure while writing ends the response early (the download is incomplete, never a valid but partial archive).
 */
async function startArchive(
  ctx: AppContext,
  viewer: Actor,
  scope: ArchiveScope,
  log: FastifyBaseLogger,
  selection?: readonly number[],
): Promise<ExportArchive> {
  const db = ctx.store.db;
  const me = await findUserById(db, viewer.id);
  if (!me) throw notFound(`User ID not found: ${viewer.id}`, { reason: "user.not-found" });
  const started = new Date();
  const day = isoTime(Math.floor(started.getTime() / 1000)).slice(0, 10);
  const filename =
    scope === "instance"
      ? `memos-export-instance-${day}.zip`
      : `memos-export-${me.username}-${day}${scope === "selection" ? "-selection" : ""}.zip`;
  const zip = new ZipWriter();

  const write = async () => {
    const total = emptyCounts();
    let accounts: Array<ReturnType<typeof exportedAccount> & { counts?: Counts }> = [];
    if (scope === "instance") {
      const users = await listUsersForExport(db);
      const folders = accountFolders(users);
      for (const user of users) {
        const counts = await writeAccount(db, ctx.config.data, zip, user, folders.get(user.id)!, user.id === me.id);
        addCounts(total, counts);
        accounts.push({ ...exportedAccount(user, folders.get(user.id)!.slice(0, -1)), counts });
      }
      await zip.add("users.json", json(accounts));
    } else {
      addCounts(total, await writeAccount(db, ctx.config.data, zip, me, "", true, selection));
      accounts = [exportedAccount(me)];
    }
    const picked = selection === undefined ? {} : { selected: selection.length, skipped: selection.length - total.memos };
    const manifest = {
      ...EXPORT_FORMAT,
      instance: { serverId: await serverId(db), version: SERVER_VERSION, engine: ctx.store.engine },
      exportedAt: isoTime(Math.floor(started.getTime() / 1000)),
      scope,
      exportedBy: { id: me.id, username: me.username },
      ...(scope === "instance" ? {} : { user: accounts[0] }),
      counts: { ...(scope === "instance" ? { users: accounts.length } : {}), ...total, ...picked, files: zip.entries.length },
      files: [...zip.entries],
    };
    await zip.add("manifest.json", json(manifest));
    zip.end();
  };
  write().catch((error: Error) => {
    if (!(error instanceof ZipAborted)) log.error({ err: error }, "export failed while writing the archive");
    zip.fail(error);
  });
  return { filename, stream: zip.stream };
}

/** `GET /api/export`: the caller's data, or (the host) the whole instance. */
export async function exportData(ctx: AppContext, viewer: Viewer, input: ExportQuery, log: FastifyBaseLogger): Promise<ExportArchive> {
  const scope: ExportScope = input.scope ?? "user";
  authorizeExport(viewer, scope);
  return startArchive(ctx, viewer, scope, log);
}

/** `POST /api/export`: the caller's memos among `input.ids` and what they link. `input` is valid already (exportSelectionSchema). */
export async function exportSelection(
  ctx: AppContext,
  viewer: Viewer,
  input: ExportSelection,
  log: FastifyBaseLogger,
): Promise<ExportArchive> {
  authorizeExport(viewer, "user");
  return startArchive(ctx, viewer, "selection", log, [...new Set(input.ids)]);
}
