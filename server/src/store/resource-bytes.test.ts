import { describe, expect, it } from "vitest";
import { AssetPathRefused, assetFile, assetPathFor } from "./resource-bytes.js";

describe("assetPathFor", () => {
  it.each([
    [7, "photo.png", "0/7-photo.png"],
    [1234, "Holiday photo (1).jpg", "1/1234-Holiday_photo_1_.jpg"],
    [5, "../../etc/passwd", "0/5-_.._etc_passwd"],
    [6, "..hidden", "0/6-hidden"],
    [8, "日記 🙂.md", "0/8-_.md"],
    [9, "...", "0/9-file"],
    [10, "C:\\Windows\\x.exe", "0/10-C_Windows_x.exe"],
  ])("resource %i named %j goes to %j", (id, name, expected) => {
    expect(assetPathFor(id, name)).toBe(expected);
  });

  it("cuts a long name to 80 characters, keeping its extension", () => {
    const path = assetPathFor(3, `${"a".repeat(200)}.jpeg`);
    expect(path).toBe(`0/3-${"a".repeat(75)}.jpeg`);
  });
});

describe("assetFile", () => {
  it("resolves a recorded path inside <data>/assets", () => {
    expect(assetFile("/srv/data", "0/7-photo.png")).toBe("/srv/data/assets/0/7-photo.png");
  });

  it.each([[""], ["../memos_prod.db"], ["0/../../memos_prod.db"], ["/etc/passwd"], [".incoming/x.part"], ["."]])(
    "refuses %j, which would leave the assets folder",
    (path) => {
      expect(() => assetFile("/srv/data", path)).toThrow(AssetPathRefused);
    },
  );
});
