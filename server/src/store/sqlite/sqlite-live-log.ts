// SQLite's side of the live event log (store/live-log.ts): one process owns the file, so its appends are all there
// is to hear of, and the writer's mutex orders them. The rows are written on the main connection in a transaction of
// their own, outside Kysely, so they do not move the data version the answer cache keys by (no list reads the log).
import type { LiveLogEngine } from "../live-log.js";
import type { SqlitePool } from "./sqlite-pool.js";

export function sqliteLiveLogEngine(pool: SqlitePool): LiveLogEngine {
  return {
    local: true,
    async insert(bodies, nowMs) {
      const release = await pool.mutex.lock();
      try {
        const insert = pool.prepare("INSERT INTO live_event (created_ms, body) VALUES (?, ?)");
        return pool.main.transaction(() => {
          let last = 0;
          for (const body of bodies) last = Number(insert.run(nowMs, body).lastInsertRowid);
          return last;
        })();
      } finally {
        release();
      }
    },
    connect: async () => undefined,
    disconnect: () => undefined,
  };
}
