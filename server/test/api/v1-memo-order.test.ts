// ListMemos' `order_by` over both transports: memos' web client asks for `pinned desc, create_time desc` (its
// default with pinned first), or oldest first, or by `update_time`, paged by our keyset token across the pinned group
// and the rest; a text filter oldest first is Unimplemented, and a field memos does not take is InvalidArgument.
import { Code } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoService, Visibility } from "../../src/v1/gen/memos/api/v1/memo_service_pb.js";
import { connectClient, failure, rest, startV1Instance, type V1Instance } from "../v1-client.js";

let v: V1Instance;
/** Every memo the member may list, in the order written. */
const written: Array<{ name: string; pinned: boolean }> = [];

beforeAll(async () => {
  v = await startV1Instance();
  const memos = connectClient(v.base, MemoService, { authorization: `Bearer ${v.memberToken}` });
  const hosts = connectClient(v.base, MemoService, { authorization: `Bearer ${v.hostToken}` });
  const plan: Array<[typeof memos, Visibility, boolean]> = [
    [memos, Visibility.PRIVATE, false],
    [hosts, Visibility.PROTECTED, true],
    [memos, Visibility.PRIVATE, true],
    [hosts, Visibility.PUBLIC, false],
    [memos, Visibility.PUBLIC, false],
    [hosts, Visibility.PROTECTED, false],
    [memos, Visibility.PROTECTED, true],
    [memos, Visibility.PRIVATE, false],
  ];
  for (const [client, visibility, pinned] of plan) {
    const memo = await client.createMemo({ memo: { content: `memo ${written.length}`, visibility, pinned } });
    written.push({ name: memo.name, pinned });
  }
  // The host's private memo is never the member's to list, pinned or not.
  await hosts.createMemo({ memo: { content: "host private", visibility: Visibility.PRIVATE, pinned: true } });
});
afterAll(() => v.t.close());

/** Pinned first, then the rest; newest first within each (the memos share their second, so by id). */
const pinnedFirst = () => [...written.filter((memo) => memo.pinned), ...written.filter((memo) => !memo.pinned)].map((memo) => memo.name);

describe("ListMemos order_by", () => {
  beforeAll(() => {
    written.reverse();
  });

  it("pinned desc, create_time desc: the pinned memos of every creator first, paged over Connect", async () => {
    const client = connectClient(v.base, MemoService, { authorization: `Bearer ${v.memberToken}` });
    const seen: string[] = [];
    let pageToken = "";
    do {
      const page = await client.listMemos({ orderBy: "pinned desc, create_time desc", pageSize: 3, pageToken });
      seen.push(...page.memos.map((memo) => memo.name));
      pageToken = page.nextPageToken;
    } while (pageToken !== "");
    expect(seen).toEqual(pinnedFirst());
    const whole = await client.listMemos({ orderBy: "pinned desc, create_time desc", pageSize: 100 });
    expect(whole.memos.map((memo) => memo.pinned)).toEqual(pinnedFirst().map((name) => written.find((memo) => memo.name === name)!.pinned));
  });

  it("the same over REST, a page at a time across the pinned group's end; create_time desc alone ignores pins", async () => {
    const seen: string[] = [];
    let pageToken = "";
    do {
      const query = `orderBy=${encodeURIComponent("pinned desc, create_time desc")}&pageSize=2${pageToken ? `&pageToken=${pageToken}` : ""}`;
      const page = await rest(v.base, "GET", `/api/v1/memos?${query}`, { token: v.memberToken });
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      seen.push(...page.body.memos.map((memo: { name: string }) => memo.name));
      pageToken = page.body.nextPageToken ?? "";
    } while (pageToken !== "");
    expect(seen).toEqual(pinnedFirst());
    for (const orderBy of ["", "create_time desc", "display_time desc", "name desc"]) {
      const flat = await rest(v.base, "GET", `/api/v1/memos?pageSize=100&orderBy=${encodeURIComponent(orderBy)}`, { token: v.memberToken });
      expect(
        flat.body.memos.map((memo: { name: string }) => memo.name),
        orderBy,
      ).toEqual(written.map((memo) => memo.name));
    }
  });

  it("oldest first, pinned first or not, paged over both transports", async () => {
    const client = connectClient(v.base, MemoService, { authorization: `Bearer ${v.memberToken}` });
    for (const [orderBy, expected] of [
      ["create_time asc", [...written].reverse().map((memo) => memo.name)],
      [
        "pinned desc, create_time asc",
        [...written.filter((memo) => memo.pinned).reverse(), ...written.filter((memo) => !memo.pinned).reverse()].map((memo) => memo.name),
      ],
    ] as const) {
      const seen: string[] = [];
      let pageToken = "";
      do {
        const page = await client.listMemos({ orderBy, pageSize: 3, pageToken });
        seen.push(...page.memos.map((memo) => memo.name));
        pageToken = page.nextPageToken;
      } while (pageToken !== "");
      expect(seen, orderBy).toEqual(expected);
      const rested: string[] = [];
      pageToken = "";
      do {
        const query = `orderBy=${encodeURIComponent(orderBy)}&pageSize=2${pageToken ? `&pageToken=${pageToken}` : ""}`;
        const page = await rest(v.base, "GET", `/api/v1/memos?${query}`, { token: v.memberToken });
        rested.push(...page.body.memos.map((memo: { name: string }) => memo.name));
        pageToken = page.body.nextPageToken ?? "";
      } while (pageToken !== "");
      expect(rested, orderBy).toEqual(expected);
    }
  });

  it("a visitor's pinned-first list holds only public memos", async () => {
    const page = await rest(v.base, "GET", `/api/v1/memos?orderBy=${encodeURIComponent("pinned desc, create_time desc")}`);
    expect(page.body.memos.map((memo: { visibility: string }) => memo.visibility)).toEqual(["PUBLIC", "PUBLIC"]);
  });

  it("update_time desc and asc, pinned first or not, paged over both transports; a token keeps its order", async () => {
    // The member's memos edited in an order of their own: the last written first edited, and so on.
    const client = connectClient(v.base, MemoService, { authorization: `Bearer ${v.memberToken}` });
    const { db } = v.t.ctx.store;
    const base = 1_800_000_000;
    const names = written.map((memo) => memo.name);
    const mine = (await client.listMemos({ pageSize: 100 })).memos.map((memo) => memo.name);
    // Oldest edit first: the newest written was edited first, the oldest written last.
    const byUpdate = [...mine].sort((a, b) => names.indexOf(a) - names.indexOf(b));
    for (const [i, name] of byUpdate.entries()) {
      const uid = name.slice("memos/".length);
      await db
        .updateTable("memo")
        .set({ updated_ts: base + i * 60 })
        .where("uid", "=", uid)
        .execute();
    }
    const others = mine.filter((name) => !byUpdate.includes(name));
    expect(others).toEqual([]);
    const pinned = (name: string) => written.find((memo) => memo.name === name)!.pinned;
    const newestEdited = [...byUpdate].reverse();
    // The newest edited first is not the newest created first: the test tells the two orders apart.
    expect(newestEdited).not.toEqual(mine);
    for (const [orderBy, expected] of [
      ["update_time desc", newestEdited],
      ["update_time asc", byUpdate],
      ["pinned desc, update_time desc", [...newestEdited.filter(pinned), ...newestEdited.filter((name) => !pinned(name))]],
    ] as const) {
      const seen: string[] = [];
      let pageToken = "";
      do {
        const page = await client.listMemos({ orderBy, pageSize: 3, pageToken });
        seen.push(...page.memos.map((memo) => memo.name));
        pageToken = page.nextPageToken;
      } while (pageToken !== "");
      expect(seen, orderBy).toEqual(expected);
      const rested = await rest(v.base, "GET", `/api/v1/memos?pageSize=100&orderBy=${encodeURIComponent(orderBy)}`, {
        token: v.memberToken,
      });
      expect(
        rested.body.memos.map((memo: { name: string }) => memo.name),
        orderBy,
      ).toEqual(expected);
    }
    const first = await client.listMemos({ orderBy: "update_time desc", pageSize: 2 });
    const crossed = await failure(client.listMemos({ orderBy: "create_time desc", pageSize: 2, pageToken: first.nextPageToken }));
    expect([crossed.code, crossed.rawMessage]).toEqual([Code.InvalidArgument, expect.stringMatching(/page_token/)]);
  });

  it("answers a text filter oldest first Unimplemented, and a field memos does not take InvalidArgument naming order_by", async () => {
    const client = connectClient(v.base, MemoService);
    const refused = await failure(client.listMemos({ orderBy: "create_time asc", filter: 'content.contains("memo")' }));
    expect([refused.code, refused.rawMessage]).toEqual([Code.Unimplemented, expect.stringMatching(/order_by/)]);
    for (const orderBy of ["title desc", "create_time sideways"]) {
      const bad = await rest(v.base, "GET", `/api/v1/memos?orderBy=${encodeURIComponent(orderBy)}`);
      expect([bad.status, bad.body.message], orderBy).toEqual([400, expect.stringMatching(/^invalid order_by: /)]);
    }
  });
});
