import { describe, expect, it } from "vitest";
import { checkCredential, checkEmail, checkNewMember, checkNickname, checkPasswordPair, formatBytes, openApiExample } from "./validation";

describe("checkCredential (wire §5.2)", () => {
  it.each([
    ["abc", "message.too-short"],
    ["a".repeat(321), "message.too-long"],
    ["ab cd", "message.not-allow-space"],
    ["用户名字", "message.not-allow-chinese"],
    ["memo　user", "message.not-allow-chinese"],
  ])("%s → %s", (value, key) => {
    expect(checkCredential(value)).toBe(key);
  });

  it("accepts 4 to 320 characters without spaces or Chinese", () => {
    expect(checkCredential("abcd")).toBeNull();
    expect(checkCredential("a".repeat(320))).toBeNull();
    expect(checkCredential("jöhn_doe-1")).toBeNull();
  });

  it("checks the length first, as v0 does", () => {
    expect(checkCredential("a b")).toBe("message.too-short");
  });
});

describe("checkPasswordPair", () => {
  it("asks for both fields first", () => {
    expect(checkPasswordPair("", "")).toBe("message.fill-all-fields");
    expect(checkPasswordPair("secret", "")).toBe("message.fill-all-fields");
    expect(checkPasswordPair("", "secret")).toBe("message.fill-all-fields");
  });

  it("uses the own-account and the member mismatch messages", () => {
    expect(checkPasswordPair("secret1", "secret2")).toBe("message.passwords-not-match");
    expect(checkPasswordPair("secret1", "secret2", "member")).toBe("message.new-passwords-not-match");
  });

  it("then applies the credential rule", () => {
    expect(checkPasswordPair("abc", "abc")).toBe("message.too-short");
    expect(checkPasswordPair("a b c d", "a b c d")).toBe("message.not-allow-space");
    expect(checkPasswordPair("secret", "secret")).toBeNull();
  });
});

describe("checkNewMember", () => {
  it("needs a username and a password", () => {
    expect(checkNewMember("", "secret")).toBe("message.fill-all-fields");
    expect(checkNewMember("   ", "secret")).toBe("message.fill-all-fields");
    expect(checkNewMember("alice", "")).toBe("message.fill-all-fields");
  });

  it("checks the username, then the password", () => {
    expect(checkNewMember("al", "x")).toBe("message.too-short");
    expect(checkNewMember("alice", "abc")).toBe("message.too-short");
    expect(checkNewMember("alice", "secret")).toBeNull();
  });
});

describe("nickname and email", () => {
  it("allows an empty nickname and caps it at 64 bytes", () => {
    expect(checkNickname("")).toBeNull();
    expect(checkNickname("a".repeat(64))).toBeNull();
    expect(checkNickname("a".repeat(65))).toBe("message.too-long");
    // 22 CJK characters are 66 bytes.
    expect(checkNickname("字".repeat(22))).toBe("message.too-long");
  });

  it("allows an empty email and checks the format otherwise", () => {
    expect(checkEmail("")).toBeNull();
    expect(checkEmail("t@gmail.com")).toBeNull();
    expect(checkEmail("1@gmail")).toBeNull();
    expect(checkEmail("@qq.com")).toBe("message.invalid-email");
    expect(checkEmail("not an email")).toBe("message.invalid-email");
  });
});

describe("formatBytes", () => {
  it.each([
    [0, "0 B"],
    [-1, "0 B"],
    [812, "812 B"],
    [1024, "1.0 KB"],
    [1536, "1.5 KB"],
    [24 * 1024 * 1024, "24 MB"],
    [3.25 * 1024 ** 3, "3.3 GB"],
  ])("%d → %s", (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

describe("openApiExample", () => {
  it("posts a memo to /api/memo with the openId (wire §3.2)", () => {
    const example = openApiExample("https://memos.example.com", "abc-123");
    expect(example.url).toBe("https://memos.example.com/api/memo?openId=abc-123");
    expect(JSON.parse(example.body)).toEqual({ content: "Hello #memos from https://memos.example.com" });
    expect(example.body).toBe('{"content": "Hello #memos from https://memos.example.com"}');
    expect(example.curl).toBe(
      [
        "curl -X POST 'https://memos.example.com/api/memo?openId=abc-123' \\",
        "  -H 'Content-Type: application/json' \\",
        `  -d '{"content": "Hello #memos from https://memos.example.com"}'`,
      ].join("\n"),
    );
  });

  it("quotes single quotes for the shell", () => {
    expect(openApiExample("http://it's", "x").curl).toContain(`from http://it'\\''s`);
  });
});
