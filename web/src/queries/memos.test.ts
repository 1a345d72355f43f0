// A saved memo reaches every cached list, the daily review's day too (it is not refetched for a todo's tick), and a
// save that may move memos marks the review stale.
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { memoFixture } from "../test/fixtures";
import { keys } from "./keys";
import { refreshAround, storeMemo } from "./memos";

describe("the daily review's cached day", () => {
  const reviewKey = keys.memos.dailyReview({ creatorId: 1, rowStatus: "NORMAL" });

  it("takes a saved memo's new text, and loses a memo archived since", () => {
    const client = new QueryClient();
    client.setQueryData(reviewKey, [memoFixture({ id: 1, content: "- [ ] call" }), memoFixture({ id: 2, content: "two" })]);
    storeMemo(client, memoFixture({ id: 1, content: "- [x] call" }));
    storeMemo(client, memoFixture({ id: 2, content: "two", rowStatus: "ARCHIVED" }));
    expect(client.getQueryData<{ content: string }[]>(reviewKey)!.map((memo) => memo.content)).toEqual(["- [x] call"]);
  });

  it("is marked stale by a save that may change which memos a day holds", () => {
    const client = new QueryClient();
    client.setQueryData(reviewKey, [memoFixture({ id: 1 })]);
    expect(client.getQueryState(reviewKey)!.isInvalidated).toBe(false);
    refreshAround(client);
    expect(client.getQueryState(reviewKey)!.isInvalidated).toBe(true);
  });
});

describe("refreshAround", () => {
  it("marks the calendar's months stale, as their counts and first memos may change with a save", () => {
    const client = new QueryClient();
    const month = keys.memos.calendar(1, 1_700_000_000);
    client.setQueryData(month, []);
    refreshAround(client);
    expect(client.getQueryState(month)!.isInvalidated).toBe(true);
  });
});
