// The export's paths: any stored name becomes one safe segment of a zip path.
import { describe, expect, it } from "vitest";
import { attachmentPath, isoTime, memoPath, safeSegment } from "./export.presenter.js";

describe("export paths", () => {
  it.each([
    ["photo.png", "photo.png"],
    ["../../etc/passwd", "____etc_passwd"],
    ["a\\b/c", "a_b_c"],
    ["..", "_"],
    [".hidden", "hidden"],
    ["con:tro\u0001l?.txt", "con_tro_l_.txt"],
    ["", "file"],
  ])("%j becomes %j", (name, expected) => {
    const safe = safeSegment(name);
    expect(safe).toBe(expected);
    expect(safe).not.toMatch(/[/\\]|\.\./);
  });

  it("cuts a long name and keeps its extension", () => {
    const safe = safeSegment(`${"x".repeat(300)}.jpeg`);
    expect([...safe]).toHaveLength(120);
    expect(safe.endsWith(".jpeg")).toBe(true);
  });

  it("places memos by their created day in UTC and attachments by id", () => {
    expect(memoPath({ id: 7, created_ts: 1_262_303_999 })).toBe("memos/2009/2009-12-31-7.md");
    expect(attachmentPath({ id: 3, filename: "a/b.png" })).toBe("attachments/3-a_b.png");
    expect(isoTime(0)).toBe("1970-01-01T00:00:00Z");
  });
});
