// Password hashing: argon2id for new hashes; bcrypt hashes carried over from memos v0.10 still verify.
import { hash, verify } from "@node-rs/argon2";
import { onFirstUse } from "../on-first-use.js";

/** Only sign-ins with a password from memos v0.10 need bcrypt. */
const bcrypt = onFirstUse<typeof import("bcryptjs")>("bcryptjs");

const BCRYPT_PREFIX = /^\$2[aby]\$/;

/** argon2id's cost for new hashes: OWASP's baseline (19 MiB, 2 passes, 1 lane), about 15 ms on a slow core. */
const hashCost = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * Lowers the cost of new hashes, for the API test suites only (server/test/harness.ts): they hash thousands of
 * passwords, and the algorithm is the same. A hash carries its own cost, so verifying ignores this.
 */
export function setPasswordHashCost(cost: Partial<typeof hashCost>): void {
  Object.assign(hashCost, cost);
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, hashCost);
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (BCRYPT_PREFIX.test(stored)) return bcrypt().compare(password, stored);
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A bcrypt hash is re-hashed with argon2id after the next successful sign-in. */
export const needsRehash = (stored: string): boolean => BCRYPT_PREFIX.test(stored);
