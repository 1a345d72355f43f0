// With `--storage local` a database backup alone would miss the uploads kept as files, so every SQLite backup
// (the backup command, rolling backups) takes the files its snapshot refers to into a folder beside it,
// `<backup>.assets/`, and restore puts them back under <data>/assets.
//
// The files are hard links where the file system allows (files under <data>/assets are never changed once
// written, only replaced by a new name or removed), so a backup of many gigabytes of media costs no space
// until the live files go away; elsewhere they are copied.
import { randomUUID } from "node:crypto";
import { copyFile, link, mkdir, rename, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import SQLite from "better-sqlite3";
import { assetFile, assetsFolder } from "../files/resource-bytes.js";

export const assetsBeside = (backupFile: string): string => `${backupFile}.assets`;

/** The internal_path of every resource kept as a file, read from the SQLite file itself. */
function recordedPaths(databaseFile: string): string[] {
  const db = new SQLite(databaseFile, { readonly: true, fileMustExist: true });
  try {
    const columns = db.prepare("PRAGMA table_info(resource)").all() as { name: string }[];
    // A backup older than migration 013 keeps every upload in the database.
    if (!columns.some((column) => column.name === "internal_path")) return [];
    return db.prepare("SELECT internal_path FROM resource WHERE internal_path <> '' ORDER BY id").pluck().all() as string[];
  } finally {
    db.close();
  }
}

/** A hard link of `from` at `to`, or a copy where links are not possible (another file system). */
async function linkOrCopy(from: string, to: string): Promise<"linked" | "copied"> {
  await mkdir(dirname(to), { recursive: true });
  try {
    await link(from, to);
    return "linked";
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw error;
    await copyFile(from, to);
    return "copied";
  }
}

const missingFile = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

export interface AssetsCopy {
  /** The folder beside the backup, or null when the snapshot refers to no file. */
  folder: string | null;
  files: number;
  linked: number;
  /** Files the snapshot refers to that were not in <data>/assets (removed meanwhile, or lost before). */
  missing: string[];
}

/** Where the files of a backup being written gather until all are in. */
const stagingAssetsOf = (target: string): string => `${assetsBeside(target)}.${process.pid}.partial`;

/**
 * Takes the files the database snapshot `snapshot` refers to from <data>/assets into `<target>.assets/`, where
 * `target` is the name the snapshot will get. They are linked into `<target>.assets.<pid>.partial/` and that
 * folder is renamed when every file is in: the caller renames the snapshot last, so a backup under its final
 * name always has all its files (backup-leftovers.ts removes what a stopped attempt left).
 */
export async function copyAssetsBeside(snapshot: string, target: string, data: string): Promise<AssetsCopy> {
  const paths = recordedPaths(snapshot);
  const result: AssetsCopy = { folder: null, files: 0, linked: 0, missing: [] };
  if (paths.length === 0) return result;
  const folder = assetsBeside(target);
  const staging = stagingAssetsOf(target);
  await rm(staging, { recursive: true, force: true });
  try {
    for (const path of paths) {
      try {
        const how = await linkOrCopy(assetFile(data, path), join(staging, path));
        result.files += 1;
        if (how === "linked") result.linked += 1;
      } catch (error) {
        if (!missingFile(error)) throw error;
        result.missing.push(path);
      }
    }
    await mkdir(staging, { recursive: true });
    // Left by an attempt stopped between its two renames (its snapshot never got this name): not a backup's.
    await rm(folder, { recursive: true, force: true });
    await rename(staging, folder);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  result.folder = folder;
  return result;
}

/**
 * The files `backupFile` refers to that are in neither `<backupFile>.assets/` nor <data>/assets: what a restore
 * of it would lack.
 */
export async function assetsMissingFor(backupFile: string, data: string): Promise<string[]> {
  const source = assetsBeside(backupFile);
  const missing: string[] = [];
  for (const path of recordedPaths(backupFile)) {
    const [saved, live] = await Promise.all([stat(join(source, path)).catch(() => null), stat(assetFile(data, path)).catch(() => null)]);
    if (!saved && !live) missing.push(path);
  }
  return missing;
}

export interface AssetsRestore {
  /** Files put back from the backup's folder. */
  restored: number;
  /** Files the restored database refers to that are in neither the backup's folder nor <data>/assets. */
  missing: string[];
  /** Where files of the same name but other content were moved, or null. */
  keptAside: string | null;
}

/**
 * After `databaseFile` was restored from `from`: every file it refers to is put back under <data>/assets from
 * `<from>.assets/` (a file already there with the same size stays; one that differs is moved aside first).
 * Files under <data>/assets that the restored database does not refer to are left where they are.
 */
export async function restoreAssets(databaseFile: string, from: string, data: string, stamp: string): Promise<AssetsRestore> {
  const result: AssetsRestore = { restored: 0, missing: [], keptAside: null };
  const source = assetsBeside(from);
  for (const path of recordedPaths(databaseFile)) {
    const target = assetFile(data, path);
    const saved = join(source, path);
    const [have, want] = await Promise.all([stat(target).catch(() => null), stat(saved).catch(() => null)]);
    if (!want) {
      if (!have) result.missing.push(path);
      continue;
    }
    if (have && have.size === want.size) continue;
    if (have) {
      result.keptAside = join(assetsFolder(data), `.before-restore-${stamp}`);
      const aside = join(result.keptAside, path);
      await mkdir(dirname(aside), { recursive: true });
      await rename(target, aside);
    }
    // Into the incoming folder first, then renamed: a file appears whole under its name or not at all.
    const incoming = join(assetsFolder(data), ".incoming", `${randomUUID()}.part`);
    await linkOrCopy(saved, incoming);
    await mkdir(dirname(target), { recursive: true });
    await rename(incoming, target);
    result.restored += 1;
  }
  return result;
}
