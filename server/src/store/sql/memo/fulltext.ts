// The text indexes behind search, and the conditions that use them. Shared by the memo filter and the migrations
// that build the indexes (005, 015, 018, 021).
//
// SQLite: an FTS5 trigram table over the memo's content with two U+FFFF appended (the view memo_fts_source), so
// every character of a memo starts an indexed trigram, the last two included. Its rowid is the memo's display key
// (ftsKey: the display time's 128-second bucket, then the id), so the index gives a text's matches newest first,
// and a page reads as many as it needs. A word of 3 characters or more is a phrase query (or, when a trigram
// recurs in it, the AND of its distinct trigrams: isExactPhrase); a shorter one is found through the index's
// vocabulary (memo_fts_vocab): the trigrams that start with it, each a term of an OR query.
// PostgreSQL: pg_trgm's GIN index serves words with a run of three letters or digits; a shorter or non-word text
// (`本`, `ee`, `%_`) goes through a GIN index of each memo's characters (idx_memo_content_chars): the memos holding
// all of its characters, then checked row by row.
import { sql } from "kysely";
import { foldCase } from "../../sqlite/sqlite-functions.mjs";

const PAD = "char(65535, 65535)";

/** What memo_fts indexes: the memo's content and the padding, one expression for the view and the triggers. */
const indexedText = (row: "new" | "old" | "memo") => `${row}.content || ${PAD}`;

/** Display times share a bucket of this many seconds (2^7) in the full-text key. */
const BUCKET_SHIFT = 7;
const BUCKET_MIN = -(2 ** 31);
const BUCKET_MAX = 2 ** 31 - 1;
/** The low 32 bits of a full-text key: the memo's id. */
export const KEY_ID_MASK = "4294967295";

/**
 * The memo's full-text key: its display-time bucket (display_ts >> 7, clamped to 32 bits) in the high bits, its id
 * in the low 32. Descending keys are display order but within a bucket, where the id decides (a page reads a
 * bucket whole, then orders it). Ids stay below 2^32.
 */
const ftsKey = (row: "new" | "old" | "memo") =>
  `((max(min(${row}.display_ts >> ${BUCKET_SHIFT}, ${BUCKET_MAX}), ${BUCKET_MIN}) << 32) + ${row}.id)`;

/** The bucket of a display time, as ftsKey computes it. */
export const ftsBucket = (displayTs: number): number =>
  Math.max(Math.min(Math.floor(displayTs / 2 ** BUCKET_SHIFT), BUCKET_MAX), BUCKET_MIN);

/** The first bucket wholly after a position (display time) of a keyset page: the index walk starts below it. */
export const bucketAfter = (position: { ts: number } | undefined): number | undefined =>
  position === undefined ? undefined : ftsBucket(position.ts) + 1;

/** The SQLite statements that (re)build the full-text index, its vocabulary and the triggers that keep it. */
export const SQLITE_FULLTEXT = [
  "DROP TRIGGER IF EXISTS memo_fts_insert",
  "DROP TRIGGER IF EXISTS memo_fts_delete",
  "DROP TRIGGER IF EXISTS memo_fts_update",
  "DROP TABLE IF EXISTS memo_fts_instances",
  "DROP TABLE IF EXISTS memo_fts_vocab",
  "DROP TABLE IF EXISTS memo_fts",
  "DROP VIEW IF EXISTS memo_fts_source",
  `CREATE VIEW memo_fts_source AS SELECT ${ftsKey("memo")} AS key, ${indexedText("memo")} AS content FROM memo`,
  `CREATE VIRTUAL TABLE memo_fts USING fts5(content, content='memo_fts_source', content_rowid='key', tokenize='trigram')`,
  `CREATE VIRTUAL TABLE memo_fts_vocab USING fts5vocab(memo_fts, 'row')`,
  `CREATE TRIGGER memo_fts_insert AFTER INSERT ON memo BEGIN
     INSERT INTO memo_fts(rowid, content) VALUES (${ftsKey("new")}, ${indexedText("new")});
   END`,
  `CREATE TRIGGER memo_fts_delete AFTER DELETE ON memo BEGIN
     INSERT INTO memo_fts(memo_fts, rowid, content) VALUES ('delete', ${ftsKey("old")}, ${indexedText("old")});
   END`,
  // A new display time moves the memo's key, as new content does its trigrams.
  `CREATE TRIGGER memo_fts_update AFTER UPDATE OF content, display_ts ON memo BEGIN
     INSERT INTO memo_fts(memo_fts, rowid, content) VALUES ('delete', ${ftsKey("old")}, ${indexedText("old")});
     INSERT INTO memo_fts(rowid, content) VALUES (${ftsKey("new")}, ${indexedText("new")});
   END`,
  `INSERT INTO memo_fts(memo_fts) VALUES ('rebuild')`,
];

/**
 * How the index's segments are merged (migration 022): never by a write (`automerge` 0), so a memo's save costs
 * its own trigrams only, instead of now and then a merge of the index's largest lists (hundreds of milliseconds at
 * a million memos, on the main thread); by the merger's thread instead (fulltext-merger.ts), as soon as a level
 * holds two segments (`usermerge` 2), which keeps about one segment per level: every lookup reads each segment.
 * Without a merger (a command-line tool writing), FTS5's `crisismerge` still bounds each level at 16.
 */
export const SQLITE_FULLTEXT_MERGING = [
  "INSERT INTO memo_fts(memo_fts, rank) VALUES ('automerge', 0)",
  "INSERT INTO memo_fts(memo_fts, rank) VALUES ('usermerge', 2)",
];

/**
 * One step of the merger: about this many pages (4 KB) merged. FTS5 merges a term's list whole, so a step with a
 * common trigram takes longer (tens of milliseconds at a million memos).
 */
export const SQLITE_FULLTEXT_MERGE_STEP = "INSERT INTO memo_fts(memo_fts, rank) VALUES ('merge', 32)";

/**
 * Without fastupdate a memo's characters go into the index as it is written (a few dozen keys), instead of a
 * pending list that every search would read until VACUUM merges it, and that the planner prices as such.
 */
export const POSTGRES_CHARS_INDEX =
  "CREATE INDEX IF NOT EXISTS idx_memo_content_chars ON memo USING gin (string_to_array(lower(content), NULL)) WITH (fastupdate = off)";

/** The trigram index serves substrings of 3 characters and more as a phrase. */
const isPhraseLength = (text: string): boolean => [...text].length >= 3;

/** `"text"` as an FTS5 phrase: with the trigram tokenizer, a case-insensitive substring of at least 3 characters. */
const ftsPhrase = (text: string): string => `"${text.replaceAll('"', '""')}"`;

/** The text's trigrams, each as written and its case folded (as the index folds it, near enough), in order. */
function trigramsOf(text: string): { written: string; folded: string }[] {
  const chars = [...text];
  const folded = chars.map(foldCase);
  return chars.slice(2).map((_, i) => ({ written: chars.slice(i, i + 3).join(""), folded: folded.slice(i, i + 3).join("\u0000") }));
}

/**
 * True when the full-text index's matches of the text are exactly the memos that hold it, with no check row by
 * row: a phrase query, used for a text of 3 characters or more with no trigram twice. FTS5 checks a phrase in a
 * memo by reading each token's positions there, once per token, so a trigram that recurs reads its list again each
 * time: `a` × 1,024 against a memo of 1 MiB of `a` read a million positions 1,022 times (12 s). A phrase whose
 * trigrams differ reads each position of the memo at most once; other texts are found through ftsTerms.
 */
export const isExactPhrase = (text: string): boolean => {
  if (!isPhraseLength(text)) return false;
  const trigrams = trigramsOf(text).map((trigram) => trigram.folded);
  return new Set(trigrams).size === trigrams.length;
};

/**
 * The FTS5 query of a text of 3 characters or more: its phrase; for a text with a trigram twice (`aaaa`, `banana`),
 * each distinct trigram once, all required (AND): the memos that may hold the text, each position read once, to be
 * checked row by row.
 */
function ftsTerms(text: string): string {
  if (isExactPhrase(text)) return ftsPhrase(text);
  const distinct = new Map(trigramsOf(text).map((trigram) => [trigram.folded, trigram.written]));
  return [...distinct.values()].map(ftsPhrase).join(" AND ");
}

/**
 * The FTS5 query of a search's driving text (3 characters or more) and its other terms: the AND of each one's
 * terms, those of 3 characters or more (a shorter one has no trigram of its own: it is checked row by row). FTS5
 * intersects the lists, so two common words that seldom meet are found as rarely as they meet.
 */
const withTerms = (text: string, terms: readonly string[]): string =>
  [text, ...terms.filter(isPhraseLength)].map((term) => (terms.length === 0 ? ftsTerms(term) : `(${ftsTerms(term)})`)).join(" AND ");

/** A query that matches nothing: three padding characters never occur in a row (each memo ends with two). */
const NO_MATCH = ftsPhrase("\uffff\uffff\uffff");

/** The vocabulary's terms that start with `folded`: a range of the terms, which the vocabulary table serves. */
const startsWith = (folded: string) => sql<boolean>`v.term >= ${folded} AND v.term < ${`${folded}\u{10FFFF}`}`;

/**
 * The FTS5 query of a text: ftsTerms, or for 1–2 characters every vocabulary term (trigram) that starts with the
 * text, case folded as the index folds it. The terms come from a range of the vocabulary, so a rare text costs
 * as little as its matches; a common one is found by the search's first step before this one runs.
 */
function ftsQuery(text: string, terms: readonly string[]) {
  if (isPhraseLength(text)) return sql`${withTerms(text, terms)}`;
  const folded = text.toLowerCase();
  return sql`(SELECT coalesce(group_concat('"' || replace(v.term, '"', '""') || '"', ' OR '), ${NO_MATCH})
    FROM memo_fts_vocab v WHERE ${startsWith(folded)})`;
}

/**
 * SQLite: the full-text index's matches for the text (a superset unless isExactPhrase) as rows `k` (their keys),
 * newest first, those of buckets in [floor, below) only. FTS5 reads its index in that order and stops when the
 * reader does.
 */
export function fullTextMatches(text: string, floor: number | undefined, below: number | undefined, terms: readonly string[] = []) {
  const low = floor === undefined ? sql`` : sql` AND rowid >= (${floor} << 32)`;
  const high = below === undefined || below > BUCKET_MAX ? sql`` : sql` AND rowid < (${below} << 32)`;
  return sql`(SELECT rowid AS k FROM memo_fts WHERE memo_fts MATCH ${ftsQuery(text, terms)}${low}${high} ORDER BY rowid DESC)`;
}

/** The SQLite statements of migration 018: the index's occurrences, one row per (trigram, memo, position). */
export const SQLITE_FULLTEXT_INSTANCES = ["CREATE VIRTUAL TABLE memo_fts_instances USING fts5vocab(memo_fts, 'instance')"];

/**
 * SQLite: the memos that may hold the text, read up to `most + 1` (reading stops there): the phrase's matches (or
 * the memos holding each of its trigrams, when one recurs: to be checked); for 1–2 characters, the memos of the
 * occurrences of trigrams that start with the text (a superset: to be checked).
 * Fewer than `most + 1` rows hold every such memo, so a text with at most `most` is rare and its page is read
 * from them. (The vocabulary's per-term counts would cost a read of each term's whole list: occurrences do not.)
 */
export function fullTextCandidates(text: string, most: number, terms: readonly string[] = []) {
  const id = (key: string) => sql.raw(`${key} & ${KEY_ID_MASK}`);
  if (isPhraseLength(text))
    return sql<{ id: number }>`SELECT ${id("rowid")} AS id FROM memo_fts WHERE memo_fts MATCH ${withTerms(text, terms)} LIMIT ${most + 1}`;
  const folded = text.toLowerCase();
  return sql<{ id: number }>`SELECT ${id("v.doc")} AS id FROM memo_fts_instances v WHERE ${startsWith(folded)} LIMIT ${most + 1}`;
}

/** pg_trgm extracts trigrams from runs of letters and digits only. */
export const trigramServes = (text: string): boolean => /[\p{L}\p{N}]{3}/u.test(text);

/** PostgreSQL: the memo holds every character of the text (idx_memo_content_chars), implied by a match. */
export const holdsCharacters = (text: string) =>
  sql<boolean>`string_to_array(lower(m.content), NULL) @> string_to_array(lower(${text}), NULL)`;
