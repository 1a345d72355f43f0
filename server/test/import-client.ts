// Calling POST /api/import from the API tests, and what an account holds before and after.
import type { Memo, Resource } from "@memos/common";
import { sql } from "kysely";
import { expect } from "vitest";
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

/** Every memo of the caller, NORMAL and ARCHIVED, oldest first. */
export async function allMemos(client: Client): Promise<Memo[]> {
  const memos: Memo[] = [];
  for (const rowStatus of ["NORMAL", "ARCHIVED"]) {
    const response = await client.get("/api/memo", { query: { rowStatus, limit: 1000 } });
    expect(response.status).toBe(200);
    memos.push(...response.body.data);
  }
  return memos.sort((a, b) => a.createdTs - b.createdTs || a.content.localeCompare(b.content));
}

/** A stored file's bytes (base64), read back through its link as the web reads it. */
export async function fileBytes(t: TestApp, client: Client, resource: Resource): Promise<string> {
  if (resource.externalLink) return resource.externalLink;
  const response = await t.app.inject({
    method: "GET",
    url: `/o/r/${resource.id}/${encodeURIComponent(resource.filename)}`,
    headers: { cookie: client.cookie! },
  });
  expect(response.statusCode).toBe(200);
  return Buffer.from(response.rawPayload).toString("base64");
}
