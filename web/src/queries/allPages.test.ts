import { describe, expect, it } from "vitest";
import { allPages, type Page } from "./allPages";

/** A server of `total` numbered items in pages of `size`, with the cursor it hands out; records what was asked. */
function pagedServer(total: number, size: number) {
  const asked: (string | undefined)[] = [];
  const items = Array.from({ length: total }, (_, index) => index + 1);
  const fetchPage = async (cursor: string | undefined): Promise<Page<number>> => {
    asked.push(cursor);
    const start = cursor === undefined ? 0 : Number(cursor);
    const memos = items.slice(start, start + size);
    const end = start + memos.length;
    return { memos, nextCursor: end < total ? String(end) : undefined };
  };
  return { asked, fetchPage };
}

describe("allPages", () => {
  it("reads every page of a list longer than one page, in order", async () => {
    const server = pagedServer(7, 3);
    const items = await allPages(server.fetchPage);
    expect(items).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(server.asked).toEqual([undefined, "3", "6"]);
  });

  it("reads a list of exactly one full page once, and an empty list once", async () => {
    const full = pagedServer(3, 3);
    expect(await allPages(full.fetchPage)).toEqual([1, 2, 3]);
    expect(full.asked).toEqual([undefined]);
    const empty = pagedServer(0, 3);
    expect(await allPages(empty.fetchPage)).toEqual([]);
    expect(empty.asked).toEqual([undefined]);
  });

  it("stops when the server hands out a cursor it gave before", async () => {
    let calls = 0;
    const items = await allPages(async () => ({ memos: [++calls], nextCursor: "same" }));
    expect(items).toEqual([1, 2]);
  });
});
