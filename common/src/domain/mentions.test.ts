import { describe, expect, it } from "vitest";
import { extractMentions } from "./mentions.js";

describe("extractMentions", () => {
  it.each<[string, string[]]>([
    ["thanks @alice and @bob.", ["alice", "bob"]],
    ["@alice at the start, @alice again", ["alice"]],
    ["cc @jo_hn-doe, @li.na!", ["jo_hn-doe", "li.na"]],
    ["mail me: someone@example.com", []],
    ["`@code` and ```\n@block\n```", []],
    ["[see @alice](https://x.test/@alice) https://mastodon.test/@bob", []],
    ["@ alone, @@double, path/@name", []],
    ["中文 @小明 好", ["小明"]],
    ["#@alice is a tag, #tag@bob too", []],
  ])("%j → %j", (content, expected) => {
    expect(extractMentions(content)).toEqual(expected);
  });

  it("names at most 50 users", () => {
    const content = Array.from({ length: 60 }, (_, i) => `@user${i}`).join(" ");
    expect(extractMentions(content)).toHaveLength(50);
  });
});
