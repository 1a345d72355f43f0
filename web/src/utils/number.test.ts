import { describe, expect, it } from "vitest";
import { formatCount } from "./number";

describe("formatCount", () => {
  it("shows small counts exactly, grouped as the language groups them", () => {
    expect(formatCount(0, "en")).toEqual({ shown: "0", exact: "0" });
    expect(formatCount(9999, "en")).toEqual({ shown: "9,999", exact: "9,999" });
    expect(formatCount(9999, "de")).toEqual({ shown: "9.999", exact: "9.999" });
  });

  it("shows large counts compactly in the reader's language, the exact figure kept beside", () => {
    expect(formatCount(501_160, "en")).toEqual({ shown: "501K", exact: "501,160" });
    expect(formatCount(1_234_567, "en").shown).toBe("1.2M");
    expect(formatCount(12_345, "zh-Hans").shown).toBe("1.2万");
    expect(formatCount(12_345, "fr").shown).toMatch(/^12\sk$/);
  });
});
