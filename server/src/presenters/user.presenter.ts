// The only place a user row becomes wire JSON: the password hash never leaves, and what of email and openId
// an answer carries is decided by the user policy's disclosure rule.
import { avatarPath, type User, type UserSetting } from "@memos/common";
import type { UserDisclosure } from "../policies/user.policy.js";
import type { UserRow } from "../store/schema.js";
import type { UserSettingRow } from "../store/sql/user-setting.store.js";

export function presentUserSetting(row: UserSettingRow): UserSetting {
  return { UserID: row.user_id, key: row.key, value: row.value };
}

export function presentUser(row: UserRow, disclosure: UserDisclosure, settings?: UserSettingRow[] | null): User {
  return {
    id: row.id,
    rowStatus: row.row_status,
    createdTs: row.created_ts,
    updatedTs: row.updated_ts,
    username: row.username,
    role: row.role,
    email: disclosure.email ? row.email : "",
    nickname: row.nickname,
    avatarUrl: row.avatar_ts === null ? "" : avatarPath(row.username),
    openId: disclosure.openId ? row.open_id : "",
    userSettingList: settings ? settings.map(presentUserSetting) : null,
  };
}
