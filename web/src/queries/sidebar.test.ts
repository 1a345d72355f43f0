import type { Shortcut } from "@memos/common";
import { describe, expect, it } from "vitest";
import { shortcutFixture } from "../test/fixtures";
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
