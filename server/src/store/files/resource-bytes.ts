// The one place a resource's bytes are read and written. They live either in the row's blob column (the
// default, `--storage db`) or, with `--storage local`, in a file under <data>/assets whose path, relative to that
// folder, the row records in internal_path. Every reader (file routes, export, the storage mover) asks here, so
// both kinds are served alike whatever the current setting: the setting only decides where NEW uploads go.
//
// A file is written to <data>/assets/.incoming first and renamed into place, so a crash never leaves a
// half-written file under a name a row points to. Files are never changed once placed (a rename of the resource
// changes its row, not its file), which lets backups hard-link them.
import { randomBytes, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { AssetMissing } from "../../errors.js";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Db } from "../db.js";

const ASSETS = "assets";
const INCOMING = ".incoming";

export const assetsFolder = (data: string): string => join(data, ASSETS);

/** A file name safe on every file system: ASCII letters, digits, `.`, `-`, `_`; no leading dot; at most 80. */
function diskName(filename: string): string {
  const cleaned = filename
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9._-]+/g, "_")
    .replace(/^\.+/, "");
  if (cleaned.length <= 80) return cleaned || "file";
  const dot = cleaned.lastIndexOf(".");
  const extension = dot > 0 && cleaned.length - dot <= 16 ? cleaned.slice(dot) : "";
  return cleaned.slice(0, 80 - extension.length) + extension;
}

/**
 * Where the file of resource `id` goes, relative to the assets folder: `<id / 1000>/<id>-<token>-<cleaned name>`.
 * The id keeps each folder to a thousand files; the random token keeps names apart where ids repeat: the databases
 * of several modes (`memos_prod.db`, `memos_demo.db`) share one data folder, and a database restored from an older
 * backup hands out ids again. The name only helps a person browsing the folder.
 */
export function assetPathFor(id: number, filename: string, token = randomBytes(4).toString("hex")): string {
  return `${Math.floor(id / 1000)}/${id}-${token}-${diskName(filename)}`;
}

export class AssetPathRefused extends Error {}

/** The absolute path of a recorded internal_path; refuses one that would leave the assets folder. */
export function assetFile(data: string, internalPath: string): string {
  const root = resolve(assetsFolder(data));
  const file = resolve(root, internalPath);
  if (internalPath === "" || !file.startsWith(root + sep) || file.startsWith(join(root, INCOMING) + sep)) {
    throw new AssetPathRefused(`a resource's internal_path is outside the assets folder: ${JSON.stringify(internalPath)}`);
  }
  return file;
}

export interface ResourceBytes {
  size: number;
  /** The bytes from `start` to `end` (inclusive), or all of them: a Buffer for a blob, a file stream otherwise. */
  read(range?: { start: number; end: number }): Buffer | Readable;
}

function blobBytes(data: Buffer): ResourceBytes {
  return {
    size: data.length,
    read: (range) => (range ? data.subarray(range.start, range.end + 1) : data),
  };
}

interface BytesOwner {
  id: number;
  internal_path: string;
}

/**
 * The bytes of resource `row`: its file when internal_path is set (AssetMissing when the file is gone), else its
 * blob; null when there is neither (an external link).
 */
export async function openResourceBytes(db: Db, data: string, row: BytesOwner): Promise<ResourceBytes | null> {
  if (row.internal_path !== "") {
    const file = assetFile(data, row.internal_path);
    const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ENOTDIR") throw new AssetMissing(row.id, file);
      throw error;
    });
    return {
      size: info.size,
      read: (range) => createReadStream(file, range ?? {}),
    };
  }
  const found = await db.selectFrom("resource").select("blob").where("id", "=", row.id).executeTakeFirst();
  return found?.blob ? blobBytes(found.blob) : null;
}

/** An upload larger than the limit; what was written of it is removed. */
export class AssetTooLarge extends Error {}

/** A file received into the incoming folder, not yet placed (or removed) by its owner. */
export interface IncomingAsset {
  file: string;
  size: number;
  /** Moves the file to `internalPath` (a name from assetPathFor) under the assets folder. */
  place(internalPath: string): Promise<void>;
  /** Removes the file if it was not placed (an upload that failed later). */
  discard(): Promise<void>;
}

/**
 * Streams `source` to a new file in <data>/assets/.incoming, flushed to disk before this resolves. `maxBytes`
 * stops a stream that grows past it (AssetTooLarge). Nothing is left behind on failure.
 */
export async function receiveAsset(
  data: string,
  source: Readable | Buffer,
  maxBytes = Number.POSITIVE_INFINITY,
  name = `${randomUUID()}.part`,
): Promise<IncomingAsset> {
  const file = incomingFile(data, name);
  await mkdir(dirname(file), { recursive: true });
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > maxBytes ? new AssetTooLarge(`larger than ${maxBytes} bytes`) : null, chunk);
    },
  });
  const out = createWriteStream(file, { flush: true });
  try {
    await pipeline(Buffer.isBuffer(source) ? Readable.from([source]) : source, counter, out);
  } catch (error) {
    // The stream opens its file asynchronously: removed before that open, the file would come back empty.
    if (!out.closed) await new Promise<void>((closed) => out.once("close", () => closed()));
    await rm(file, { force: true });
    throw error;
  }
  let placed = false;
  return {
    file,
    size,
    async place(internalPath) {
      const target = assetFile(data, internalPath);
      await mkdir(dirname(target), { recursive: true });
      await rename(file, target);
      placed = true;
    },
    async discard() {
      if (!placed) await rm(file, { force: true });
    },
  };
}

/** A file of the incoming folder, by name. */
export const incomingFile = (data: string, name: string): string => join(assetsFolder(data), INCOMING, name);

/**
 * Writes `bytes` as the file `internalPath` (temp file `incomingName` in the incoming folder, then rename; an
 * existing file is replaced whole).
 */
export async function writeAsset(data: string, internalPath: string, bytes: Buffer | Readable, incomingName?: string): Promise<number> {
  const incoming = await receiveAsset(data, bytes, Number.POSITIVE_INFINITY, incomingName);
  try {
    await incoming.place(internalPath);
  } catch (error) {
    await incoming.discard();
    throw error;
  }
  return incoming.size;
}

/** Removes the files of deleted resources; a file already gone is fine. Failures are reported, not thrown. */
export async function removeAssets(data: string, internalPaths: string[], onError: (message: string) => void): Promise<void> {
  for (const path of internalPaths) {
    if (path === "") continue;
    try {
      await rm(assetFile(data, path), { force: true });
    } catch (error) {
      onError(`could not remove the file of a deleted resource (${path}): ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/**
 * Removes what uploads cut off by a crash left in the incoming folder (files older than `olderThanMs`, so an
 * upload in flight in another server on the same folder is left alone). Returns how many were removed.
 */
export async function sweepIncoming(data: string, olderThanMs = 24 * 3_600_000, now = Date.now()): Promise<number> {
  const folder = join(assetsFolder(data), INCOMING);
  const names = await readdir(folder).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const file = join(folder, name);
    const info = await stat(file).catch(() => null);
    if (info && now - info.mtimeMs > olderThanMs) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}
