// What OAuth hands out: client ids, authorization codes, refresh tokens (random, only their SHA-256 stored), and the
// PKCE check. The access token an app gets is an ordinary access token (`memos_pat_…`, auth/access-token.ts).
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { REFRESH_TOKEN_PREFIX } from "@memos/common";

/** An authorization code lives 10 minutes at most (RFC 6749 §4.1.2); it is exchanged at once. */
export const CODE_SECONDS = 10 * 60;
/** An app's access token lasts an hour; the app refreshes it. */
export const ACCESS_TOKEN_SECONDS = 60 * 60;
/** Registrations from one address (its /64 for IPv6) within an hour. */
export const REGISTRATIONS_PER_HOUR = 20;
/** A client no user approved within this long is deleted (it registers again when it comes back). */
export const UNUSED_CLIENT_SECONDS = 7 * 24 * 60 * 60;

const random = (bytes: number) => randomBytes(bytes).toString("base64url");

export const newClientId = (): string => `memos_client_${random(18)}`;
export const newAuthorizationCode = (): string => random(32);
export const newRefreshToken = (): string => `${REFRESH_TOKEN_PREFIX}${random(32)}`;

/** RFC 7636 §4.1: 43 to 128 characters of the unreserved set. */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
/** BASE64URL(SHA-256(verifier)): always 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export const isS256Challenge = (challenge: string): boolean => S256_CHALLENGE.test(challenge);

/** Whether `verifier` is the one whose S256 challenge is `challenge` (compared in constant time). */
export function verifierMatches(verifier: string, challenge: string): boolean {
  if (!VERIFIER.test(verifier) || !S256_CHALLENGE.test(challenge)) return false;
  const computed = Buffer.from(createHash("sha256").update(verifier).digest("base64url"));
  return timingSafeEqual(computed, Buffer.from(challenge));
}
