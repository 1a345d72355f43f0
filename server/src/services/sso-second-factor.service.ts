// The account's own second factor after a provider's sign-in (issue 42). A provider vouches for its own sign-in, not
// for the account's app codes or passkeys: while the host's `ssoSecondFactor` is on (the default), the callback of an
// account that has one starts a step instead of a session. The step is a row keyed by the SHA-256 of a random ticket
// that only the browser's cookie holds (5 minutes; taken by one DELETE, so it signs in once, on whichever server
// process), and the sign-in page posts the code or a passkey with it. Failures count as sign-in's do: per address, and
// per account (services/code-lock.ts).
import { createHash, randomBytes } from "node:crypto";
import type { SsoSecondFactor, SsoSecondFactorStep } from "@memos/common";
import { assertNotThrottled, recordSuccessfulSignIn } from "../auth/rate-limit.js";
import { type SessionClient, startSession } from "../auth/session.js";
import type { AppContext, SecurityLog } from "../context.js";
import { unauthenticated } from "../errors.js";
import { assertActiveAccount } from "../policies/auth.policy.js";
import { secondFactorAfterSso } from "../policies/sso.policy.js";
import { OWN_ACCOUNT_DISCLOSURE } from "../policies/user.policy.js";
import { presentUser } from "../presenters/user.presenter.js";
import type { Db } from "../store/db.js";
import { readSystemSetting } from "../store/sql/settings.js";
import { findSsoSecondFactor, insertSsoSecondFactor, takeSsoSecondFactor } from "../store/sql/sso-second-factor.store.js";
import { findUserById } from "../store/sql/user.store.js";
import { nowSeconds } from "../store/time.js";
import type { SignedIn } from "./auth.service.js";
import { passSecondFactor, secondFactorsOf } from "./two-factor.service.js";

const STEP_TTL_SECONDS = 5 * 60;

const hashTicket = (ticket: string) => createHash("sha256").update(ticket).digest("hex");

export interface SsoSecondFactorStart {
  /** The step's secret, for the browser's cookie only. */
  ticket: string;
  /** What the sign-in page asks for. */
  step: SsoSecondFactorStep;
}

/** After a provider signed `userId` in: the step to pass first, or null when the sign-in gets its session at once. */
export async function startSsoSecondFactor(db: Db, userId: number): Promise<SsoSecondFactorStart | null> {
  const [settingOn, factors] = await Promise.all([readSystemSetting(db, "ssoSecondFactor"), secondFactorsOf(db, userId)]);
  const step = secondFactorAfterSso(settingOn, factors);
  if (step === null) return null;
  const ticket = randomBytes(32).toString("base64url");
  const now = nowSeconds();
  await insertSsoSecondFactor(db, { ticket_hash: hashTicket(ticket), user_id: userId, expires_ts: now + STEP_TTL_SECONDS }, now);
  return { ticket, step };
}

const stepExpired = () =>
  unauthenticated("This sign-in expired or was already used: sign in with the provider again", { reason: "auth.sso-step-expired" });

/**
 * `ticket`: the step's cookie. Checks the code or passkey as sign-in's code step does, then takes the step and starts
 * the session.
 */
export async function passSsoSecondFactor(
  ctx: AppContext,
  input: SsoSecondFactor,
  ticket: string | undefined,
  client: SessionClient,
  log: SecurityLog,
): Promise<SignedIn> {
  const { db } = ctx.store;
  if (!ticket) throw stepExpired();
  const ticketHash = hashTicket(ticket);
  const userId = await findSsoSecondFactor(db, ticketHash, nowSeconds());
  const user = userId === undefined ? undefined : await findUserById(db, userId);
  if (!user) throw stepExpired();
  assertActiveAccount(user);
  await assertNotThrottled(db, user.username, client.address);
  const { twoFactorPending } = await passSecondFactor(ctx, user, input, client.address, log);
  // Two requests with good answers: one signs in, the other finds the step gone.
  if (!(await takeSsoSecondFactor(db, ticketHash, nowSeconds()))) throw stepExpired();
  await recordSuccessfulSignIn(db, user.username, client.address);
  const { token } = await startSession(db, user.id, client, twoFactorPending);
  return { user: presentUser(user, OWN_ACCOUNT_DISCLOSURE), token };
}
