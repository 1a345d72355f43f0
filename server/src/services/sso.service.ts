// The single sign-on browser flow (OpenID Connect through openid-client, or plain OAuth 2 through sso-oauth2.ts;
// authorization code with PKCE, state and, for OIDC, nonce). `startSso` keeps the flow in the database (state hashed as the key, 10 minutes, single use) and
// sends the browser to the provider; `finishSso` takes the flow back by the state the provider returns, exchanges
// the code, checks the ID token and its nonce, and signs in, creates or links the account (policies/sso.policy.ts); a
// sign-in of an account with its own second factor then passes that first (services/sso-second-factor.service.ts).
// A failure is an `SsoFailure` the route turns into a redirect to the app; its cause goes to the log, never the
// code, state or tokens.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import {
  DEFAULT_SSO_SCOPES,
  SSO_CALLBACK_PATH,
  usernameFromClaim,
  usernameWithSuffix,
  MAX_NICKNAME_BYTES,
  validateEmail,
  validateNickname,
  validateUsername,
} from "@memos/common";
import type * as Oidc from "openid-client";
import { addressKey, assertNotThrottled, recordFailedSignIn } from "../auth/rate-limit.js";
import { type SessionClient, startSession } from "../auth/session.js";
import type { AppContext, Viewer } from "../context.js";
import { badRequest, type ErrorLog } from "../errors.js";
import { guardedFetch, RefusedTargetError } from "../outbound/guarded-fetch.js";
import { authorizeSessionChange, isSessionCaller } from "../policies/credential.policy.js";
import { ssoOutcome } from "../policies/sso.policy.js";
import { lockUntilCommit } from "../store/dialect.js";
import type { Db } from "../store/db.js";
import { SsoError } from "./sso-error.js";
import { oauth2Account, oauth2AuthorizationUrl, type SsoAccount } from "./sso-oauth2.js";
import { type SsoSecondFactorStart, startSsoSecondFactor } from "./sso-second-factor.service.js";
import { mustSetUpTwoFactor } from "./two-factor.service.js";
import type { IdentityProviderRow } from "../store/schema-sign-in.js";
import {
  countOpenOidcFlows,
  findIdentityBySubject,
  findIdentityProvider,
  insertOidcFlow,
  insertUserIdentity,
  takeOidcFlow,
  touchUserIdentity,
} from "../store/sql/identity-provider.store.js";
import { readSystemSetting } from "../store/sql/settings.js";
import { createUser, findUserById, findUserByUsernameKey } from "../store/sql/user.store.js";
import { nowSeconds } from "../store/time.js";

const FLOW_TTL_SECONDS = 10 * 60;
/**
 * Unfinished flows one client address (its /64 for IPv6) may hold. A flow ends when its callback comes or after ten
 * minutes: a household or an office signing in one after another never meets it, while starts sent in a loop (each
 * a row, and a request to the provider when its configuration is not cached) stop here.
 */
export const OPEN_FLOWS_PER_ADDRESS = 30;
const REQUEST_TIMEOUT_MS = 10_000;
/** A provider's discovered configuration is reused for this long (and while its issuer, client ID and secret stay). */
const DISCOVERY_TTL_MS = 10 * 60_000;

const hashState = (state: string) => createHash("sha256").update(state).digest("hex");

/** openid-client (with jose under it), loaded when a provider is first used. */
const openidClient = () => import("openid-client");

const discovered = new Map<string, { config: Oidc.Configuration; expires: number }>();

async function configurationOf(ctx: AppContext, provider: IdentityProviderRow): Promise<Oidc.Configuration> {
  // Keyed by what the configuration is made of, so a change by any process is seen at once (the secret hashed).
  const made = [provider.issuer, provider.client_id, provider.client_secret].join("\n");
  const key = `${provider.id}:${createHash("sha256").update(made).digest("hex")}`;
  const kept = discovered.get(key);
  if (kept && kept.expires > Date.now()) return kept.config;
  const allowPrivate = ctx.config.oidcAllowPrivate;
  const oidc = await openidClient();
  try {
    const config = await oidc.discovery(
      new URL(provider.issuer),
      provider.client_id,
      undefined,
      provider.client_secret ? oidc.ClientSecretBasic(provider.client_secret) : oidc.None(),
      {
        [oidc.customFetch]: guardedFetch({ allowPrivate, timeoutMs: REQUEST_TIMEOUT_MS }),
        ...(allowPrivate && { execute: [oidc.allowInsecureRequests] }),
      },
    );
    // Older configurations of this provider, and any expired one, are dropped.
    for (const [other, entry] of discovered) {
      if (other.startsWith(`${provider.id}:`) || entry.expires <= Date.now()) discovered.delete(other);
    }
    discovered.set(key, { config, expires: Date.now() + DISCOVERY_TTL_MS });
    return config;
  } catch (error) {
    throw providerFailure(error);
  }
}

const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH"]);

/** Whether an error (or its cause) is a failure to reach the provider: a refused address, the network, the time limit. */
function isUnreachable(error: unknown): boolean {
  if (error instanceof RefusedTargetError) return true;
  if (!(error instanceof Error)) return false;
  if (NETWORK_CODES.has((error as NodeJS.ErrnoException).code ?? "") || /timed out/.test(error.message)) return true;
  return error.cause !== undefined && isUnreachable(error.cause);
}

/** The provider could not be reached (or its address is refused), or answered something the checks refuse. */
function providerFailure(error: unknown): SsoError {
  if (error instanceof SsoError) return error;
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
  const detail = error instanceof Error ? `${error.name}: ${error.message}${cause}` : String(error);
  return new SsoError(isUnreachable(error) ? "provider-unreachable" : "provider-error", detail);
}

/** `<external URL>/auth/oidc/callback`: customizedProfile.externalUrl when the host set it, else the request's origin. */
async function redirectUriOf(ctx: AppContext, requestOrigin: string): Promise<string> {
  const profile = await readSystemSetting(ctx.store.db, "customizedProfile");
  const base = (profile.externalUrl ?? "").trim().replace(/\/+$/, "") || requestOrigin;
  return `${base}${SSO_CALLBACK_PATH}`;
}

export interface SsoStart {
  /** The provider's authorization URL. */
  location: string;
  /** The flow's cookie: the callback is taken only from the browser that holds it (no signing in someone else). */
  browserToken: string;
}

/** Where the browser goes: the provider's authorization URL. With `link`, the signed-in session's account is linked. */
export async function startSso(
  ctx: AppContext,
  viewer: Viewer,
  input: { providerId: number; link: boolean; requestOrigin: string; clientAddress: string; returnTo?: string },
): Promise<SsoStart> {
  if (input.link) authorizeSessionChange(viewer, "link an identity provider");
  const address = addressKey("sso-start", input.clientAddress);
  if ((await countOpenOidcFlows(ctx.store.db, address, nowSeconds())) >= OPEN_FLOWS_PER_ADDRESS)
    throw new SsoError("rate-limited", `${OPEN_FLOWS_PER_ADDRESS} unfinished flows from this client address`);
  const provider = await findIdentityProvider(ctx.store.db, input.providerId);
  if (!provider || Number(provider.enabled) !== 1)
    throw new SsoError("provider-disabled", `provider ${input.providerId} unknown or disabled`);
  const oauth2 = provider.type === "OAUTH2";
  const config = oauth2 ? undefined : await configurationOf(ctx, provider);
  const oidc = await openidClient();
  const state = oidc.randomState();
  // A plain OAuth 2 provider has no ID token to hold a nonce; the flow keeps one all the same (never sent).
  const nonce = oidc.randomNonce();
  const verifier = oidc.randomPKCECodeVerifier();
  const redirectUri = await redirectUriOf(ctx, input.requestOrigin);
  const browserToken = randomBytes(32).toString("base64url");
  await insertOidcFlow(ctx.store.db, {
    state_hash: hashState(state),
    browser_hash: hashState(browserToken),
    provider_id: provider.id,
    nonce,
    code_verifier: verifier,
    redirect_uri: redirectUri,
    link_user_id: input.link && viewer ? viewer.id : null,
    expires_ts: nowSeconds() + FLOW_TTL_SECONDS,
    return_to: input.returnTo ?? null,
    address_key: address,
  });
  const codeChallenge = await oidc.calculatePKCECodeChallenge(verifier);
  if (!config) return { location: oauth2AuthorizationUrl(provider, { redirectUri, state, codeChallenge }), browserToken };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: provider.scopes || DEFAULT_SSO_SCOPES,
    code_challenge: codeChallenge,
    code_challenge_method: "S256",
    state,
    nonce,
  });
  return { location: url.href, browserToken };
}

export interface SsoResult {
  /** Set when the flow signed someone in: the session cookie's token. */
  sessionToken?: string;
  /** Set instead when the account must pass its own second factor first: the step's ticket and what it asks. */
  secondFactor?: SsoSecondFactorStart;
  linked: boolean;
  /** The app's path the sign-in started from (`next`), to go back to. */
  returnTo?: string;
}

/**
 * `query`: the callback's query string as it came (`?code=…&state=…`); `browserToken`: the flow's cookie. A callback
 * from another browser than the one that started the flow is refused, so nobody can hand their own finished flow to
 * someone else and sign them in as themselves.
 */
export async function finishSso(
  ctx: AppContext,
  viewer: Viewer,
  input: { query: string; browserToken: string | undefined; client: SessionClient },
  log: ErrorLog,
): Promise<SsoResult> {
  const params = new URLSearchParams(input.query);
  const state = params.get("state");
  const flow = state ? await takeOidcFlow(ctx.store.db, hashState(state)) : undefined;
  if (!flow) throw new SsoError("state-invalid", state ? "unknown, used or expired state" : "no state");
  if (!input.browserToken || hashState(input.browserToken) !== flow.browser_hash) {
    throw new SsoError("state-invalid", "the callback came from another browser than the one that started the flow");
  }
  const linking = flow.link_user_id !== null;
  try {
    const exchange = { ...flow, expected_state: params.get("state") ?? "" };
    const result = await finishFlow(ctx, viewer, exchange, params, input.client, log);
    return flow.return_to ? { ...result, returnTo: flow.return_to } : result;
  } catch (error) {
    const failure = providerFailure(error);
    failure.linking = linking;
    throw failure;
  }
}

export interface SsoCode {
  providerId: number;
  code: string;
  /** The redirect URI the code was issued for: one on this instance. */
  redirectUri: string;
  /** The PKCE verifier, when the client's flow used one. */
  codeVerifier: string;
  requestOrigin: string;
  client: SessionClient;
  /** Link the provider's account to the caller's (a session) instead of signing in. */
  link: boolean;
}

/**
 * memos' v1 single sign-on (SignIn's `sso_credentials`, CreateLinkedIdentity): the client ran the provider's flow
 * itself, with its own state and PKCE, and hands over the code. The redirect URI must be on this instance (the
 * provider holds the code to the one it was issued for, and the verifier to its challenge); the rest is the browser
 * flow's: the same checks of the ID token, the same accounts signed in, created or linked. A failure counts as a
 * failed sign-in of the provider from the client's address, so codes cannot be tried in a loop.
 */
export async function exchangeSsoCode(ctx: AppContext, viewer: Viewer, input: SsoCode, log: ErrorLog): Promise<SsoResult> {
  if (input.link) authorizeSessionChange(viewer, "link an identity provider");
  const own = new URL(await redirectUriOf(ctx, input.requestOrigin)).origin;
  if (!URL.canParse(input.redirectUri) || new URL(input.redirectUri).origin !== own)
    throw badRequest(`redirect_uri must be a URL on this instance (${own})`, { field: "redirect_uri" });
  const { db } = ctx.store;
  const throttleKey = `identity-providers/${input.providerId}`;
  const { address } = input.client;
  await assertNotThrottled(db, throttleKey, address);
  const exchange: CodeExchange = {
    provider_id: input.providerId,
    redirect_uri: input.redirectUri,
    code_verifier: input.codeVerifier === "" ? undefined : input.codeVerifier,
    nonce: undefined,
    expected_state: undefined,
    link_user_id: input.link && viewer ? viewer.id : null,
  };
  try {
    return await finishFlow(ctx, viewer, exchange, new URLSearchParams({ code: input.code }), input.client, log);
  } catch (error) {
    const failure = providerFailure(error);
    failure.linking = input.link;
    await recordFailedSignIn(db, throttleKey, address);
    throw failure;
  }
}

/**
 * What a code is exchanged by: the provider, the redirect URI it was issued for, the PKCE verifier, the nonce and
 * state the flow expects (none when a client ran the flow itself), and the account to link (null: a sign-in).
 */
interface CodeExchange {
  provider_id: number;
  redirect_uri: string;
  code_verifier: string | undefined;
  nonce: string | undefined;
  expected_state: string | undefined;
  link_user_id: number | null;
}

async function finishFlow(
  ctx: AppContext,
  viewer: Viewer,
  flow: CodeExchange,
  params: URLSearchParams,
  client: SessionClient,
  log: ErrorLog,
): Promise<SsoResult> {
  const provider = await findIdentityProvider(ctx.store.db, flow.provider_id);
  if (!provider || Number(provider.enabled) !== 1)
    throw new SsoError("provider-disabled", `provider ${flow.provider_id} unknown or disabled`);
  if (flow.link_user_id !== null && !(isSessionCaller(viewer) && viewer.id === flow.link_user_id)) {
    throw new SsoError("link-session", "the link's callback came without the session that started it");
  }
  const error = params.get("error");
  if (error) throw new SsoError("provider-error", `the provider answered ${error.slice(0, 64)}`);
  const account =
    provider.type === "OAUTH2" ? await oauth2AccountOf(ctx, provider, flow, params) : await oidcAccountOf(ctx, provider, flow, params, log);
  const { subject } = account;
  const { db } = ctx.store;
  const result = await db.transaction().execute(async (tx) => {
    await lockUntilCommit(tx, ctx.store.engine, `memos:sso:${provider.id}:${subject}`);
    const identity = await findIdentityBySubject(tx, provider.id, subject);
    const user = identity ? await findUserById(tx, identity.user_id) : undefined;
    const outcome = ssoOutcome({
      linked: identity && user ? { userId: user.id, rowStatus: user.row_status } : undefined,
      linkUserId: flow.link_user_id,
      createUsers: Number(provider.create_users) === 1,
      allowSignUp: await readSystemSetting(tx, "allowSignUp"),
    });
    switch (outcome.kind) {
      case "refused":
        throw new SsoError(outcome.failure, `subject of provider ${provider.id}`);
      case "link":
        await insertUserIdentity(tx, { user_id: outcome.userId, provider_id: provider.id, subject });
        return { userId: outcome.userId, linked: true };
      case "already-linked":
        await touchUserIdentity(tx, identity!.id);
        return { userId: outcome.userId, linked: true };
      case "sign-in":
        await touchUserIdentity(tx, identity!.id);
        return { userId: outcome.userId, linked: false };
      case "create": {
        const created = await createSsoUser(tx, ctx.store.engine, provider, account);
        await insertUserIdentity(tx, { user_id: created, provider_id: provider.id, subject });
        return { userId: created, linked: false };
      }
    }
  });
  if (result.linked) return { linked: true };
  const secondFactor = await startSsoSecondFactor(db, result.userId);
  if (secondFactor) return { secondFactor, linked: false };
  const { token } = await startSession(db, result.userId, client, await mustSetUpTwoFactor(db, result.userId));
  return { sessionToken: token, linked: false };
}

/** The account a plain OAuth 2 provider's code names: the state was checked by taking the flow. */
async function oauth2AccountOf(
  ctx: AppContext,
  provider: IdentityProviderRow,
  flow: CodeExchange,
  params: URLSearchParams,
): Promise<SsoAccount> {
  const code = params.get("code");
  if (!code) throw new SsoError("provider-error", "no code in the callback");
  try {
    return await oauth2Account(
      provider,
      { code, redirectUri: flow.redirect_uri, codeVerifier: flow.code_verifier },
      { allowPrivate: ctx.config.oidcAllowPrivate, timeoutMs: REQUEST_TIMEOUT_MS },
    );
  } catch (cause) {
    throw providerFailure(cause);
  }
}

/** The account an OpenID provider's code names: its ID token checked (state, nonce, PKCE), its `sub` the key. */
async function oidcAccountOf(
  ctx: AppContext,
  provider: IdentityProviderRow,
  flow: CodeExchange,
  params: URLSearchParams,
  log: ErrorLog,
): Promise<SsoAccount> {
  const config = await configurationOf(ctx, provider);
  // A client-run flow hands over the code alone: the provider it is exchanged at is the one the client names, so
  // RFC 9207's `iss`, which a provider that supports it adds to its callback, is said here.
  if (flow.expected_state === undefined && !params.has("iss")) params.set("iss", config.serverMetadata().issuer);
  const callbackUrl = new URL(flow.redirect_uri);
  callbackUrl.search = params.toString();
  const oidc = await openidClient();
  let tokens: Awaited<ReturnType<typeof Oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: flow.code_verifier,
      expectedState: flow.expected_state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
  } catch (cause) {
    throw providerFailure(cause);
  }
  const claims = tokens.claims();
  if (!claims?.sub) throw new SsoError("provider-error", "no subject in the ID token");
  const subject = claims.sub;
  // A new account may need the userinfo endpoint's claims: asked before the transaction, which waits on no network.
  const mayCreate = flow.link_user_id === null && (await findIdentityBySubject(ctx.store.db, provider.id, subject)) === undefined;
  const userinfo =
    mayCreate && claims[provider.username_claim] === undefined ? await userInfo(config, tokens.access_token, subject, log) : {};
  const all: Record<string, unknown> = { ...userinfo, ...claims };
  return { subject, usernames: [all[provider.username_claim], all.email, subject], name: all.name, email: all.email };
}

/** The userinfo endpoint's claims, when the ID token lacks the username claim; none when it fails. */
async function userInfo(config: Oidc.Configuration, accessToken: string, subject: string, log: ErrorLog): Promise<Record<string, unknown>> {
  const oidc = await openidClient();
  try {
    return await oidc.fetchUserInfo(config, accessToken, subject);
  } catch (error) {
    log.error(`sso: userinfo failed: ${error instanceof Error ? error.message : String(error)}`);
    return {};
  }
}

/** A display name cut to the nickname rule's length (whole characters). */
function fitNickname(name: string): string {
  // No more characters than bytes allowed, then whole characters off until it fits.
  let fitted = [...name.trim().slice(0, 2 * MAX_NICKNAME_BYTES)].slice(0, MAX_NICKNAME_BYTES).join("");
  while (validateNickname(fitted) !== null) fitted = [...fitted].slice(0, -1).join("");
  return fitted;
}

/** A name from the account's candidates (OIDC: the chosen claim, the email's local part, the subject); valid and unique. */
async function createSsoUser(tx: Db, engine: "sqlite" | "postgres", provider: IdentityProviderRow, account: SsoAccount) {
  const candidates = account.usernames.filter((value): value is string => typeof value === "string");
  const base = candidates.map(usernameFromClaim).find((name) => name !== "" && validateUsername(name) === null) ?? "user";
  await lockUntilCommit(tx, engine, "memos:signup");
  let username = base;
  for (let suffix = 2; (await findUserByUsernameKey(tx, username)) !== undefined; suffix++) username = usernameWithSuffix(base, suffix);
  const nickname = typeof account.name === "string" ? fitNickname(account.name) || username : username;
  const email = typeof account.email === "string" && validateEmail(account.email) === null ? account.email : "";
  const user = await createUser(tx, {
    username,
    nickname,
    email,
    role: provider.new_user_role,
    // No password: this account signs in through its provider until its owner sets one.
    password_hash: "",
    open_id: randomUUID(),
  });
  return user.id;
}
