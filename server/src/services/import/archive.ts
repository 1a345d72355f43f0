// A zip archive read safely: yauzl reads the central directory entry by entry (never the whole file at once),
// refuses paths that leave the archive's folder, and every entry is inflated as a stream that stops at the size
// its header declared. The declared sizes are checked before anything is read (total and per-entry ratio), and
// the stream's byte count holds the archive to them, so a lying header cannot inflate past the caps either. Each
// entry read whole is checked against its CRC-32 (yauzl leaves that to its caller): a corrupted file is refused.
import { crc32 } from "node:zlib";
import yauzl, { type Entry, type ZipFile } from "yauzl";
import { badRequest } from "../../errors.js";

export interface ArchiveLimits {
  /** The sum of every entry's uncompressed size. */
  maxTotalBytes: number;
  maxEntries: number;
}

/** An entry larger than this may not be more than MAX_RATIO times its compressed size. */
const RATIO_FLOOR_BYTES = 1024 * 1024;
const MAX_RATIO = 100;

export interface ArchiveEntry {
  /** The path inside the archive, with forward slashes, never absolute, never with `..`. */
  path: string;
  /** Uncompressed size in bytes, as declared (and held to while reading). */
  size: number;
  /** The entry's modification time (Unix seconds). */
  modifiedTs: number;
  /** Its place in the archive's listing (plain data: an entry crosses between threads). */
  index: number;
}

const mib = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MiB`;

function openZip(file: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false }, (error, zip) => {
      if (error)
        reject(/signature not found/i.test(error.message) ? badRequest("Invalid archive: the file is not a zip archive") : damaged(error));
      else resolve(zip);
    });
  });
}

function damaged(error: Error) {
  if (/^(absolute path|invalid relative path|invalid characters in fileName): (.*)$/s.test(error.message)) {
    const name = error.message.replace(/^[^:]*: /, "");
    return badRequest(`Invalid archive: the entry "${name}" points outside the archive's folder`);
  }
  return badRequest(`Invalid archive: the zip is damaged (${error.message})`);
}

function listEntries(zip: ZipFile, limits: ArchiveLimits): Promise<{ entries: ArchiveEntry[]; raw: Entry[] }> {
  return new Promise((resolve, reject) => {
    const entries: ArchiveEntry[] = [];
    const raw: Entry[] = [];
    let total = 0;
    const fail = (error: Error) => {
      zip.removeAllListeners();
      reject(error);
    };
    zip.on("error", (error: Error) => fail(damaged(error)));
    zip.on("end", () => resolve({ entries, raw }));
    zip.on("entry", (entry: Entry) => {
      if (entries.length >= limits.maxEntries) return fail(badRequest(`Invalid archive: more than ${limits.maxEntries} files`));
      if (!entry.fileName.endsWith("/")) {
        if (entry.isEncrypted()) return fail(badRequest("Invalid archive: encrypted archives are not supported"));
        total += entry.uncompressedSize;
        if (total > limits.maxTotalBytes) {
          return fail(badRequest(`Invalid archive: its files unpack to more than ${mib(limits.maxTotalBytes)}, the most an import takes`));
        }
        const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
        if (entry.uncompressedSize > RATIO_FLOOR_BYTES && ratio > MAX_RATIO) {
          return fail(
            badRequest(`Invalid archive: "${entry.fileName}" unpacks to ${Math.round(ratio)} times its packed size (a zip bomb?)`),
          );
        }
        entries.push({
          path: entry.fileName,
          size: entry.uncompressedSize,
          modifiedTs: Math.floor(entry.getLastModDate().getTime() / 1000),
          index: raw.length,
        });
        raw.push(entry);
      }
      zip.readEntry();
    });
    zip.readEntry();
  });
}

export class Archive {
  private constructor(
    private readonly zip: ZipFile,
    readonly entries: ArchiveEntry[],
    private readonly raw: Entry[],
  ) {}

  static async open(file: string, limits: ArchiveLimits): Promise<Archive> {
    const zip = await openZip(file);
    try {
      const { entries, raw } = await listEntries(zip, limits);
      return new Archive(zip, entries, raw);
    } catch (error) {
      zip.close();
      throw error;
    }
  }

  private rawOf(entry: ArchiveEntry): Entry {
    const raw = this.raw[entry.index];
    if (!raw || raw.fileName !== entry.path) throw new Error(`no entry ${entry.index} "${entry.path}" in this archive`);
    return raw;
  }

  private openStream(raw: Entry): Promise<NodeJS.ReadableStream> {
    return new Promise((resolve, reject) => this.zip.openReadStream(raw, (error, readable) => (error ? reject(error) : resolve(readable))));
  }

  /**
   * The entry's bytes, inflated as a stream that is cut off past the declared size, and checked against the
   * entry's CRC-32 at its end.
   */
  async read(entry: ArchiveEntry): Promise<Buffer> {
    const raw = this.rawOf(entry);
    const chunks: Buffer[] = [];
    let received = 0;
    let crc = 0;
    try {
      const stream = await this.openStream(raw);
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        received += chunk.length;
        if (received > entry.size) {
          (stream as unknown as { destroy(): void }).destroy();
          throw badRequest(`Invalid archive: "${entry.path}" unpacks to more than its header says (a zip bomb?)`);
        }
        crc = crc32(chunk, crc);
        chunks.push(chunk);
      }
    } catch (error) {
      if (error instanceof Error && !("status" in error))
        throw badRequest(`Invalid archive: "${entry.path}" is damaged (${error.message})`);
      throw error;
    }
    if (crc !== raw.crc32) throw badRequest(`Invalid archive: "${entry.path}" is damaged (its CRC-32 does not match its contents)`);
    return Buffer.concat(chunks, received);
  }

  /** The first `bytes` of the entry (to recognise a file without inflating all of it; its CRC is checked when it is read whole). */
  async head(entry: ArchiveEntry, bytes: number): Promise<string> {
    const chunks: Buffer[] = [];
    let received = 0;
    try {
      const stream = await this.openStream(this.rawOf(entry));
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        chunks.push(chunk);
        received += chunk.length;
        if (received >= bytes) {
          (stream as unknown as { destroy(): void }).destroy();
          break;
        }
      }
    } catch (error) {
      throw badRequest(`Invalid archive: "${entry.path}" is damaged (${(error as Error).message})`);
    }
    return Buffer.concat(chunks).subarray(0, bytes).toString("utf8");
  }

  async text(entry: ArchiveEntry): Promise<string> {
    return (await this.read(entry)).toString("utf8").replace(/^\uFEFF/, "");
  }

  close(): void {
    this.zip.close();
  }
}
