// A user's avatar: its bytes in user_avatar, and when it was set on the user row (avatar_ts), written together.
import type { Db } from "../db.js";

export interface UserAvatar {
  mimeType: string;
  bytes: Buffer;
  updatedTs: number;
}

/** Sets (or replaces) the avatar; the caller's transaction holds the user row's `avatar_ts` to it. */
export async function saveUserAvatar(db: Db, userId: number, avatar: UserAvatar): Promise<void> {
  const row = { user_id: userId, mime_type: avatar.mimeType, bytes: avatar.bytes, updated_ts: avatar.updatedTs };
  await db
    .insertInto("user_avatar")
    .values(row)
    .onConflict((conflict) =>
      conflict.column("user_id").doUpdateSet({ mime_type: row.mime_type, bytes: row.bytes, updated_ts: row.updated_ts }),
    )
    .execute();
}

export async function deleteUserAvatar(db: Db, userId: number): Promise<void> {
  await db.deleteFrom("user_avatar").where("user_id", "=", userId).execute();
}

export async function findUserAvatar(db: Db, userId: number): Promise<UserAvatar | undefined> {
  const row = await db.selectFrom("user_avatar").selectAll().where("user_id", "=", userId).executeTakeFirst();
  return row && { mimeType: row.mime_type, bytes: Buffer.from(row.bytes), updatedTs: Number(row.updated_ts) };
}
