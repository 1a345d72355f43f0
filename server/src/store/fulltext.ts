// The text indexes behind search, and the conditions that use them. Shared by the memo filter and the migrations
// that build the indexes (005, 015).
//
// SQLite: an FTS5 trigram table over the memo's content with two U+FFFF appended (the view memo_fts_source), so
// every character of a memo starts an indexed trigram, the last two included. A word of 3 characters or more is
// a phrase query; a shorter one is found through the index's vocabulary (memo_fts_vocab): the trigrams that
// start with it, each a term of an OR query. PostgreSQL: pg_trgm's GIN index serves words with a run of three
// letters or digits; a shorter or non-word text (`本`, `ee`, `%_`) goes through a GIN index of each memo's
// characters (idx_memo_content_chars): the memos holding all of its characters, then checked row by row.
import { sql } from "kysely";

const PAD = "char(65535, 65535)";

/** What memo_fts indexes: the memo's content and the padding, one expression for the view and the triggers. */
const indexedText = (row: "new" | "old" | "memo") => `${row}.content || ${PAD}`;

/** The SQLite statements that (re)build the full-text index, its vocabulary and the triggers that keep it. */
export const SQLITE_FULLTEXT = [
  `CREATE VIEW memo_fts_source AS SELECT memo.id AS id, ${indexedText("memo")} AS content FROM memo`,
  `CREATE VIRTUAL TABLE memo_fts USING fts5(content, content='memo_fts_source', content_rowid='id', tokenize='trigram')`,
  `CREATE VIRTUAL TABLE memo_fts_vocab USING fts5vocab(memo_fts, 'row')`,
  `CREATE TRIGGER memo_fts_insert AFTER INSERT ON memo BEGIN
     INSERT INTO memo_fts(rowid, content) VALUES (new.id, ${indexedText("new")});
   END`,
  `CREATE TRIGGER memo_fts_delete AFTER DELETE ON memo BEGIN
     INSERT INTO memo_fts(memo_fts, rowid, content) VALUES ('delete', old.id, ${indexedText("old")});
   END`,
  `CREATE TRIGGER memo_fts_update AFTER UPDATE OF content ON memo BEGIN
     INSERT INTO memo_fts(memo_fts, rowid, content) VALUES ('delete', old.id, ${indexedText("old")});
     INSERT INTO memo_fts(rowid, content) VALUES (new.id, ${indexedText("new")});
   END`,
  `INSERT INTO memo_fts(memo_fts) VALUES ('rebuild')`,
];

/**
 * Without fastupdate a memo's characters go into the index as it is written (a few dozen keys), instead of a
 * pending list that every search would read until VACUUM merges it, and that the planner prices as such.
 */
export const POSTGRES_CHARS_INDEX =
  "CREATE INDEX IF NOT EXISTS idx_memo_content_chars ON memo USING gin (string_to_array(lower(content), NULL)) WITH (fastupdate = off)";

/** The trigram index serves substrings of 3 characters and more as a phrase. */
export const isPhraseLength = (text: string): boolean => [...text].length >= 3;

/** `"text"` as an FTS5 phrase: with the trigram tokenizer, a case-insensitive substring of at least 3 characters. */
const ftsPhrase = (text: string): string => `"${text.replaceAll('"', '""')}"`;

/** A query that matches nothing: three padding characters never occur in a row (each memo ends with two). */
const NO_MATCH = ftsPhrase("\uffff\uffff\uffff");

/** The vocabulary's terms that start with `folded`: a range of the terms, which the vocabulary table serves. */
const startsWith = (folded: string) => sql<boolean>`v.term >= ${folded} AND v.term < ${`${folded}\u{10FFFF}`}`;

/**
 * The FTS5 query of a text: a phrase, or for 1–2 characters every vocabulary term (trigram) that starts with the
 * text, case folded as the index folds it. The terms come from a range of the vocabulary, so a rare text costs
 * as little as its matches; a common one is found by the search's first step before this one runs.
 */
function ftsQuery(text: string) {
  if (isPhraseLength(text)) return sql`${ftsPhrase(text)}`;
  const folded = text.toLowerCase();
  return sql`(SELECT coalesce(group_concat('"' || replace(v.term, '"', '""') || '"', ' OR '), ${NO_MATCH})
    FROM memo_fts_vocab v WHERE ${startsWith(folded)})`;
}

/** SQLite: the memo is among the full-text index's matches for the text (a superset for 1–2 characters). */
export const inFullText = (text: string) => sql<boolean>`m.id IN (SELECT rowid FROM memo_fts WHERE memo_fts MATCH ${ftsQuery(text)})`;

/** The SQLite statements of migration 018: the index's occurrences, one row per (trigram, memo, position). */
export const SQLITE_FULLTEXT_INSTANCES = ["CREATE VIRTUAL TABLE memo_fts_instances USING fts5vocab(memo_fts, 'instance')"];

/**
 * SQLite: the memos that may hold the text, read up to `most + 1` (reading stops there): the phrase's matches; for
 * 1–2 characters, the memos of the occurrences of trigrams that start with the text (a superset: to be checked).
 * Fewer than `most + 1` rows hold every such memo, so a text with at most `most` is rare and its page is read
 * from them. (The vocabulary's per-term counts would cost a read of each term's whole list: occurrences do not.)
 */
export function fullTextCandidates(text: string, most: number) {
  if (isPhraseLength(text)) return sql<{ id: number }>`SELECT rowid AS id FROM memo_fts WHERE memo_fts MATCH ${ftsPhrase(text)} LIMIT ${most + 1}`;
  const folded = text.toLowerCase();
  return sql<{ id: number }>`SELECT v.doc AS id FROM memo_fts_instances v WHERE ${startsWith(folded)} LIMIT ${most + 1}`;
}

/** pg_trgm extracts trigrams from runs of letters and digits only. */
export const trigramServes = (text: string): boolean => /[\p{L}\p{N}]{3}/u.test(text);

/** PostgreSQL: the memo holds every character of the text (idx_memo_content_chars), implied by a match. */
export const holdsCharacters = (text: string) =>
  sql<boolean>`string_to_array(lower(m.content), NULL) @> string_to_array(lower(${text}), NULL)`;
