// Thumbnails of image resources (the file routes' `?thumbnail`): made once on the thumbnail thread, kept in the
// database (migration 054), and sent like the file itself. Anything that makes none — a type other than PNG or JPEG,
// an image small already, too large to decode, unreadable, the thread busy — sends the original, which is always a
// correct answer to a thumbnail request.
import type { Readable } from "node:stream";
import type { AppContext } from "../context.js";
import type { ErrorLog } from "../errors.js";
import { findThumbnail, keepThumbnail } from "../store/sql/resource-thumbnail.store.js";
import type { ResourceFile } from "./resource.service.js";
import type { ThumbnailResult } from "./thumbnails/thumbnail-image.js";
import { thumbnailOnThread } from "./thumbnails/thumbnail-thread.js";

/** Types a thumbnail is made of (the bytes are checked too: a PNG's or a JPEG's signature). */
const SOURCE_TYPES = new Set(["image/png", "image/jpeg", "image/jpg", "image/pjpeg"]);
/** Larger files are sent as they are (a file is read whole for its thumbnail). */
const MAX_THUMBNAIL_SOURCE_BYTES = 32 * 1024 * 1024;

interface Thumbnail {
  type: string;
  bytes: Buffer;
}

/** Thumbnails being made in this process, by resource: a page asking twice makes one. */
const making = new Map<number, Promise<Thumbnail | null>>();

/** The thumbnail of a file the viewer may read (the caller checked), or null: send the file itself. */
export async function thumbnailOf(ctx: AppContext, { resource, bytes }: ResourceFile, log: ErrorLog): Promise<Thumbnail | null> {
  if (!SOURCE_TYPES.has(resource.type.toLowerCase()) || bytes.size > MAX_THUMBNAIL_SOURCE_BYTES) return null;
  const kept = await findThumbnail(ctx.store.db, resource.id);
  if (kept) return kept.content === null ? null : { type: kept.type, bytes: kept.content };
  let pending = making.get(resource.id);
  if (!pending) {
    pending = make(ctx, resource.id, resource.type, await readAll(bytes.read()), log).finally(() => making.delete(resource.id));
    making.set(resource.id, pending);
  }
  return pending;
}

async function make(ctx: AppContext, resourceId: number, type: string, source: Buffer, log: ErrorLog): Promise<Thumbnail | null> {
  let result: ThumbnailResult;
  try {
    result = await thumbnailOnThread(source);
  } catch (error) {
    // The thread died (out of memory, a bug): this request gets the file; the next one tries again on a new thread.
    log.error(`making the thumbnail of resource ${resourceId} failed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
  if (!result.made) {
    // "busy" says nothing of the image: the next request tries again.
    if (result.reason !== "busy") await keepThumbnail(ctx.store.db, ctx.store.engine, resourceId, { type, content: null });
    return null;
  }
  const thumbnail = { type: result.type, bytes: Buffer.from(result.bytes.buffer, result.bytes.byteOffset, result.bytes.byteLength) };
  await keepThumbnail(ctx.store.db, ctx.store.engine, resourceId, { type: thumbnail.type, content: thumbnail.bytes });
  return thumbnail;
}

async function readAll(body: Buffer | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
