import { describe, expect, it } from "vitest";
import { formatBytes, formatCount } from "./number";

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

describe("formatBytes", () => {
  it.each([
    [0, "0 byte"],
    [-1, "0 byte"],
    [Number.NaN, "0 byte"],
    [812, "812 byte"],
    [999, "999 byte"],
    [1000, "1.0 kB"],
    [1024, "1.0 kB"],
    [1536, "1.5 kB"],
    [3.4 * 1024 ** 2, "3.4 MB"],
    [24 * 1024 ** 2, "24 MB"],
    [999 * 1024, "999 kB"],
    [1019 * 1024, "1.0 MB"],
    [1023.9 * 1024 ** 2, "1.0 GB"],
    [3.25 * 1024 ** 3, "3.3 GB"],
  ])("en: %d → %s", (bytes, text) => expect(formatBytes(bytes, "en")).toBe(text));

  it("writes the decimal comma and the units of the reader's language", () => {
    expect(formatBytes(3.4 * 1024 ** 2, "de")).toBe("3,4 MB");
    expect(formatBytes(812, "de")).toBe("812 Byte");
    expect(formatBytes(3.4 * 1024 ** 2, "fr")).toMatch(/^3,4\sMo$/);
    expect(formatBytes(3.4 * 1024 ** 2, "zh-Hans")).toBe("3.4 MB");
    expect(formatBytes(812, "zh-Hans")).toBe("812 B");
    expect(formatBytes(1536, "zh")).toBe("1.5 kB");
  });
});
