import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";
import { parseMemoOrder, servedMemoOrder } from "./memo-order.js";

describe("ListMemos order_by, as memos reads it", () => {
  it.each<[string, ReturnType<typeof parseMemoOrder>]>([
    ["", { pinnedFirst: false, time: "create_time", ascending: false }],
    ["create_time desc", { pinnedFirst: false, time: "create_time", ascending: false }],
    ["pinned desc, create_time desc", { pinnedFirst: true, time: "create_time", ascending: false }],
    ["pinned", { pinnedFirst: true, time: "create_time", ascending: false }],
    ["pinned asc, update_time asc", { pinnedFirst: true, time: "update_time", ascending: true }],
    ["create_time ASC", { pinnedFirst: false, time: "create_time", ascending: true }],
    ["name asc, update_time desc", { pinnedFirst: false, time: "create_time", ascending: true }],
    ["display_time desc", { pinnedFirst: false, time: "create_time", ascending: false }],
    ["  pinned desc ,, create_time  ", { pinnedFirst: true, time: "create_time", ascending: false }],
  ])("%j", (text, expected) => {
    expect(parseMemoOrder(text)).toEqual(expected);
  });

  it.each(["title desc", "create_time up", "pinned sideways"])("refuses %j, naming order_by", (text) => {
    const error = (() => {
      try {
        parseMemoOrder(text);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ConnectError);
    expect((error as ConnectError).code).toBe(Code.InvalidArgument);
    expect((error as ConnectError).rawMessage).toMatch(/^invalid order_by: /);
  });

  it("serves display order and updated order either way, pinned first or not", () => {
    expect(servedMemoOrder("pinned desc, create_time desc")).toEqual({ pinnedFirst: true, ascending: false, order: "display" });
    expect(servedMemoOrder("")).toEqual({ pinnedFirst: false, ascending: false, order: "display" });
    expect(servedMemoOrder("create_time asc")).toEqual({ pinnedFirst: false, ascending: true, order: "display" });
    expect(servedMemoOrder("update_time desc")).toEqual({ pinnedFirst: false, ascending: false, order: "updated" });
    expect(servedMemoOrder("pinned desc, update_time asc")).toEqual({ pinnedFirst: true, ascending: true, order: "updated" });
  });
});
