import type { Shortcut } from "@memos/common";
import { describe, expect, it } from "vitest";
import { shortcutFixture } from "../test/fixtures";
import { daysSince } from "../utils/time";
import { sortShortcuts } from "./sidebar";

const shortcut = (id: number, createdTs: number, rowStatus: Shortcut["rowStatus"] = "NORMAL"): Shortcut =>
  shortcutFixture({ id, createdTs, rowStatus, updatedTs: createdTs, title: `s${id}` });

describe("sortShortcuts", () => {
  it("puts pinned (ARCHIVED) shortcuts first, then newest first", () => {
    const sorted = sortShortcuts([
      shortcut(1, 10),
      shortcut(2, 30),
      shortcut(3, 5, "ARCHIVED"),
      shortcut(4, 20, "ARCHIVED"),
      shortcut(5, 30),
    ]);
    expect(sorted.map((entry) => entry.id)).toEqual([4, 3, 5, 2, 1]);
  });
});

describe("daysSince", () => {
  const day = 86_400_000;
  it("counts started days, at least 1", () => {
    expect(daysSince(1000, 1000 * 1000)).toBe(1);
    expect(daysSince(0, day)).toBe(1);
    expect(daysSince(0, day + 1)).toBe(2);
    expect(daysSince(100, 0)).toBe(1);
  });
});
