// PostgreSQL: a token that changes with every committed write to the data that lists show, whichever server process
// (or tool) made it, for the answer cache (http/response-cache.ts). Triggers on those tables NOTIFY `memos_data` in
// the writing transaction (migration 020), which PostgreSQL delivers at commit; a connection of ours LISTENs. Our
// own writes move the token as soon as each statement returns (the notification comes a moment later), so a client
// always reads its own writes; another process's write is seen once its notification arrives (a millisecond or so
// on one network). While the listening connection is down the token is null: nothing is kept, and nothing kept
// before is served again.
import type { PostgresPool, PostgresPoolClient } from "kysely";
import type pg from "pg";

const CHANNEL = "memos_data";
const RECONNECT_MS = 1000;

export class PostgresDataVersion {
  #own = 0;
  #notified = 0;
  #client: pg.Client | null = null;
  #listening = false;
  #closed = false;
  #timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly driver: typeof pg,
    private readonly dsn: string,
  ) {
    void this.#listen();
  }

  /** The token, or null when another process's writes could go unnoticed. */
  current(): string | null {
    return this.#listening ? `${this.#own}.${this.#notified}` : null;
  }

  /** Called after each statement of ours that may have written (and after each commit). */
  wrote(): void {
    this.#own++;
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#listening = false;
    if (this.#timer) clearTimeout(this.#timer);
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => undefined);
  }

  async #listen(): Promise<void> {
    const client = new this.driver.Client({ connectionString: this.dsn });
    this.#client = client;
    client.on("notification", () => this.#notified++);
    client.on("error", () => this.#lost(client));
    client.on("end", () => this.#lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      if (this.#client !== client) return;
      // Whatever was written while no one listened: answers kept under an older token are not served again.
      this.#notified++;
      this.#listening = true;
    } catch {
      this.#lost(client);
    }
  }

  #lost(client: pg.Client): void {
    if (this.#client !== client) return;
    this.#client = null;
    this.#listening = false;
    this.#notified++;
    client.removeAllListeners();
    client.on("error", () => undefined);
    void client.end().catch(() => undefined);
    if (this.#closed) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      if (!this.#closed) void this.#listen();
    }, RECONNECT_MS);
    this.#timer.unref();
  }
}

/** Statements that never write: a plain read, and the start of a transaction. */
const NEVER_WRITES = /^\s*(select|begin|show)\b/i;

/** The pool, with `wrote` called after every statement that may have written (a commit included). */
export function writeNoticingPool(pool: pg.Pool, wrote: () => void): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      const query = async (text: string, parameters: readonly unknown[]) => {
        try {
          return await client.query(text, parameters as unknown[]);
        } finally {
          if (!NEVER_WRITES.test(text)) wrote();
        }
      };
      // No cursor is configured in the dialect, so the client is only ever asked for text and parameters.
      return { query, release: () => client.release() } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
