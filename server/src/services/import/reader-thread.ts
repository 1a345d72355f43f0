// The main thread's side of the import's reading threads (reader.worker.ts). An import takes a thread, has it read
// the uploaded archive, puts the plan together from the parts it sends, asks it for the bytes of each file the commit
// stores, and gives it back. At most one thread per spare core reads at once (a later import waits its turn), so
// imports never take the core the event loop runs on. A thread is kept for the next import (it takes ~0.2 s to
// load its readers) and ends after a minute unused; an idle thread does not keep the process alive.
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { HttpError } from "../../errors.js";
import type { ArchiveEntry, ArchiveLimits } from "./archive.js";
import type { ImportPlan } from "./plan.js";
import { addPart, type PlanPart, type ReaderFailure, type ReaderReply, type ReaderRequest } from "./reader-messages.js";

// From TypeScript source (this module's URL ends in .ts) the thread starts through tsx; the build ships it as
// import-reader.js beside the chunk this code is bundled into.
const WORKER_URL = import.meta.url.endsWith(".ts")
  ? new URL("./reader.worker.dev.mjs", import.meta.url)
  : new URL("./import-reader.js", import.meta.url);
const IDLE_MS = 60_000;

class Turns {
  private readonly waiting: Array<() => void> = [];

  constructor(private free: number) {}

  async take(): Promise<void> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free += 1;
  }
}

const turns = new Turns(Math.max(1, availableParallelism() - 1));

const errorOf = (failure: ReaderFailure): Error =>
  failure.status ? new HttpError(failure.status, failure.message) : new Error(`the import's reading thread failed: ${failure.message}`);

type Question = { op: "part" } | { op: "read"; entry: ArchiveEntry } | { op: "close" };

/** One thread and the answers it owes. */
class Reader {
  private readonly worker = new Worker(WORKER_URL);
  private nextId = 0;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private stopped: Error | null = null;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor() {
    this.worker.on("message", (reply: ReaderReply) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if ("error" in reply) waiting?.reject(errorOf(reply.error));
      else waiting?.resolve(reply.value);
    });
    this.worker.on("error", (error) => this.stop(error));
    this.worker.on("exit", () => this.stop(new Error("the import's reading thread ended")));
  }

  get alive(): boolean {
    return this.stopped === null;
  }

  private stop(error: Error): void {
    this.stopped ??= error;
    for (const waiting of this.pending.values()) waiting.reject(this.stopped);
    this.pending.clear();
    clearTimeout(this.idleTimer);
    idle.delete(this);
  }

  open(file: string, limits: ArchiveLimits): void {
    clearTimeout(this.idleTimer);
    this.worker.ref();
    this.worker.postMessage({ op: "open", file, limits } satisfies ReaderRequest);
  }

  ask<T>(question: Question): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...question, id } satisfies ReaderRequest);
    });
  }

  rest(): void {
    this.worker.unref();
    this.idleTimer = setTimeout(() => void this.worker.terminate(), IDLE_MS).unref();
    idle.add(this);
  }

  end(): void {
    void this.worker.terminate();
  }
}

const idle = new Set<Reader>();

function takeReader(): Reader {
  const [kept] = idle;
  if (!kept) return new Reader();
  idle.delete(kept);
  return kept;
}

/** One import's use of a reading thread. */
export class ReaderThread {
  private constructor(private readonly reader: Reader) {}

  /** Starts reading `file` (once a thread is free); the caller must close() it. */
  static async start(file: string, limits: ArchiveLimits): Promise<ReaderThread> {
    await turns.take();
    try {
      const reader = takeReader();
      reader.open(file, limits);
      return new ReaderThread(reader);
    } catch (error) {
      turns.give();
      throw error;
    }
  }

  /** The archive's plan; a refused archive rejects with the thread's 400. */
  async plan(): Promise<ImportPlan> {
    let plan: ImportPlan | null = null;
    for (
      let part = await this.reader.ask<PlanPart | null>({ op: "part" });
      part;
      part = await this.reader.ask<PlanPart | null>({ op: "part" })
    ) {
      plan = addPart(plan, part);
    }
    return plan!;
  }

  /** The bytes of one of the plan's entries (inflated and checked by the thread). */
  async read(entry: ArchiveEntry): Promise<Buffer> {
    const bytes = await this.reader.ask<Uint8Array>({ op: "read", entry });
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** Closes the archive and gives the thread back (or ends it, if it failed). */
  async close(): Promise<void> {
    try {
      await this.reader.ask({ op: "close" });
      if (this.reader.alive) this.reader.rest();
    } catch {
      this.reader.end();
    } finally {
      turns.give();
    }
  }
}
