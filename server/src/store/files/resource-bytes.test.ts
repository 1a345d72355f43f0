import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AssetPathRefused, assetFile, assetPathFor, sweepIncoming } from "./resource-bytes.js";

describe("assetPathFor", () => {
  it.each([
    [7, "photo.png", "0/7-t-photo.png"],
    [1234, "Holiday photo (1).jpg", "1/1234-t-Holiday_photo_1_.jpg"],
    [5, "../../etc/passwd", "0/5-t-_.._etc_passwd"],
    [6, "..hidden", "0/6-t-hidden"],
    [8, "日記 🙂.md", "0/8-t-_.md"],
    [9, "...", "0/9-t-file"],
    [10, "C:\\Windows\\x.exe", "0/10-t-C_Windows_x.exe"],
  ])("resource %i named %j goes to %j", (id, name, expected) => {
    expect(assetPathFor(id, name, "t")).toBe(expected);
  });

  it("adds a random token, so databases sharing a data folder never pick the same name", () => {
    const paths = new Set(Array.from({ length: 50 }, () => assetPathFor(1, "photo.png")));
    expect(paths.size).toBe(50);
    for (const path of paths) expect(path).toMatch(/^0\/1-[0-9a-f]{8}-photo\.png$/);
  });

  it("cuts a long name to 80 characters, keeping its extension", () => {
    const path = assetPathFor(3, `${"a".repeat(200)}.jpeg`, "t");
    expect(path).toBe(`0/3-t-${"a".repeat(75)}.jpeg`);
  });
});

describe("assetFile", () => {
  it("resolves a recorded path inside <data>/assets", () => {
    expect(assetFile("/srv/data", "0/7-t-photo.png")).toBe("/srv/data/assets/0/7-t-photo.png");
  });

  it.each([[""], ["../memos_prod.db"], ["0/../../memos_prod.db"], ["/etc/passwd"], [".incoming/x.part"], ["."]])(
    "refuses %j, which would leave the assets folder",
    (path) => {
      expect(() => assetFile("/srv/data", path)).toThrow(AssetPathRefused);
    },
  );
});

describe("sweepIncoming", () => {
  it("removes partial uploads older than a day, and leaves recent ones", async () => {
    const data = mkdtempSync(join(tmpdir(), "memos-sweep-"));
    try {
      const folder = join(data, "assets", ".incoming");
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, "old.part"), "cut off by a crash");
      writeFileSync(join(folder, "new.part"), "in flight");
      const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
      utimesSync(join(folder, "old.part"), twoDaysAgo, twoDaysAgo);
      expect(await sweepIncoming(data)).toBe(1);
      expect(existsSync(join(folder, "old.part"))).toBe(false);
      expect(existsSync(join(folder, "new.part"))).toBe(true);
      expect(await sweepIncoming(join(data, "nothing-here"))).toBe(0);
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  });
});
