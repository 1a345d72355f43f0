// What an account wrote as a v1 UserStats: its memos in the caller's scope, counted by kind of content (from the same
// reading of the text as a memo's property), by tag, and their times for the activity calendar.
import { extractTags } from "@memos/common";
import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import type { MemoStatRow } from "../../store/sql/memo/user-stats.store.js";
import type { UserStatsSchema } from "../gen/memos/api/v1/user_service_pb.js";
import { memoName, userStatsName } from "../names.js";
import { propertyOf } from "./memo.presenter.js";

/** `rows`: one account's memos, newest created first. */
export function presentUserStats(username: string, rows: readonly MemoStatRow[]): MessageInitShape<typeof UserStatsSchema> {
  const types = { linkCount: 0, codeCount: 0, todoCount: 0, undoCount: 0 };
  const tagCount: Record<string, number> = {};
  for (const row of rows) {
    const property = propertyOf(row.content);
    if (property.hasLink) types.linkCount += 1;
    if (property.hasCode) types.codeCount += 1;
    if (property.hasTaskList) types.todoCount += 1;
    if (property.hasIncompleteTasks) types.undoCount += 1;
    for (const tag of extractTags(row.content)) tagCount[tag] = (tagCount[tag] ?? 0) + 1;
  }
  return {
    name: userStatsName(username),
    memoTypeStats: types,
    tagCount,
    pinnedMemos: rows.filter((row) => row.pinned === 1).map((row) => memoName(row.uid)),
    totalMemoCount: rows.length,
    memoCreatedTimestamps: rows.map((row) => timestampFromMs(row.created_ts * 1000)),
    memoUpdatedTimestamps: rows.map((row) => timestampFromMs(row.updated_ts * 1000)),
  };
}
