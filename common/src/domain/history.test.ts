import { describe, expect, it } from "vitest";
import { DEFAULT_MEMO_HISTORY, versionsToDrop } from "./history.js";

const DAY = 86_400;
const NOW = Date.UTC(2026, 10, 27, 12) / 1000;

describe("versionsToDrop", () => {
  it("keeps every version younger than keepAllDays", () => {
    const versions = Array.from({ length: 50 }, (_, i) => ({ id: i + 1, replacedTs: NOW - i * 3600 }));
    expect(versionsToDrop(versions, NOW, DEFAULT_MEMO_HISTORY)).toEqual([]);
  });

  it("keeps the newest of each day between keepAllDays and dailyDays", () => {
    const dayStart = Date.UTC(2026, 8, 1) / 1000; // about 87 days before NOW
    const versions = [
      { id: 1, replacedTs: dayStart + 3600 },
      { id: 2, replacedTs: dayStart + 7200 },
      { id: 3, replacedTs: dayStart + 10_800 },
      { id: 4, replacedTs: dayStart + DAY + 60 },
    ];
    expect(versionsToDrop(versions, NOW, DEFAULT_MEMO_HISTORY).sort()).toEqual([1, 2]);
  });

  it("keeps the newest of each month past dailyDays", () => {
    const march = Date.UTC(2024, 2, 1) / 1000;
    const versions = [
      { id: 1, replacedTs: march + DAY },
      { id: 2, replacedTs: march + 10 * DAY },
      { id: 3, replacedTs: march + 20 * DAY },
      { id: 4, replacedTs: Date.UTC(2024, 3, 2) / 1000 },
    ];
    expect(versionsToDrop(versions, NOW, DEFAULT_MEMO_HISTORY).sort()).toEqual([1, 2]);
  });

  it("follows the host's windows: keep-all of 0 days thins at once", () => {
    const versions = [
      { id: 1, replacedTs: NOW - 60 },
      { id: 2, replacedTs: NOW - 30 },
    ];
    expect(versionsToDrop(versions, NOW, { enabled: true, keepAllDays: 0, dailyDays: 365 })).toEqual([1]);
  });

  it("breaks a tie of times by id, the later id kept", () => {
    const old = NOW - 100 * DAY;
    expect(
      versionsToDrop(
        [
          { id: 7, replacedTs: old },
          { id: 9, replacedTs: old },
        ],
        NOW,
        DEFAULT_MEMO_HISTORY,
      ),
    ).toEqual([7]);
  });
});
