import type { Memo, MemoRevision } from "@memos/common";
import { describe, expect, it } from "vitest";
import { historyEntries } from "./historyEntries";

const NOW = 1_800_000_000_000;
const memo = { id: 1, content: "Buy oat milk and eggs", visibility: "PUBLIC", updatedTs: NOW / 1000 - 5 } as Memo;
const revision = (id: number, content: string, createdTs: number, visibility: MemoRevision["visibility"] = "PRIVATE") =>
  ({ id, memoId: 1, content, visibility, createdTs, replacedTs: createdTs + 1, source: "web" }) as MemoRevision;

describe("historyEntries", () => {
  it("puts the current version on top, then the kept ones, each compared with the version before it", () => {
    const entries = historyEntries(
      memo,
      [revision(2, "Buy milk and eggs", NOW / 1000 - 3600), revision(1, "Buy milk", NOW / 1000 - 7200)],
      "Current",
      NOW,
    );
    expect(entries.map((entry) => [entry.label, entry.revision?.id, entry.content, entry.older?.content])).toEqual([
      ["Current", undefined, "Buy oat milk and eggs", "Buy milk and eggs"],
      [undefined, 2, "Buy milk and eggs", "Buy milk"],
      [undefined, 1, "Buy milk", undefined],
    ]);
    expect(entries[0]!.older?.visibility).toBe("PRIVATE");
    expect(entries[0]!.visibility).toBe("PUBLIC");
  });

  it("shows times to the second only where two would read alike", () => {
    const entries = historyEntries(memo, [revision(2, "b", NOW / 1000 - 8), revision(1, "a", NOW / 1000 - 7200)], "Current", NOW);
    expect(entries.map((entry) => entry.showSeconds)).toEqual([true, true, false]);
  });

  it("lists the current version alone when nothing was kept", () => {
    expect(historyEntries(memo, [], "Current", NOW).map((entry) => [entry.content, entry.older])).toEqual([
      ["Buy oat milk and eggs", undefined],
    ]);
  });
});
