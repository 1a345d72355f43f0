// Validation rules for users, resources and settings, with the messages the wire uses.

const utf8Length = (value: string): number => new TextEncoder().encode(value).length;

/** The server's email rule: a local part, `@`, and a domain (Go net/mail accepts `1@gmail`). */
const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+$/;

export function validateUsername(username: string): string | null {
  if (utf8Length(username) < 4) return "username is too short, minimum length is 4";
  if (utf8Length(username) > 32) return "username is too long, maximum length is 32";
  return null;
}

export function validatePassword(password: string): string | null {
  if (utf8Length(password) < 4) return "password is too short, minimum length is 4";
  if (utf8Length(password) > 256) return "password is too long, maximum length is 256";
  return null;
}

export function validateNickname(nickname: string): string | null {
  if (utf8Length(nickname) > 64) return "nickname is too long, maximum length is 64";
  return null;
}

/** An empty email is allowed (it clears the field). */
export function validateEmail(email: string): string | null {
  if (email === "") return null;
  if (utf8Length(email) > 256) return "email is too long, maximum length is 256";
  if (!EMAIL_PATTERN.test(email)) return "invalid email format";
  return null;
}

/** The rename rule of the v0 web: 1–127 characters, no leading `+ - .`, none of `/ @ # $ % ^ & * ( ) [ ]`. */
export function isValidResourceFilename(filename: string): boolean {
  if (filename.length < 1 || filename.length > 127) return false;
  if (/^[+\-.]/.test(filename)) return false;
  if (/[/@#$%^&*()[\]\\]/.test(filename)) return false;
  // Control characters would break headers and file systems.
  return !/[\u0000-\u001f\u007f]/.test(filename);
}

export type FieldRuleFailure = "too-short" | "too-long" | "not-allow-space" | "not-allow-chinese";

/** The web's form rule for usernames and passwords (wire §5.2). */
export function checkFormField(
  value: string,
  rules: { minLength?: number; maxLength?: number; noSpace?: boolean; noChinese?: boolean } = {
    minLength: 4,
    maxLength: 320,
    noSpace: true,
    noChinese: true,
  },
): FieldRuleFailure | null {
  if (rules.minLength !== undefined && value.length < rules.minLength) return "too-short";
  if (rules.maxLength !== undefined && value.length > rules.maxLength) return "too-long";
  if (rules.noSpace && value.includes(" ")) return "not-allow-space";
  if (rules.noChinese && /[\u3000\u3400-\u4DBF\u4E00-\u9FFF]/.test(value)) return "not-allow-chinese";
  return null;
}
