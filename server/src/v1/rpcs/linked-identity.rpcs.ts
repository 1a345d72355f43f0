// UserService's linked identities: the provider sign-ins (single sign-on) linked to the caller's account, each named
// by its provider as memos names it, `users/{username}/linkedIdentities/{provider id}`. They are the caller's own
// (another account's: PermissionDenied); unlinking follows our rule (from a session, never the last way in).
// Linking through v1 takes the code of a provider flow the client ran itself (v1/sso-exchange.ts), as memos' web
// client does; our web app links through the server's own flow.
import type { MessageInitShape } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import type { UserIdentity } from "@memos/common";
import type { AppContext, Viewer } from "../../context.js";
import { authorizeSessionChange } from "../../policies/credential.policy.js";
import { listOwnIdentities, unlinkIdentity } from "../../services/identity-provider.service.js";
import { accountIdByName } from "../../services/user.service.js";
import type { LinkedIdentitySchema, UserService } from "../gen/memos/api/v1/user_service_pb.js";
import { linkedIdentityName, linkedIdentityOf, identityProviderIdOf, identityProviderName, usernameOf } from "../names.js";
import { ssoExchange } from "../sso-exchange.js";
import type { ServiceRpcs } from "../rpc.js";

function presentLinkedIdentity(username: string, identity: UserIdentity): MessageInitShape<typeof LinkedIdentitySchema> {
  return {
    name: linkedIdentityName(username, identity.providerId),
    idpName: identityProviderName(identity.providerId),
    externUid: identity.subject,
  };
}

/** The caller's links, when `username` is the caller's; another account's is PermissionDenied, an unknown NotFound. */
async function ownIdentities(ctx: AppContext, viewer: Viewer, username: string): Promise<UserIdentity[]> {
  const id = await accountIdByName(ctx, username);
  if (viewer === null || viewer.id !== id) throw new ConnectError("permission denied", Code.PermissionDenied);
  return listOwnIdentities(ctx, viewer);
}

async function ownIdentity(ctx: AppContext, viewer: Viewer, name: string): Promise<{ username: string; identity: UserIdentity }> {
  const { username, providerId } = linkedIdentityOf(name);
  const identity = (await ownIdentities(ctx, viewer, username)).find((each) => each.providerId === providerId);
  if (!identity) throw new ConnectError("linked identity not found", Code.NotFound);
  return { username, identity };
}

export const linkedIdentityRpcs = {
  listLinkedIdentities: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      const username = usernameOf(input.parent, "parent");
      const identities = await ownIdentities(ctx, viewer, username);
      return { linkedIdentities: identities.map((identity) => presentLinkedIdentity(username, identity)) };
    },
  },
  getLinkedIdentity: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      const { username, identity } = await ownIdentity(ctx, viewer, input.name);
      return presentLinkedIdentity(username, identity);
    },
  },
  createLinkedIdentity: {
    access: "signed-in",
    handle: async (input, { ctx, viewer, request }) => {
      authorizeSessionChange(viewer, "link an identity provider");
      const username = usernameOf(input.parent, "parent");
      // The caller's own account only, before the provider is asked anything.
      await ownIdentities(ctx, viewer, username);
      await ssoExchange(ctx, viewer, request, input, { prefix: "", link: true });
      const providerId = identityProviderIdOf(input.idpName, "idp_name");
      const identity = (await listOwnIdentities(ctx, viewer)).find((each) => each.providerId === providerId);
      if (!identity) throw new ConnectError("linked identity not found", Code.NotFound);
      return presentLinkedIdentity(username, identity);
    },
  },
  deleteLinkedIdentity: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      // A token is refused before anything is looked up (unlinkIdentity holds the same rule).
      authorizeSessionChange(viewer, "unlink an identity provider");
      const { identity } = await ownIdentity(ctx, viewer, input.name);
      await unlinkIdentity(ctx, viewer, identity.id);
      return {};
    },
  },
} satisfies Pick<
  ServiceRpcs<typeof UserService>,
  "listLinkedIdentities" | "getLinkedIdentity" | "createLinkedIdentity" | "deleteLinkedIdentity"
>;
