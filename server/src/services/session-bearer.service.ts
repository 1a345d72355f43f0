// The v1 API's sign-in tokens over our sessions: the short-lived bearer token a sign-in or a refresh hands out
// (auth/session-bearer.ts), who a request with one acts for, and the refresh, which reads the session's cookie token
// (memos' `memos_refresh`) and gives the session a new one, so a refresh cookie works once.
import { bearerKey, readSessionBearer, SESSION_BEARER_SECONDS, signSessionBearer } from "../auth/session-bearer.js";
import { hashToken, newSessionToken, SESSION_ACTIVITY_RESOLUTION_SECONDS } from "../auth/session.js";
import type { User } from "@memos/common";
import type { Actor, AppContext } from "../context.js";
import { OWN_ACCOUNT_DISCLOSURE } from "../policies/user.policy.js";
import { presentUser } from "../presenters/user.presenter.js";
import { unauthenticated } from "../errors.js";
import { assertActiveAccount } from "../policies/auth.policy.js";
import type { Db } from "../store/db.js";
import type { SessionTable } from "../store/schema-sign-in.js";
import { findLiveSession, findLiveSessionByPublicId, rekeySession, touchSession } from "../store/sql/session.store.js";
import { findUserById } from "../store/sql/user.store.js";
import { nowSeconds } from "../store/time.js";
import type { Selectable } from "kysely";

export interface IssuedBearer {
  token: string;
  /** Unix seconds. */
  expiresTs: number;
}

type SessionRow = Selectable<SessionTable>;

async function issue(db: Db, session: SessionRow): Promise<IssuedBearer> {
  const expiresTs = nowSeconds() + SESSION_BEARER_SECONDS;
  const token = signSessionBearer(await bearerKey(db), { userId: session.user_id, sessionPublicId: session.public_id, expiresTs });
  return { token, expiresTs };
}

const ended = () => unauthenticated("The session of this token has ended", { reason: "auth.invalid-token" });

/** A bearer token of the live session whose cookie token is `sessionToken` (one that just started). */
export async function bearerOfSession(ctx: AppContext, sessionToken: string): Promise<IssuedBearer> {
  const session = await findLiveSession(ctx.store.db, hashToken(sessionToken));
  if (!session) throw ended();
  return issue(ctx.store.db, session);
}

/** The account of the live session whose cookie token is `sessionToken`, as it sees itself. */
export async function sessionAccount(ctx: AppContext, sessionToken: string): Promise<User> {
  const session = await findLiveSession(ctx.store.db, hashToken(sessionToken));
  const user = session ? await findUserById(ctx.store.db, session.user_id) : undefined;
  if (!user) throw ended();
  return presentUser(user, OWN_ACCOUNT_DISCLOSURE);
}

/**
 * Who a request with a session's bearer token acts for: that session's account, as its cookie would (a session
 * credential: `via: "session"`). A forged or expired token, or one of a session that ended, is a 401.
 */
export async function actorOfSessionBearer(ctx: AppContext, token: string, address: string): Promise<Actor> {
  const { db } = ctx.store;
  const now = nowSeconds();
  const bearer = readSessionBearer(await bearerKey(db), token, now);
  if (!bearer) throw unauthenticated("Invalid access token", { reason: "auth.invalid-token" });
  if (bearer.expired) throw unauthenticated("Access token expired", { reason: "auth.token-expired" });
  const session = await findLiveSessionByPublicId(db, bearer.sessionPublicId);
  if (!session || session.user_id !== bearer.userId) throw ended();
  const user = await findUserById(db, session.user_id);
  if (!user) throw ended();
  assertActiveAccount(user);
  const stale = now - SESSION_ACTIVITY_RESOLUTION_SECONDS;
  if (Number(session.last_active_ts) < stale) await touchSession(db, session.id, now, address, stale);
  const pending = session.two_factor_pending === 1 ? { twoFactorPending: true } : {};
  return { id: user.id, role: user.role, username: user.username, via: "session", sessionId: session.id, ...pending };
}

export interface Refreshed {
  /** The session's new cookie token: the old one no longer works. */
  sessionToken: string;
  /** When the session ends (Unix seconds): its cookies' lifetime. */
  sessionExpiresTs: number;
  bearer: IssuedBearer;
}

/** A new bearer token for the session of `refreshToken`, which is replaced. No token, or a session that ended: 401. */
export async function refreshSession(ctx: AppContext, refreshToken: string | undefined, address: string): Promise<Refreshed> {
  if (!refreshToken) throw unauthenticated("refresh token not found", { reason: "auth.invalid-token" });
  const { db } = ctx.store;
  const id = hashToken(refreshToken);
  const session = await findLiveSession(db, id);
  if (!session) throw ended();
  const user = await findUserById(db, session.user_id);
  if (!user) throw ended();
  assertActiveAccount(user);
  const sessionToken = newSessionToken();
  const newId = hashToken(sessionToken);
  // Two refreshes with one cookie: the first re-keys the session, the second finds it gone.
  if (!(await rekeySession(db, id, newId))) throw ended();
  const now = nowSeconds();
  await touchSession(db, newId, now, address, now - SESSION_ACTIVITY_RESOLUTION_SECONDS);
  return { sessionToken, sessionExpiresTs: Number(session.expires_ts), bearer: await issue(db, { ...session, id: newId }) };
}
