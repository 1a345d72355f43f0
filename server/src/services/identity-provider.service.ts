// The host's identity providers, what the sign-in page offers, and the caller's linked identities.
import {
  DEFAULT_SSO_SCOPES,
  DEFAULT_USERNAME_CLAIM,
  type IdentityProvider,
  type IdentityProviderCreate,
  type IdentityProviderPatch,
  missingProviderField,
  type SsoOptions,
  type UserIdentity,
} from "@memos/common";
import type { AppContext, Viewer } from "../context.js";
import { badRequest, notFound } from "../errors.js";
import { authorizeSessionChange } from "../policies/credential.policy.js";
import { requireSignedIn } from "../policies/utils.js";
import { assertMayUnlink, assertProviderUrlsAllowed, authorizeIdentityProviders, showsIdentityProvider } from "../policies/sso.policy.js";
import { presentIdentityProvider, presentUserIdentity } from "../presenters/identity-provider.presenter.js";
import {
  deleteIdentityProvider as deleteProviderRows,
  deleteUserIdentity,
  findIdentityProvider,
  insertIdentityProvider,
  type IdentityProviderUpdate,
  listEnabledProviderNames,
  listIdentitiesOfUser,
  listIdentityProviders as listProviderRows,
  updateIdentityProvider,
} from "../store/sql/identity-provider.store.js";
import { countPasskeys } from "../store/sql/passkey.store.js";
import { readSystemSetting } from "../store/sql/settings.js";
import { findUserById } from "../store/sql/user.store.js";
import { nowSeconds } from "../store/time.js";

const providerNotFound = () => notFound("Identity provider not found", { reason: "identity-provider.not-found" });
const flag = (value: boolean) => (value ? 1 : 0);

export async function listIdentityProviders(ctx: AppContext, viewer: Viewer): Promise<IdentityProvider[]> {
  authorizeIdentityProviders(viewer, "read");
  return (await listProviderRows(ctx.store.db)).map(presentIdentityProvider);
}

/** v1's public list: the providers the caller is shown (showsIdentityProvider), secrets never. */
export async function listShownIdentityProviders(ctx: AppContext, viewer: Viewer): Promise<IdentityProvider[]> {
  const providers = (await listProviderRows(ctx.store.db)).map(presentIdentityProvider);
  return providers.filter((provider) => showsIdentityProvider(viewer, provider));
}

/** One provider the caller is shown; one they are not is not found, as an unknown one. */
export async function getShownIdentityProvider(ctx: AppContext, viewer: Viewer, id: number): Promise<IdentityProvider> {
  const row = await findIdentityProvider(ctx.store.db, id);
  const provider = row ? presentIdentityProvider(row) : undefined;
  if (!provider || !showsIdentityProvider(viewer, provider)) throw providerNotFound();
  return provider;
}

/** The URLs a provider's requests go to, by field: each https unless private targets are allowed. */
const urlsOf = (input: IdentityProviderPatch) => ({
  issuer: input.issuer,
  authUrl: input.authUrl,
  tokenUrl: input.tokenUrl,
  userInfoUrl: input.userInfoUrl,
});

/** `input` is valid already (the route's schema, identityProviderCreateSchema). */
export async function createIdentityProvider(ctx: AppContext, viewer: Viewer, input: IdentityProviderCreate): Promise<IdentityProvider> {
  authorizeIdentityProviders(viewer, "write");
  assertProviderUrlsAllowed(urlsOf(input), ctx.config.oidcAllowPrivate);
  const oauth2 = input.type === "OAUTH2";
  const now = nowSeconds();
  const row = await insertIdentityProvider(ctx.store.db, {
    type: input.type ?? "OIDC",
    name: input.name,
    // Each type keeps its own URLs only, so a provider never holds a URL it does not use.
    issuer: oauth2 ? "" : (input.issuer ?? ""),
    auth_url: oauth2 ? (input.authUrl ?? "") : "",
    token_url: oauth2 ? (input.tokenUrl ?? "") : "",
    user_info_url: oauth2 ? (input.userInfoUrl ?? "") : "",
    display_name_field: oauth2 ? (input.displayNameField ?? "") : "",
    email_field: oauth2 ? (input.emailField ?? "") : "",
    avatar_url_field: oauth2 ? (input.avatarUrlField ?? "") : "",
    client_id: input.clientId,
    client_secret: input.clientSecret ?? "",
    // memos' OAuth 2 providers name their own scopes (GitHub's are not OpenID's).
    scopes: input.scopes ?? (oauth2 ? "" : DEFAULT_SSO_SCOPES),
    username_claim: input.usernameClaim ?? DEFAULT_USERNAME_CLAIM,
    create_users: flag(input.createUsers ?? false),
    new_user_role: input.newUserRole ?? "USER",
    enabled: flag(input.enabled ?? true),
    created_ts: now,
    updated_ts: now,
  });
  return presentIdentityProvider(row);
}

/** `input` is valid already (identityProviderPatchSchema). Without `clientSecret` the kept secret stays. */
export async function patchIdentityProvider(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  input: IdentityProviderPatch,
): Promise<IdentityProvider> {
  authorizeIdentityProviders(viewer, "write");
  assertProviderUrlsAllowed(urlsOf(input), ctx.config.oidcAllowPrivate);
  const current = await findIdentityProvider(ctx.store.db, id);
  if (!current) throw providerNotFound();
  // The provider as it would be: a type's required fields must stay (an OAuth 2 provider without its token URL).
  const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  const after = { ...presentIdentityProvider(current), ...given };
  const missing = missingProviderField(after);
  if (missing) {
    throw badRequest(`Malformatted identity provider request: ${missing}: is required for a provider of type ${after.type}`, {
      field: missing,
    });
  }
  const update: IdentityProviderUpdate = {
    ...(input.type !== undefined && { type: input.type }),
    ...(input.name !== undefined && { name: input.name }),
    ...(input.issuer !== undefined && { issuer: input.issuer }),
    ...(input.authUrl !== undefined && { auth_url: input.authUrl }),
    ...(input.tokenUrl !== undefined && { token_url: input.tokenUrl }),
    ...(input.userInfoUrl !== undefined && { user_info_url: input.userInfoUrl }),
    ...(input.displayNameField !== undefined && { display_name_field: input.displayNameField }),
    ...(input.emailField !== undefined && { email_field: input.emailField }),
    ...(input.avatarUrlField !== undefined && { avatar_url_field: input.avatarUrlField }),
    ...(input.clientId !== undefined && { client_id: input.clientId }),
    ...(input.clientSecret !== undefined && { client_secret: input.clientSecret }),
    ...(input.scopes !== undefined && { scopes: input.scopes }),
    ...(input.usernameClaim !== undefined && { username_claim: input.usernameClaim }),
    ...(input.createUsers !== undefined && { create_users: flag(input.createUsers) }),
    ...(input.newUserRole !== undefined && { new_user_role: input.newUserRole }),
    ...(input.enabled !== undefined && { enabled: flag(input.enabled) }),
  };
  const row = await updateIdentityProvider(ctx.store.db, id, update);
  if (!row) throw providerNotFound();
  return presentIdentityProvider(row);
}

export async function deleteIdentityProvider(ctx: AppContext, viewer: Viewer, id: number): Promise<void> {
  authorizeIdentityProviders(viewer, "write");
  const deleted = await ctx.store.db.transaction().execute((tx) => deleteProviderRows(tx, id));
  if (!deleted) throw providerNotFound();
}

export async function getSsoOptions(ctx: AppContext): Promise<SsoOptions> {
  const { db } = ctx.store;
  const [providers, passwordOff, secondFactor] = await Promise.all([
    listEnabledProviderNames(db),
    readSystemSetting(db, "disablePasswordSignIn"),
    readSystemSetting(db, "ssoSecondFactor"),
  ]);
  return { providers, passwordSignIn: !passwordOff, secondFactor };
}

export async function listOwnIdentities(ctx: AppContext, viewer: Viewer): Promise<UserIdentity[]> {
  requireSignedIn(viewer);
  return (await listIdentitiesOfUser(ctx.store.db, viewer.id)).map(presentUserIdentity);
}

export async function unlinkIdentity(ctx: AppContext, viewer: Viewer, id: number): Promise<void> {
  authorizeSessionChange(viewer, "unlink an identity provider");
  await ctx.store.db.transaction().execute(async (tx) => {
    const user = await findUserById(tx, viewer.id);
    const identities = await listIdentitiesOfUser(tx, viewer.id);
    if (!identities.some((identity) => identity.id === id)) throw notFound("Identity not found", { reason: "identity.not-found" });
    assertMayUnlink({
      hasPassword: (user?.password_hash ?? "") !== "",
      passkeys: await countPasskeys(tx, viewer.id),
      identities: identities.length,
    });
    await deleteUserIdentity(tx, viewer.id, id);
  });
}
