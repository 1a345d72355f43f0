// Sign-in throttling: after MAX_FAILURES failures for one username or one client address within the
// window, sign-in answers 429 until the window has passed. Kept in the database so every instance agrees.
import { tooManyRequests } from "../errors.js";
import type { Db } from "../store/db.js";
import { clearFailures, countRecentFailures, pruneFailures, recordFailures } from "../store/auth-failure.store.js";
import { nowSeconds } from "../store/time.js";

export const MAX_FAILURES = 10;
export const WINDOW_SECONDS = 15 * 60;

const keysOf = (username: string, address: string) => [`user:${username}`, `addr:${address}`];

export async function assertNotThrottled(db: Db, username: string, address: string): Promise<void> {
  const counts = await countRecentFailures(db, keysOf(username, address), nowSeconds() - WINDOW_SECONDS);
  if ([...counts.values()].some((count) => count >= MAX_FAILURES)) {
    throw tooManyRequests("Too many failed sign-in attempts, please try again later");
  }
}

export async function recordFailedSignIn(db: Db, username: string, address: string): Promise<void> {
  const now = nowSeconds();
  await recordFailures(db, keysOf(username, address), now);
  await pruneFailures(db, now - WINDOW_SECONDS);
}

export async function recordSuccessfulSignIn(db: Db, username: string): Promise<void> {
  await clearFailures(db, `user:${username}`);
}
