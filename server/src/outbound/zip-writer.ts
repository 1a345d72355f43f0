// A zip archive written as it is sent: one file at a time goes into yazl, and the next is added only once the
// previous one has been consumed and the output is not backed up, so memory holds about one file whatever the
// archive's size. Each file's SHA-256 is computed as it is added, for the archive's manifest.
import { createHash } from "node:crypto";
import { type PassThrough, type Readable, Transform } from "node:stream";
import { onFirstUse } from "../on-first-use.js";

const yazl = onFirstUse<typeof import("yazl")>("yazl");

export interface ZipEntry {
  path: string;
  size: number;
  sha256: string;
}

/** The client went away (or the output failed): stop reading the database. */
export class ZipAborted extends Error {
  constructor() {
    super("The archive's output was closed before it was complete");
  }
}

/** Types whose bytes are compressed already; deflating them again costs time for nothing. */
const STORED_TYPE = /^(image\/(?!svg|bmp|x-icon)|audio\/|video\/|application\/(zip|gzip|x-7z|x-rar|x-bzip2|x-xz|zstd|pdf))/i;

export class ZipWriter {
  private readonly zip = new (yazl().ZipFile)();
  private readonly output: PassThrough;
  private closed = false;
  private readonly aborted: Promise<never>;
  readonly entries: ZipEntry[] = [];

  constructor() {
    this.output = this.zip.outputStream as PassThrough;
    this.aborted = new Promise<never>((_resolve, reject) => {
      this.output.once("close", () => {
        this.closed = true;
        reject(new ZipAborted());
      });
    });
    // Nobody may be waiting when the output closes (at the normal end, for one).
    this.aborted.catch(() => {});
  }

  /** What to send as the response body. */
  get stream(): Readable {
    return this.output;
  }

  /**
   * Adds one file and waits until it is written out, so the caller may read the next one. A stream (a file on
   * disk) passes through without being held whole; its `size` must be given, as the zip's header needs it.
   */
  async add(path: string, data: Buffer | string | Readable, options: { mtime?: Date; type?: string; size?: number } = {}): Promise<void> {
    if (this.closed) throw new ZipAborted();
    const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : data;
    const size = Buffer.isBuffer(bytes) ? bytes.length : options.size;
    if (size === undefined) throw new Error(`the size of ${path} is needed to add it as a stream`);
    const hash = createHash("sha256");
    const source = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    const consumed = new Promise<void>((resolve, reject) => {
      source.once("end", resolve);
      source.once("error", reject);
    });
    this.zip.addReadStream(source, path, {
      size,
      mtime: options.mtime ?? new Date(),
      compress: !(options.type && STORED_TYPE.test(options.type)),
    });
    if (Buffer.isBuffer(bytes)) source.end(bytes);
    else {
      bytes.once("error", (error) => source.destroy(error));
      bytes.pipe(source);
    }
    await Promise.race([consumed, this.aborted]);
    this.entries.push({ path, size, sha256: hash.digest("hex") });
    if (this.output.writableNeedDrain) {
      await Promise.race([new Promise((resolve) => this.output.once("drain", resolve)), this.aborted]);
    }
  }

  /** Writes the central directory and ends the stream. */
  end(): void {
    this.zip.end();
  }

  /** Ends the response with an error: the client sees an incomplete download, never a valid short archive. */
  fail(error: Error): void {
    this.output.destroy(error);
  }
}
