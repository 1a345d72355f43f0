// How a memo filter becomes SQL: the base query (a memo with its creator's pin), and the conditions of each
// filter field, checked per row or found through an index (full-text, tag), on either engine.
import { MEMO_PROPERTIES, MEMO_PROPERTY_BITS, type MemoProperty, type RowStatus, type Visibility } from "@memos/common";
import { type JoinBuilder, sql } from "kysely";
import type { Db, Engine } from "../../db.js";
import type { Database } from "../../schema.js";
import { fullTextMatches, holdsCharacters, isExactPhrase, KEY_ID_MASK, trigramServes } from "./fulltext.js";

export interface MemoFilter {
  creatorId?: number;
  /** The memos posted to this space (migration 051): a space's feed, walked by idx_memo_space_display. */
  spaceId?: number;
  /** The visibilities the caller may see; undefined means all. */
  visibilities?: Visibility[];
  rowStatus?: RowStatus;
  pinned?: boolean;
  /** Exact tag or any of its children. */
  tag?: string;
  /** Case-insensitive substring, or a regular expression when `regex` is set. */
  text?: string;
  regex?: boolean;
  /**
   * More case-insensitive substrings every memo must hold beside `text` (a search's other words and phrases),
   * checked row by row; on SQLite those of 3 characters or more also narrow the full-text index's matches.
   */
  terms?: readonly string[];
  fromTs?: number;
  toTs?: number;
  type?: "NOT_TAGGED" | "LINKED";
  /** Find `text` through a text index (store/sql/memo/fulltext.ts) instead of checking each row only. */
  textByIndex?: boolean;
  /**
   * SQLite: every memo that may hold `text`, read beforehand through the full-text index (a rare text,
   * fullTextCandidates): the page looks these up by id instead of matching each memo in scope.
   */
  textCandidates?: readonly number[];
  /**
   * Set when the rows come from memo_tag entries of `tag` (and its children) joined as `t`: the tag then needs
   * no check per row.
   */
  tagByEntries?: boolean;
  /** Checks no index serves, each made of one memo's row (a v1 filter's terms the fields above do not hold). */
  conditions?: readonly MemoRowCondition[];
}

/** One check of a memo's row, or its negation. */
export interface MemoRowCondition {
  test: MemoRowTest;
  negated: boolean;
}

export type MemoRowTest =
  /** The memo carries the tag or one under it. */
  | { kind: "tag"; tag: string }
  /** One of the memo's tags starts with the prefix (`wo` for `work`). */
  | { kind: "tag-prefix"; prefix: string }
  /** The text holds this, ignoring case (as `text` does). */
  | { kind: "text"; text: string }
  | { kind: "creator"; creatorId: number }
  /** The column's time, in Unix seconds, is in [from, to): either bound may be open. */
  | { kind: "time"; column: "created_ts" | "updated_ts"; from?: number; to?: number }
  /** The text has the property (common's memo-properties.ts). */
  | { kind: "property"; property: MemoProperty }
  /** The memo has a place (migration 049). */
  | { kind: "location" };

export const DISPLAY_TS = sql<number>`m.display_ts`;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Memo `m` and its creator's own pin `o`: the condition of every list's LEFT JOIN on memo_organizer. */
export const creatorPin = (join: JoinBuilder<PinTables, "m" | "o">) =>
  join.onRef("o.memo_id", "=", "m.id").onRef("o.user_id", "=", "m.creator_id");
type PinTables = Database & { m: Database["memo"]; o: Database["memo_organizer"] };

export function baseQuery(db: Db) {
  return db.selectFrom("memo as m").leftJoin("memo_organizer as o", creatorPin);
}

/**
 * The memos a statement's common table expression `cte` holds whole (memo's columns), as `m`, each with its
 * creator's pin `o`. Typed as the base query: the filter refers to `m` and `o` only.
 */
export function cteMemosQuery(db: Db, cte: string): ReturnType<typeof baseQuery> {
  const memos = sql.table(cte).as("m") as unknown as "memo as m";
  return db.selectFrom(memos).leftJoin("memo_organizer as o", creatorPin);
}

/**
 * memo_tag entries `t`, each with its memo `m` (and the creator's pin `o`), for a walk in the entries' index order.
 * A CROSS JOIN keeps that order on SQLite, whose planner would otherwise walk the creator's memos and sort them.
 * Typed as the base query: the filter refers to `m` and `o` only, and the walk adds its conditions on `t` as SQL.
 */
export function tagEntriesQuery(db: Db): ReturnType<typeof baseQuery> {
  const query = db
    .selectFrom("memo_tag as t")
    .crossJoin("memo as m")
    .leftJoin("memo_organizer as o", creatorPin)
    .whereRef("m.id", "=", "t.memo_id");
  return query as unknown as ReturnType<typeof baseQuery>;
}

/**
 * A creator's pins `p` (memo_organizer, by its user index), each with its memo `m` looked up by primary key (and
 * the creator's pin `o`). A CROSS JOIN keeps that order on SQLite, whose planner, short of statistics for some
 * index (one an upgrade added since the last ANALYZE), would rather walk all the creator's memos testing each
 * against the pins (260 ms at 500,000 memos). Typed as the base query, as tagEntriesQuery is.
 */
export function pinEntriesQuery(db: Db, creatorId: number): ReturnType<typeof baseQuery> {
  const query = db
    .selectFrom("memo_organizer as p")
    .crossJoin("memo as m")
    .leftJoin("memo_organizer as o", creatorPin)
    .whereRef("m.id", "=", "p.memo_id")
    .where("p.user_id", "=", creatorId)
    .where("p.pinned", "=", 1);
  return query as unknown as ReturnType<typeof baseQuery>;
}

/**
 * Every creator's pins (memo_organizer: a row only for a memo whose pin was ever set, a handful per user), each memo
 * `m` looked up by primary key and kept when the pin is its creator's (`o`): the pinned group of a list of several
 * creators' memos (v1's `pinned desc` over a member's feed), without reading the memos to find their pins. SQLite
 * walks the pins and looks each memo up (a CROSS JOIN keeps that order); PostgreSQL takes the pinned ids as one
 * array first and looks the memos up by primary key, each checked against its creator's pin by the unique key (a
 * join let it hash the whole collection, or sort the pins to merge them).
 */
export function allPinsQuery(db: Db, engine: Engine): ReturnType<typeof baseQuery> {
  if (engine === "postgres")
    return baseQuery(db)
      .where(sql<boolean>`m.id = ANY(ARRAY(SELECT p.memo_id FROM memo_organizer p WHERE p.pinned = 1))`)
      .where(sql<boolean>`EXISTS (SELECT 1 FROM memo_organizer p WHERE p.memo_id = m.id AND p.user_id = m.creator_id AND p.pinned = 1)`);
  const query = db
    .selectFrom("memo_organizer as p")
    .crossJoin("memo as m")
    .leftJoin("memo_organizer as o", creatorPin)
    .whereRef("m.id", "=", "p.memo_id")
    .whereRef("p.user_id", "=", "m.creator_id")
    .where("p.pinned", "=", 1);
  return query as unknown as ReturnType<typeof baseQuery>;
}

/**
 * SQLite: the full-text index's matches `f` for the text, newest first (keys in buckets [floor, below)), each with its
 * memo `m` looked up by id (and the creator's pin `o`). Typed as the base query, as tagEntriesQuery is.
 */
export function fullTextEntriesQuery(
  db: Db,
  text: string,
  floor: number | undefined,
  below: number | undefined,
  terms: readonly string[] = [],
): ReturnType<typeof baseQuery> {
  const query = db
    .selectFrom(fullTextMatches(text, floor, below, terms).as("f"))
    .crossJoin("memo as m")
    .leftJoin("memo_organizer as o", creatorPin)
    .where(sql<boolean>`m.id = (f.k & ${sql.raw(KEY_ID_MASK)})`);
  return query as unknown as ReturnType<typeof baseQuery>;
}

/**
 * The visibilities as literals in one fixed order (`= 'PUBLIC'`, `IN ('PUBLIC', 'PROTECTED')`): the very terms of
 * the partial indexes of migration 019, which both planners then recognise (SQLite compares the terms as written,
 * and judges a parameter as unknown). The values are the enum's, never a client's text.
 */
export function visibilityCondition(visibilities: readonly Visibility[]) {
  const ordered = VISIBILITY_ORDER.filter((visibility) => visibilities.includes(visibility));
  if (ordered.length === 0) return sql<boolean>`1 = 0`;
  if (ordered.length === 1) return sql<boolean>`m.visibility = ${sql.lit(ordered[0]!)}`;
  return sql<boolean>`m.visibility IN (${sql.join(ordered.map((visibility) => sql.lit(visibility)))})`;
}

const VISIBILITY_ORDER: readonly Visibility[] = ["PUBLIC", "PROTECTED", "PRIVATE"];

/** True when the text holds a non-ASCII letter with an upper and a lower case (ä, Ω), which SQLite's LIKE won't fold. */
const hasNonAsciiCase = (text: string): boolean => [...text].some((char) => char > "\u007f" && char.toLowerCase() !== char.toUpperCase());

/** A LIKE pattern of the text with each letter that may fold to a non-ASCII one left open (`_`, one character). */
const likeOpenCase = (text: string): string =>
  `%${[...text].map((char) => (/[ks]/i.test(char) || (char > "\u007f" && char.toLowerCase() !== char.toUpperCase()) ? "_" : escapeLike(char))).join("")}%`;

/**
 * True when no character of the text has a case, nor is part of another character's case mapping (combining marks:
 * `İ` lowers to `i` + U+0307; `ŉ` uppers to `ʼN`). Matching such a text ignoring case is matching it as it is.
 */
const isCaseless = (text: string): boolean =>
  [...text].every((char) => char.toLowerCase() === char && char.toUpperCase() === char && !/[\p{M}\u02BC\u02BE]/u.test(char));

/** A per-row check of the text filter on `column`; PostgreSQL's planner may still serve it from the trigram index. */
function textCondition(engine: Engine, text: string, regex: boolean, column: "m.content" | "w.content" = "m.content") {
  const content = sql.ref(column);
  if (regex) return engine === "sqlite" ? sql<boolean>`${content} REGEXP ${text}` : sql<boolean>`${content} ~* ${text}`;
  const pattern = `%${escapeLike(text)}%`;
  // ILIKE lowers every row it checks (7 µs for a CJK memo): a text without case needs no lowering, and LIKE
  // compares bytes; the trigram index serves both.
  if (engine === "postgres")
    return isCaseless(text) ? sql<boolean>`${content} LIKE ${pattern} ESCAPE '\\'` : sql<boolean>`${content} ILIKE ${pattern} ESCAPE '\\'`;
  // SQLite folds ASCII case only; the function folded_contains folds the rest (ä = Ä), and the Kelvin sign K to k,
  // as PostgreSQL's ILIKE and a scan do (sqlite-functions.mjs: linear in the memo, where RE2 with the quoted text
  // took 75 ms a MiB and seconds for a long text). A LIKE that leaves those letters open (and k and s, which fold to
  // K and ſ too) passes every row the function would, natively, so the JavaScript function runs only on the few
  // rows that pass it.
  if (hasNonAsciiCase(text) || /k/i.test(text))
    return sql<boolean>`(${content} LIKE ${likeOpenCase(text)} ESCAPE '\\' AND folded_contains(${content}, ${text}))`;
  return sql<boolean>`${content} LIKE ${pattern} ESCAPE '\\'`;
}

/**
 * The text filter checked on rows no index serves (a search's window). PostgreSQL's ILIKE lowers each row by the
 * collation's rules (3.6 µs a memo of 130 characters at 1M); in the "C" collation it lowers ASCII letters only
 * (1.3 µs). For a text all ASCII the two differ only on rows holding one of the two characters the collation lowers
 * into ASCII, U+212A (Kelvin sign, to k) and U+0130 (to i): when the text has a k or an i, such rows are also
 * checked as before. The trigram index serves the collation's ILIKE only, so index lookups keep textCondition.
 */
export function rowTextCondition(engine: Engine, text: string, regex: boolean, column: "m.content" | "w.content") {
  const full = textCondition(engine, text, regex, column);
  const ascii = [...text].every((char) => char.charCodeAt(0) < 128);
  if (engine !== "postgres" || regex || isCaseless(text) || !ascii) return full;
  const content = sql.ref(column);
  const asciiFolded = sql<boolean>`${content} COLLATE "C" ILIKE ${`%${escapeLike(text)}%`} ESCAPE '\\'`;
  if (!/[ik]/i.test(text)) return asciiFolded;
  return sql<boolean>`(${asciiFolded} OR ((strpos(${content}, ${"\u212A"}) > 0 OR strpos(${content}, ${"\u0130"}) > 0) AND ${full}))`;
}

/**
 * PostgreSQL: at most `most + 1` memos that hold the text, in the whole instance, read as its planner prefers: the
 * trigram or characters index for a text it judges rare, the table in its order for a common one (where a hundred
 * matches come soon). Without a select list: the caller picks the columns.
 */
export function pgTextProbe(db: Db, text: string, most: number, terms: readonly string[] = []) {
  return terms
    .reduce(
      (query, term) => query.where(textCondition("postgres", term, false)),
      db
        .selectFrom("memo as m")
        .$if(!trigramServes(text), (query) => query.where(holdsCharacters(text)))
        .where(textCondition("postgres", text, false)),
    )
    .limit(most + 1);
}

/** Characters as both engines' substr counts them (code points, where a JavaScript length counts UTF-16 units). */
const characters = (text: string) => Array.from(text).length;

/** The memo has the tag or one of its children (`work` matches `work/meetings`): checked per row. */
function hasTag(tag: string) {
  const prefix = `${tag}/`;
  return sql<boolean>`EXISTS (SELECT 1 FROM memo_tag t WHERE t.memo_id = m.id
    AND (t.tag = ${tag} OR substr(t.tag, 1, ${characters(prefix)}) = ${prefix}))`;
}

/** One of the memo's tags starts with the prefix: checked per row. */
function hasTagStarting(prefix: string) {
  return sql<boolean>`EXISTS (SELECT 1 FROM memo_tag t WHERE t.memo_id = m.id AND substr(t.tag, 1, ${characters(prefix)}) = ${prefix})`;
}

/**
 * The text has the property: its bit in the flags the store wrote with the text (migration 048; memoPropertyFlags),
 * read from the memo's row without its text. Written as the list of flag values with the bit set, so PostgreSQL's
 * planner estimates it from the column's statistics (most common values), as it cannot for `flags & bit`: at its
 * default guess it sorted a large scope to find a common property instead of walking it in display order.
 */
function hasProperty(property: MemoProperty) {
  const bit = MEMO_PROPERTY_BITS[property];
  const values = Array.from({ length: 1 << MEMO_PROPERTIES.length }, (_, flags) => flags).filter((flags) => (flags & bit) !== 0);
  return sql<boolean>`m.property_flags IN (${sql.join(values.map((flags) => sql.lit(flags)))})`;
}

function rowTest(engine: Engine, test: MemoRowTest) {
  switch (test.kind) {
    case "tag":
      return hasTag(test.tag);
    case "tag-prefix":
      return hasTagStarting(test.prefix);
    case "text":
      return textCondition(engine, test.text, false);
    case "creator":
      return sql<boolean>`m.creator_id = ${test.creatorId}`;
    case "time": {
      const column = sql.ref(`m.${test.column}`);
      const bounds = [
        ...(test.from === undefined ? [] : [sql<boolean>`${column} >= ${test.from}`]),
        ...(test.to === undefined ? [] : [sql<boolean>`${column} < ${test.to}`]),
      ];
      return bounds.length === 0 ? sql<boolean>`1 = 1` : sql<boolean>`(${sql.join(bounds, sql` AND `)})`;
    }
    case "property":
      return hasProperty(test.property);
    case "location":
      return sql<boolean>`m.location_placeholder IS NOT NULL`;
  }
}

const rowCondition = (engine: Engine, { test, negated }: MemoRowCondition) =>
  negated ? sql<boolean>`NOT (${rowTest(engine, test)})` : rowTest(engine, test);

/** A tag in the "C" collation on PostgreSQL, as its indexes hold it (migrations 010, 017); SQLite compares bytes. */
const tagColumn = (engine: Engine) => (engine === "postgres" ? sql`t.tag COLLATE "C"` : sql`t.tag`);

/**
 * The memo_tag entries `t` of exactly `tag` (of one creator's memos, when given): one range of an index that
 * continues in display order (migration 017).
 */
export function tagEntries(engine: Engine, tag: string, creatorId: number | undefined) {
  const exact = sql<boolean>`${tagColumn(engine)} = ${tag}`;
  return creatorId === undefined ? exact : sql<boolean>`t.creator_id = ${creatorId} AND ${exact}`;
}

/**
 * The distinct tags strictly between `after` and `before` (of one creator's memos, when given), smallest first,
 * one index seek per tag however many entries each has (a skip scan written as a recursive query), at most
 * `most + 1` of them.
 */
export function tagsBetween(engine: Engine, after: string, before: string, creatorId: number | undefined, most: number) {
  const column = tagColumn(engine);
  const creator = creatorId === undefined ? sql`` : sql`t.creator_id = ${creatorId} AND `;
  const next = (from: unknown) =>
    sql`(SELECT min(${column}) FROM memo_tag t WHERE ${creator}${column} > ${from} AND ${column} < ${before})`;
  return sql<{ tag: string }>`WITH RECURSIVE found(tag, n) AS (
      SELECT ${next(after)}, 1
      UNION ALL SELECT ${next(sql.ref("found.tag"))}, n + 1 FROM found WHERE found.tag IS NOT NULL AND n <= ${most}
    ) SELECT tag FROM found WHERE tag IS NOT NULL`;
}

export function applyFilter(query: ReturnType<typeof baseQuery>, engine: Engine, filter: MemoFilter) {
  let q = query;
  if (filter.creatorId !== undefined) q = q.where("m.creator_id", "=", filter.creatorId);
  if (filter.spaceId !== undefined) q = q.where("m.space_id", "=", filter.spaceId);
  if (filter.visibilities !== undefined) {
    q = q.where(visibilityCondition(filter.visibilities));
  }
  if (filter.rowStatus !== undefined) q = q.where("m.row_status", "=", filter.rowStatus);
  if (filter.pinned !== undefined) {
    // An (anti-)semi-join on memo_organizer's unique key: both planners estimate it well, unlike COALESCE(o.pinned, 0).
    const pinned = filter.pinned;
    q = q.where((eb) => {
      const pin = eb
        .selectFrom("memo_organizer as p")
        .select(sql`1`.as("one"))
        .whereRef("p.memo_id", "=", "m.id")
        .whereRef("p.user_id", "=", "m.creator_id")
        .where("p.pinned", "=", 1);
      return pinned ? eb.exists(pin) : eb.not(eb.exists(pin));
    });
  }
  if (filter.fromTs !== undefined) q = q.where(DISPLAY_TS, ">=", filter.fromTs);
  if (filter.toTs !== undefined) q = q.where(DISPLAY_TS, "<", filter.toTs);
  if (filter.tag !== undefined && !filter.tagByEntries) q = q.where(hasTag(filter.tag));
  if (filter.type === "NOT_TAGGED") {
    q = q.where((eb) => eb.not(eb.exists(eb.selectFrom("memo_tag as t").select(sql`1`.as("one")).whereRef("t.memo_id", "=", "m.id"))));
  }
  if (filter.type === "LINKED") q = q.where("m.content", "like", "%[%](_%)%");
  for (const condition of filter.conditions ?? []) q = q.where(rowCondition(engine, condition));
  // A search's other terms, each checked row by row (their own index, if any, is the driving text's).
  for (const term of filter.terms ?? []) q = q.where(textCondition(engine, term, false));
  if (filter.text !== undefined && filter.text !== "") {
    const text = filter.text;
    const regex = filter.regex ?? false;
    const candidates = filter.textCandidates;
    if (candidates !== undefined) {
      // Ids as values: each engine then looks the memos up by primary key.
      q = q.where(candidates.length === 0 ? sql<boolean>`1 = 0` : sql<boolean>`m.id IN (${sql.join(candidates)})`);
      // SQLite's candidates are exact for a phrase; others (1–2 characters, a trigram twice) are checked here.
      if (engine === "sqlite" && !isExactPhrase(text)) q = q.where(textCondition(engine, text, false));
    } else if (filter.textByIndex && !regex && engine === "sqlite") {
      // The rows come from the full-text index (fullTextEntriesQuery): a phrase's matches are exact; other texts'
      // terms give candidates, checked here.
      if (!isExactPhrase(text)) q = q.where(textCondition(engine, text, false));
    } else {
      if (filter.textByIndex && !regex && !trigramServes(text)) q = q.where(holdsCharacters(text));
      q = q.where(textCondition(engine, text, regex));
    }
  }
  return q;
}
