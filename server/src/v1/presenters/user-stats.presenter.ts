// What an account wrote as a v1 UserStats: its memos in the caller's scope, counted by kind of content (the property
// flags stored with each memo, the same reading of the text as a memo's property), by tag, and their times for the
// activity calendar.
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { Timestamp } from "@bufbuild/protobuf/wkt";
import type { UserStats } from "../../services/user-stats.service.js";
import type { UserStatsSchema } from "../gen/memos/api/v1/user_service_pb.js";
import { memoName, userStatsName } from "../names.js";

/**
 * A whole second as a Timestamp message, made directly: the calendar lists two per memo, and at 100,000 memos
 * timestampFromMs (a Date and a create each) costs several times more than the message itself.
 */
const timestampOfSeconds = (seconds: number): Timestamp => ({ $typeName: "google.protobuf.Timestamp", seconds: BigInt(seconds), nanos: 0 });

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
    memoCreatedTimestamps: stats.times.map((time) => timestampOfSeconds(time.createdTs)),
    memoUpdatedTimestamps: stats.times.map((time) => timestampOfSeconds(time.updatedTs)),
  };
}
