// The live event log: each committed change that live streams tell of (services/live-feed.ts) is one row, whose id is
// the event's id on GET /api/events. A client that lost its stream names the last id it read (Last-Event-ID) and is
// sent the rows after it. Ids are handed out in commit order (PostgreSQL: under an advisory lock, postgres/
// pg-live-log.ts), so a reader that sees a row has seen every row before it; the log is trimmed to its newest rows
// (store/sql/live-event.store.ts). `body` is the change as JSON: what a stream needs to judge who may hear of it and to
// name it, never content.
import type { Migration } from "./types.js";

export const liveEvent: Migration = {
  name: "052-live-event",
  statements: (engine) => [
    `CREATE TABLE live_event (
      id ${engine === "sqlite" ? "INTEGER PRIMARY KEY AUTOINCREMENT" : "BIGSERIAL PRIMARY KEY"},
      created_ms BIGINT NOT NULL,
      body TEXT NOT NULL)`,
  ],
};
