// What the v1 API's user stats read of each memo in scope: its times, text and its creator's pin, newest created
// first. The text is read because what stats count of it (links, code, tasks, tags) is not stored apart: every memo
// in scope crosses to the server once (on SQLite in a reader thread), as the whole scope is counted.
import type { Db, Engine } from "../../db.js";
import { applyFilter, baseQuery, type MemoFilter } from "./memo-filter.js";
import { PINNED } from "./memo-walk.js";

export interface MemoStatRow {
  uid: string;
  creator_id: number;
  created_ts: number;
  updated_ts: number;
  content: string;
  pinned: number;
}

export async function listMemoStatRows(db: Db, engine: Engine, filter: MemoFilter): Promise<MemoStatRow[]> {
  const rows = await applyFilter(baseQuery(db), engine, filter)
    .select(["m.uid", "m.creator_id", "m.created_ts", "m.updated_ts", "m.content", PINNED.as("pinned")])
    .orderBy("m.created_ts", "desc")
    .orderBy("m.id", "desc")
    .execute();
  return rows.map((row) => ({
    ...row,
    created_ts: Number(row.created_ts),
    updated_ts: Number(row.updated_ts),
    pinned: Number(row.pinned),
  }));
}
