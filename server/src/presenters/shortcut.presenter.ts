import type { Shortcut, SystemSetting } from "@memos/common";
import type { ShortcutRow } from "../store/schema.js";
import type { SystemSettingRow } from "../store/sql/system-setting.store.js";

export function presentShortcut(row: ShortcutRow): Shortcut {
  return {
    id: row.id,
    rowStatus: row.row_status,
    creatorId: row.creator_id,
    createdTs: row.created_ts,
    updatedTs: row.updated_ts,
    title: row.title,
    payload: row.payload,
  };
}

/** System settings keep the wire's capitalised keys. */
export function presentSystemSetting(row: SystemSettingRow): SystemSetting {
  return { Name: row.name, Value: row.value, Description: row.description };
}
