import { describe, expect, it } from "vitest";
import { isTotpCode, normalizeTwoFactorCode } from "./two-factor.js";

describe("two-factor codes", () => {
  it("read as typed, without spaces, dashes or case", () => {
    expect(normalizeTwoFactorCode(" 123 456 ")).toBe("123456");
    expect(normalizeTwoFactorCode("ABCDE-fghij")).toBe("abcdefghij");
  });
  it("six digits are an app's code; anything else is a recovery code", () => {
    expect(isTotpCode("123456")).toBe(true);
    expect(isTotpCode("123 456")).toBe(true);
    expect(isTotpCode("12345")).toBe(false);
    expect(isTotpCode("abcde-12345")).toBe(false);
  });
});
