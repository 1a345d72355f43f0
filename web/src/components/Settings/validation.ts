// Form checks of the sign-in form and the settings dialogs and small formatting helpers. Every check answers with
// an i18n key (or null when the value is fine), so the messages stay translatable and testable; a rule's message
// names the field and the rule ("Username must be at most 36 characters"), its numbers from RULE_LIMITS.
import {
  MAX_NICKNAME_BYTES,
  MAX_PASSWORD_BYTES,
  MIN_PASSWORD_LENGTH,
  validateEmail,
  validateNickname,
  USERNAME_RULE,
  usernameRuleBreak,
  validatePassword,
} from "@memos/common";

export type MessageKey = `message.${string}` | `daily.rule.${string}`;

/** The values the rule messages interpolate: pass them to `t` with any key these checks answer. */
export const RULE_LIMITS = {
  usernameMin: USERNAME_RULE.minLength,
  usernameMax: USERNAME_RULE.maxLength,
  nicknameMax: MAX_NICKNAME_BYTES,
  passwordMin: MIN_PASSWORD_LENGTH,
  passwordMaxBytes: MAX_PASSWORD_BYTES,
};

/**
 * A new username (sign-up, a member created, a rename): the server's rule (USERNAME_RULE), checked as it is typed
 * and shown before the form is sent. A username typed to sign in is checked by nothing but the server: an account
 * named before the rule still signs in.
 */
export function checkNewUsername(value: string): MessageKey | null {
  const broken = usernameRuleBreak(value);
  return broken === null ? null : `daily.rule.username-${broken}`;
}

/**
 * A new password (sign-up, a change, a member created): the server's rule, at least 8 characters, spaces welcome.
 * A password being typed to sign in is checked by nothing but the server: one set before this rule still works.
 */
export function checkNewPassword(value: string): MessageKey | null {
  const problem = validatePassword(value);
  if (problem === null) return null;
  return [...value].length < MIN_PASSWORD_LENGTH ? "daily.rule.new-password-too-short" : "daily.rule.new-password-too-long";
}

/** A nickname may be empty; the server caps it at 64 bytes. */
export function checkNickname(value: string): MessageKey | null {
  return validateNickname(value) ? "daily.rule.nickname-too-long" : null;
}

/** An email may be empty (it clears the field); otherwise the server's format rule. */
export function checkEmail(value: string): MessageKey | null {
  return validateEmail(value) ? "daily.rule.email-invalid" : null;
}

/**
 * A new password typed twice. `member` is the host changing someone else's password, which has its own
 * mismatch message in v0 ("New passwords do not match.").
 * @example checkPasswordPair("abcd", "abce") === "message.passwords-not-match"
 */
export function checkPasswordPair(password: string, again: string, who: "self" | "member" = "self"): MessageKey | null {
  if (password === "" || again === "") return "message.fill-all-fields";
  if (password !== again) return who === "member" ? "message.new-passwords-not-match" : "message.passwords-not-match";
  return checkNewPassword(password);
}

/** The member-creation form: both fields filled, then the username rule and the new-password rule. */
export function checkNewMember(username: string, password: string): MessageKey | null {
  if (username.trim() === "" || password === "") return "message.fill-all-fields";
  return checkNewUsername(username.trim()) ?? checkNewPassword(password);
}

/** The Open API example of My account: posting a memo with the user's openId (docs/v0-wire.md#open-id). */
export function openApiExample(origin: string, openId: string) {
  const url = `${origin}/api/memo?openId=${encodeURIComponent(openId)}`;
  const body = `{"content": ${JSON.stringify(`Hello #memos from ${origin}`)}}`;
  const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
  // One option per line, as people paste it into a terminal.
  const curl = [`curl -X POST ${quote(url)}`, `  -H ${quote("Content-Type: application/json")}`, `  -d ${quote(body)}`].join(" \\\n");
  return { url, body, curl };
}
