// Kept thumbnails (migration 054): read by resource, written once (a second process making the same one meanwhile
// keeps the first row), and only while the resource is there (a thumbnail finished after its resource was deleted
// is not kept).
import { sql } from "kysely";
import type { Db, Engine } from "../db.js";
import { nowSeconds } from "../time.js";

export interface KeptThumbnail {
  type: string;
  /** null: the original serves as its own thumbnail. */
  content: Buffer | null;
}

export async function findThumbnail(db: Db, resourceId: number): Promise<KeptThumbnail | null> {
  const row = await db
    .selectFrom("resource_thumbnail")
    .select(["type", "content"])
    .where("resource_id", "=", resourceId)
    .executeTakeFirst();
  return row ? { type: row.type, content: row.content === null ? null : Buffer.from(row.content) } : null;
}

export async function keepThumbnail(db: Db, engine: Engine, resourceId: number, { type, content }: KeptThumbnail): Promise<void> {
  // Typed, as PostgreSQL cannot tell a parameter's type in a SELECT list (SQLite's BLOB is PostgreSQL's BYTEA).
  const bytes = engine === "postgres" ? sql<Buffer | null>`CAST(${content} AS BYTEA)` : sql<Buffer | null>`CAST(${content} AS BLOB)`;
  await db
    .insertInto("resource_thumbnail")
    .columns(["resource_id", "type", "content", "created_ts"])
    .expression(
      db
        .selectFrom("resource")
        .select([
          "id",
          sql<string>`CAST(${type} AS TEXT)`.as("type"),
          bytes.as("content"),
          sql<number>`CAST(${nowSeconds()} AS BIGINT)`.as("created_ts"),
        ])
        .where("id", "=", resourceId),
    )
    .onConflict((conflict) => conflict.column("resource_id").doNothing())
    .execute();
}
