// Our webhook as a v1 UserWebhook: its name as the display name, and never its signing secret (only that it has
// one, as every webhook here does).
import type { Webhook } from "@memos/common";
import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import type { UserWebhookSchema } from "../gen/memos/api/v1/user_service_pb.js";
import { userWebhookName } from "../names.js";

export function presentUserWebhook(username: string, webhook: Webhook): MessageInitShape<typeof UserWebhookSchema> {
  return {
    name: userWebhookName(username, webhook.id),
    url: webhook.url,
    displayName: webhook.name,
    createTime: timestampFromMs(webhook.createdTs * 1000),
    updateTime: timestampFromMs(webhook.updatedTs * 1000),
    signingSecretSet: true,
  };
}
