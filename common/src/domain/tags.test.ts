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

  it("skips the text and target of Markdown links, Wikipedia-style parentheses included", () => {
    expect(extractTags("[#no](https://x.example/#frag) ![#img](a.png) #yes")).toEqual(["yes"]);
    expect(extractTags("see [Foo](https://en.wikipedia.org/wiki/Foo_(#bar)) #after")).toEqual(["after"]);
  });

  it("reads a memo of a million unclosed brackets in one pass (it took half a minute when each bracket rescanned the line)", () => {
    expect(extractTags(`${"[".repeat(1_000_000)} #end`)).toEqual(["end"]);
    expect(extractTags(`${"[a](".repeat(250_000)} #end`)).toEqual(["end"]);
    expect(extractTags(`${"[a](x(".repeat(150_000)} #end`)).toEqual(["end"]);
  });
});
