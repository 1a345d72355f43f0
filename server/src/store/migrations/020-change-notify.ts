// PostgreSQL: every statement that changes what lists show tells the server processes, so each may keep its answers
// until then (store/postgres/pg-data-version.ts): a statement trigger on those tables NOTIFYs `memos_data`, which PostgreSQL
// delivers when the transaction commits (and folds into one per transaction). Tables that change on every request
// (sessions, sign-in failures, a token's last use, webhooks and their deliveries) and the counters (kept by triggers of
// the memo tables) are left out. SQLite needs nothing: one process owns the file and reads PRAGMA data_version.
import type { Migration } from "./types.js";

const TABLES = [
  "memo",
  "memo_organizer",
  "memo_resource",
  "memo_tag",
  "resource",
  "tag",
  "user",
  "user_setting",
  "system_setting",
  "shortcut",
];

const trigger = (table: string, events = "INSERT OR UPDATE OR DELETE OR TRUNCATE") =>
  `CREATE TRIGGER memos_data_changed AFTER ${events} ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION memos_data_changed()`;

export const changeNotify: Migration = {
  name: "020-change-notify",
  statements: (engine) =>
    engine === "sqlite"
      ? []
      : [
          `CREATE FUNCTION memos_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
           BEGIN
             PERFORM pg_notify('memos_data', '');
             RETURN NULL;
           END $$`,
          ...TABLES.map((table) => trigger(table)),
          // A token's name is shown with the memos it wrote; its last use changes on every request it makes.
          trigger("access_token", "INSERT OR DELETE OR TRUNCATE OR UPDATE OF name"),
        ],
};
