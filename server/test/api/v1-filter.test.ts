// v1 ListMemos' CEL filters over real HTTP (REST as MoeMemos sends them, Connect as the web app and memogram do): each
// documented form lists exactly the memos a scan of the created memos finds (a JavaScript predicate per filter),
// newest first and page by page, within what the caller may read; a filter never widens that; bad filters are 400
// InvalidArgument naming the field or the position.
import { Code, ConnectError } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoService } from "../../src/v1/gen/memos/api/v1/memo_service_pb.js";
import { createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { connectClient, listen, personalToken, rest } from "../v1-client.js";

/** A memo as the v1 API answers it (JSON). */
interface V1Memo {
  name: string;
  creator: string;
  content: string;
  visibility: "PUBLIC" | "PROTECTED" | "PRIVATE";
  state: "NORMAL" | "ARCHIVED";
  pinned: boolean;
  tags: string[];
  createTime: string;
  updateTime: string;
  property: { hasLink: boolean; hasTaskList: boolean; hasCode: boolean; hasIncompleteTasks: boolean };
}

let t: TestApp;
let base: string;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const memos: V1Memo[] = [];
const HOUR = 3600;
const now = Math.floor(Date.now() / 1000);
/** The first memo's time: the memos are 12 hours apart, so a week ago falls among them. */
const start = now - 16 * 24 * HOUR;

const CONTENTS = [
  "plain note about the garden #work",
  "- [ ] call the plumber #work/meetings",
  "- [x] paid the rent #home",
  "see https://example.com/read #reading",
  "inline `code` here #work/code",
  "```\nblock\n```\n#home/kitchen",
  "Garden party on Sunday #party",
  "no tags, just GARDEN text",
  "#workshop notes xhttps://a.b and - [ ] not a task",
  "* [ ] first\n* [x] second #ideas",
  "(http://x.y) and\n  - [x] indented, done",
  "one ` tick\nand ` another",
];
const VISIBILITIES = ["PUBLIC", "PROTECTED", "PRIVATE"] as const;

beforeAll(async () => {
  t = await createTestApp();
  const host = await signUpHost(t, "host");
  const users: Record<string, TestUser> = { host, alice: await createUser(t, host, "alice"), bob: await createUser(t, host, "bob") };
  for (const [name, user] of Object.entries(users)) {
    tokens[name] = await personalToken(user.client);
    ids[name] = user.user.id;
  }
  base = await listen(t);
  const owners = ["host", "alice", "bob"];
  for (let i = 0; i < 30; i++) {
    const owner = owners[i % 3]!;
    const memo = {
      content: CONTENTS[i % CONTENTS.length],
      visibility: VISIBILITIES[Math.floor(i / 3) % 3],
      createTime: new Date((start + i * 12 * HOUR) * 1000).toISOString(),
      pinned: i % 4 === 0,
      ...(i % 11 === 5 && { state: "ARCHIVED" }),
    };
    const created = await rest(base, "POST", "/api/v1/memos", { token: tokens[owner], body: memo });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    memos.push(created.body);
  }
});
afterAll(() => t.close());

const seconds = (time: string) => Date.parse(time) / 1000;
/** The memo carries the tag or one under it. */
const hasTag = (memo: V1Memo, tag: string) => memo.tags.some((each) => each === tag || each.startsWith(`${tag}/`));
const created = (i: number) => start + i * 12 * HOUR;

/** Each documented form, with the predicate a scan checks (the accounts' ids are known once they exist). */
const cases = (): Array<[string, (memo: V1Memo) => boolean]> => [
  ['content.contains("garden")', (m) => m.content.toLowerCase().includes("garden")],
  ['"work" in tags', (m) => hasTag(m, "work")],
  ['tags.exists(t, t.startsWith("wor"))', (m) => m.tags.some((tag) => tag.startsWith("wor"))],
  ['tags.exists(t, t == "home" || t.startsWith("par"))', (m) => hasTag(m, "home") || m.tags.some((tag) => tag.startsWith("par"))],
  ['tag in ["home", "ideas"]', (m) => hasTag(m, "home") || hasTag(m, "ideas")],
  ['creator == "users/alice"', (m) => m.creator === "users/alice"],
  ['creator != "users/alice"', (m) => m.creator !== "users/alice"],
  ['creator == "users/nobody"', () => false],
  // The name is compared exactly, as memos compares it.
  ['creator == "users/ALICE"', () => false],
  ['visibility == "PUBLIC"', (m) => m.visibility === "PUBLIC"],
  ['visibility in ["PUBLIC", "PROTECTED"]', (m) => m.visibility !== "PRIVATE"],
  ['visibility != "PUBLIC"', (m) => m.visibility !== "PUBLIC"],
  ["pinned", (m) => m.pinned],
  ["!pinned && has_task_list", (m) => !m.pinned && m.property.hasTaskList],
  ["has_link", (m) => m.property.hasLink],
  ["has_code == true", (m) => m.property.hasCode],
  ["has_incomplete_tasks", (m) => m.property.hasIncompleteTasks],
  ["has_task_list != true", (m) => !m.property.hasTaskList],
  // A week and a quarter: no memo is near the bound, whatever the second the server reads `now` in.
  ['created_ts >= now - duration("174h")', (m) => seconds(m.createTime) >= now - 174 * HOUR],
  [`created_ts < timestamp("${new Date(created(6) * 1000).toISOString()}")`, (m) => seconds(m.createTime) < created(6)],
  [
    `created_ts > timestamp(${created(3)}) && created_ts <= timestamp(${created(9)})`,
    (m) => seconds(m.createTime) > created(3) && seconds(m.createTime) <= created(9),
  ],
  [`created_ts == timestamp(${created(12)})`, (m) => seconds(m.createTime) === created(12)],
  [`timestamp(${created(12)}) + duration("1s") > created_ts`, (m) => seconds(m.createTime) < created(12) + 1],
  ['updated_ts > now - duration("1h")', (m) => seconds(m.updateTime) > now - HOUR],
  ['creator == "users/alice" && "work" in tags', (m) => m.creator === "users/alice" && hasTag(m, "work")],
  ['"home" in tags || has_link', (m) => hasTag(m, "home") || m.property.hasLink],
  ['!("work" in tags) && !content.contains("garden")', (m) => !hasTag(m, "work") && !m.content.toLowerCase().includes("garden")],
  [
    '(creator == "users/bob" || visibility == "PRIVATE") && !has_code',
    (m) => (m.creator === "users/bob" || m.visibility === "PRIVATE") && !m.property.hasCode,
  ],
  ['content.contains("GARDEN") && content.contains("party")', (m) => /garden/i.test(m.content) && /party/i.test(m.content)],
  [`creator_id == ${ids.alice} || pinned && "work" in tags`, (m) => m.creator === "users/alice" || (m.pinned && hasTag(m, "work"))],
  ["true", () => true],
  ["false || 1 > 2", () => false],
];

/** What the caller may list of the state: their own memos, and the others' shared ones (public to a visitor). */
function readable(caller: string | null, memo: V1Memo, state: "NORMAL" | "ARCHIVED"): boolean {
  if (memo.state !== state) return false;
  if (caller !== null && memo.creator === `users/${caller}`) return true;
  if (state === "ARCHIVED") return false;
  return memo.visibility === "PUBLIC" || (caller !== null && memo.visibility === "PROTECTED");
}

const expected = (caller: string | null, predicate: (memo: V1Memo) => boolean, state: "NORMAL" | "ARCHIVED" = "NORMAL") =>
  memos
    .filter((memo) => readable(caller, memo, state) && predicate(memo))
    .sort((a, b) => seconds(b.createTime) - seconds(a.createTime))
    .map((memo) => memo.name);

/** Every page of the REST list, four memos a page. */
async function listed(caller: string | null, filter: string, state = "NORMAL"): Promise<string[]> {
  const names: string[] = [];
  let token = "";
  for (let page = 0; page < 20; page++) {
    const query = new URLSearchParams({ filter, pageSize: "4", state, ...(token && { pageToken: token }) });
    const answer = await rest(base, "GET", `/api/v1/memos?${query}`, caller === null ? {} : { token: tokens[caller] });
    expect(answer.status, `${filter}: ${JSON.stringify(answer.body)}`).toBe(200);
    names.push(...answer.body.memos.map((memo: V1Memo) => memo.name));
    token = answer.body.nextPageToken;
    if (token === "") return names;
  }
  throw new Error(`${filter}: more than 20 pages`);
}

describe("each documented form lists what a scan finds", () => {
  it("for a member, a visitor and the host, page by page over REST", async () => {
    for (const caller of ["alice", null, "host"]) {
      for (const [filter, predicate] of cases()) {
        expect(await listed(caller, filter), `${caller}: ${filter}`).toEqual(expected(caller, predicate));
      }
    }
    // The fixture tells memos apart: each of these forms finds some of what alice may read, not all of it.
    const all = expected("alice", () => true).length;
    for (const prefix of [
      "content.contains",
      '"work" in tags',
      "created_ts >= now",
      "has_link",
      "has_code",
      "has_incomplete_tasks",
      "pinned",
    ]) {
      const found = expected("alice", cases().find(([filter]) => filter.startsWith(prefix))![1]).length;
      expect(found > 0 && found < all, `${prefix}: ${found} of ${all}`).toBe(true);
    }
  });

  it("filters the archive too, which is the caller's own", async () => {
    const filter = 'content.contains("e")';
    for (const caller of ["alice", "bob", null]) {
      expect(await listed(caller, filter, "ARCHIVED"), String(caller)).toEqual(
        expected(caller, (m) => m.content.includes("e"), "ARCHIVED"),
      );
    }
    expect(expected("alice", () => true, "ARCHIVED").length).toBeGreaterThan(0);
  });

  it("answers the same over Connect, binary and JSON", async () => {
    for (const binary of [true, false]) {
      const client = connectClient(base, MemoService, { authorization: `Bearer ${tokens.bob}` }, binary);
      for (const [filter, predicate] of cases()) {
        const answer = await client.listMemos({ filter, pageSize: 100 });
        expect(
          answer.memos.map((memo) => memo.name),
          filter,
        ).toEqual(expected("bob", predicate));
      }
    }
  });
});

describe("a filter never widens what the caller may read", () => {
  it("asks for others' private memos in vain", async () => {
    const attempts: Array<[string | null, string]> = [
      [null, 'visibility == "PRIVATE"'],
      [null, 'visibility in ["PROTECTED", "PRIVATE"] || creator == "users/alice"'],
      ["alice", 'creator == "users/bob" && visibility == "PRIVATE"'],
      ["alice", '!(visibility in ["PUBLIC", "PROTECTED"])'],
      ["alice", `creator_id == ${ids.bob}`],
    ];
    for (const [caller, filter] of attempts) {
      const names = await listed(caller, filter);
      const leaked = memos.filter((memo) => names.includes(memo.name) && !readable(caller, memo, "NORMAL"));
      expect(leaked, `${caller}: ${filter}`).toEqual([]);
    }
    expect(await listed("alice", 'visibility == "PRIVATE"')).toEqual(
      expected("alice", (m) => m.visibility === "PRIVATE" && m.creator === "users/alice"),
    );
  });
});

describe("bad filters", () => {
  const BAD: Array<[string, RegExp]> = [
    ['color == "red"', /^invalid filter: unknown field "color" \(at line 1, column 1\)/],
    ["creator ==", /^invalid filter: syntax error at line 1, column 9: /],
    ['pinned && content.startsWith("a")', /^invalid filter: \.startsWith\(\) is not supported in a filter \(at line 1, column 18\)/],
    ["created_ts > 5", /^invalid filter: created_ts is a timestamp/],
    ['visibility == "SECRET"', /^invalid filter: visibility is "PRIVATE", "PROTECTED" or "PUBLIC", not "SECRET"/],
    ['tags.all(t, t == "a")', /^invalid filter: of the macros only tags\.exists/],
    ['pinned == "yes"', /^invalid filter: pinned is true or false, not a string/],
    ['content.matches("a+")', /^invalid filter: \.matches\(\) is not supported/],
    ['created_ts > now - duration("forever")', /^invalid filter: duration\(\) takes a duration/],
    ['tag in ["a", "b", "c", "d", "e", "f", "g", "h", "i"]', /^invalid filter: its \|\| make 9 alternatives; at most 8/],
    ['creator == "alice"', /^invalid filter: creator is "users\/\{username\}", not "alice"/],
    ['"x"', /^invalid filter: a filter is true or false, not a string/],
    ["content", /^invalid filter: content is not true or false/],
    [`${"(".repeat(2000)}pinned${")".repeat(2000)}`, /^invalid filter: nested too deeply/],
    [`content.contains("${"x".repeat(4100)}")`, /^invalid filter: longer than 4096 characters/],
  ];

  it("are 400 InvalidArgument over REST, naming the field or the position", async () => {
    for (const [filter, message] of BAD) {
      const answer = await rest(base, "GET", `/api/v1/memos?filter=${encodeURIComponent(filter)}`, { token: tokens.alice });
      expect([answer.status, answer.body.code], filter.slice(0, 60)).toEqual([400, 3]);
      expect(answer.body.message, filter.slice(0, 60)).toMatch(message);
    }
  });

  it("are InvalidArgument over Connect", async () => {
    const client = connectClient(base, MemoService, {});
    for (const [filter, message] of BAD.slice(0, 5)) {
      const error = await client.listMemos({ filter }).then(
        () => null,
        (failure: unknown) => ConnectError.from(failure),
      );
      expect([error?.code, error?.rawMessage], filter).toEqual([Code.InvalidArgument, expect.stringMatching(message)]);
    }
  });
});
