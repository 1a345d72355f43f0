// A read filter (memo-cel.ts) as the store's filters: its negations pushed down to single checks, its `||` spread
// out into alternatives (each an AND of checks, which one store filter holds exactly), each alternative's checks
// put where the store serves them best: a creator, visibilities, a tag and the text on the indexed fields, the rest
// as row conditions. The alternatives are walked and merged (services/memo-alternatives.service.ts), so any mix of
// `&&`, `||` and `!` is answered exactly, up to MAX_ALTERNATIVES of them.
import { INPUT_LIMITS, MAX_SEARCH_TERMS, VISIBILITIES, type Visibility } from "@memos/common";
import type { MemoAlternative } from "../../services/memo-alternatives.service.js";
import type { MemoRowCondition } from "../../store/sql/memo/memo-filter.js";
import { invalidArgument } from "../transport/errors.js";
import type { FilterAtom, FilterNode } from "./memo-cel.js";

/** Each alternative is a walk (two for a member's list of everyone): a page costs at most this many. */
const MAX_ALTERNATIVES = 8;
/** How far the spreading may grow before alternatives that cannot match are dropped. */
const MAX_SPREAD = 64;

interface Literal {
  atom: FilterAtom;
  negated: boolean;
}

/** An AND of literals; a list of them is their OR. `[]` matches nothing, `[[]]` everything. */
type Conjunction = Literal[];

/** The usernames the filter names as creators (`creator == "users/steven"`), to be looked up once. */
export function creatorNames(node: FilterNode): string[] {
  switch (node.kind) {
    case "and":
    case "or":
      return [...new Set(node.nodes.flatMap(creatorNames))];
    case "not":
      return creatorNames(node.node);
    case "atom":
      return node.atom.kind === "creator-name" ? [node.atom.username] : [];
    default:
      return [];
  }
}

/**
 * The filter as alternatives for the store. `creatorIds` holds the accounts of the names creatorNames gave (a name
 * without one is no memo's creator). An empty list: nothing matches.
 * @example filterAlternatives(compileMemoFilter('"a" in tags || pinned', now), new Map()) // [{ tag: "a" }, { pinned: true }]
 */
export function filterAlternatives(node: FilterNode, creatorIds: ReadonlyMap<string, number>): MemoAlternative[] {
  const alternatives: MemoAlternative[] = [];
  const seen = new Set<string>();
  for (const conjunction of spread(node, false)) {
    const alternative = alternativeOf(conjunction, creatorIds);
    if (alternative === null) continue;
    // Everything matches: no other alternative adds a memo.
    if (Object.keys(alternative).length === 0) return [{}];
    const key = JSON.stringify(alternative);
    if (seen.has(key)) continue;
    seen.add(key);
    alternatives.push(alternative);
  }
  if (alternatives.length > MAX_ALTERNATIVES)
    throw invalidArgument("filter", `its || make ${alternatives.length} alternatives; at most ${MAX_ALTERNATIVES} are served`);
  return alternatives;
}

/** The node (negated or not) as an OR of ANDs of literals. */
function spread(node: FilterNode, negated: boolean): Conjunction[] {
  switch (node.kind) {
    case "constant":
      return node.value !== negated ? [[]] : [];
    case "atom":
      return [[{ atom: node.atom, negated }]];
    case "not":
      return spread(node.node, !negated);
    case "and":
    case "or": {
      // De Morgan: a negated AND is an OR of the negations, and a negated OR an AND.
      const isAnd = (node.kind === "and") !== negated;
      const parts = node.nodes.map((each) => spread(each, negated));
      return isAnd ? parts.reduce(product, [[]]) : bounded(parts.flat());
    }
  }
}

function product(left: Conjunction[], right: Conjunction[]): Conjunction[] {
  return bounded(left.flatMap((a) => right.map((b) => [...a, ...b])));
}

function bounded(conjunctions: Conjunction[]): Conjunction[] {
  if (conjunctions.length > MAX_SPREAD)
    throw invalidArgument("filter", `its || make more than ${MAX_SPREAD} alternatives; at most ${MAX_ALTERNATIVES} are served`);
  return conjunctions;
}

/** Time bounds of one column, [from, to). */
interface Interval {
  from?: number;
  to?: number;
}

/** The store filter of an AND of literals, or null when they contradict each other (nothing matches). */
function alternativeOf(literals: Conjunction, creatorIds: ReadonlyMap<string, number>): MemoAlternative | null {
  let creatorId: number | undefined;
  let visibilities: Set<Visibility> | undefined;
  let pinned: boolean | undefined;
  const tags: string[] = [];
  const texts: string[] = [];
  const times = new Map<"created_ts" | "updated_ts", Interval>();
  const conditions: MemoRowCondition[] = [];

  for (const { atom, negated } of literals) {
    switch (atom.kind) {
      case "creator-name":
      case "creator-id": {
        const id = atom.kind === "creator-id" ? atom.id : creatorIds.get(atom.username);
        if (negated) {
          if (id !== undefined) conditions.push({ test: { kind: "creator", creatorId: id }, negated: true });
        } else {
          if (id === undefined || (creatorId !== undefined && creatorId !== id)) return null;
          creatorId = id;
        }
        break;
      }
      case "visibility": {
        const named = new Set(atom.visibilities);
        const allowed = VISIBILITIES.filter((visibility) => named.has(visibility) !== negated);
        visibilities = new Set(allowed.filter((visibility) => visibilities?.has(visibility) ?? true));
        break;
      }
      case "pinned":
        if (pinned === negated) return null;
        pinned = !negated;
        break;
      case "tag":
        if (negated) conditions.push({ test: { kind: "tag", tag: atom.tag }, negated });
        else tags.push(atom.tag);
        break;
      case "tag-prefix":
        conditions.push({ test: { kind: "tag-prefix", prefix: atom.prefix }, negated });
        break;
      case "content":
        if (negated) conditions.push({ test: { kind: "text", text: atom.text }, negated });
        else texts.push(atom.text);
        break;
      case "time":
        if (negated) conditions.push({ test: atom, negated });
        else times.set(atom.column, narrowed(times.get(atom.column) ?? {}, atom));
        break;
      case "property":
        conditions.push({ test: { kind: "property", property: atom.property }, negated });
        break;
      case "location":
        conditions.push({ test: { kind: "location" }, negated });
        break;
    }
  }
  if (visibilities?.size === 0) return null;
  for (const [column, interval] of times) {
    if (interval.from !== undefined && interval.to !== undefined && interval.from >= interval.to) return null;
    conditions.push({ test: { kind: "time", column, ...interval }, negated: false });
  }
  // The first tag is walked through its entries; the others are checked on the memos found.
  const [tag, ...otherTags] = [...new Set(tags)];
  for (const other of otherTags) conditions.push({ test: { kind: "tag", tag: other }, negated: false });
  return {
    ...(creatorId !== undefined && { creatorId }),
    ...(visibilities !== undefined && { visibilities: VISIBILITIES.filter((visibility) => visibilities!.has(visibility)) }),
    ...(pinned !== undefined && { pinned }),
    ...(tag !== undefined && { tag }),
    ...textOf(texts),
    ...(conditions.length > 0 && { conditions }),
  };
}

function narrowed(interval: Interval, bound: Interval): Interval {
  const from = Math.max(interval.from ?? -Infinity, bound.from ?? -Infinity);
  const to = Math.min(interval.to ?? Infinity, bound.to ?? Infinity);
  return { ...(Number.isFinite(from) && { from }), ...(Number.isFinite(to) && { to }) };
}

/** The texts the memo must hold as a search's: the longest drives it (fewest memos hold it), the others are terms. */
function textOf(texts: string[]): Pick<MemoAlternative, "text" | "terms"> {
  const distinct = texts.filter((text, i) => texts.findIndex((other) => other.toLowerCase() === text.toLowerCase()) === i);
  if (distinct.length === 0) return {};
  if (distinct.length > MAX_SEARCH_TERMS)
    throw invalidArgument("filter", `${distinct.length} content.contains() in one alternative; at most ${MAX_SEARCH_TERMS} are served`);
  const tooLong = distinct.find((text) => Array.from(text).length > INPUT_LIMITS.searchText);
  if (tooLong !== undefined) throw invalidArgument("filter", `content.contains() takes at most ${INPUT_LIMITS.searchText} characters`);
  const length = (text: string) => Array.from(text).length;
  const longest = distinct.reduce((best, text) => (length(text) > length(best) ? text : best));
  const terms = distinct.filter((text) => text !== longest);
  return { text: longest, ...(terms.length > 0 && { terms }) };
}
