// A channel for short messages about committed changes, to every server process on the database: what live updates
// (the v1 API's event stream) travel on. SQLite has one process, so its channel is in-process; PostgreSQL's is
// NOTIFY/LISTEN (postgres/pg-change-channel.ts), so a write on one process reaches the streams of all of them.
// Messages are sent after the commit of what they describe; one that is lost (a connection down) is not sent again:
// a listener is told it lost some, and its streams end, so their clients reconnect and read afresh.

/** What a listener is told: each message as sent, and that messages may have been lost. */
export interface ChangeListener {
  message(text: string): void;
  lost(): void;
}

export interface ChangeChannel {
  /** Sends each text (at most `MAX_MESSAGE_BYTES`) to every listener of every process, this one included. */
  send(texts: readonly string[]): Promise<void>;
  /**
   * Listens until `stop` is called; `ready` resolves once messages sent from then on reach it (PostgreSQL: the
   * LISTEN is in place), and rejects when the channel cannot listen now.
   */
  listen(listener: ChangeListener): { stop(): void; ready: Promise<void> };
  close(): Promise<void>;
}

/** PostgreSQL's limit on a NOTIFY payload is 8000 bytes; messages are kept under it with room to spare. */
export const MAX_MESSAGE_BYTES = 7000;

/** The listeners of one process, and their messages delivered after the sender's turn (as a notification would be). */
export class LocalListeners {
  readonly #listeners = new Set<ChangeListener>();

  get size(): number {
    return this.#listeners.size;
  }

  add(listener: ChangeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  deliver(text: string): void {
    for (const listener of this.#listeners) listener.message(text);
  }

  lost(): void {
    for (const listener of this.#listeners) listener.lost();
  }
}

/** SQLite's channel: one process owns the file, so every listener is here. */
export function localChangeChannel(): ChangeChannel {
  const listeners = new LocalListeners();
  return {
    send: async (texts) => {
      setImmediate(() => {
        for (const text of texts) listeners.deliver(text);
      });
    },
    listen: (listener) => ({ stop: listeners.add(listener), ready: Promise.resolve() }),
    close: async () => undefined,
  };
}
