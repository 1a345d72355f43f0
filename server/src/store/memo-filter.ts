// How a memo filter becomes SQL: the base query (a memo with its creator's pin), and the conditions of each
// filter field, checked per row or found through an index (full-text, tag), on either engine.
import type { RowStatus, Visibility } from "@memos/common";
import { sql } from "kysely";
import { RE2JS } from "re2js";
import type { Db, Engine } from "./db.js";
import { holdsCharacters, inFullText, isPhraseLength, trigramServes } from "./fulltext.js";

export interface MemoFilter {
  creatorId?: number;
  /** The visibilities the caller may see; undefined means all. */
  visibilities?: Visibility[];
  rowStatus?: RowStatus;
  pinned?: boolean;
  /** Exact tag or any of its children. */
  tag?: string;
  /** Case-insensitive substring, or a regular expression when `regex` is set. */
  text?: string;
  regex?: boolean;
  fromTs?: number;
  toTs?: number;
  type?: "NOT_TAGGED" | "LINKED";
  /** Find `text` through a text index (store/fulltext.ts) instead of checking each row only. */
  textByIndex?: boolean;
  /**
   * The memos of a rare `tag`, found beforehand through memo_tag's indexes: the list reads these ids (and orders
   * them) instead of checking the tag on each row of a walk.
   */
  taggedIds?: readonly number[];
}

export const DISPLAY_TS = sql<number>`m.display_ts`;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export function baseQuery(db: Db) {
  return db
    .selectFrom("memo as m")
    .leftJoin("memo_organizer as o", (join) => join.onRef("o.memo_id", "=", "m.id").onRef("o.user_id", "=", "m.creator_id"));
}

/** True when the text holds a non-ASCII letter with an upper and a lower case (ä, Ω), which SQLite's LIKE won't fold. */
const hasNonAsciiCase = (text: string): boolean =>
  [...text].some((char) => char > "\u007f" && char.toLowerCase() !== char.toUpperCase());

/** A per-row check of the text filter on `column`; PostgreSQL's planner may still serve it from the trigram index. */
export function textCondition(engine: Engine, text: string, regex: boolean, column: "m.content" | "w.content" = "m.content") {
  const content = sql.ref(column);
  if (regex) return engine === "sqlite" ? sql<boolean>`${content} REGEXP ${text}` : sql<boolean>`${content} ~* ${text}`;
  const pattern = `%${escapeLike(text)}%`;
  if (engine === "postgres") return sql<boolean>`${content} ILIKE ${pattern} ESCAPE '\\'`;
  // SQLite folds ASCII case only; the case-insensitive REGEXP function folds the rest (ä = Ä).
  if (hasNonAsciiCase(text)) return sql<boolean>`${content} REGEXP ${RE2JS.quote(text)}`;
  return sql<boolean>`${content} LIKE ${pattern} ESCAPE '\\'`;
}

/** The memo has the tag or one of its children (`work` matches `work/meetings`): checked per row. */
function hasTag(tag: string) {
  const prefix = `${tag}/`;
  return sql<boolean>`EXISTS (SELECT 1 FROM memo_tag t WHERE t.memo_id = m.id
    AND (t.tag = ${tag} OR substr(t.tag, 1, ${prefix.length}) = ${prefix}))`;
}

/**
 * memo_tag rows of the tag (`part` "tag") or of its children ("children"), read from its tag index: an equality or a range (children
 * sort between `tag/` and `tag0`, '0' being the character after '/'). PostgreSQL compares in the "C" collation,
 * whatever the database's, through an index of its own (migration 010). With a creator, the rows of that
 * creator's memos only, from the (creator, tag) index (migration 016).
 */
export function taggedCondition(engine: Engine, tag: string, creatorId: number | undefined, part: "tag" | "children") {
  const column = engine === "postgres" ? sql`t.tag COLLATE "C"` : sql`t.tag`;
  const range = sql<boolean>`(${column} > ${`${tag}/`} AND ${column} < ${`${tag}0`})`;
  const exact = creatorId === undefined ? sql<boolean>`t.tag = ${tag}` : sql<boolean>`${column} = ${tag}`;
  const which = part === "tag" ? exact : range;
  return creatorId === undefined ? which : sql<boolean>`t.creator_id = ${creatorId} AND ${which}`;
}

export function applyFilter(query: ReturnType<typeof baseQuery>, engine: Engine, filter: MemoFilter) {
  let q = query;
  if (filter.creatorId !== undefined) q = q.where("m.creator_id", "=", filter.creatorId);
  if (filter.visibilities !== undefined) {
    if (filter.visibilities.length === 0) return q.where(sql<boolean>`1 = 0`);
    q = q.where("m.visibility", "in", filter.visibilities);
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
  if (filter.tag !== undefined) {
    const tag = filter.tag;
    if (filter.taggedIds === undefined) q = q.where(hasTag(tag));
    // Ids as values: each engine then looks the memos up by primary key (an IN subquery let SQLite walk the
    // display index instead, testing each row against it).
    else if (filter.taggedIds.length === 0) q = q.where(sql<boolean>`1 = 0`);
    else q = q.where("m.id", "in", [...filter.taggedIds]);
  }
  if (filter.type === "NOT_TAGGED") {
    q = q.where((eb) => eb.not(eb.exists(eb.selectFrom("memo_tag as t").select(sql`1`.as("one")).whereRef("t.memo_id", "=", "m.id"))));
  }
  if (filter.type === "LINKED") q = q.where("m.content", "like", "%[%](_%)%");
  if (filter.text !== undefined && filter.text !== "") {
    const text = filter.text;
    const regex = filter.regex ?? false;
    if (filter.textByIndex && !regex && engine === "sqlite") {
      q = q.where(inFullText(text));
      // A phrase's matches are exact; the terms of a shorter text give candidates, checked here.
      if (!isPhraseLength(text)) q = q.where(textCondition(engine, text, false));
    } else {
      if (filter.textByIndex && !regex && !trigramServes(text)) q = q.where(holdsCharacters(text));
      q = q.where(textCondition(engine, text, regex));
    }
  }
  return q;
}
