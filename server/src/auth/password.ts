// Password hashing: argon2id for new hashes; bcrypt hashes carried over from memos v0.10 still verify.
import { hash, verify } from "@node-rs/argon2";
import { onFirstUse } from "../on-first-use.js";

/** Only sign-ins with a password from memos v0.10 need bcrypt. */
const bcrypt = onFirstUse<typeof import("bcryptjs")>("bcryptjs");

const BCRYPT_PREFIX = /^\$2[aby]\$/;

export function hashPassword(password: string): Promise<string> {
  return hash(password);
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
