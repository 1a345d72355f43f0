// Two-factor sign-in: the caller's setup, turning it on and off, new recovery codes, an administrator's reset of a
// member's, and the code step of sign-in. The secret is stored as it is (there is no instance key outside the
// database to encrypt it with) and never sent again after the setup's answer; recovery codes are stored hashed.
import type { PasskeyAssertion, RecoveryCodes, SecondFactorStep, TotpConfirm, TotpEnable, TotpSetup, TotpStatus } from "@memos/common";
import { isTotpCode } from "@memos/common";
import { verifyPassword } from "../auth/password.js";
import { assertNotThrottled, recordFailedSignIn } from "../auth/rate-limit.js";
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret, otpauthUrl, totpStep } from "../auth/totp.js";
import type { Actor, AppContext, AuditLog, SecurityLog, Viewer } from "../context.js";
import { badRequest, conflict, notFound, unauthenticated } from "../errors.js";
import { authorizeSessionChange } from "../policies/credential.policy.js";
import { authorizeTwoFactorOff, authorizeTwoFactorReset } from "../policies/two-factor.policy.js";
import { requireSignedIn } from "../policies/utils.js";
import type { Db } from "../store/db.js";
import type { UserRow } from "../store/schema.js";
import { countPasskeys, deleteUserPasskeys } from "../store/sql/passkey.store.js";
import { deleteUserSessions } from "../store/sql/session.store.js";
import { readSystemSetting } from "../store/sql/settings.js";
import {
  claimTotpStep,
  clearSessionPending,
  consumeRecoveryCode,
  countRecoveryCodes,
  deleteTwoFactor,
  findTotp,
  markTotpEnabled,
  replaceRecoveryCodes,
  savePendingTotp,
  type UserTotpRow,
} from "../store/sql/two-factor.store.js";
import { findUserById } from "../store/sql/user.store.js";
import { nowSeconds } from "../store/time.js";
import { assertAppCodesOpen, recordCodeFailure } from "./code-lock.js";
import { usePasskey } from "./passkey.service.js";
import { readCustomizedProfile } from "./system.service.js";

const enabledTotp = async (db: Db, userId: number): Promise<UserTotpRow | undefined> => {
  const row = await findTotp(db, userId);
  return row?.enabled_ts != null ? row : undefined;
};

/**
 * Uses `code` up: an app's code of a time step after the last one used (429 while the account's app codes are locked),
 * or one of the recovery codes.
 */
async function useCode(db: Db, totp: UserTotpRow, code: string, allowRecovery: boolean): Promise<boolean> {
  if (isTotpCode(code)) {
    await assertAppCodesOpen(db, totp.user_id);
    const step = totpStep(totp.secret, code, Date.now());
    return step !== null && (await claimTotpStep(db, totp.user_id, step));
  }
  return allowRecovery && (await consumeRecoveryCode(db, totp.user_id, hashRecoveryCode(code)));
}

async function issueRecoveryCodes(db: Db, userId: number): Promise<RecoveryCodes> {
  const recoveryCodes = newRecoveryCodes();
  await replaceRecoveryCodes(db, userId, recoveryCodes.map(hashRecoveryCode), nowSeconds());
  return { recoveryCodes };
}

export async function getTotpStatus(ctx: AppContext, viewer: Viewer): Promise<TotpStatus> {
  requireSignedIn(viewer);
  const { db } = ctx.store;
  const [totp, left, required] = await Promise.all([
    enabledTotp(db, viewer.id),
    countRecoveryCodes(db, viewer.id),
    readSystemSetting(db, "requireTwoFactor"),
  ]);
  return { enabled: totp !== undefined, recoveryCodesLeft: totp ? left : 0, required, setupRequired: viewer.twoFactorPending === true };
}

export async function setUpTotp(ctx: AppContext, viewer: Viewer): Promise<TotpSetup> {
  authorizeSessionChange(viewer, "change two-factor sign-in");
  const { db } = ctx.store;
  if (await enabledTotp(db, viewer.id)) throw conflict("Two-factor sign-in is on already", { reason: "totp.already-enabled" });
  const secret = newTotpSecret();
  await savePendingTotp(db, viewer.id, secret, nowSeconds());
  const issuer = (await readCustomizedProfile(ctx)).name || "memos";
  return { secret, otpauthUrl: otpauthUrl(secret, issuer, viewer.username) };
}

/**
 * Counted as failed sign-ins of the account from `address`, and as a wrong code of the account (services/code-lock.ts):
 * guessing codes here is throttled as at sign-in.
 */
async function refuseCode(ctx: AppContext, viewer: Actor, address: string, log: SecurityLog): Promise<never> {
  await recordFailedSignIn(ctx.store.db, viewer.username, address);
  await recordCodeFailure(ctx, viewer.id, log);
  throw badRequest("Incorrect two-factor code", { reason: "totp.incorrect-code", field: "code" });
}

export async function enableTotp(
  ctx: AppContext,
  viewer: Viewer,
  input: TotpEnable,
  address: string,
  log: SecurityLog,
): Promise<RecoveryCodes> {
  authorizeSessionChange(viewer, "change two-factor sign-in");
  const { db } = ctx.store;
  const totp = await findTotp(db, viewer.id);
  if (!totp) throw conflict("Start the two-factor setup first", { reason: "totp.not-enabled" });
  if (totp.enabled_ts !== null) throw conflict("Two-factor sign-in is on already", { reason: "totp.already-enabled" });
  await assertNotThrottled(db, viewer.username, address);
  await assertAppCodesOpen(db, viewer.id);
  const step = isTotpCode(input.code) ? totpStep(totp.secret, input.code, Date.now()) : null;
  if (step === null) return refuseCode(ctx, viewer, address, log);
  return db.transaction().execute(async (tx) => {
    // Two requests with the same first code: one turns it on, the other is told it is on already.
    if (!(await markTotpEnabled(tx, viewer.id, nowSeconds())) || !(await claimTotpStep(tx, viewer.id, step)))
      throw conflict("Two-factor sign-in is on already", { reason: "totp.already-enabled" });
    // A change of credentials signs the account out everywhere else, as a new password does.
    await deleteUserSessions(tx, viewer.id, viewer.sessionId ?? undefined);
    if (viewer.sessionId) await clearSessionPending(tx, viewer.sessionId);
    return issueRecoveryCodes(tx, viewer.id);
  });
}

/** The password and a current code (or a recovery code) of the caller, whose 2FA is on; throttled as sign-in. */
async function confirmWithPasswordAndCode(
  ctx: AppContext,
  viewer: Actor,
  input: TotpConfirm,
  address: string,
  log: SecurityLog,
): Promise<void> {
  const { db } = ctx.store;
  const totp = await enabledTotp(db, viewer.id);
  if (!totp) throw conflict("Two-factor sign-in is not on", { reason: "totp.not-enabled" });
  await assertNotThrottled(db, viewer.username, address);
  const user = await findUserById(db, viewer.id);
  if (!user || !(await verifyPassword(input.password, user.password_hash))) {
    await recordFailedSignIn(db, viewer.username, address);
    throw badRequest("Incorrect password", { reason: "totp.incorrect-password", field: "password" });
  }
  if (!(await useCode(db, totp, input.code, true))) await refuseCode(ctx, viewer, address, log);
}

export async function disableTotp(ctx: AppContext, viewer: Viewer, input: TotpConfirm, address: string, log: SecurityLog): Promise<void> {
  authorizeSessionChange(viewer, "change two-factor sign-in");
  const { db } = ctx.store;
  authorizeTwoFactorOff(await readSystemSetting(db, "requireTwoFactor"));
  await confirmWithPasswordAndCode(ctx, viewer, input, address, log);
  await db.transaction().execute(async (tx) => {
    await deleteTwoFactor(tx, viewer.id);
    await deleteUserSessions(tx, viewer.id, viewer.sessionId ?? undefined);
  });
}

export async function regenerateRecoveryCodes(
  ctx: AppContext,
  viewer: Viewer,
  input: TotpConfirm,
  address: string,
  log: SecurityLog,
): Promise<RecoveryCodes> {
  authorizeSessionChange(viewer, "change two-factor sign-in");
  await confirmWithPasswordAndCode(ctx, viewer, input, address, log);
  return ctx.store.db.transaction().execute(async (tx) => {
    await deleteUserSessions(tx, viewer.id, viewer.sessionId ?? undefined);
    return issueRecoveryCodes(tx, viewer.id);
  });
}

/**
 * An administrator's reset of a member's 2FA (a lost phone or passkey): the app's codes are off, the passkeys gone,
 * and the member is signed out everywhere.
 */
export async function resetTotp(ctx: AppContext, viewer: Viewer, userId: number, log: AuditLog): Promise<void> {
  const { db } = ctx.store;
  const target = await findUserById(db, userId);
  if (!target) throw notFound(`User ID not found: ${userId}`, { reason: "user.not-found" });
  authorizeTwoFactorReset(viewer, target);
  await db.transaction().execute(async (tx) => {
    await deleteTwoFactor(tx, userId);
    await deleteUserPasskeys(tx, userId);
    await deleteUserSessions(tx, userId);
  });
  log.info({ event: "two-factor.reset", by: viewer!.id, user: userId }, `two-factor sign-in of user ${userId} reset by user ${viewer!.id}`);
}

/** The account's second factors: whether the app's codes are on, and how many passkeys it has. */
export async function secondFactorsOf(db: Db, userId: number): Promise<{ totp: boolean; passkeys: number }> {
  const [totp, passkeys] = await Promise.all([enabledTotp(db, userId), countPasskeys(db, userId)]);
  return { totp: totp !== undefined, passkeys };
}

/**
 * Whether a session signed in another way (single sign-on) must set up two-factor sign-in first: the host requires it
 * and the account has none (no app's codes, no passkey).
 */
export async function mustSetUpTwoFactor(db: Db, userId: number): Promise<boolean> {
  const { totp, passkeys } = await secondFactorsOf(db, userId);
  return !totp && passkeys === 0 && (await readSystemSetting(db, "requireTwoFactor"));
}

/** A second factor is still to come: what sign-in answers, or throws as a 401, when it was sent neither. */
export interface SecondFactorMissing {
  secondFactor: SecondFactorStep;
}

/** The 401 of a sign-in whose second factor is missing, for a caller that did not take it in two steps. */
export function secondFactorRequired({ secondFactor }: SecondFactorMissing): never {
  if (secondFactor === "passkey")
    throw unauthenticated("A passkey is required: sign in with one of the account's passkeys", { reason: "auth.passkey-required" });
  throw unauthenticated("A two-factor code is required: send the code of your authenticator app, or a recovery code", {
    reason: "auth.code-required",
  });
}

/**
 * Sign-in's code step, after the password was right: an account with 2FA needs a code (a wrong or used one is a
 * failed sign-in and a wrong code of the account, services/code-lock.ts) or one of its passkeys; an account whose
 * only second factor is a passkey needs the passkey. Without one it answers which is missing (the caller throws
 * `secondFactorRequired` or answers it as a step). Otherwise, whether the session must set up 2FA first (the host
 * requires it and the account has none).
 */
export async function checkSecondFactor(
  ctx: AppContext,
  user: UserRow,
  { code, passkey }: { code?: string | undefined; passkey?: PasskeyAssertion | undefined },
  address: string,
  log: SecurityLog,
): Promise<{ twoFactorPending: boolean } | SecondFactorMissing> {
  const { db } = ctx.store;
  const [totp, passkeys] = await Promise.all([enabledTotp(db, user.id), countPasskeys(db, user.id)]);
  if (!totp && passkeys === 0) return { twoFactorPending: await readSystemSetting(db, "requireTwoFactor") };
  if (passkey !== undefined) {
    if (!(await usePasskey(ctx, passkey, false, user.id))) {
      await recordFailedSignIn(db, user.username, address);
      throw unauthenticated("The passkey could not be verified", { reason: "auth.incorrect-passkey" });
    }
    return { twoFactorPending: false };
  }
  if (!totp) return { secondFactor: "passkey" };
  if (code === undefined || code.trim() === "") return { secondFactor: "code" };
  if (!(await useCode(db, totp, code, true))) {
    await recordFailedSignIn(db, user.username, address);
    await recordCodeFailure(ctx, user.id, log);
    throw unauthenticated("Incorrect two-factor code", { reason: "auth.incorrect-code" });
  }
  return { twoFactorPending: false };
}

/** As checkSecondFactor, a missing second factor thrown as its 401 (`auth.code-required`, `auth.passkey-required`). */
export async function passSecondFactor(...args: Parameters<typeof checkSecondFactor>): Promise<{ twoFactorPending: boolean }> {
  const outcome = await checkSecondFactor(...args);
  if ("secondFactor" in outcome) secondFactorRequired(outcome);
  return outcome;
}
