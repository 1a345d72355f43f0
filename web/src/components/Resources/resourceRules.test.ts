import type { Resource } from "@memos/common";
import { describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { resourceFixture } from "../../test/fixtures";
import { absoluteResourceUrl, checkRename, unusedResources } from "./resourceRules";

const resource = (id: number, linkedMemoAmount: number, extra: Partial<Resource> = {}): Resource =>
  resourceFixture({ id, filename: `file-${id}.png`, type: "image/png", size: 10, linkedMemoAmount, ...extra });

describe("unusedResources", () => {
  it("selects exactly the resources no memo links to", () => {
    const list = [resource(5, 0), resource(4, 2), resource(3, 0), resource(2, 1)];
    expect(unusedResources(list).map((item) => item.id)).toEqual([5, 3]);
  });

  it("is empty when every resource is used, or there are none", () => {
    expect(unusedResources([resource(1, 1)])).toEqual([]);
    expect(unusedResources([])).toEqual([]);
  });
});

describe("checkRename", () => {
  it("accepts a valid new name, trimmed", () => {
    expect(checkRename("a.png", "  holiday photo.png ")).toEqual({ kind: "ok", filename: "holiday photo.png" });
  });

  it("does nothing for the same name", () => {
    expect(checkRename("a.png", "a.png")).toEqual({ kind: "unchanged" });
  });

  it.each(["", "   ", ".hidden", "-x", "+x", "a/b", "a@b", "#tag", "50%", "a(1)", "[x]", "x".repeat(128)])(
    "refuses %j with “Invalid filename.”",
    (input) => {
      const check = checkRename("a.png", input);
      expect(check.kind).toBe("invalid");
      if (check.kind !== "invalid") return;
      const [group, key] = check.messageKey.split(".") as ["message", string];
      expect((en[group] as Record<string, string>)[key]).toBe("Invalid filename.");
    },
  );

  it("accepts the longest allowed name", () => {
    expect(checkRename("a.png", "x".repeat(127)).kind).toBe("ok");
  });
});

describe("absoluteResourceUrl", () => {
  it("prefixes our own file route with the origin and keeps external links", () => {
    expect(absoluteResourceUrl(resource(7, 0, { filename: "a b.png" }), "https://memos.example")).toBe(
      "https://memos.example/o/r/7/a%20b.png",
    );
    expect(absoluteResourceUrl(resource(8, 0, { externalLink: "https://cdn.example/x.png" }))).toBe("https://cdn.example/x.png");
  });
});
