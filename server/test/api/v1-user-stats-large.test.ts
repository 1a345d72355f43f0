// v1 user stats of an account with more memos than one page of times (services/user-stats.service.ts reads them
// 5,000 at a time, yielding between pages): the calendar's times come whole and in order across the pages' edges,
// ties of created time included, for the owner (every memo), another member (the shared ones) and everyone's stats
// (the owner's shared and private memos merged).
import { memoPropertyFlags, VISIBILITIES } from "@memos/common";
import type { Timestamp } from "@bufbuild/protobuf/wkt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UserService } from "../../src/v1/gen/memos/api/v1/user_service_pb.js";
import { createUser, type TestUser } from "../factories.js";
import type { TestApp } from "../harness.js";
import { connectClient, personalToken, startV1Instance } from "../v1-client.js";

/** More than two pages, not a multiple of one. */
const MEMOS = 12_345;
const BATCH = 1000;

let t: TestApp;
let base: string;
let prolific: TestUser;
let prolificToken: string;
let memberToken: string;
/** The prolific account's NORMAL memos as stored: [created, updated, id, visibility]. */
let stored: Array<{ created: number; updated: number; id: number; visibility: string }>;

beforeAll(async () => {
  const instance = await startV1Instance();
  ({ t, base, memberToken } = instance);
  prolific = await createUser(t, instance.host, "prolific");
  prolificToken = await personalToken(prolific.client);
  const db = t.ctx.store.db;
  const start = 1_650_000_000;
  for (let offset = 0; offset < MEMOS; offset += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, MEMOS - offset) }, (_, i) => {
      const n = offset + i;
      // Three memos a minute (ties on the created time, some across a page's edge), updated later by a little.
      const created = start + Math.floor(n / 3) * 60;
      return {
        creator_id: prolific.user.id,
        content: `memo ${n}`,
        property_flags: memoPropertyFlags(`memo ${n}`),
        visibility: VISIBILITIES[n % 3]!,
        row_status: n % 97 === 0 ? ("ARCHIVED" as const) : ("NORMAL" as const),
        created_ts: created,
        updated_ts: created + (n % 5),
        display_ts: created,
      };
    });
    await db.insertInto("memo").values(rows).execute();
  }
  const rows = await db
    .selectFrom("memo")
    .select(["created_ts", "updated_ts", "id", "visibility"])
    .where("creator_id", "=", prolific.user.id)
    .where("row_status", "=", "NORMAL")
    .execute();
  stored = rows
    .map((row) => ({ created: Number(row.created_ts), updated: Number(row.updated_ts), id: Number(row.id), visibility: row.visibility }))
    .sort((a, b) => b.created - a.created || b.id - a.id);
}, 120_000);
afterAll(() => t.close());

const seconds = (times: Timestamp[]) => times.map((time) => Number(time.seconds));

describe("user stats of an account of many memos", () => {
  it("list every memo's times, newest created first, across the pages", async () => {
    const stats = await connectClient(base, UserService, { authorization: `Bearer ${prolificToken}` }).getUserStats({
      name: "users/prolific",
    });
    expect(stats.totalMemoCount).toBe(stored.length);
    expect(seconds(stats.memoCreatedTimestamps)).toEqual(stored.map((memo) => memo.created));
    expect(seconds(stats.memoUpdatedTimestamps)).toEqual(stored.map((memo) => memo.updated));
  });

  it("list the shared ones to another member", async () => {
    const shared = stored.filter((memo) => memo.visibility !== "PRIVATE");
    const stats = await connectClient(base, UserService, { authorization: `Bearer ${memberToken}` }).getUserStats({
      name: "users/prolific",
    });
    expect(seconds(stats.memoCreatedTimestamps)).toEqual(shared.map((memo) => memo.created));
    expect(seconds(stats.memoUpdatedTimestamps)).toEqual(shared.map((memo) => memo.updated));
  });

  it("merge the owner's shared and private memos in everyone's stats", async () => {
    const all = await connectClient(base, UserService, { authorization: `Bearer ${prolificToken}` }).listAllUserStats({});
    const own = all.stats.find((stats) => stats.name === "users/prolific/stats")!;
    const created = seconds(own.memoCreatedTimestamps);
    const updated = seconds(own.memoUpdatedTimestamps);
    expect(created).toEqual(stored.map((memo) => memo.created));
    // Within a tie of created times the two scopes' memos may interleave either way; each memo's pair is kept.
    const pairs = (list: Array<[number, number]>) => list.map(([c, u]) => `${c}:${u}`).sort();
    expect(pairs(created.map((c, i) => [c, updated[i]!]))).toEqual(pairs(stored.map((memo) => [memo.created, memo.updated])));
  });
});
