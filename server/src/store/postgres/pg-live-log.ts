// PostgreSQL's side of the live event log (store/live-log.ts). Several server processes append, so ids must follow
// commit order or a reader could see id 7 before id 6 commits and skip it for good: each append takes a
// transaction-scoped advisory lock before its ids are drawn and holds it until its commit, one statement in all
// (the lock, the rows, a NOTIFY `memos_live` delivered at commit). Appends are a few rows after a change has
// committed, so the lock is held for one short statement. The rows go through the plain pool, not the one whose
// statements move the answer cache's data version (no list reads the log).
// A connection LISTENs while anything of this process listens (none is held by a process without live streams).
import type pg from "pg";
import type { LiveLogEngine } from "../live-log.js";

const CHANNEL = "memos_live";
/** The advisory lock of the log's appends: a key no other lock of ours uses ("memolive" in ASCII). */
const APPEND_LOCK = "7882827048109569637";

const APPEND = `WITH lock AS MATERIALIZED (SELECT pg_advisory_xact_lock(${APPEND_LOCK}::bigint)),
  added AS (
    INSERT INTO live_event (created_ms, body)
    SELECT $1::bigint, b.body FROM lock CROSS JOIN unnest($2::text[]) WITH ORDINALITY AS b(body, n)
    RETURNING id)
  SELECT max(id) AS last, pg_notify('${CHANNEL}', '') FROM added`;

export class PostgresLiveLogEngine implements LiveLogEngine {
  readonly local = false;
  #client: pg.Client | null = null;

  constructor(
    private readonly driver: typeof pg,
    private readonly dsn: string,
    private readonly pool: pg.Pool,
  ) {}

  async insert(bodies: readonly string[], nowMs: number): Promise<number> {
    const { rows } = await this.pool.query<{ last: number }>(APPEND, [nowMs, bodies]);
    return Number(rows[0]!.last);
  }

  async connect(grew: () => void, lost: () => void): Promise<void> {
    const client = new this.driver.Client({ connectionString: this.dsn });
    this.#client = client;
    const gone = () => {
      if (this.#client !== client) return;
      this.disconnect();
      lost();
    };
    client.on("notification", (message) => {
      if (message.channel === CHANNEL) grew();
    });
    client.on("error", gone);
    client.on("end", gone);
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
  }

  disconnect(): void {
    const client = this.#client;
    this.#client = null;
    if (!client) return;
    client.removeAllListeners();
    client.on("error", () => undefined);
    void client.end().catch(() => undefined);
  }
}
