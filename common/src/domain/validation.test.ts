import { describe, expect, it } from "vitest";
import {
  accountProblem,
  isSafeLogoUrl,
  isValidResourceFilename,
  sanitizeUploadFilename,
  usernameKey,
  validatePassword,
  usernameRuleBreak,
  validateUsername,
} from "./validation.js";

describe("usernames", () => {
  it("compares names ignoring case and width", () => {
    expect(new Set(["Alice", "alice", "ALICE", "ａｌｉｃｅ"].map(usernameKey))).toEqual(new Set(["alice"]));
    expect(usernameKey("alice")).not.toBe(usernameKey("alicia"));
  });

  it("keeps memos' rule: 1 to 36 letters a-z, digits and inner hyphens", () => {
    for (const name of ["a", "B", "7", "bob", "Alice-2", "x".repeat(36), "a-b-c"]) expect(validateUsername(name), name).toBeNull();
    expect(validateUsername("")).toBe("username is too short, minimum length is 1");
    expect(validateUsername("x".repeat(37))).toBe("username is too long, maximum length is 36");
    for (const name of ["-bob", "bob-", "-"]) expect(validateUsername(name), name).toBe("username must not start or end with a hyphen");
    for (const name of ["al ice", "al_ice", "al.ice", "名前", "ａｌｉｃｅ", "\u202ealice", "alice\n"])
      expect(usernameRuleBreak(name), JSON.stringify(name)).toBe("character");
  });
});

describe("file names", () => {
  it.each([
    ["photo.png", "photo.png"],
    ["C:\\photos\\\u202egnp.exe", "gnp.exe"],
    ["../../.env", "env"],
    ["  ..hidden file.txt ", "hidden file.txt"],
    ["a\u200b\u2066b\u2069.pdf", "ab.pdf"],
    ["...", ""],
    ["\u202e", ""],
  ])("makes the upload name %j safe: %j", (raw, safe) => {
    expect(sanitizeUploadFilename(raw)).toBe(safe);
  });

  it("shortens a long name to 127 characters, keeping the extension and whole characters", () => {
    const long = sanitizeUploadFilename(`${"😀".repeat(200)}.tar.gz`);
    expect([...long]).toHaveLength(127);
    expect(long.endsWith(".gz")).toBe(true);
    expect(long).not.toMatch(/\uFFFD/);
    expect(sanitizeUploadFilename(`${"a".repeat(300)}`)).toBe("a".repeat(127));
    expect(sanitizeUploadFilename(`${"a".repeat(300)}.${"x".repeat(40)}`)).toHaveLength(127);
  });

  it("accepts as a rename only what the rule allows", () => {
    expect(isValidResourceFilename("notes 2024.md")).toBe(true);
    for (const name of ["\u202egnp.exe", ".env", "a".repeat(128), "a/b", ""]) expect(isValidResourceFilename(name), name).toBe(false);
    expect(isValidResourceFilename("😀".repeat(127))).toBe(true);
  });
});

describe("isSafeLogoUrl", () => {
  it.each(["", "https://cdn.example/logo.png", "http://nas.local/l.svg", "/logo.png", "data:image/png;base64,iVBORw0KGgo="])(
    "accepts %j",
    (url) => {
      expect(isSafeLogoUrl(url)).toBe(true);
    },
  );
  it.each([
    "javascript:alert(1)",
    " javascript:alert(1)",
    "JAVASCRIPT:alert(1)",
    "data:text/html,<b>x</b>",
    "data:image/svg+xml;base64,PHN2Zy8+",
    "//evil.example/logo.png",
    "/\\evil.example/logo.png",
    "logo.png",
    "ftp://x.example/logo.png",
  ])("refuses %j", (url) => {
    expect(isSafeLogoUrl(url)).toBe(false);
  });
});

describe("validatePassword (a new password)", () => {
  it.each([
    ["", "password is too short, minimum length is 8"],
    ["seven77", "password is too short, minimum length is 8"],
    ["密码密码密码密", "password is too short, minimum length is 8"],
    ["a".repeat(257), "password is too long, maximum length is 256"],
  ])("%j → %s", (password, problem) => {
    expect(validatePassword(password)).toBe(problem);
    expect(accountProblem({ password })).toEqual({ field: "password", problem });
  });

  it("takes 8 characters of any kind, spaces included", () => {
    for (const password of ["12345678", "        ", "four words in a row", "密码密码密码密码", "a".repeat(256)]) {
      expect(validatePassword(password)).toBeNull();
    }
  });
});
