// Sign-in, sign-up and sign-out, and who a request acts for.
import { randomUUID } from "node:crypto";
import type { SignIn, SignUp, User } from "@memos/common";
import { accountProblem } from "@memos/common";
import { hashPassword, needsRehash, verifyPassword } from "../auth/password.js";
import { assertNotThrottled, recordFailedSignIn, recordSuccessfulSignIn } from "../auth/rate-limit.js";
import { isAccessToken } from "../auth/access-token.js";
import { isSessionBearer } from "../auth/session-bearer.js";
import { hashToken, SESSION_ACTIVITY_RESOLUTION_SECONDS, type SessionClient, startSession } from "../auth/session.js";
import type { Actor, AppContext, SecurityLog, Viewer } from "../context.js";
import { badRequest, unauthenticated } from "../errors.js";
import { assertActiveAccount, signUpRole } from "../policies/auth.policy.js";
import { assertPasswordSignIn } from "../policies/sso.policy.js";
import { OWN_ACCOUNT_DISCLOSURE } from "../policies/user.policy.js";
import { presentUser } from "../presenters/user.presenter.js";
import { lockUntilCommit } from "../store/dialect.js";
import { readSystemSetting } from "../store/sql/settings.js";
import { deleteSession, findLiveSessionActor, touchSession } from "../store/sql/session.store.js";
import { nowSeconds } from "../store/time.js";
import { createUser, findHost, findUserByOpenId, findUserByUsername, findUserByUsernameKey, updateUser } from "../store/sql/user.store.js";
import { actorOfAccessToken } from "./access-token.service.js";
import { actorOfSessionBearer } from "./session-bearer.service.js";
import { checkSecondFactor, type SecondFactorMissing, secondFactorRequired } from "./two-factor.service.js";
import { assertUsernameFree } from "./user.service.js";

export interface SignedIn {
  user: User;
  token: string;
}

/**
 * `input` is valid already (the route's schema, signInSchema). `client`: where the session is signed in from; `log`:
 * where a lock of the account's two-factor codes is recorded. A missing second factor is a 401, or, for a caller
 * that signs in in two steps (`twoStep`), the answer that says which one comes next (no session yet).
 */
export async function signIn(
  ctx: AppContext,
  input: SignIn,
  client: SessionClient,
  log: SecurityLog,
): Promise<SignedIn | SecondFactorMissing> {
  const { username, password } = input;
  const { address } = client;
  const { db } = ctx.store;
  await assertNotThrottled(db, username, address);
  // The exact name first: a v0.10 database may hold two accounts that differ only by case.
  const user = (await findUserByUsername(db, username)) ?? (await findUserByUsernameKey(db, username));
  if (!user) {
    await recordFailedSignIn(db, username, address);
    throw unauthenticated(`User not found with username ${username}`, { reason: "auth.unknown-username" });
  }
  assertActiveAccount(user);
  assertPasswordSignIn(user.role, await readSystemSetting(db, "disablePasswordSignIn"));
  if (!(await verifyPassword(password, user.password_hash))) {
    await recordFailedSignIn(db, username, address);
    throw unauthenticated("Incorrect password", { reason: "auth.incorrect-password" });
  }
  const second = await checkSecondFactor(ctx, user, input, address, log);
  if ("secondFactor" in second) return input.twoStep ? second : secondFactorRequired(second);
  const { twoFactorPending } = second;
  await recordSuccessfulSignIn(db, username, address);
  const current = needsRehash(user.password_hash) ? await updateUser(db, user.id, { password_hash: await hashPassword(password) }) : user;
  const { token } = await startSession(db, user.id, client, twoFactorPending);
  return { user: presentUser(current, OWN_ACCOUNT_DISCLOSURE), token };
}

/** What a sign-up may say of the account beyond its name and password (v1's CreateUser). */
export interface SignUpProfile {
  nickname?: string;
  email?: string;
}

/**
 * A sign-up's account, made by the sign-up rules (the first is the host; later ones need `allowSignUp`), signing
 * nobody in. `input` is valid already (signUpSchema).
 */
export async function registerAccount(ctx: AppContext, input: SignUp, profile: SignUpProfile = {}): Promise<User> {
  const found = accountProblem({ username: input.username, password: input.password, ...profile });
  if (found) throw badRequest(`Invalid user create format: ${found.problem}`, { field: found.field });
  const passwordHash = await hashPassword(input.password);
  const user = await ctx.store.db.transaction().execute(async (tx) => {
    // Two simultaneous "first" sign-ups must not both become the host.
    await lockUntilCommit(tx, ctx.store.engine, "memos:signup");
    const hostExists = (await findHost(tx)) !== undefined;
    const role = signUpRole(hostExists, hostExists && (await readSystemSetting(tx, "allowSignUp")), input.role);
    await assertUsernameFree(tx, input.username);
    return createUser(tx, {
      username: input.username,
      nickname: profile.nickname || input.username,
      email: profile.email ?? "",
      role,
      password_hash: passwordHash,
      open_id: randomUUID(),
    });
  });
  return presentUser(user, OWN_ACCOUNT_DISCLOSURE);
}

/** `input` is valid already (the route's schema, signUpSchema). */
export async function signUp(ctx: AppContext, input: SignUp, client: SessionClient): Promise<SignedIn> {
  const user = await registerAccount(ctx, input);
  // A member who signs up where the host requires 2FA sets it up before anything else.
  const { token } = await startSession(ctx.store.db, user.id, client, await readSystemSetting(ctx.store.db, "requireTwoFactor"));
  return { user, token };
}

export async function signOut(ctx: AppContext, sessionToken: string | undefined): Promise<void> {
  if (sessionToken) await deleteSession(ctx.store.db, hashToken(sessionToken));
}

/** Ends the session the caller acts by (its cookie or a bearer token of it); a token's caller has none to end. */
export async function endCallerSession(ctx: AppContext, viewer: Viewer): Promise<void> {
  if (viewer?.via === "session" && viewer.sessionId) await deleteSession(ctx.store.db, viewer.sessionId);
}

export interface Credentials {
  sessionToken?: string;
  /** `Authorization: Bearer <token>`: a personal access token, a session's bearer token (v1 sign-in), or the open ID. */
  bearer?: string;
  /** `?openId=` (v0 clients). A personal access token is refused here: it belongs in the header, not in URLs. */
  openId?: string;
  /** The client's address, recorded as a token's last use. */
  address: string;
}

/** Finds who a request acts for. A bad token is an error; a stale cookie is simply anonymous. */
export async function resolveActor(ctx: AppContext, credentials: Credentials): Promise<Actor | null> {
  const { db } = ctx.store;
  if (credentials.bearer && isAccessToken(credentials.bearer)) return actorOfAccessToken(ctx, credentials.bearer, credentials.address);
  if (credentials.bearer && isSessionBearer(credentials.bearer)) return actorOfSessionBearer(ctx, credentials.bearer, credentials.address);
  if (credentials.openId && (isAccessToken(credentials.openId) || isSessionBearer(credentials.openId)))
    throw unauthenticated("Send an access token in the Authorization header", { reason: "auth.token-as-open-id" });
  const openId = credentials.bearer ?? credentials.openId;
  if (openId) {
    const user = await findUserByOpenId(db, openId);
    if (!user) throw unauthenticated("Invalid access token", { reason: "auth.invalid-token" });
    assertActiveAccount(user);
    return { id: user.id, role: user.role, username: user.username, via: "token", sessionId: null };
  }
  if (!credentials.sessionToken) return null;
  const sessionId = hashToken(credentials.sessionToken);
  const session = await findLiveSessionActor(db, sessionId);
  if (!session) return null;
  assertActiveAccount(session);
  const now = nowSeconds();
  const stale = now - SESSION_ACTIVITY_RESOLUTION_SECONDS;
  if (Number(session.last_active_ts) < stale) await touchSession(db, sessionId, now, credentials.address, stale);
  const pending = session.two_factor_pending === 1 ? { twoFactorPending: true } : {};
  return { id: session.user_id, role: session.role, username: session.username, via: "session", sessionId, ...pending };
}
