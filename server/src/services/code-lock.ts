// The account-wide cap on wrong two-factor codes (issue 42). The per-address sign-in limits (auth/rate-limit.ts) let a
// guesser who knows the password try a few codes from each of many addresses; this counts the account's wrong codes
// from every address (at sign-in, after single sign-on, and on the routes that change 2FA), and the 10th within 15
// minutes refuses the account's app codes for the next 15 minutes, whatever the address. Recovery codes and passkeys
// still work, so a guesser cannot lock the owner out; the owner hears of each lock in the inbox, and the log names the
// account by id (never a code). Counts and locks live in the database, so every server process keeps the same.
import type { AppContext, SecurityLog } from "../context.js";
import { tooManyRequests } from "../errors.js";
import type { Db } from "../store/db.js";
import { countCodeFailures, findCodeLockUntil, insertCodeFailure, pruneCodeFailures, startCodeLock } from "../store/sql/code-lock.store.js";
import { nowSeconds } from "../store/time.js";
import { notifyTwoFactorLocked } from "./inbox.service.js";
import { liveTransaction } from "./live-feed.js";

/** Wrong codes of one account within the window that lock its app codes. */
const CODE_FAILURE_LIMIT = 10;
/** How long wrong codes count, and how long a lock lasts. */
const CODE_WINDOW_SECONDS = 15 * 60;

/** Refuses an app's code while the account's codes are locked: 429 `auth.code-locked`, Retry-After until the end. */
export async function assertAppCodesOpen(db: Db, userId: number): Promise<void> {
  const until = await findCodeLockUntil(db, userId);
  const now = nowSeconds();
  if (until === undefined || until <= now) return;
  throw tooManyRequests(
    "Too many wrong two-factor codes for this account: use a recovery code or a passkey, or try again later",
    until - now,
    "auth.code-locked",
  );
}

/**
 * Counts a wrong code (an app's or a recovery code) of the account. The one that reaches the limit locks the app
 * codes, tells the owner in the inbox (one item per lock, in the lock's transaction) and the log.
 */
export async function recordCodeFailure(ctx: AppContext, userId: number, log: SecurityLog): Promise<void> {
  const now = nowSeconds();
  const since = now - CODE_WINDOW_SECONDS;
  const lockedUntil = await liveTransaction(ctx, async (tx) => {
    await insertCodeFailure(tx, userId, now);
    await pruneCodeFailures(tx, since);
    if ((await countCodeFailures(tx, userId, since)) < CODE_FAILURE_LIMIT) return null;
    const until = now + CODE_WINDOW_SECONDS;
    if (!(await startCodeLock(tx, userId, until, now))) return null;
    await notifyTwoFactorLocked(tx, userId, until);
    return until;
  });
  if (lockedUntil === null) return;
  log.warn(
    { event: "two-factor.locked", user: userId, until: lockedUntil },
    `two-factor app codes of user ${userId} refused until ${new Date(lockedUntil * 1000).toISOString()}: ${CODE_FAILURE_LIMIT} wrong codes within ${CODE_WINDOW_SECONDS / 60} minutes`,
  );
}
