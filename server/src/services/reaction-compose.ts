// A page of memos' or comments' reactions in a fixed number of queries (the counts, the first reactors), per target
// and emoji, in the order each emoji was first given.
import type { Viewer } from "../context.js";
import type { Db } from "../store/db.js";
import { countReactions, listReactions, type ReactionTarget } from "../store/sql/reaction.store.js";

/** Reactors named per target and emoji; the count says how many there are in all. */
const NAMED_PER_EMOJI = 20;

export interface ComposedReaction {
  targetId: number;
  emoji: string;
  count: number;
  users: { id: number; name: string }[];
  mine: boolean;
}

export async function composeReactions(
  db: Db,
  viewer: Viewer,
  target: ReactionTarget,
  ids: readonly number[],
): Promise<ComposedReaction[]> {
  if (ids.length === 0) return [];
  const [counts, named] = await Promise.all([
    countReactions(db, target, ids, viewer?.id ?? null),
    listReactions(db, target, ids, NAMED_PER_EMOJI),
  ]);
  const names = new Map<string, { id: number; name: string }[]>();
  for (const row of named) {
    const key = `${row.target_id} ${row.emoji}`;
    const list = names.get(key) ?? [];
    list.push({ id: row.creator_id, name: row.name });
    names.set(key, list);
  }
  return counts.map((row) => ({
    targetId: row.target_id,
    emoji: row.emoji,
    count: row.count,
    users: names.get(`${row.target_id} ${row.emoji}`) ?? [],
    mine: row.mine,
  }));
}
