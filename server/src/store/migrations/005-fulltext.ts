// Full-text search on memo content: FTS5 with the trigram tokenizer on SQLite (CJK substrings work),
// a trigram GIN index on PostgreSQL when the pg_trgm extension can be had.
import { sql } from "kysely";
import type { Migration } from "./types.js";

const SQLITE = [
  `CREATE VIRTUAL TABLE memo_fts USING fts5(content, content='memo', content_rowid='id', tokenize='trigram')`,
  `CREATE TRIGGER memo_fts_insert AFTER INSERT ON memo BEGIN
     INSERT INTO memo_fts(rowid, content) VALUES (new.id, new.content);
   END`,
  `CREATE TRIGGER memo_fts_delete AFTER DELETE ON memo BEGIN
     INSERT INTO memo_fts(memo_fts, rowid, content) VALUES ('delete', old.id, old.content);
   END`,
  `CREATE TRIGGER memo_fts_update AFTER UPDATE OF content ON memo BEGIN
     INSERT INTO memo_fts(memo_fts, rowid, content) VALUES ('delete', old.id, old.content);
     INSERT INTO memo_fts(rowid, content) VALUES (new.id, new.content);
   END`,
  `INSERT INTO memo_fts(memo_fts) VALUES ('rebuild')`,
];

export const fulltext: Migration = {
  name: "005-fulltext",
  statements: (engine) => (engine === "sqlite" ? SQLITE : []),
  async after(db, engine) {
    if (engine !== "postgres") return;
    const available = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_available_extensions WHERE name = 'pg_trgm'`.execute(db);
    if ((available.rows[0]?.n ?? 0) === 0) return;
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS idx_memo_content_trgm ON memo USING gin (content gin_trgm_ops)`.execute(db);
  },
};
