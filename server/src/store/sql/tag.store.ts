// The tag table: a user's named tags (created explicitly or found in their memos).
import { batches } from "../batches.js";
import type { Db } from "../db.js";

export async function listTagNames(db: Db, creatorId: number): Promise<string[]> {
  const rows = await db.selectFrom("tag").select("name").where("creator_id", "=", creatorId).orderBy("name").execute();
  return rows.map((row) => row.name);
}

/** Adds the names the creator has not yet, in batches (an import brings many). */
export async function upsertTags(db: Db, creatorId: number, names: string[]): Promise<void> {
  for (const batch of batches([...new Set(names)])) {
    await db
      .insertInto("tag")
      .values(batch.map((name) => ({ name, creator_id: creatorId })))
      .onConflict((oc) => oc.columns(["name", "creator_id"]).doNothing())
      .execute();
  }
}

export async function deleteTag(db: Db, creatorId: number, name: string): Promise<boolean> {
  const result = await db.deleteFrom("tag").where("creator_id", "=", creatorId).where("name", "=", name).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
