import { describe, expect, it } from "vitest";
import i18n from "../../i18n";
import {
  checkCredential,
  checkEmail,
  checkNewMember,
  checkNewPassword,
  checkNickname,
  checkPasswordPair,
  openApiExample,
  RULE_LIMITS,
} from "./validation";

describe("checkCredential (docs/v0-wire.md#web-form-checks)", () => {
  it.each([
    ["abc", "daily.rule.username-too-short"],
    ["a".repeat(321), "daily.rule.username-too-long"],
    ["ab cd", "daily.rule.username-not-allow-space"],
    ["用户名字", "daily.rule.username-not-allow-chinese"],
    ["memo　user", "daily.rule.username-not-allow-chinese"],
  ])("%s → %s", (value, key) => {
    expect(checkCredential(value, "username")).toBe(key);
    expect(checkCredential(value, "password")).toBe(key.replace("username", "password"));
  });

  it("answers messages that name the field and the rule, with the limits filled in", () => {
    const t = i18n.getFixedT("en");
    expect(t(checkCredential("abc", "username")!, RULE_LIMITS)).toBe("Username must be at least 4 characters");
    expect(t(checkCredential("a".repeat(321), "password")!, RULE_LIMITS)).toBe("Password must be at most 320 characters");
    expect(t(checkCredential("a b c d", "password")!, RULE_LIMITS)).toBe("Password must not contain spaces");
    expect(t(checkNickname("a".repeat(65))!, RULE_LIMITS)).toBe("Nickname must be at most 64 bytes long");
    expect(t(checkEmail("nope")!, RULE_LIMITS)).toBe("Email must look like name@example.com");
  });

  it("accepts 4 to 320 characters without spaces or Chinese", () => {
    expect(checkCredential("abcd", "username")).toBeNull();
    expect(checkCredential("a".repeat(320), "password")).toBeNull();
    expect(checkCredential("jöhn_doe-1", "username")).toBeNull();
  });

  it("checks the length first, as v0 does", () => {
    expect(checkCredential("a b", "username")).toBe("daily.rule.username-too-short");
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

  it("then applies the new-password rule: 8 characters, spaces welcome", () => {
    expect(checkPasswordPair("abc", "abc")).toBe("daily.rule.new-password-too-short");
    expect(checkPasswordPair("seven77", "seven77")).toBe("daily.rule.new-password-too-short");
    expect(checkPasswordPair("a b c d e", "a b c d e")).toBeNull();
    expect(checkPasswordPair("secret-pass", "secret-pass")).toBeNull();
  });
});

describe("checkNewPassword", () => {
  it("counts characters, not bytes, and caps at 256 bytes", () => {
    expect(checkNewPassword("密码密码密码密")).toBe("daily.rule.new-password-too-short");
    expect(checkNewPassword("密码密码密码密码")).toBeNull();
    expect(checkNewPassword("a".repeat(256))).toBeNull();
    expect(checkNewPassword("a".repeat(257))).toBe("daily.rule.new-password-too-long");
  });

  it("answers messages with the limits filled in", () => {
    const t = i18n.getFixedT("en");
    expect(t(checkNewPassword("short")!, RULE_LIMITS)).toBe("Password must be at least 8 characters");
    expect(t(checkNewPassword("a".repeat(257))!, RULE_LIMITS)).toBe("Password must be at most 256 bytes long");
  });
});

describe("checkNewMember", () => {
  it("needs a username and a password", () => {
    expect(checkNewMember("", "secret")).toBe("message.fill-all-fields");
    expect(checkNewMember("   ", "secret")).toBe("message.fill-all-fields");
    expect(checkNewMember("alice", "")).toBe("message.fill-all-fields");
  });

  it("checks the username, then the password", () => {
    expect(checkNewMember("al", "x")).toBe("daily.rule.username-too-short");
    expect(checkNewMember("alice", "abc")).toBe("daily.rule.new-password-too-short");
    expect(checkNewMember("alice", "secret")).toBe("daily.rule.new-password-too-short");
    expect(checkNewMember("alice", "secret phrase")).toBeNull();
  });
});

describe("nickname and email", () => {
  it("allows an empty nickname and caps it at 64 bytes", () => {
    expect(checkNickname("")).toBeNull();
    expect(checkNickname("a".repeat(64))).toBeNull();
    expect(checkNickname("a".repeat(65))).toBe("daily.rule.nickname-too-long");
    // 22 CJK characters are 66 bytes.
    expect(checkNickname("字".repeat(22))).toBe("daily.rule.nickname-too-long");
  });

  it("allows an empty email and checks the format otherwise", () => {
    expect(checkEmail("")).toBeNull();
    expect(checkEmail("t@gmail.com")).toBeNull();
    expect(checkEmail("1@gmail")).toBeNull();
    expect(checkEmail("@qq.com")).toBe("daily.rule.email-invalid");
    expect(checkEmail("not an email")).toBe("daily.rule.email-invalid");
  });
});

describe("openApiExample", () => {
  it("posts a memo to /api/memo with the openId (docs/v0-wire.md#open-id)", () => {
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
