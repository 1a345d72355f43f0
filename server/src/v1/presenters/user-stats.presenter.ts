// What an account wrote as a v1 UserStats: its memos in the caller's scope, counted by kind of content (the property
// flags stored with each memo, the same reading of the text as a memo's property), by tag, and their times for the
// activity calendar.
import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import type { UserStats } from "../../services/user-stats.service.js";
import type { UserStatsSchema } from "../gen/memos/api/v1/user_service_pb.js";
import { memoName, userStatsName } from "../names.js";

export function presentUserStats(username: string, stats: UserStats): MessageInitShape<typeof UserStatsSchema> {
  const { properties } = stats;
  return {
    name: userStatsName(username),
    memoTypeStats: {
      linkCount: properties.hasLink,
      codeCount: properties.hasCode,
      todoCount: properties.hasTaskList,
      undoCount: properties.hasIncompleteTasks,
    },
    tagCount: Object.fromEntries(stats.tags),
    pinnedMemos: stats.pinnedUids.map(memoName),
    totalMemoCount: stats.total,
    memoCreatedTimestamps: stats.times.map((time) => timestampFromMs(time.createdTs * 1000)),
    memoUpdatedTimestamps: stats.times.map((time) => timestampFromMs(time.updatedTs * 1000)),
  };
}
