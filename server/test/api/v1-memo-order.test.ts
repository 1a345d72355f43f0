// ListMemos' `order_by` over both transports: memos' web client asks for `pinned desc, create_time desc` (its
// default with pinned first), or oldest first, paged by our keyset token across the pinned group and the rest;
// `update_time`, which we do not walk yet, is Unimplemented, and a field memos does not take is InvalidArgument.
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

  it("answers the orders not walked yet Unimplemented, and a field memos does not take InvalidArgument naming order_by", async () => {
    const client = connectClient(v.base, MemoService);
    for (const [orderBy, filter] of [
      ["pinned desc, update_time desc", ""],
      ["create_time asc", 'content.contains("memo")'],
    ]) {
      const refused = await failure(client.listMemos({ orderBy, filter }));
      expect([refused.code, refused.rawMessage], orderBy).toEqual([Code.Unimplemented, expect.stringMatching(/order_by/)]);
    }
    const rest501 = await rest(v.base, "GET", `/api/v1/memos?orderBy=${encodeURIComponent("update_time desc")}`);
    expect([rest501.status, rest501.body.code]).toEqual([501, 12]);
    for (const orderBy of ["title desc", "create_time sideways"]) {
      const bad = await rest(v.base, "GET", `/api/v1/memos?orderBy=${encodeURIComponent(orderBy)}`);
      expect([bad.status, bad.body.message], orderBy).toEqual([400, expect.stringMatching(/^invalid order_by: /)]);
    }
  });
});
