import { describe, expect, it } from "vitest";
import { storage } from "../../state/storage";
import { addToDraft, captureText } from "./sharedCapture";
import { draftKey } from "./useDraft";

describe("captureText", () => {
  it("puts the title, the text and the link in order, each once", () => {
    expect(captureText({ title: "A page", text: "a quote", url: "https://example.com/a" })).toBe(
      "A page\n\na quote\n\nhttps://example.com/a",
    );
    // Android's share puts the link in the text: it is not repeated.
    expect(captureText({ title: "A page", text: "look https://example.com/a", url: "https://example.com/a" })).toBe(
      "A page\n\nlook https://example.com/a",
    );
    expect(captureText({ title: " ", text: null, url: "https://example.com" })).toBe("https://example.com");
    expect(captureText({})).toBe("");
  });
});

describe("addToDraft", () => {
  it("adds the share after the draft already there", () => {
    storage.set(draftKey(), "half written");
    addToDraft({ url: "https://example.com" });
    expect(storage.get(draftKey(), "")).toBe("half written\n\nhttps://example.com");
    storage.remove(draftKey());
    addToDraft({ title: "T" });
    expect(storage.get(draftKey(), "")).toBe("T");
  });
});
