// IdentityProviderService: the host's providers through our identity provider service and the SSO policy. The list
// is public, as the sign-in page needs it (the disabled ones to administrators only); changes are an administrator's
// from a signed-in session. An oauth2_config with a token or user-info URL is a plain OAuth 2 provider, as memos'
// are (its URLs and field mapping kept as given); one with neither is an OpenID Connect provider found by its issuer
// (given as `auth_url`), whose mapping must be what our OIDC sign-in reads. A client secret is written, never read
// back.
import { type IdentityProviderCreate, identityProviderCreateSchema, identityProviderPatchSchema } from "@memos/common";
import {
  createIdentityProvider,
  deleteIdentityProvider,
  getShownIdentityProvider,
  listShownIdentityProviders,
  patchIdentityProvider,
} from "../../services/identity-provider.service.js";
import { authorizeIdentityProviders } from "../../policies/sso.policy.js";
import { type IdentityProvider, IdentityProvider_Type, IdentityProviderService } from "../gen/memos/api/v1/idp_service_pb.js";
import { checked, withV1Fields } from "../checked.js";
import { identityProviderIdOf } from "../names.js";
import { DISPLAY_NAME_CLAIM, EMAIL_CLAIM, presentIdentityProvider } from "../presenters/identity-provider.presenter.js";
import { v1Service } from "../rpc.js";
import { invalidArgument } from "../transport/errors.js";

const OAUTH2 = "identity_provider.config.oauth2_config";

/** Our provider's fields as v1 names them, for refusals. */
const FIELDS: Readonly<Record<string, string>> = {
  name: "identity_provider.title",
  issuer: `${OAUTH2}.auth_url`,
  authUrl: `${OAUTH2}.auth_url`,
  tokenUrl: `${OAUTH2}.token_url`,
  userInfoUrl: `${OAUTH2}.user_info_url`,
  displayNameField: `${OAUTH2}.field_mapping.display_name`,
  emailField: `${OAUTH2}.field_mapping.email`,
  avatarUrlField: `${OAUTH2}.field_mapping.avatar_url`,
  clientId: `${OAUTH2}.client_id`,
  clientSecret: `${OAUTH2}.client_secret`,
  scopes: `${OAUTH2}.scopes`,
  usernameClaim: `${OAUTH2}.field_mapping.identifier`,
};

/** Paths an update may name: `title` and `config` change; the rest must hold what the server has. */
const UPDATABLE = new Set(["title", "config", "name", "type", "identifier_filter"]);

/** Refuses what a provider here cannot be: another type, an identifier filter. */
function assertServedShape(provider: IdentityProvider): void {
  if (provider.type !== IdentityProvider_Type.OAUTH2 && provider.type !== IdentityProvider_Type.TYPE_UNSPECIFIED)
    throw invalidArgument("identity_provider.type", "only OAUTH2 providers are served");
  if (provider.identifierFilter !== "") throw invalidArgument("identity_provider.identifier_filter", "not supported here: leave it empty");
}

/** The config's fields as our provider keeps them (unchecked yet); for OIDC, what discovery or our claims decide is refused. */
function configOf(provider: IdentityProvider): Omit<IdentityProviderCreate, "name"> {
  const { config } = provider;
  if (config?.config.case !== "oauth2Config") throw invalidArgument("identity_provider.config", "an oauth2_config is required");
  const oauth2 = config.config.value;
  const mapping = oauth2.fieldMapping;
  const common = {
    clientId: oauth2.clientId,
    // Empty keeps the stored secret on an update, and means a public client on a creation.
    clientSecret: oauth2.clientSecret === "" ? undefined : oauth2.clientSecret,
    scopes: oauth2.scopes.length === 0 ? undefined : oauth2.scopes.join(" "),
    usernameClaim: mapping === undefined || mapping.identifier === "" ? undefined : mapping.identifier,
  };
  if (oauth2.tokenUrl !== "" || oauth2.userInfoUrl !== "") {
    return {
      type: "OAUTH2",
      // An empty URL is a missing one (the schema says it is required), not a malformed one.
      authUrl: oauth2.authUrl || undefined,
      tokenUrl: oauth2.tokenUrl || undefined,
      userInfoUrl: oauth2.userInfoUrl || undefined,
      displayNameField: mapping?.displayName ?? "",
      emailField: mapping?.email ?? "",
      avatarUrlField: mapping?.avatarUrl ?? "",
      ...common,
      // memos names no scopes for some providers: none is then none, not OpenID's.
      scopes: oauth2.scopes.join(" "),
    };
  }
  if (mapping && mapping.displayName !== "" && mapping.displayName !== DISPLAY_NAME_CLAIM)
    throw invalidArgument(`${OAUTH2}.field_mapping.display_name`, `only "${DISPLAY_NAME_CLAIM}" is read here`);
  if (mapping && mapping.email !== "" && mapping.email !== EMAIL_CLAIM)
    throw invalidArgument(`${OAUTH2}.field_mapping.email`, `only "${EMAIL_CLAIM}" is read here`);
  if (mapping && mapping.avatarUrl !== "") throw invalidArgument(`${OAUTH2}.field_mapping.avatar_url`, "not read here: leave it empty");
  return { type: "OIDC", issuer: oauth2.authUrl, ...common };
}

export const identityProviderRpcs = v1Service(IdentityProviderService, {
  listIdentityProviders: {
    access: "public",
    handle: async (_input, { ctx, viewer }) => ({
      identityProviders: (await listShownIdentityProviders(ctx, viewer)).map(presentIdentityProvider),
    }),
  },
  getIdentityProvider: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) =>
      presentIdentityProvider(await getShownIdentityProvider(ctx, viewer, identityProviderIdOf(input.name))),
  },
  createIdentityProvider: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      // Who may first, so a refused caller learns nothing from the checks of the input.
      authorizeIdentityProviders(viewer, "write");
      const provider = input.identityProvider;
      if (!provider) throw invalidArgument("identity_provider", "an identity provider is required");
      if (input.identityProviderId !== "")
        throw invalidArgument("identity_provider_id", "ids are numbers this server gives: leave it empty");
      assertServedShape(provider);
      const create = checked(identityProviderCreateSchema, { name: provider.title, ...configOf(provider) }, FIELDS, "identity_provider");
      return presentIdentityProvider(await withV1Fields(FIELDS, () => createIdentityProvider(ctx, viewer, create)));
    },
  },
  updateIdentityProvider: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      authorizeIdentityProviders(viewer, "write");
      const provider = input.identityProvider;
      if (!provider) throw invalidArgument("identity_provider", "an identity provider is required");
      const id = identityProviderIdOf(provider.name, "identity_provider.name");
      const paths = input.updateMask?.paths ?? [];
      if (paths.length === 0) throw invalidArgument("update_mask", "update mask is required");
      const unknown = paths.find((path) => !UPDATABLE.has(path));
      if (unknown !== undefined) throw invalidArgument("update_mask", `${JSON.stringify(unknown)} cannot be updated`);
      assertServedShape(provider);
      const patch = checked(
        identityProviderPatchSchema,
        {
          name: paths.includes("title") ? provider.title : undefined,
          ...(paths.includes("config") ? configOf(provider) : {}),
        },
        FIELDS,
        "identity_provider",
      );
      return presentIdentityProvider(await withV1Fields(FIELDS, () => patchIdentityProvider(ctx, viewer, id, patch)));
    },
  },
  deleteIdentityProvider: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      await deleteIdentityProvider(ctx, viewer, identityProviderIdOf(input.name));
      return {};
    },
  },
});
