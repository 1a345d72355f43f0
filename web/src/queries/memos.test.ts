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
