// UserService's webhooks (`users/{username}/webhooks/{id}`): the caller's own, through our webhook service and its
// rules (changes from a signed-in session only; the signing secret to its owner's session only; a URL naming a
// private address refused unless the host allows it). A v1 webhook is sent what memos sends one: every memo's
// creation, change and deletion.
import { type WebhookEvent, webhookCreateSchema, webhookPatchSchema } from "@memos/common";
import { Code, ConnectError } from "@connectrpc/connect";
import type { AppContext, Viewer } from "../../context.js";
import { authorizeWebhookChange, authorizeWebhooks } from "../../policies/webhook.policy.js";
import { accountIdByName } from "../../services/user.service.js";
import { createWebhook, deleteWebhook, getWebhookSigningSecret, listWebhooks, patchWebhook } from "../../services/webhook.service.js";
import type { UserService, UserWebhook } from "../gen/memos/api/v1/user_service_pb.js";
import { checked, withV1Fields } from "../checked.js";
import { usernameOf, userWebhookOf } from "../names.js";
import { presentUserWebhook } from "../presenters/webhook.presenter.js";
import type { ServiceRpcs } from "../rpc.js";
import { invalidArgument } from "../transport/errors.js";

/** The events a webhook made through v1 is sent. */
const V1_EVENTS: WebhookEvent[] = ["memo.created", "memo.updated", "memo.deleted"];

const FIELDS = { name: "webhook.display_name", url: "webhook.url", secret: "webhook.signing_secret" };

/** Paths an update may name: these change; the rest are the server's and left as they are. */
const CHANGEABLE = new Set(["url", "display_name", "signing_secret"]);
const SERVER_SET = new Set(["name", "create_time", "update_time", "signing_secret_set"]);

/** The caller's own account by a parent name: another's is PermissionDenied, an unknown one NotFound. */
async function ownParent(ctx: AppContext, viewer: Viewer, parent: string): Promise<string> {
  authorizeWebhooks(viewer);
  const username = usernameOf(parent, "parent");
  if ((await accountIdByName(ctx, username)) !== viewer.id) throw new ConnectError("permission denied", Code.PermissionDenied);
  return username;
}

/** A webhook's id by its name; one under another account's name is not found, as another's webhook is. */
function webhookIdOf(viewer: Viewer, name: string, field: string): { username: string; id: number } {
  authorizeWebhooks(viewer);
  const { username, id } = userWebhookOf(name, field);
  if (username !== viewer.username) throw new ConnectError("webhook not found", Code.NotFound);
  return { username, id };
}

/** A webhook's name when none is given: its URL's host (memos lets it be empty; ours is required). */
function displayNameOf(webhook: UserWebhook): string {
  if (webhook.displayName !== "") return webhook.displayName;
  return URL.canParse(webhook.url) ? new URL(webhook.url).host : "";
}

export const userWebhookRpcs = {
  listUserWebhooks: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      const username = await ownParent(ctx, viewer, input.parent);
      return { webhooks: (await listWebhooks(ctx, viewer)).map((webhook) => presentUserWebhook(username, webhook)) };
    },
  },
  createUserWebhook: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      const username = await ownParent(ctx, viewer, input.parent);
      // The session rule before the input's checks, so a token learns nothing from them.
      authorizeWebhookChange(viewer);
      const { webhook } = input;
      if (!webhook) throw invalidArgument("webhook", "a webhook is required");
      if (webhook.url === "") throw invalidArgument("webhook.url", "is required");
      const create = checked(
        webhookCreateSchema,
        { name: displayNameOf(webhook), url: webhook.url, secret: webhook.signingSecret || undefined, events: V1_EVENTS },
        FIELDS,
        "webhook",
      );
      return presentUserWebhook(username, await withV1Fields(FIELDS, () => createWebhook(ctx, viewer, create)));
    },
  },
  updateUserWebhook: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      const { webhook } = input;
      if (!webhook) throw invalidArgument("webhook", "a webhook is required");
      const { username, id } = webhookIdOf(viewer, webhook.name, "webhook.name");
      authorizeWebhookChange(viewer);
      const paths = input.updateMask?.paths ?? [];
      // Without a mask memos changes what the webhook holds (its name always): the same here.
      if (paths.length === 0)
        paths.push("display_name", ...(webhook.url === "" ? [] : ["url"]), ...(webhook.signingSecret === "" ? [] : ["signing_secret"]));
      const unknown = paths.find((path) => !CHANGEABLE.has(path) && !SERVER_SET.has(path));
      if (unknown !== undefined) throw invalidArgument("update_mask", `${JSON.stringify(unknown)} cannot be updated`);
      const named = (path: string) => paths.includes(path);
      const patch = checked(
        webhookPatchSchema,
        {
          name: named("display_name") ? displayNameOf(webhook) : undefined,
          url: named("url") ? webhook.url : undefined,
          // Empty makes a new one.
          secret: named("signing_secret") ? webhook.signingSecret : undefined,
        },
        FIELDS,
        "webhook",
      );
      return presentUserWebhook(username, await withV1Fields(FIELDS, () => patchWebhook(ctx, viewer, id, patch)));
    },
  },
  deleteUserWebhook: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      await deleteWebhook(ctx, viewer, webhookIdOf(viewer, input.name, "name").id);
      return {};
    },
  },
  getUserWebhookSigningSecret: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => ({
      signingSecret: await getWebhookSigningSecret(ctx, viewer, webhookIdOf(viewer, input.name, "name").id),
    }),
  },
} satisfies Pick<
  ServiceRpcs<typeof UserService>,
  "listUserWebhooks" | "createUserWebhook" | "updateUserWebhook" | "deleteUserWebhook" | "getUserWebhookSigningSecret"
>;
