import { describe, expect, it } from "vitest";
import i18n from "../../i18n";
import {
  checkEmail,
  checkNewMember,
  checkNewPassword,
  checkNewUsername,
  checkNickname,
  checkPasswordPair,
  openApiExample,
  RULE_LIMITS,
} from "./validation";

describe("checkNewUsername (memos' rule, USERNAME_RULE)", () => {
  it.each([
    ["", "daily.rule.username-too-short"],
    ["a".repeat(37), "daily.rule.username-too-long"],
    ["ab cd", "daily.rule.username-character"],
    ["用户名字", "daily.rule.username-character"],
    ["jöhn", "daily.rule.username-character"],
    ["-bob", "daily.rule.username-hyphen-edge"],
    ["bob-", "daily.rule.username-hyphen-edge"],
  ])("%j → %s", (value, key) => {
    expect(checkNewUsername(value)).toBe(key);
  });

  it("accepts 1 to 36 letters, digits and inner hyphens", () => {
    for (const name of ["b", "bob", "Jo-Ann-2", "a".repeat(36)]) expect(checkNewUsername(name), name).toBeNull();
  });

  it("answers messages that name the field and the rule, with the limits filled in", () => {
    const t = i18n.getFixedT("en");
    expect(t(checkNewUsername("a".repeat(37))!, RULE_LIMITS)).toBe("Username must be at most 36 characters");
    expect(t("daily.rule.username-hint", RULE_LIMITS)).toBe(
      "Username: 1–36 characters, letters a–z, digits and hyphens (not first or last)",
    );
    expect(t(checkNickname("a".repeat(65))!, RULE_LIMITS)).toBe("Nickname must be at most 64 bytes long");
    expect(t(checkEmail("nope")!, RULE_LIMITS)).toBe("Email must look like name@example.com");
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
    expect(checkNewMember("al ice", "x")).toBe("daily.rule.username-character");
    expect(checkNewMember("b", "secret phrase")).toBeNull();
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
