// v1 user stats (GetUserStats, ListAllUserStats), read from stored flags, tag entries and narrow columns, answer
// what counting every memo's text in scope answers (the way they were computed before migration 048: the v1
// presenter's reading of each text, its tags, its creator's pin, its times newest created first), for the owner,
// another member and a visitor, over memos of every kind: each property, tags and children, pins, archived, trashed
// and edited memos, of several accounts and visibilities.
import { extractTags, memoPropertiesOf } from "@memos/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, type TestUser } from "../factories.js";
import type { TestApp } from "../harness.js";
import { personalToken, rest, startV1Instance } from "../v1-client.js";

const TEXTS = [
  "plain note #work",
  "- [ ] call the plumber #work/meetings",
  "- [x] paid the rent #home",
  "see https://example.com/read #reading #work",
  "inline `code` here #work/code",
  "```\nblock\n```\n#home/kitchen",
  "no tags, just text",
  "#workshop notes xhttps://a.b and - [ ] not a task",
  "* [ ] first\n* [x] second #ideas",
  "(http://x.y) and\n  - [x] indented, done",
  "one ` tick\nand ` another #work",
  "`#notatag` but #real",
];
const VISIBILITIES = ["PUBLIC", "PROTECTED", "PRIVATE"] as const;

let t: TestApp;
let base: string;
/** Each account's token; the visitor has none. */
const tokens: Record<string, string> = {};
const accounts: Record<string, TestUser> = {};

beforeAll(async () => {
  const instance = await startV1Instance();
  ({ t, base } = instance);
  accounts.host = instance.host;
  accounts.member = instance.member;
  accounts.carol = await createUser(t, instance.host, "carol");
  accounts.idle = await createUser(t, instance.host, "idle");
  tokens.host = instance.hostToken;
  tokens.member = instance.memberToken;
  tokens.carol = await personalToken(accounts.carol.client);
  tokens.idle = await personalToken(accounts.idle.client);
  const owners = ["host", "member", "carol"];
  const start = 1_700_000_000;
  for (let i = 0; i < 48; i++) {
    const owner = owners[i % 3]!;
    const body = {
      content: TEXTS[i % TEXTS.length],
      visibility: VISIBILITIES[Math.floor(i / 3) % 3],
      createTime: new Date((start + i * 3600) * 1000).toISOString(),
      pinned: i % 5 === 0,
      ...(i % 7 === 3 && { state: "ARCHIVED" }),
    };
    const created = await rest(base, "POST", "/api/v1/memos", { token: tokens[owner], body });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    // Some are edited (a later updated time, another text), some trashed.
    if (i % 6 === 1) {
      const edited = await rest(base, "PATCH", `/api/v1/${created.body.name}?updateMask=content`, {
        token: tokens[owner],
        body: { content: `${TEXTS[(i + 4) % TEXTS.length]} edited` },
      });
      expect(edited.status).toBe(200);
    }
    if (i % 11 === 4) expect((await rest(base, "DELETE", `/api/v1/${created.body.name}`, { token: tokens[owner] })).status).toBe(200);
  }
});
afterAll(() => t.close());

interface Row {
  uid: string;
  creator: string;
  created_ts: number;
  updated_ts: number;
  content: string;
  visibility: string;
  row_status: string;
  pinned: boolean;
}

/** Every live memo with its creator's name and pin, read from the database. */
async function allRows(): Promise<Row[]> {
  const rows = await t.ctx.store.db
    .selectFrom("memo as m")
    .innerJoin("user as u", "u.id", "m.creator_id")
    .leftJoin("memo_organizer as o", (join) => join.onRef("o.memo_id", "=", "m.id").onRef("o.user_id", "=", "m.creator_id"))
    .select(["m.id", "m.uid", "u.username", "m.created_ts", "m.updated_ts", "m.content", "m.visibility", "m.row_status", "o.pinned"])
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      uid: row.uid,
      creator: row.username,
      created_ts: Number(row.created_ts),
      updated_ts: Number(row.updated_ts),
      content: row.content,
      visibility: row.visibility,
      row_status: row.row_status,
      pinned: Number(row.pinned ?? 0) === 1,
    }))
    .sort((a, b) => b.created_ts - a.created_ts || b.id - a.id);
}

/** What a caller may count of a creator's memos: NORMAL ones, all of their own, shared ones to a member, public to a visitor. */
const mayCount = (caller: string | null, row: Row) =>
  row.row_status === "NORMAL" &&
  (row.creator === caller || row.visibility === "PUBLIC" || (caller !== null && row.visibility === "PROTECTED"));

/** The stats as counting each memo's text answers them (rows newest created first), in the REST answer's JSON. */
function countedStats(username: string, rows: readonly Row[]) {
  const types = { linkCount: 0, codeCount: 0, todoCount: 0, undoCount: 0 };
  const tagCount: Record<string, number> = {};
  for (const row of rows) {
    const property = memoPropertiesOf(row.content);
    if (property.hasLink) types.linkCount += 1;
    if (property.hasCode) types.codeCount += 1;
    if (property.hasTaskList) types.todoCount += 1;
    if (property.hasIncompleteTasks) types.undoCount += 1;
    for (const tag of extractTags(row.content)) tagCount[tag] = (tagCount[tag] ?? 0) + 1;
  }
  return {
    name: `users/${username}/stats`,
    memoTypeStats: types,
    tagCount,
    pinnedMemos: rows.filter((row) => row.pinned).map((row) => `memos/${row.uid}`),
    totalMemoCount: rows.length,
    memoCreatedTimestamps: rows.map((row) => row.created_ts),
    memoUpdatedTimestamps: rows.map((row) => row.updated_ts),
  };
}

/** The REST answer with its times as Unix seconds and the zero counts protojson leaves out filled in. */
function normalized(answer: Record<string, unknown>) {
  const seconds = (times: unknown) => ((times as string[] | undefined) ?? []).map((time) => Date.parse(time) / 1000);
  return {
    name: answer.name,
    memoTypeStats: { linkCount: 0, codeCount: 0, todoCount: 0, undoCount: 0, ...(answer.memoTypeStats as object) },
    tagCount: answer.tagCount ?? {},
    pinnedMemos: answer.pinnedMemos ?? [],
    totalMemoCount: answer.totalMemoCount ?? 0,
    memoCreatedTimestamps: seconds(answer.memoCreatedTimestamps),
    memoUpdatedTimestamps: seconds(answer.memoUpdatedTimestamps),
  };
}

const CALLERS = ["host", "member", "carol", null] as const;

describe("v1 user stats answer what counting each memo's text answers", () => {
  it.each(CALLERS)("GetUserStats of each account, as %s", async (caller) => {
    const rows = await allRows();
    const token = caller === null ? undefined : tokens[caller];
    for (const username of ["host", "member", "carol", "idle"]) {
      const answer = await rest(base, "GET", `/api/v1/users/${username}:getStats`, { token });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const expected = countedStats(
        username,
        rows.filter((row) => row.creator === username && mayCount(caller, row)),
      );
      expect(normalized(answer.body), `${username} as ${caller}`).toEqual(expected);
    }
  });

  /** ListAllUserStats' query: none, explore's visibility filter, the caller's archive. */
  const LISTS = [
    { query: "", counted: (caller: string | null, row: Row) => mayCount(caller, row) },
    {
      query: `?filter=${encodeURIComponent('visibility in ["PUBLIC", "PRIVATE"]')}`,
      counted: (caller: string | null, row: Row) => mayCount(caller, row) && row.visibility !== "PROTECTED",
    },
    { query: "?state=ARCHIVED", counted: (caller: string | null, row: Row) => row.row_status === "ARCHIVED" && row.creator === caller },
  ];

  it.each(CALLERS.flatMap((caller) => LISTS.map((list) => [caller, list] as const)))(
    "ListAllUserStats, as %s, %o",
    async (caller, list) => {
      const rows = (await allRows()).filter((row) => list.counted(caller, row));
      const answer = await rest(base, "GET", `/api/v1/users:stats${list.query}`, { token: caller === null ? undefined : tokens[caller] });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      // Accounts by id (host, member, carol), each only with a memo the caller may count.
      const expected = ["host", "member", "carol"]
        .map((username) =>
          countedStats(
            username,
            rows.filter((row) => row.creator === username),
          ),
        )
        .filter((stats) => stats.totalMemoCount > 0);
      expect((answer.body.stats as Array<Record<string, unknown>>).map(normalized)).toEqual(expected);
    },
  );
});
