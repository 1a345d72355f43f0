// Session tokens: 256 random bits in the cookie (SESSION_COOKIE, common), only their sha256 in the database.
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../store/db.js";
import { createSession, deleteExpiredSessions } from "../store/sql/session.store.js";
import { nowSeconds } from "../store/time.js";

export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

/**
 * A session's last activity is written at most this often (and the address with it), so a busy browser costs one
 * write every five minutes, not one per request; "last active" is that precise.
 */
export const SESSION_ACTIVITY_RESOLUTION_SECONDS = 5 * 60;

/** Enough of a User-Agent to name any browser; the rest is not kept. */
const MAX_USER_AGENT_LENGTH = 512;

/** Where a session is signed in from: the request's User-Agent and address (request.ip, which follows --trust-proxy). */
export interface SessionClient {
  userAgent: string | undefined;
  address: string;
}

export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex");

/** A session's cookie token: 256 random bits. */
export const newSessionToken = (): string => randomBytes(32).toString("base64url");

/** `twoFactorPending`: the session may only set up two-factor sign-in (policies/two-factor.policy.ts). */
export async function startSession(
  db: Db,
  userId: number,
  client: SessionClient,
  twoFactorPending = false,
): Promise<{ token: string; sessionId: string }> {
  const token = newSessionToken();
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
    public_id: randomBytes(16).toString("base64url"),
    user_agent: (client.userAgent ?? "").slice(0, MAX_USER_AGENT_LENGTH),
    address: client.address,
    last_active_ts: now,
  });
  return { token, sessionId };
}
