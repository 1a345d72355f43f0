// Our personal access token (as its owner sees it, never the secret) as a v1 PersonalAccessToken: its name in the
// list is the description, and a time we do not have (never expires, never used) is left unset.
import type { AccessToken } from "@memos/common";
import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import type { PersonalAccessTokenSchema } from "../gen/memos/api/v1/user_service_pb.js";
import { personalAccessTokenName } from "../names.js";

const time = (seconds: number | null) => (seconds === null ? undefined : timestampFromMs(seconds * 1000));

export function presentPersonalAccessToken(
  username: string,
  token: Pick<AccessToken, "id" | "name" | "createdTs" | "expiresTs"> & { lastUsedTs?: number | null },
): MessageInitShape<typeof PersonalAccessTokenSchema> {
  return {
    name: personalAccessTokenName(username, token.id),
    description: token.name,
    createdAt: time(token.createdTs),
    expiresAt: time(token.expiresTs),
    lastUsedAt: time(token.lastUsedTs ?? null),
  };
}
