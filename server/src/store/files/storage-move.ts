// `npm run storage -- --to local|db`: moves the bytes of existing resources between blobs and files under
// <data>/assets, one resource per step, so a run stopped anywhere can simply be run again:
//   to local: write the file (temp file, renamed), then one UPDATE sets internal_path and drops the blob;
//   to db:    read the file, one UPDATE stores the blob and clears internal_path, then the file is removed.
// Each UPDATE only applies while the row is still as it was read, so a row changed meanwhile is left alone.
// Before each step the mover notes in its journal (`<database>.storage-move`) the file it is about to write or
// remove; a run stopped by a crash or a kill leaves a file no row refers to at most there, and the next run (or
// the server's next start) removes it (`recoverStorageMove`).
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { readFile, rm, stat } from "node:fs/promises";
import { basename } from "node:path";
import { sql } from "kysely";
import type { DatabaseHandle, Db } from "../db.js";
import { compactDatabase } from "../dialect.js";
import { assetFile, assetPathFor, incomingFile, removeAssets, writeAsset } from "./resource-bytes.js";

const PAGE = 100;

/** The journal of the moves of the database marked `mark` (instance-lock.ts's instanceMarkOf). */
export const moveJournalOf = (mark: string): string => `${mark}.storage-move`;

/** The step in progress: the file under the assets folder, and its temporary name in the incoming folder. */
interface JournalEntry {
  path: string;
  incoming: string;
}

const note = (journal: string | undefined, entry: JournalEntry) => {
  if (journal) writeFileSync(journal, JSON.stringify(entry));
};

/**
 * Finishes a move stopped halfway: removes the temporary file of the step it was at, and that step's file when
 * no row refers to it (written, but the row still holds its blob; or moved into its blob, but not yet removed).
 * A file a row refers to is never removed. Call it only while no other process moves or writes for this
 * database (the storage command and the server mark it first). Returns the files removed.
 */
export async function recoverStorageMove(db: Db, data: string, journal: string): Promise<string[]> {
  let entry: Partial<JournalEntry>;
  try {
    entry = JSON.parse(readFileSync(journal, "utf8")) as Partial<JournalEntry>;
  } catch {
    rmSync(journal, { force: true });
    return [];
  }
  const removed: string[] = [];
  const removeFile = async (file: string) => {
    if (
      await stat(file).then(
        () => true,
        () => false,
      )
    ) {
      await rm(file, { force: true });
      removed.push(file);
    }
  };
  if (typeof entry.incoming === "string" && entry.incoming === basename(entry.incoming))
    await removeFile(incomingFile(data, entry.incoming));
  if (typeof entry.path === "string" && entry.path !== "") {
    const referred = await db.selectFrom("resource").select("id").where("internal_path", "=", entry.path).executeTakeFirst();
    if (!referred) await removeFile(assetFile(data, entry.path));
  }
  rmSync(journal, { force: true });
  return removed;
}

export interface MoveStep {
  index: number;
  total: number;
  id: number;
  filename: string;
  bytes: number;
  /** The file's path relative to the assets folder (written, or read). */
  path: string;
}

export interface MoveOutcome {
  /** Resources whose bytes were moved, and how many bytes that was. */
  moved: number;
  bytes: number;
  /** Resources already where they should be (and external links, which have no bytes). */
  already: number;
  /** Resources that could not be moved, each with why; their bytes stay where they were. */
  problems: string[];
}

async function countWhere(db: Db, onDisk: boolean): Promise<number> {
  const query = db.selectFrom("resource").select((eb) => eb.fn.countAll<number>().as("n"));
  const row = await (onDisk
    ? query.where("internal_path", "<>", "")
    : query.where("internal_path", "=", "").where("blob", "is not", null)
  ).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Counts before a move: resources with a blob, with a file, and in all. */
export async function storageCounts(db: Db): Promise<{ blobs: number; files: number; resources: number }> {
  const all = await db
    .selectFrom("resource")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return { blobs: await countWhere(db, false), files: await countWhere(db, true), resources: Number(all.n) };
}

/** Every blob becomes a file under <data>/assets. `journal`: see recoverStorageMove. */
export async function moveBlobsToFiles(
  db: Db,
  data: string,
  onStep: (step: MoveStep) => void = () => {},
  journal?: string,
): Promise<MoveOutcome> {
  const total = await countWhere(db, false);
  const outcome: MoveOutcome = { moved: 0, bytes: 0, already: (await storageCounts(db)).resources - total, problems: [] };
  let index = 0;
  for (let after = 0; ; ) {
    const page = await db
      .selectFrom("resource")
      .select(["id", "filename"])
      .where("internal_path", "=", "")
      .where("blob", "is not", null)
      .where("id", ">", after)
      .orderBy("id")
      .limit(PAGE)
      .execute();
    if (page.length === 0) break;
    after = page[page.length - 1]!.id;
    for (const { id, filename } of page) {
      // One blob in memory at a time.
      const row = await db.selectFrom("resource").select("blob").where("id", "=", id).where("internal_path", "=", "").executeTakeFirst();
      if (!row?.blob) continue;
      const path = assetPathFor(id, filename);
      const incoming = `move-${basename(path)}.part`;
      note(journal, { path, incoming });
      const written = await writeAsset(data, path, row.blob, incoming);
      if (written !== row.blob.length) {
        outcome.problems.push(`resource ${id}: wrote ${written} of ${row.blob.length} bytes; its blob is kept`);
        await removeAssets(data, [path], () => {});
        continue;
      }
      const result = await db
        .updateTable("resource")
        .set({ internal_path: path, blob: null })
        .where("id", "=", id)
        .where("internal_path", "=", "")
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) {
        await removeAssets(data, [path], () => {});
        continue;
      }
      outcome.moved += 1;
      outcome.bytes += written;
      onStep({ index: ++index, total, id, filename, bytes: written, path });
    }
  }
  return outcome;
}

/**
 * Every file under <data>/assets goes back into its row's blob; the file is removed once the row holds it.
 * `journal`: see recoverStorageMove.
 */
export async function moveFilesToBlobs(
  db: Db,
  data: string,
  onStep: (step: MoveStep) => void = () => {},
  journal?: string,
): Promise<MoveOutcome> {
  const total = await countWhere(db, true);
  const outcome: MoveOutcome = { moved: 0, bytes: 0, already: (await storageCounts(db)).resources - total, problems: [] };
  let index = 0;
  for (let after = 0; ; ) {
    const page = await db
      .selectFrom("resource")
      .select(["id", "filename", "internal_path", "size"])
      .where("internal_path", "<>", "")
      .where("id", ">", after)
      .orderBy("id")
      .limit(PAGE)
      .execute();
    if (page.length === 0) break;
    after = page[page.length - 1]!.id;
    for (const { id, filename, internal_path: path, size } of page) {
      let bytes: Buffer;
      try {
        const file = assetFile(data, path);
        const info = await stat(file);
        if (info.size !== Number(size)) {
          outcome.problems.push(`resource ${id}: ${path} holds ${info.size} bytes, the row says ${size}; left on disk`);
          continue;
        }
        bytes = await readFile(file);
      } catch (error) {
        const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "the file is missing" : (error as Error).message;
        outcome.problems.push(`resource ${id}: ${path}: ${reason}; left as it is`);
        continue;
      }
      note(journal, { path, incoming: "" });
      const result = await db
        .updateTable("resource")
        .set({ blob: bytes, internal_path: "" })
        .where("id", "=", id)
        .where("internal_path", "=", path)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) continue;
      await removeAssets(data, [path], (message) => outcome.problems.push(`resource ${id}: moved, but ${message}`));
      outcome.moved += 1;
      outcome.bytes += bytes.length;
      onStep({ index: ++index, total, id, filename, bytes: bytes.length, path });
    }
  }
  return outcome;
}

/** Gives the pages of dropped blobs back to the file system (SQLite: VACUUM, then the log folded into the file). */
export async function compactAfterMove(handle: DatabaseHandle): Promise<void> {
  await compactDatabase(handle.db);
  if (handle.engine === "sqlite") await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(handle.db);
}
