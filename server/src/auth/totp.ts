// TOTP (RFC 6238: SHA-1, 6 digits, 30 s, what every authenticator app reads) through otpauth, and recovery codes:
// 10 random base32 characters each (50 bits), only their sha256 kept.
import { createHash, randomBytes } from "node:crypto";
import { normalizeTwoFactorCode, RECOVERY_CODE_COUNT } from "@memos/common";
import type { TOTP } from "otpauth";
import { onFirstUse } from "../on-first-use.js";

const otpauth = onFirstUse<typeof import("otpauth")>("otpauth");

const PERIOD = 30;
/** A code of the step before or after the current one is accepted too (clocks drift; typing takes time). */
const WINDOW = 1;

function totpOf(secret: string, issuer = "", label = ""): TOTP {
  const { Secret, TOTP } = otpauth();
  return new TOTP({ issuer, label, algorithm: "SHA1", digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });
}

/** A new secret, base32 (160 bits, as RFC 4226 recommends). */
export const newTotpSecret = (): string => new (otpauth().Secret)({ size: 20 }).base32;

/** The otpauth:// URL an app scans (issuer: the instance's name; label: the username). */
export const otpauthUrl = (secret: string, issuer: string, username: string): string => totpOf(secret, issuer, username).toString();

/** The time step `code` belongs to (within the window around `nowMs`), or null when it is no code of `secret`. */
export function totpStep(secret: string, code: string, nowMs: number): number | null {
  const delta = totpOf(secret).validate({ token: normalizeTwoFactorCode(code), timestamp: nowMs, window: WINDOW });
  return delta === null ? null : Math.floor(nowMs / 1000 / PERIOD) + delta;
}

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

/** New recovery codes, as shown: "abcde-fghij". */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((byte) => BASE32[byte % 32]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What is stored of a recovery code: the sha256 of its normalised form (the codes are random; no salt needed). */
export const hashRecoveryCode = (code: string): string => createHash("sha256").update(normalizeTwoFactorCode(code)).digest("hex");
