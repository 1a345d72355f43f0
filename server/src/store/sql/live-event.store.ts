// The live event log's reads and its trim (migration 052): every statement walks the primary key. Appending differs
// by engine (store/live-log.ts: SQLite's under the writer's mutex, PostgreSQL's under an advisory lock that keeps ids
// in commit order).
import type { Kysely } from "kysely";
import type { Database } from "../schema.js";

/** The database (not a transaction: the log is read and written apart from any change). db.ts opens the log, so not its `Db`. */
type Db = Kysely<Database>;

export interface LiveEventRow {
  id: number;
  body: string;
}

/** The newest event's id, or 0 when the log holds none. */
export async function lastLiveEventId(db: Db): Promise<number> {
  const row = await db.selectFrom("live_event").select("id").orderBy("id", "desc").limit(1).executeTakeFirst();
  return row ? Number(row.id) : 0;
}

export const liveEventsAfterQuery = (db: Db, afterId: number, limit: number) =>
  db.selectFrom("live_event").select(["id", "body"]).where("id", ">", afterId).orderBy("id").limit(limit);

/** Up to `limit` events with an id above `afterId`, oldest first. */
export async function liveEventsAfter(db: Db, afterId: number, limit: number): Promise<LiveEventRow[]> {
  const rows = await liveEventsAfterQuery(db, afterId, limit).execute();
  return rows.map((row) => ({ id: Number(row.id), body: row.body }));
}

export const liveEventQuery = (db: Db, id: number) => db.selectFrom("live_event").select("id").where("id", "=", id);

/** Whether the log still holds the event `id` (so nothing after it was trimmed: the trim removes the oldest first). */
export async function hasLiveEvent(db: Db, id: number): Promise<boolean> {
  return (await liveEventQuery(db, id).executeTakeFirst()) !== undefined;
}

/** The oldest event written at or after `sinceMs`: a walk of the primary key from the oldest, through what the trim removes. */
export const firstLiveEventSinceQuery = (db: Db, sinceMs: number) =>
  db.selectFrom("live_event").select("id").where("created_ms", ">=", sinceMs).orderBy("id").limit(1);

export const liveEventsBeforeQuery = (db: Db, id: number) => db.deleteFrom("live_event").where("id", "<", id);

/**
 * Removes the oldest events: all but the newest `keep` ids below `lastId`, and those written before `beforeMs`; never
 * `lastId` itself, so the log's newest id outlives any trim (a client holding it resumes). Reads only the rows it
 * removes and one more, walking the primary key from the oldest.
 */
export async function trimLiveEvents(db: Db, lastId: number, keep: number, beforeMs: number): Promise<void> {
  const young = await firstLiveEventSinceQuery(db, beforeMs).executeTakeFirst();
  const cut = Math.min(lastId, Math.max(lastId - keep + 1, young ? Number(young.id) : lastId));
  await liveEventsBeforeQuery(db, cut).execute();
}
