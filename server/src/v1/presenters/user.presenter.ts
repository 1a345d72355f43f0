// Our account (as the v0 presenter shows it to this caller) as a v1 User.
import type { User as V0User } from "@memos/common";
import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { State } from "../gen/memos/api/v1/common_pb.js";
import { User_Role, type UserSchema } from "../gen/memos/api/v1/user_service_pb.js";
import { userName } from "../names.js";

/** v1 has no owner role: our HOST administers the instance, so it is an ADMIN there. */
const ROLES: Record<V0User["role"], User_Role> = { HOST: User_Role.ADMIN, ADMIN: User_Role.ADMIN, USER: User_Role.USER };

export function presentUser(user: V0User): MessageInitShape<typeof UserSchema> {
  return {
    name: userName(user.username),
    role: ROLES[user.role],
    username: user.username,
    email: user.email,
    displayName: user.nickname,
    // Where the avatar is served, as memos answers for one it keeps (not the data: URL it was sent as).
    avatarUrl: user.avatarUrl,
    state: user.rowStatus === "ARCHIVED" ? State.ARCHIVED : State.NORMAL,
    createTime: timestampFromMs(user.createdTs * 1000),
    updateTime: timestampFromMs(user.updatedTs * 1000),
  };
}
