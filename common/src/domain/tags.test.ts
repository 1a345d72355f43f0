import { describe, expect, it } from "vitest";
import { extractTags, MAX_TAG_LENGTH } from "./tags.js";

describe("extractTags", () => {
  it("finds tags outside code and links, deduplicated and sorted", () => {
    expect(extractTags("#work/project ok #todo `#not` https://x.example/#frag #todo")).toEqual(["todo", "work/project"]);
  });

  it("takes a run of up to 256 characters after # as a tag, and a longer one as plain text", () => {
    const longest = "é".repeat(MAX_TAG_LENGTH);
    expect(extractTags(`#${longest} #ok`)).toEqual(["ok", longest]);
    expect(extractTags(`#${"x".repeat(MAX_TAG_LENGTH + 1)} #ok`)).toEqual(["ok"]);
  });
});
