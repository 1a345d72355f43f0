// The only place a user row becomes wire JSON: the password hash never leaves, and email/openId only
// reach the user themself (or an administrator managing them).
import type { User, UserSetting } from "@memos/common";
import type { UserRow } from "../store/schema.js";
import type { UserSettingRow } from "../store/user-setting.store.js";

export function presentUserSetting(row: UserSettingRow): UserSetting {
  return { UserID: row.user_id, key: row.key, value: row.value };
}

export function presentUser(row: UserRow, options: { full: boolean; settings?: UserSettingRow[] | null }): User {
  return {
    id: row.id,
    rowStatus: row.row_status,
    createdTs: row.created_ts,
    updatedTs: row.updated_ts,
    username: row.username,
    role: row.role,
    email: options.full ? row.email : "",
    nickname: row.nickname,
    openId: options.full ? row.open_id : "",
    userSettingList: options.settings ? options.settings.map(presentUserSetting) : null,
  };
}
