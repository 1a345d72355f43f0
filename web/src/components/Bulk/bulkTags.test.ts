import { describe, expect, it } from "vitest";
import { parseTagInput } from "./bulkTags";

describe("parseTagInput", () => {
  it("reads names separated by spaces or commas, with or without #, each once", () => {
    expect(parseTagInput(" #work, ideas\n#work/q3  work ")).toEqual({ tags: ["work", "ideas", "work/q3"], invalid: null });
    expect(parseTagInput("")).toEqual({ tags: [], invalid: null });
  });

  it("names the first word that is not a tag", () => {
    expect(parseTagInput("ok #")).toEqual({ tags: ["ok"], invalid: "#" });
    expect(parseTagInput("a#b c")).toEqual({ tags: [], invalid: "a#b" });
    expect(parseTagInput("##double")).toEqual({ tags: [], invalid: "##double" });
  });
});
