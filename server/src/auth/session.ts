// Session tokens: 256 random bits in the cookie (SESSION_COOKIE, common), only their sha256 in the database.
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../store/db.js";
import { createSession, deleteExpiredSessions } from "../store/sql/session.store.js";
import { nowSeconds } from "../store/time.js";

export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex");

/** `twoFactorPending`: the session may only set up two-factor sign-in (policies/two-factor.policy.ts). */
export async function startSession(db: Db, userId: number, twoFactorPending = false): Promise<{ token: string; sessionId: string }> {
  const token = randomBytes(32).toString("base64url");
  const sessionId = hashToken(token);
  const now = nowSeconds();
  // Expired rows are dead weight; each new session sweeps them so the table never grows without bound.
  await deleteExpiredSessions(db);
  await createSession(db, {
    id: sessionId,
    user_id: userId,
    created_ts: now,
    expires_ts: now + SESSION_TTL_SECONDS,
    two_factor_pending: twoFactorPending ? 1 : 0,
  });
  return { token, sessionId };
}
