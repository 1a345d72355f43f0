// PostgreSQL's change channel: NOTIFY `memos_live` on the pool, and one connection of this process that LISTENs
// while anything here listens (none is held by a process without live streams). A lost listening connection tells
// the listeners they may have missed messages and is made again a second later.
import type { Kysely } from "kysely";
import { sql } from "kysely";
import type pg from "pg";
import type { ChangeChannel, ChangeListener } from "../change-channel.js";
import { LocalListeners } from "../change-channel.js";
import type { Database } from "../schema.js";

const CHANNEL = "memos_live";
const RECONNECT_MS = 1000;

export class PostgresChangeChannel implements ChangeChannel {
  readonly #listeners = new LocalListeners();
  #client: pg.Client | null = null;
  /** Resolves once the current connection LISTENs. */
  #ready: Promise<void> | null = null;
  #timer: NodeJS.Timeout | null = null;
  #closed = false;

  constructor(
    private readonly driver: typeof pg,
    private readonly dsn: string,
    private readonly db: Kysely<Database>,
  ) {}

  async send(texts: readonly string[]): Promise<void> {
    for (const text of texts) await sql`SELECT pg_notify(${CHANNEL}, ${text})`.execute(this.db);
  }

  listen(listener: ChangeListener): { stop(): void; ready: Promise<void> } {
    const remove = this.#listeners.add(listener);
    if (this.#client === null && this.#timer === null) {
      this.#ready = this.#connect();
      // Told to whoever awaits `ready`; never an unhandled rejection.
      this.#ready.catch(() => undefined);
    }
    const stop = () => {
      remove();
      if (this.#listeners.size === 0) this.#stop();
    };
    return { stop, ready: this.#ready ?? Promise.reject(new Error("the change channel is reconnecting")) };
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#stop();
  }

  async #connect(): Promise<void> {
    if (this.#closed) throw new Error("the change channel is closed");
    const client = new this.driver.Client({ connectionString: this.dsn });
    this.#client = client;
    client.on("notification", (message) => {
      if (message.channel === CHANNEL && message.payload !== undefined) this.#listeners.deliver(message.payload);
    });
    client.on("error", () => this.#lost(client));
    client.on("end", () => this.#lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      this.#lost(client);
      throw error;
    }
  }

  #lost(client: pg.Client): void {
    if (this.#client !== client) return;
    this.#client = null;
    this.#ready = null;
    this.#end(client);
    this.#listeners.lost();
    if (this.#closed || this.#listeners.size === 0) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      if (this.#listeners.size > 0) {
        this.#ready = this.#connect();
        this.#ready.catch(() => undefined);
      }
    }, RECONNECT_MS);
    this.#timer.unref();
  }

  #stop(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const client = this.#client;
    this.#client = null;
    this.#ready = null;
    if (client) this.#end(client);
  }

  #end(client: pg.Client): void {
    client.removeAllListeners();
    client.on("error", () => undefined);
    void client.end().catch(() => undefined);
  }
}
