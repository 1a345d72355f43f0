// Passkeys: adding, renaming and removing the caller's, and signing in with one (alone, or as the second step of a
// password sign-in: two-factor.service.ts). Challenges live in the database (one row each, used once, 5 minutes),
// so any server process of an instance finishes a ceremony another started.
import { randomBytes } from "node:crypto";
import type { Passkey, PasskeyAssertion, PasskeyCeremony, PasskeyRegister, PasskeyRename, User } from "@memos/common";
import {
  authenticationOptions,
  type RelyingParty,
  registrationOptions,
  relyingParty,
  verifiedAssertion,
  verifiedRegistration,
} from "../auth/passkey.js";
import { assertNotThrottled, recordFailedSignIn, recordSuccessfulSignIn } from "../auth/rate-limit.js";
import { type SessionClient, startSession } from "../auth/session.js";
import type { AppContext, Viewer } from "../context.js";
import { badRequest, conflict, notFound, unauthenticated } from "../errors.js";
import { assertActiveAccount } from "../policies/auth.policy.js";
import { authorizeSessionChange } from "../policies/credential.policy.js";
import { assertMayRemovePasskey } from "../policies/sso.policy.js";
import { authorizeSecondFactorRemoval } from "../policies/two-factor.policy.js";
import { OWN_ACCOUNT_DISCLOSURE } from "../policies/user.policy.js";
import { presentPasskey } from "../presenters/passkey.presenter.js";
import { presentUser } from "../presenters/user.presenter.js";
import type { Db } from "../store/db.js";
import {
  countPasskeys,
  deletePasskey,
  findOwnPasskey,
  findPasskeyByCredentialId,
  insertPasskey,
  listPasskeys,
  markPasskeyUsed,
  type PasskeyRow,
  renamePasskey,
  saveChallenge,
  takeChallenge,
} from "../store/sql/passkey.store.js";
import { listIdentitiesOfUser } from "../store/sql/identity-provider.store.js";
import { deleteUserSessions } from "../store/sql/session.store.js";
import { readSystemSetting } from "../store/sql/settings.js";
import { clearSessionPending, findTotp } from "../store/sql/two-factor.store.js";
import { findUserById } from "../store/sql/user.store.js";
import { nowSeconds } from "../store/time.js";
import { readCustomizedProfile } from "./system.service.js";

const CHALLENGE_TTL_SECONDS = 5 * 60;

/**
 * Failed passkey sign-ins are counted under this name (no username is typed), with the client's address: the
 * sign-in throttle's pair and address limits apply to them. It has a space, which no username has.
 */
const PASSKEY_SIGN_IN = "passkey sign-in";

async function relyingPartyOf(ctx: AppContext): Promise<RelyingParty> {
  const profile = await readCustomizedProfile(ctx);
  return relyingParty(profile.externalUrl, profile.name);
}

async function newCeremony(db: Db, challenge: string, userId: number | null, options: Record<string, unknown>): Promise<PasskeyCeremony> {
  const challengeId = randomBytes(24).toString("base64url");
  const now = nowSeconds();
  await saveChallenge(db, { id: challengeId, challenge, user_id: userId, expires_ts: now + CHALLENGE_TTL_SECONDS }, now);
  return { challengeId, options };
}

export async function listOwnPasskeys(ctx: AppContext, viewer: Viewer): Promise<Passkey[]> {
  authorizeSessionChange(viewer, "see passkeys");
  return (await listPasskeys(ctx.store.db, viewer.id)).map(presentPasskey);
}

export async function startPasskeyRegistration(ctx: AppContext, viewer: Viewer): Promise<PasskeyCeremony> {
  authorizeSessionChange(viewer, "add a passkey");
  const rp = await relyingPartyOf(ctx);
  const { db } = ctx.store;
  const options = await registrationOptions(rp, viewer, await listPasskeys(db, viewer.id));
  return newCeremony(db, options.challenge, viewer.id, { ...options });
}

const invalidRegistration = () =>
  badRequest("The passkey could not be verified: try adding it again", { reason: "passkey.invalid-registration", field: "response" });

export async function registerPasskey(ctx: AppContext, viewer: Viewer, input: PasskeyRegister): Promise<Passkey> {
  authorizeSessionChange(viewer, "add a passkey");
  const rp = await relyingPartyOf(ctx);
  const { db } = ctx.store;
  const taken = await takeChallenge(db, input.challengeId, nowSeconds());
  if (!taken || taken.user_id !== viewer.id) throw invalidRegistration();
  const credential = await verifiedRegistration(rp, input.response, taken.challenge);
  if (!credential) throw invalidRegistration();
  if (await findPasskeyByCredentialId(db, credential.credentialId))
    throw conflict("This passkey is added already", { reason: "passkey.already-registered" });
  const row = await db.transaction().execute(async (tx) => {
    const added = await insertPasskey(tx, {
      user_id: viewer.id,
      credential_id: credential.credentialId,
      public_key: credential.publicKey,
      counter: credential.counter,
      transports: JSON.stringify(credential.transports),
      name: input.name,
      created_ts: nowSeconds(),
    });
    // A new second factor: the account's other sessions sign in again, as after turning on the app's codes; and a
    // session that had to set up two-factor sign-in has one now.
    await deleteUserSessions(tx, viewer.id, viewer.sessionId ?? undefined);
    if (viewer.sessionId) await clearSessionPending(tx, viewer.sessionId);
    return added;
  });
  return presentPasskey(row);
}

export async function renameOwnPasskey(ctx: AppContext, viewer: Viewer, id: number, input: PasskeyRename): Promise<Passkey> {
  authorizeSessionChange(viewer, "rename a passkey");
  const { db } = ctx.store;
  if (!(await renamePasskey(db, viewer.id, id, input.name))) throw passkeyNotFound(id);
  return presentPasskey((await findOwnPasskey(db, viewer.id, id))!);
}

const passkeyNotFound = (id: number) => notFound(`Passkey not found: ${id}`, { reason: "passkey.not-found" });

export async function deleteOwnPasskey(ctx: AppContext, viewer: Viewer, id: number): Promise<void> {
  authorizeSessionChange(viewer, "remove a passkey");
  const { db } = ctx.store;
  if (!(await findOwnPasskey(db, viewer.id, id))) throw passkeyNotFound(id);
  const [required, totp, count, user, identities] = await Promise.all([
    readSystemSetting(db, "requireTwoFactor"),
    findTotp(db, viewer.id),
    countPasskeys(db, viewer.id),
    findUserById(db, viewer.id),
    listIdentitiesOfUser(db, viewer.id),
  ]);
  assertMayRemovePasskey({ hasPassword: (user?.password_hash ?? "") !== "", passkeys: count, identities: identities.length });
  authorizeSecondFactorRemoval(required, (totp?.enabled_ts != null ? 1 : 0) + count - 1);
  await db.transaction().execute(async (tx) => {
    if (!(await deletePasskey(tx, viewer.id, id))) throw passkeyNotFound(id);
    await deleteUserSessions(tx, viewer.id, viewer.sessionId ?? undefined);
  });
}

export async function startPasskeyAuthentication(ctx: AppContext): Promise<PasskeyCeremony> {
  const rp = await relyingPartyOf(ctx);
  const options = await authenticationOptions(rp);
  return newCeremony(ctx.store.db, options.challenge, null, { ...options });
}

/**
 * The passkey that answered `input`'s challenge, or null: the challenge is used up either way. `alone`: the passkey
 * signs in by itself, so it must have verified its user. `userId`: it must be this account's.
 */
export async function usePasskey(ctx: AppContext, input: PasskeyAssertion, alone: boolean, userId?: number): Promise<PasskeyRow | null> {
  const rp = await relyingPartyOf(ctx);
  const { db } = ctx.store;
  const now = nowSeconds();
  const taken = await takeChallenge(db, input.challengeId, now);
  if (!taken || taken.user_id !== null) return null;
  const passkey = await findPasskeyByCredentialId(db, input.response.id);
  if (!passkey || (userId !== undefined && passkey.user_id !== userId)) return null;
  const counter = await verifiedAssertion(rp, passkey, input.response, taken.challenge, alone);
  if (counter === null) return null;
  // The library refused a counter that went backwards; this refuses a second use racing this one.
  return (await markPasskeyUsed(db, passkey.id, Number(passkey.counter), counter, now)) ? passkey : null;
}

/** Passwordless sign-in: the verified passkey's account signs in (a passkey that checked its user is two factors). */
export async function signInWithPasskey(
  ctx: AppContext,
  input: PasskeyAssertion,
  client: SessionClient,
): Promise<{ user: User; token: string }> {
  const { db } = ctx.store;
  await assertNotThrottled(db, PASSKEY_SIGN_IN, client.address);
  const passkey = await usePasskey(ctx, input, true);
  const user = passkey ? await findUserById(db, passkey.user_id) : undefined;
  if (!user) {
    await recordFailedSignIn(db, PASSKEY_SIGN_IN, client.address);
    throw unauthenticated("The passkey could not be verified", { reason: "auth.incorrect-passkey" });
  }
  assertActiveAccount(user);
  await recordSuccessfulSignIn(db, PASSKEY_SIGN_IN, client.address);
  const { token } = await startSession(db, user.id, client);
  return { user: presentUser(user, OWN_ACCOUNT_DISCLOSURE), token };
}
