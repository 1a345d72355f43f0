// What hangs off a user, a memo, a resource and a comment: one list each of the (table, column) naming the owner,
// which every deletion of that owner walks (deleteUserCascade and deleteOrphans in user.store.ts, purgeTrashed in
// memo/trash.store.ts, deleteComment in comment.store.ts, deleteResourceCascade in resource.store.ts).
// server/test/store/owned-rows.test.ts reads the migrated schema on both engines and fails on a column that points
// at one of the four (by its name or a foreign key) and is in no list, nor in COVERED_OTHERWISE with its reason.
import type { Db } from "../db.js";

type Owned = readonly [table: string, column: string];

/** Rows about a comment: its file links, its reactions and the inbox items about them. */
export const COMMENT_OWNED = [
  ["memo_comment_resource", "comment_id"],
  ["comment_reaction", "comment_id"],
  ["inbox_item", "comment_id"],
] as const satisfies readonly Owned[];

/** Rows about a memo, in `memo` or in the trash (its comments' own rows are COMMENT_OWNED, deleted first). */
export const MEMO_OWNED = [
  ["memo_resource", "memo_id"],
  ["memo_organizer", "memo_id"],
  ["memo_tag", "memo_id"],
  ["memo_revision", "memo_id"],
  ["memo_share", "memo_id"],
  ["memo_reaction", "memo_id"],
  ["memo_comment", "memo_id"],
  ["memo_comment_closed", "memo_id"],
  ["inbox_item", "memo_id"],
  ["memo_relation", "memo_id"],
  ["memo_relation", "related_memo_id"],
] as const satisfies readonly Owned[];

/** Rows about a resource: the memos' and comments' links to it, and its thumbnail. */
export const RESOURCE_OWNED = [
  ["memo_resource", "resource_id"],
  ["memo_comment_resource", "resource_id"],
  ["resource_thumbnail", "resource_id"],
] as const satisfies readonly Owned[];

/** A webhook's deliveries (a user's webhooks go with the user). */
export const WEBHOOK_OWNED = [["webhook_delivery", "webhook_id"]] as const satisfies readonly Owned[];

/** Rows of a user, with the column naming the user. */
export const USER_OWNED = [
  ["memo", "creator_id"],
  ["memo_trash", "creator_id"],
  ["trash_purge", "creator_id"],
  ["memo_reaction", "creator_id"],
  ["memo_comment", "creator_id"],
  ["comment_reaction", "creator_id"],
  ["inbox_item", "user_id"],
  ["inbox_item", "actor_id"],
  ["resource", "creator_id"],
  ["shortcut", "creator_id"],
  ["tag", "creator_id"],
  ["user_setting", "user_id"],
  ["user_avatar", "user_id"],
  ["session", "user_id"],
  ["user_identity", "user_id"],
  ["activity", "creator_id"],
  ["memo_organizer", "user_id"],
  ["access_token", "user_id"],
  ["user_totp", "user_id"],
  ["user_recovery_code", "user_id"],
  ["user_passkey", "user_id"],
  ["passkey_challenge", "user_id"],
  ["two_factor_failure", "user_id"],
  ["two_factor_lock", "user_id"],
  ["sso_second_factor", "user_id"],
  ["oauth_code", "user_id"],
  ["webhook", "user_id"],
  // Its memberships of others' spaces; the spaces it owned were deleted first (deleteSpacesOwnedBy).
  ["space_member", "user_id"],
  // After "memo": the triggers that keep these counters run on its delete first.
  ["memo_count", "creator_id"],
  ["memo_tag_count", "creator_id"],
] as const satisfies readonly Owned[];

/**
 * Columns that point at a user or a memo but whose rows go another way, with how (`table.column`). The test holds
 * these to the schema too: a name here that the schema lacks fails it.
 */
export const COVERED_OTHERWISE: Record<string, string> = {
  "memo_trash.memo_id": "the trashed memo itself: a purge deletes it last, a user's deletion by creator_id",
  "memo_revision.creator_id": "the memo's author: its versions go with the memo (memo_id)",
  "memo_share.creator_id": "the memo's author: its share links go with the memo (memo_id)",
  "memo_tag.creator_id": "the memo's author, copied by a trigger: its tags go with the memo (memo_id)",
  "oidc_flow.link_user_id":
    "a flow links only the account whose session finishes it (services/sso.service.ts), which a deleted account has none of; it expires within 10 minutes",
};

type OwnedColumn = (typeof COMMENT_OWNED | typeof MEMO_OWNED | typeof RESOURCE_OWNED | typeof WEBHOOK_OWNED | typeof USER_OWNED)[number];

/** `DELETE FROM table WHERE column <op> value`, for the lists above (their names are not one Kysely type). */
export function deleteOwned(db: Db, [table, column]: OwnedColumn, op: "=" | "in" | "not in", value: unknown): Promise<unknown> {
  // biome-ignore lint/suspicious/noExplicitAny: the tables' rows differ, so no one Kysely type names them all
  const query = (db.deleteFrom(table) as any).where(column, op, value);
  // `NULL NOT IN (none)` is true: a row naming nothing (an inbox item about no comment) is no orphan.
  return (op === "not in" ? query.where(column, "is not", null) : query).execute() as Promise<unknown>;
}

/** Removes what hangs off these memos and off their comments; not the memos' own rows. Run inside a transaction. */
export async function deleteMemosOwned(db: Db, memoIds: readonly number[]): Promise<void> {
  const commentIds = db
    .selectFrom("memo_comment")
    .select("id")
    .where("memo_id", "in", [...memoIds]);
  for (const owned of COMMENT_OWNED) await deleteOwned(db, owned, "in", commentIds);
  for (const owned of MEMO_OWNED) await deleteOwned(db, owned, "in", memoIds);
}
