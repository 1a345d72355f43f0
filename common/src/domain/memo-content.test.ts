import { describe, expect, it } from "vitest";
import { MAX_MEMO_CONTENT_BYTES } from "./constants.js";
import { memoContentProblem } from "./memo-content.js";
import { extractTags, MAX_MEMO_TAGS } from "./tags.js";

const tags = (count: number) => Array.from({ length: count }, (_, i) => `#t${i}`).join(" ");

describe("memoContentProblem", () => {
  it("measures UTF-8 bytes, not characters", () => {
    expect(memoContentProblem("x".repeat(MAX_MEMO_CONTENT_BYTES))).toBeNull();
    expect(memoContentProblem("x".repeat(MAX_MEMO_CONTENT_BYTES + 1))).toEqual({
      reason: "memo.content-too-long",
      message: `content is too long, maximum is ${MAX_MEMO_CONTENT_BYTES} bytes`,
      maximum: MAX_MEMO_CONTENT_BYTES,
    });
    // 3 bytes each: a third of the cap in characters is the cap; one more is past it.
    const third = Math.floor(MAX_MEMO_CONTENT_BYTES / 3);
    expect(memoContentProblem("語".repeat(third))).toBeNull();
    expect(memoContentProblem(`${"語".repeat(third)}ab`)?.reason).toBe("memo.content-too-long");
    // A surrogate pair is 4 bytes for 2 units.
    expect(memoContentProblem("😀".repeat(MAX_MEMO_CONTENT_BYTES / 4))).toBeNull();
    expect(memoContentProblem(`${"😀".repeat(MAX_MEMO_CONTENT_BYTES / 4)}x`)?.reason).toBe("memo.content-too-long");
  });

  it("counts distinct tags as the index reads them (code is not tags; a repeated tag counts once)", () => {
    expect(memoContentProblem(tags(MAX_MEMO_TAGS))).toBeNull();
    expect(memoContentProblem(`${tags(MAX_MEMO_TAGS)} ${tags(MAX_MEMO_TAGS)}`)).toBeNull();
    expect(memoContentProblem(`${tags(MAX_MEMO_TAGS)} \`#code\``)).toBeNull();
    expect(memoContentProblem(tags(MAX_MEMO_TAGS + 1))).toEqual({
      reason: "memo.too-many-tags",
      message: `content has too many tags, maximum is ${MAX_MEMO_TAGS}`,
      maximum: MAX_MEMO_TAGS,
    });
  });

  it("reads the tags through the writer's reader, once, and never for an over-long text", () => {
    const text = tags(MAX_MEMO_TAGS + 1);
    let reads = 0;
    const reader = () => {
      reads += 1;
      return extractTags(text);
    };
    expect(memoContentProblem(text, reader)?.reason).toBe("memo.too-many-tags");
    expect(reads).toBe(1);
    expect(memoContentProblem(`${text}${"x".repeat(MAX_MEMO_CONTENT_BYTES)}`, reader)?.reason).toBe("memo.content-too-long");
    expect(reads).toBe(1);
  });
});
