// Comments and resources get a uid (as memos did in 046), their v1 resource names: a comment is a memo with a parent
// to v1 clients (`memos/{uid}`, the same space as memos' uids), a resource an attachment (`attachments/{uid}`).
// Random, kept for good, found through a unique index. New rows get theirs from the insert; existing rows get 22
// random hex characters here, on PostgreSQL through the column's default (which stays as a backstop), on SQLite by
// an update and a trigger that fills a row inserted without one.
import type { Migration } from "./types.js";

const SQLITE_RANDOM_UID = "lower(hex(randomblob(11)))";
const PG_RANDOM_UID = "substr(md5(random()::text || clock_timestamp()::text), 1, 22)";

const TABLES = ["memo_comment", "resource"] as const;

export const commentResourceUid: Migration = {
  name: "047-comment-resource-uid",
  statements: (engine) =>
    TABLES.flatMap((table) =>
      engine === "sqlite"
        ? [
            `ALTER TABLE ${table} ADD COLUMN uid TEXT`,
            `UPDATE ${table} SET uid = ${SQLITE_RANDOM_UID}`,
            `CREATE TRIGGER ${table}_uid_fill AFTER INSERT ON ${table} WHEN NEW.uid IS NULL BEGIN
              UPDATE ${table} SET uid = ${SQLITE_RANDOM_UID} WHERE id = NEW.id;
            END`,
            `CREATE UNIQUE INDEX idx_${table}_uid ON ${table} (uid)`,
          ]
        : [
            `ALTER TABLE ${table} ADD COLUMN uid TEXT NOT NULL DEFAULT ${PG_RANDOM_UID}`,
            `CREATE UNIQUE INDEX idx_${table}_uid ON ${table} (uid)`,
          ],
    ),
};
