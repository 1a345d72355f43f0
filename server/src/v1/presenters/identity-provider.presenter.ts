// Our provider as a v1 IdentityProvider of type OAUTH2, never with its client secret. A plain OAuth 2 provider is
// what memos' are: its URLs and field mapping as they are. An OpenID Connect one has its issuer in `auth_url` (the
// endpoints are discovered from it, so the token and userinfo URLs stay empty) and its username claim as the
// mapping's identifier.
import type { IdentityProvider as V0IdentityProvider } from "@memos/common";
import type { MessageInitShape } from "@bufbuild/protobuf";
import { IdentityProvider_Type, type IdentityProviderSchema } from "../gen/memos/api/v1/idp_service_pb.js";
import { identityProviderName } from "../names.js";

/** The claims a new account's display name and email come from (services/sso.service.ts). */
export const DISPLAY_NAME_CLAIM = "name";
export const EMAIL_CLAIM = "email";

export function presentIdentityProvider(provider: V0IdentityProvider): MessageInitShape<typeof IdentityProviderSchema> {
  const scopes = provider.scopes.split(/\s+/).filter((scope) => scope !== "");
  if (provider.type === "OAUTH2") {
    return {
      name: identityProviderName(provider.id),
      type: IdentityProvider_Type.OAUTH2,
      title: provider.name,
      config: {
        config: {
          case: "oauth2Config",
          value: {
            clientId: provider.clientId,
            authUrl: provider.authUrl,
            tokenUrl: provider.tokenUrl,
            userInfoUrl: provider.userInfoUrl,
            scopes,
            fieldMapping: {
              identifier: provider.usernameClaim,
              displayName: provider.displayNameField,
              email: provider.emailField,
              avatarUrl: provider.avatarUrlField,
            },
          },
        },
      },
    };
  }
  return {
    name: identityProviderName(provider.id),
    type: IdentityProvider_Type.OAUTH2,
    title: provider.name,
    config: {
      config: {
        case: "oauth2Config",
        value: {
          clientId: provider.clientId,
          authUrl: provider.issuer,
          scopes,
          fieldMapping: { identifier: provider.usernameClaim, displayName: DISPLAY_NAME_CLAIM, email: EMAIL_CLAIM },
        },
      },
    },
  };
}
