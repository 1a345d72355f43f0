// SQLite with reads off the main thread. better-sqlite3 is synchronous: a slow query on the main thread stops
// every other request. Here the main connection only writes (and runs transactions, one at a time); plain reads
// go to a pool of read-only connections in worker threads (WAL makes that safe: a reader sees every commit that
// came before its statement). A read may carry a time budget: past it, its worker is ended and replaced, and the
// caller gets a QueryBudgetError instead of a server that waits.
import { Worker } from "node:worker_threads";
import type SQLite from "better-sqlite3";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type Dialect,
  type Kysely,
} from "kysely";
import type { FullTextMerger } from "./fulltext-merger.js";
import { statementCache } from "./sqlite-functions.mjs";

/** A read that ran past its budget; the HTTP layer answers it with a 4xx that says so. */
export class QueryBudgetError extends Error {
  readonly code = "MEMOS_QUERY_BUDGET";
  constructor(readonly budgetMs: number) {
    super(`the query ran past its budget of ${budgetMs} ms`);
  }
}

interface Job {
  sql: string;
  parameters: readonly unknown[];
  budgetMs: number | undefined;
  resolve(rows: unknown[]): void;
  reject(error: Error): void;
}

interface Reader {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  /** Ends a reader that has had nothing to do for a while. */
  idle: NodeJS.Timeout | null;
}

/**
 * Each reader is a thread with its own V8 heap and SQLite cache (12–20 MB). They start as reads find none free
 * (a server whose reads come one at a time keeps one thread), and a reader that stays idle for `idleMs` is ended,
 * the last one too: a server nobody uses holds none, and its next read starts one (about 30 ms). (Waiting a moment
 * before starting another was tried: the parallel queries of one page then ran one after another, and pages got
 * slower.)
 */
const IDLE_MS = 60_000;

const WORKER_URL = new URL("./sqlite-reader.worker.mjs", import.meta.url);
/**
 * A reader runs statements and posts their rows: little JavaScript, short-lived objects. A small young generation
 * keeps each thread's heap (and the server's RSS) small; the old generation bounds a thread that reads a huge
 * answer (it dies, its query fails, and it is replaced).
 */
const READER_LIMITS = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 256 };

/** Buffers come back from a worker as plain Uint8Arrays; the rest of the server expects Buffers (blobs). */
function withBuffers(rows: unknown[]): unknown[] {
  for (const row of rows as Record<string, unknown>[]) {
    for (const key in row) {
      const value = row[key];
      if (value instanceof Uint8Array && !Buffer.isBuffer(value)) row[key] = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    }
  }
  return rows;
}

/**
 * Worker threads with a read-only connection each, up to `size`, started as reads need them. Budgeted reads
 * (searches) may hold at most `size - 1` readers at once, so ordinary reads always find one free soon.
 */
export class ReaderPool {
  readonly #readers: Reader[] = [];
  readonly #queue: Job[] = [];
  #closed = false;

  constructor(
    private readonly file: string,
    readonly size: number,
    private readonly idleMs = IDLE_MS,
  ) {}

  /** Reader threads running now. */
  get threads(): number {
    return this.#readers.length;
  }

  /** Reads waiting for a reader thread. */
  get waiting(): number {
    return this.#queue.length;
  }

  /** Ends every reader without a read to run (each costs 12–20 MB; the next read starts one again). */
  endIdle(): void {
    for (const reader of [...this.#readers]) if (reader.job === null) this.#end(reader);
  }

  read(sql: string, parameters: readonly unknown[], budgetMs?: number): Promise<unknown[]> {
    if (this.#closed) return Promise.reject(new Error("the database is closed"));
    return new Promise((resolve, reject) => {
      this.#queue.push({ sql, parameters, budgetMs, resolve, reject });
      this.#dispatch();
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const reader of this.#readers) if (reader.idle) clearTimeout(reader.idle);
    for (const job of this.#queue.splice(0)) job.reject(new Error("the database is closed"));
    await Promise.all(this.#readers.splice(0).map((reader) => reader.worker.terminate()));
  }

  #spawn(): Reader {
    const worker = new Worker(WORKER_URL, { workerData: { file: this.file }, resourceLimits: READER_LIMITS });
    const reader: Reader = { worker, job: null, timer: null, idle: null };
    reader.worker.unref();
    reader.worker.on("message", (message: { rows?: unknown[]; error?: { message: string; code?: string } }) => {
      const job = this.#finish(reader);
      if (!job) return;
      if (message.error) job.reject(Object.assign(new Error(message.error.message), { code: message.error.code }));
      else job.resolve(withBuffers(message.rows ?? []));
    });
    // A worker that dies (out of memory, a crash) fails its query and is replaced on the next dispatch.
    reader.worker.on("error", (error) => {
      this.#finish(reader)?.reject(error);
      this.#drop(reader);
    });
    reader.worker.on("exit", () => {
      this.#finish(reader)?.reject(new Error("a database reader stopped"));
      this.#drop(reader);
    });
    this.#readers.push(reader);
    return reader;
  }

  #drop(reader: Reader): void {
    if (reader.idle) clearTimeout(reader.idle);
    const index = this.#readers.indexOf(reader);
    if (index >= 0) this.#readers.splice(index, 1);
    this.#dispatch();
  }

  /** Ends a reader that holds no read of a caller any more. */
  #end(reader: Reader): void {
    this.#drop(reader);
    reader.worker.removeAllListeners();
    void reader.worker.terminate();
  }

  #finish(reader: Reader): Job | null {
    const job = reader.job;
    reader.job = null;
    if (reader.timer) clearTimeout(reader.timer);
    reader.timer = null;
    if (job) {
      reader.idle = setTimeout(() => {
        if (reader.job === null && !this.#closed) this.#end(reader);
      }, this.idleMs);
      reader.idle.unref();
    }
    queueMicrotask(() => this.#dispatch());
    return job;
  }

  #dispatch(): void {
    if (this.#closed) return;
    while (this.#queue.length > 0) {
      const budgeted = this.#readers.filter((reader) => reader.job?.budgetMs !== undefined).length;
      const index = this.#queue.findIndex((job) => job.budgetMs === undefined || budgeted < Math.max(1, this.size - 1));
      if (index < 0) return;
      let reader = this.#readers.find((candidate) => candidate.job === null);
      if (!reader) {
        if (this.#readers.length >= this.size) return;
        reader = this.#spawn();
      }
      const job = this.#queue.splice(index, 1)[0]!;
      this.#run(reader, job);
    }
  }

  #run(reader: Reader, job: Job): void {
    if (reader.idle) clearTimeout(reader.idle);
    reader.idle = null;
    reader.job = job;
    reader.worker.postMessage({ sql: job.sql, parameters: job.parameters });
    if (job.budgetMs === undefined) return;
    reader.timer = setTimeout(() => {
      // better-sqlite3 cannot interrupt a running statement: end the worker, and with it the statement.
      const stuck = this.#finish(reader);
      this.#end(reader);
      stuck?.reject(new QueryBudgetError(job.budgetMs!));
    }, job.budgetMs);
  }
}

/** One writer at a time on the main connection; a transaction holds it from begin to commit. */
class Mutex {
  #tail: Promise<void> = Promise.resolve();
  lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const ready = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => next);
    return ready;
  }
}

const READ_SQL = /^\s*(select|with|explain)\b/i;

/** The main connection and the readers, shared by every Kysely handle over the same file. */
export class SqlitePool {
  readonly prepare: (sql: string) => SQLite.Statement;
  readonly mutex = new Mutex();
  /** Commits made through this pool: bumped after each write outside a transaction and after each commit. */
  #commits = 0;
  readonly #dataVersion: SQLite.Statement;

  /** Set by whoever opens the file: merges the full-text index after writes. */
  merger: FullTextMerger | null = null;

  constructor(
    readonly main: SQLite.Database,
    readonly readers: ReaderPool | null,
  ) {
    this.prepare = statementCache(main);
    this.#dataVersion = main.prepare("PRAGMA data_version").pluck();
  }

  /**
   * Changes whenever what a reader would see may have changed: a commit of ours, or one by another connection
   * to the file (PRAGMA data_version). Bumped only once a write is committed, so a reader that saw the old
   * version never read uncommitted data under the new one.
   */
  dataVersion(): string {
    return `${this.#commits}.${this.#dataVersion.get() as number}`;
  }

  committed(): void {
    this.#commits++;
    this.merger?.wrote();
  }

  runOnMain<R>(compiled: CompiledQuery): QueryResult<R> {
    const statement = this.prepare(compiled.sql);
    if (statement.reader) return { rows: statement.all(compiled.parameters as unknown[]) as R[] };
    const { changes, lastInsertRowid } = statement.run(compiled.parameters as unknown[]);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  isRead(compiled: CompiledQuery): boolean {
    return SelectQueryNode.is(compiled.query) || (compiled.query.kind === "RawNode" && READ_SQL.test(compiled.sql));
  }

  async close(): Promise<void> {
    await this.merger?.close();
    await this.readers?.close();
    this.main.close();
  }
}

class PooledConnection implements DatabaseConnection {
  /** Set while this connection holds the main connection for a transaction. */
  release: (() => void) | null = null;

  constructor(
    private readonly pool: SqlitePool,
    private readonly budgetMs: number | undefined,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (this.release) return this.pool.runOnMain<R>(compiled);
    const isRead = this.pool.isRead(compiled);
    if (this.pool.readers && isRead) {
      return { rows: (await this.pool.readers.read(compiled.sql, compiled.parameters, this.budgetMs)) as R[] };
    }
    const release = await this.pool.mutex.lock();
    try {
      return this.pool.runOnMain<R>(compiled);
    } finally {
      if (!isRead) this.pool.committed();
      release();
    }
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("streaming is not supported by the SQLite pool");
  }
}

class PooledDriver implements Driver {
  constructor(
    private readonly pool: SqlitePool,
    private readonly budgetMs: number | undefined,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PooledConnection(this.pool, this.budgetMs);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const pooled = connection as PooledConnection;
    pooled.release = await this.pool.mutex.lock();
    this.pool.runOnMain(CompiledQuery.raw("begin"));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    this.#end(connection as PooledConnection, "commit");
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    this.#end(connection as PooledConnection, "rollback");
  }

  #end(connection: PooledConnection, command: "commit" | "rollback"): void {
    try {
      // SQLite rolls a transaction back by itself on some errors (SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM); a
      // ROLLBACK then throws "no transaction is active", which would replace the error that says why.
      if (command === "rollback" && !this.pool.main.inTransaction) return;
      this.pool.runOnMain(CompiledQuery.raw(command));
    } finally {
      this.pool.committed();
      connection.release?.();
      connection.release = null;
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const pooled = connection as PooledConnection;
    pooled.release?.();
    pooled.release = null;
  }

  async destroy(): Promise<void> {}
}

/** A Kysely dialect over the pool; `budgetMs` bounds every plain read made through it. */
export class PooledSqliteDialect implements Dialect {
  constructor(
    private readonly pool: SqlitePool,
    private readonly budgetMs?: number,
  ) {}

  createDriver(): Driver {
    return new PooledDriver(this.pool, this.budgetMs);
  }
  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }
  createAdapter() {
    return new SqliteAdapter();
  }
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's Dialect interface takes a database of any schema
  createIntrospector(db: Kysely<any>) {
    return new SqliteIntrospector(db);
  }
}
