// SQLite: merges the full-text index's segments off the main thread. Each write adds a segment to the FTS5 index
// and none merges them (migration 022); left alone they pile up, and every lookup reads every segment (a rare
// word's probe at a million memos: 0.32 ms over 12 segments, 0.08 ms over 2). A moment after a write, a
// worker thread with its own connection merges them, one short step at a time, each step taking the main
// connection's write lock in turn with the server's own writes (which wait for a step asynchronously, never
// blocking the event loop). After merging, the same thread checkpoints the write-ahead log (PASSIVE: it waits for
// no writer and no writer waits for it), which the main connection no longer does at its commits.
import { Worker } from "node:worker_threads";
import { SQLITE_FULLTEXT_MERGE_STEP } from "../sql/memo/fulltext.js";

/**
 * Merging starts this long after a write (later writes do not push it back: a steady stream of writes is merged
 * as it goes, not left to FTS5's crisis merge on the main thread), so a burst of writes is merged together.
 */
const DELAY_MS = 1_000;
/** After merging, the thread ends after this long without work (it holds about 12 MB while it lives). */
const IDLE_MS = 10_000;

/** Copies the log's committed pages into the database as far as no reader still needs them. */
const CHECKPOINT = "PRAGMA wal_checkpoint(PASSIVE)";

const WORKER_URL = new URL("./fulltext-merge.worker.mjs", import.meta.url);
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 2, maxOldGenerationSizeMb: 64 };

interface WriteLock {
  lock(): Promise<() => void>;
}

type Reply = { merged: boolean; error?: undefined } | { merged?: undefined; error: { message: string } };

export class FullTextMerger {
  #worker: Worker | null = null;
  #timer: NodeJS.Timeout | null = null;
  #idle: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;
  /** The run that follows the one under way. */
  #next: Promise<void> | null = null;
  #closed = false;
  /** Holds taken (hold()): no step starts while there is one. */
  #holds = 0;
  /** Work was asked for while held: it starts when the last hold ends. */
  #deferred = false;

  constructor(
    private readonly file: string,
    private readonly writes: WriteLock,
    private readonly delayMs = DELAY_MS,
  ) {}

  /** Called after each commit: merging starts a moment later. */
  wrote(): void {
    if (this.#closed || this.#timer) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.settled();
    }, this.delayMs);
    this.#timer.unref();
  }

  /** Merges now whatever is left to merge; resolves when nothing is, or a hold stops it (for tests and the bench). */
  settled(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    // Asked while a run is under way (a write landed after it looked for work): another run follows it, or that
    // write's segment would wait for the next write.
    if (this.#running) {
      this.#next ??= this.#running
        .catch(() => undefined)
        .then(() => {
          this.#next = null;
          return this.settled();
        });
      return this.#next;
    }
    this.#running = this.#run().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  /**
   * Stops merging until the returned function is called, once the step in flight (if any) is done: a backup
   * through the main connection then copies the file without starting over for another connection's writes.
   */
  async hold(): Promise<() => void> {
    this.#holds++;
    await this.#running?.catch(() => undefined);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.#holds--;
      if (this.#holds === 0 && this.#deferred) {
        this.#deferred = false;
        this.wrote();
      }
    };
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    await this.#running?.catch(() => undefined);
    await this.#stopWorker();
  }

  async #run(): Promise<void> {
    if (this.#idle) clearTimeout(this.#idle);
    let merged = false;
    while (!this.#closed) {
      if (this.#holds > 0) {
        this.#deferred = true;
        break;
      }
      const release = await this.writes.lock();
      let reply: Reply;
      try {
        if (this.#closed) return;
        reply = await this.#step();
      } finally {
        release();
      }
      // An index not built yet (before the migrations) or a database gone: nothing to merge now.
      if (reply.error) {
        if (!/no such table/.test(reply.error.message)) console.warn(`memos: merging the full-text index: ${reply.error.message}`);
        break;
      }
      if (!reply.merged) break;
      merged = true;
    }
    // Not while held: a backup through the main connection copies the file meanwhile.
    if (!this.#closed && this.#holds === 0) await this.#step(CHECKPOINT);
    // A thread that found nothing to merge (a start with the index in order) is not kept for the next writes.
    if (!merged) return this.#stopWorker();
    this.#idle = setTimeout(() => void this.#stopWorker(), IDLE_MS);
    this.#idle.unref();
  }

  #step(sql = SQLITE_FULLTEXT_MERGE_STEP): Promise<Reply> {
    const worker = this.#startWorker();
    return new Promise((resolve) => {
      const done = (reply: Reply) => {
        worker.off("message", done);
        worker.off("exit", stopped);
        resolve(reply);
      };
      const stopped = () => done({ error: { message: "the full-text merger stopped" } });
      worker.on("message", done);
      worker.on("exit", stopped);
      worker.postMessage({ sql });
    });
  }

  #startWorker(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(WORKER_URL, { workerData: { file: this.file }, resourceLimits: WORKER_LIMITS });
    worker.unref();
    worker.on("error", (error) => console.warn(`memos: the full-text merger failed: ${error.message}`));
    worker.on("exit", () => {
      if (this.#worker === worker) this.#worker = null;
    });
    this.#worker = worker;
    return worker;
  }

  async #stopWorker(): Promise<void> {
    if (this.#idle) clearTimeout(this.#idle);
    this.#idle = null;
    const worker = this.#worker;
    this.#worker = null;
    await worker?.terminate();
  }
}
