// Two-factor sign-in: the shape of the codes a person types (both sides read them the same way).

/** How many recovery codes an account gets at a time. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * The second step of a sign-in, once the password was right: the account's app code (or a recovery code), or, for an
 * account whose only second factor is a passkey, the passkey.
 */
export const SECOND_FACTOR_STEPS = ["code", "passkey"] as const;
export type SecondFactorStep = (typeof SECOND_FACTOR_STEPS)[number];

/** The longest code a request may carry (a TOTP code is 6 digits; a recovery code 11 characters with its dash). */
export const MAX_TWO_FACTOR_CODE_LENGTH = 64;

/** The longest app code a person types: 6 digits, perhaps with a space in the middle as apps show it ("123 456"). */
export const MAX_TOTP_CODE_INPUT_LENGTH = 7;

/** A code as typed, without spaces and dashes, in lower case: "123 456" is 123456, "ABCDE-FGHIJ" is abcdefghij. */
export const normalizeTwoFactorCode = (code: string): string => code.replace(/[\s-]/g, "").toLowerCase();

/** True when `code` reads as an authenticator app's code (6 digits) rather than a recovery code. */
export const isTotpCode = (code: string): boolean => /^\d{6}$/.test(normalizeTwoFactorCode(code));

/** The longest name of a passkey ("MacBook Touch ID"). */
export const MAX_PASSKEY_NAME_LENGTH = 64;

/** The longest text field of a browser's WebAuthn answer (base64url of an attestation, a client data JSON). */
export const MAX_PASSKEY_FIELD_LENGTH = 16384;
