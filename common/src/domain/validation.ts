// Validation rules for users, resources and settings, with the messages the wire uses.

const utf8Length = (value: string): number => new TextEncoder().encode(value).length;

/** The server's email rule: a local part, `@`, and a domain (Go net/mail accepts `1@gmail`). */
const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+$/;

/** Control and invisible formatting characters (bidirectional overrides, zero-width joiners, BOM…). */
const INVISIBLE_CHARS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/**
 * The username rule of new accounts (sign-up, a member created, a rename), as memos 0.22 and later have it: 1 to 36
 * characters, each an ASCII letter (either case), a digit or a hyphen, with a letter or digit first and last. A
 * name from memos keeps working here, and a name made here can move to memos. Sign-in checks no rule: an account
 * named before this rule (v0.10 allowed 4–32 bytes of nearly anything) still signs in and keeps its name.
 */
export const USERNAME_RULE = { minLength: 1, maxLength: 36 } as const;

/** Which part of the username rule a name breaks. */
export type UsernameRuleBreak = "too-short" | "too-long" | "character" | "hyphen-edge";

const USERNAME_CHARACTERS = /^[A-Za-z0-9-]*$/;

/** The first part of the username rule `username` breaks, or null when it keeps it. */
export function usernameRuleBreak(username: string): UsernameRuleBreak | null {
  if (username.length < USERNAME_RULE.minLength) return "too-short";
  if ([...username].length > USERNAME_RULE.maxLength) return "too-long";
  if (!USERNAME_CHARACTERS.test(username)) return "character";
  if (username.startsWith("-") || username.endsWith("-")) return "hyphen-edge";
  return null;
}

const USERNAME_MESSAGES: Record<UsernameRuleBreak, string> = {
  "too-short": `username is too short, minimum length is ${USERNAME_RULE.minLength}`,
  "too-long": `username is too long, maximum length is ${USERNAME_RULE.maxLength}`,
  character: "username may contain only letters a-z and A-Z, digits and hyphens",
  "hyphen-edge": "username must not start or end with a hyphen",
};

/** The wire's message for a new username that breaks the rule (it names the field), or null. */
export function validateUsername(username: string): string | null {
  const broken = usernameRuleBreak(username);
  return broken === null ? null : USERNAME_MESSAGES[broken];
}

/**
 * The form two usernames are compared in: `Alice`, `alice` and `ａｌｉｃｅ` (full-width) are one name, so nobody
 * can register a look-alike of another member or of the host.
 */
export const usernameKey = (username: string): string => username.normalize("NFKC").toLowerCase();

/**
 * The shortest new password, in characters (code points). Spaces count like any other character: a passphrase
 * is welcome, and there is no other composition rule. v0.10 asked for 4 bytes; a password set then still signs in
 * (sign-in checks no rule), only new passwords (sign-up, a change, a member created) must meet this.
 */
export const MIN_PASSWORD_LENGTH = 8;

/** The longest password, in UTF-8 bytes. */
export const MAX_PASSWORD_BYTES = 256;

/** The rule of a new password (the wire's message names the field, as v0's did). */
export function validatePassword(password: string): string | null {
  if ([...password].length < MIN_PASSWORD_LENGTH) return `password is too short, minimum length is ${MIN_PASSWORD_LENGTH}`;
  if (utf8Length(password) > MAX_PASSWORD_BYTES) return `password is too long, maximum length is ${MAX_PASSWORD_BYTES}`;
  return null;
}

/** The longest nickname, in UTF-8 bytes. */
export const MAX_NICKNAME_BYTES = 64;

export function validateNickname(nickname: string): string | null {
  if (utf8Length(nickname) > MAX_NICKNAME_BYTES) return `nickname is too long, maximum length is ${MAX_NICKNAME_BYTES}`;
  return null;
}

/** An empty email is allowed (it clears the field). */
export function validateEmail(email: string): string | null {
  if (email === "") return null;
  if (utf8Length(email) > 256) return "email is too long, maximum length is 256";
  if (!EMAIL_PATTERN.test(email)) return "invalid email format";
  return null;
}

export type AccountField = "username" | "password" | "nickname" | "email";

const ACCOUNT_RULES: Record<AccountField, (value: string) => string | null> = {
  username: validateUsername,
  password: validatePassword,
  nickname: validateNickname,
  email: validateEmail,
};

/**
 * The first broken rule among an account's given fields (in the order username, password, nickname, email), with
 * the field it is about.
 * @example accountProblem({ username: "-ab" }) // { field: "username", problem: "username must not start or end with a hyphen" }
 */
export function accountProblem(fields: Partial<Record<AccountField, string>>): { field: AccountField; problem: string } | null {
  for (const field of Object.keys(ACCOUNT_RULES) as AccountField[]) {
    const value = fields[field];
    const problem = value === undefined ? null : ACCOUNT_RULES[field](value);
    if (problem) return { field, problem };
  }
  return null;
}

/** The longest resource file name, in characters, at upload and at rename. */
export const MAX_FILENAME_LENGTH = 127;

/**
 * The rename rule of the v0 web: 1–127 characters, no leading `+ - .`, none of `/ @ # $ % ^ & * ( ) [ ]`;
 * and never a control or invisible character (a right-to-left override makes `gnp.exe` read as `exe.png`).
 */
export function isValidResourceFilename(filename: string): boolean {
  if ([...filename].length < 1 || [...filename].length > MAX_FILENAME_LENGTH) return false;
  if (/^[+\-.]/.test(filename)) return false;
  if (/[/@#$%^&*()[\]\\]/.test(filename)) return false;
  return !INVISIBLE_CHARS.test(filename);
}

/**
 * The same rule applied to an uploaded file's name instead of refusing it: the folder part, control and
 * invisible characters and leading dots go, and a long name is shortened keeping its extension. Returns ""
 * when nothing is left.
 * @example sanitizeUploadFilename("C:\\photos\\\u202egnp.exe") // "gnp.exe"
 */
export function sanitizeUploadFilename(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? "";
  const name = base
    .replace(new RegExp(INVISIBLE_CHARS.source, "gu"), "")
    .trim()
    .replace(/^[.\s]+/, "");
  const chars = [...name];
  if (chars.length <= MAX_FILENAME_LENGTH) return name;
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 && name.length - dot <= 16 ? [...name.slice(dot)] : [];
  return (
    chars
      .slice(0, MAX_FILENAME_LENGTH - extension.length)
      .join("")
      .trimEnd() + extension.join("")
  );
}

/**
 * A logo the instance may show to every visitor: an http(s) URL, a path on this site, or a small inline
 * raster image. Never `javascript:` or other schemes, never a protocol-relative `//host` path.
 */
export function isSafeLogoUrl(url: string): boolean {
  if (url === "") return true;
  if (/^data:image\/(png|jpeg|gif|webp|avif);base64,[A-Za-z0-9+/=]+$/.test(url)) return true;
  if (url.startsWith("/")) return !url.startsWith("//") && !url.startsWith("/\\");
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:";
  } catch {
    return false;
  }
}
