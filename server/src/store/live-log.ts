// The live event log: what live streams (GET /api/events, GET /api/v1/sse) tell of, for every server process on the
// database. Each committed change is appended as one row of `live_event` (migration 052) whose id is its event id,
// handed out in commit order: SQLite has one writer; PostgreSQL appends under an advisory lock
// (postgres/pg-live-log.ts). So a reader that sees an id has seen every smaller one, and "the events after id N" is
// one indexed read, which is how a stream that was cut resumes.
//
// Each process has one hub: it learns that the log grew (SQLite: from its own appends; PostgreSQL: NOTIFY
// `memos_live`, LISTENed on a connection held only while something listens here), reads the new rows once, and hands
// them to every listener of the process in id order. A thousand streams cost one read per burst of changes.
// Appends happen after the commit of the change they describe and never fail it: an append that fails is logged and
// lost. A lost listening connection ends the listeners (their clients come back and resume from the log).
import type { Kysely } from "kysely";
import type { Database } from "./schema.js";
import { type LiveEventRow, lastLiveEventId, liveEventsAfter, trimLiveEvents } from "./sql/live-event.store.js";

export type { LiveEventRow } from "./sql/live-event.store.js";

/** What a listener is told: new rows, in id order, and that it may have missed some (it should end). */
export interface LiveLogListener {
  rows(rows: readonly LiveEventRow[]): void;
  lost(): void;
}

export interface LiveLog {
  /** Appends one event a body, in order, after the commit of what they describe. */
  append(bodies: readonly string[]): Promise<void>;
  /**
   * Listens until `stop`. `ready` resolves with the listener's position: every row with a greater id reaches it, in
   * order, and none before; it rejects when the log cannot be followed now (PostgreSQL's connection is down).
   */
  listen(listener: LiveLogListener): { stop(): void; ready: Promise<number> };
  close(): Promise<void>;
}

/** The newest rows kept (a stream resumes over at most a few hundred; the rest is a refetch), and for how long. */
const KEEP_ROWS = 1000;
const KEEP_MS = 24 * 3_600_000;
/** The log is trimmed after every this many appends of a process. */
const TRIM_EVERY = 50;
/** Rows the hub reads at a time. */
const READ_ROWS = 500;

/** How an engine appends and tells the hub of other processes' appends. */
export interface LiveLogEngine {
  /** Appends the bodies in one statement, in commit order; the last id. */
  insert(bodies: readonly string[], nowMs: number): Promise<number>;
  /** Starts hearing of appends (calling `grew`), or does nothing when all appends are this process's. */
  connect(grew: () => void, lost: () => void): Promise<void>;
  /** Stops hearing of appends. */
  disconnect(): void;
  /** Tells this process's hub of its own append, when no notification will. */
  readonly local: boolean;
}

interface Entry {
  listener: LiveLogListener;
  /** The listener's position once ready: rows up to it are not handed to it. */
  after: number | null;
}

/** One process's view of the log, shared by every stream of the process. */
export class HubLiveLog implements LiveLog {
  readonly #entries = new Set<Entry>();
  /** The newest id handed out (or known at start); null while not following. */
  #position: number | null = null;
  #started: Promise<void> | null = null;
  #reading = false;
  #again = false;
  #appends = 0;
  #closed = false;
  /** Moves with each stop: a start that outlived its stop leaves the hub to the next one. */
  #generation = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: LiveLogEngine,
    private readonly warn: (message: string) => void = (message) => console.warn(message),
  ) {}

  async append(bodies: readonly string[]): Promise<void> {
    if (bodies.length === 0) return;
    const lastId = await this.engine.insert(bodies, Date.now());
    if (this.engine.local) this.#grew();
    this.#appends += 1;
    if (this.#appends % TRIM_EVERY === 0) {
      await trimLiveEvents(this.db, lastId, KEEP_ROWS, Date.now() - KEEP_MS).catch((error: unknown) =>
        this.warn(`memos: the live event log was not trimmed: ${messageOf(error)}`),
      );
    }
  }

  listen(listener: LiveLogListener): { stop(): void; ready: Promise<number> } {
    const entry: Entry = { listener, after: null };
    this.#entries.add(entry);
    this.#started ??= this.#start();
    const started = this.#started;
    const ready = started.then(() => {
      if (!this.#entries.has(entry) || this.#position === null) throw new Error("live updates are not available now");
      entry.after = this.#position;
      return entry.after;
    });
    // Told to whoever awaits `ready`; never an unhandled rejection.
    ready.catch(() => undefined);
    return {
      ready,
      stop: () => {
        this.#entries.delete(entry);
        if (this.#entries.size === 0) this.#stop();
      },
    };
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#stop();
  }

  async #start(): Promise<void> {
    if (this.#closed) throw new Error("the live event log is closed");
    const generation = this.#generation;
    const current = () => generation === this.#generation;
    try {
      await this.engine.connect(
        () => current() && this.#grew(),
        () => current() && this.#lost(),
      );
      // Once the appends are heard: every row after this one will be read.
      const position = await lastLiveEventId(this.db);
      if (!current()) throw new Error("live updates were stopped");
      this.#position = position;
    } catch (error) {
      if (current()) this.#lost();
      throw error;
    }
    if (this.#again) this.#grew();
  }

  /** Reads what was appended since the position, once at a time (appends meanwhile make it read again). */
  #grew(): void {
    if (this.#position === null || this.#reading) {
      this.#again = true;
      return;
    }
    this.#again = false;
    this.#reading = true;
    void this.#read().finally(() => {
      this.#reading = false;
      if (this.#again) this.#grew();
    });
  }

  async #read(): Promise<void> {
    for (;;) {
      const from = this.#position;
      if (from === null) return;
      let rows: LiveEventRow[];
      try {
        rows = await liveEventsAfter(this.db, from, READ_ROWS);
      } catch (error) {
        this.warn(`memos: live events were not read: ${messageOf(error)}`);
        this.#lost();
        return;
      }
      // Stopped or lost meanwhile: a new start reads its own position.
      if (this.#position !== from) return;
      if (rows.length === 0) return;
      this.#position = rows[rows.length - 1]!.id;
      for (const entry of [...this.#entries]) {
        if (entry.after === null) continue;
        const after = entry.after;
        entry.listener.rows(after < from ? rows : rows.filter((row) => row.id > after));
      }
      if (rows.length < READ_ROWS) return;
    }
  }

  #lost(): void {
    const entries = [...this.#entries];
    this.#entries.clear();
    this.#stop();
    for (const entry of entries) entry.listener.lost();
  }

  #stop(): void {
    this.#generation += 1;
    this.#position = null;
    this.#started = null;
    this.#again = false;
    this.engine.disconnect();
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
