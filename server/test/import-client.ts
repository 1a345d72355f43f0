// Calling POST /api/import from the API tests, and what an account holds before and after.
import { sql } from "kysely";
import type { Client } from "./client.js";
import { multipartBody } from "./factories.js";
import type { TestApp } from "./harness.js";

/** Sends `archive` as the form's `file` (with `query`, e.g. "?dryRun=true"). */
export async function importArchive(client: Client, archive: Buffer, query = "") {
  const body = multipartBody("file", "archive.zip", "application/zip", archive);
  return client.post(`/api/import${query}`, body.payload, { headers: body.headers });
}

/** How many rows of each kind an account holds: nothing may change after a refused import. */
export async function rowCounts(t: TestApp, userId: number) {
  const db = t.ctx.store.db;
  const count = async (table: "memo" | "resource" | "shortcut", column: "creator_id") =>
    Number((await db.selectFrom(table).select(sql<number>`count(*)`.as("n")).where(column, "=", userId).executeTakeFirstOrThrow()).n);
  const links = Number((await db.selectFrom("memo_resource").select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow()).n);
  const tags = Number((await db.selectFrom("memo_tag").select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow()).n);
  return {
    memos: await count("memo", "creator_id"),
    resources: await count("resource", "creator_id"),
    shortcuts: await count("shortcut", "creator_id"),
    links,
    tags,
  };
}
