// Webhooks and their deliveries (an outbox: rows written with the change they report, sent by the dispatcher).
import { type SqlBool, sql } from "kysely";
import { batches } from "./batches.js";
import type { Db, Engine } from "./db.js";
import type { WebhookDeliveryRow, WebhookRow } from "./schema.js";
import { nowSeconds } from "./time.js";

export interface NewWebhook {
  user_id: number;
  name: string;
  url: string;
  secret: string;
  events: string;
}

export function insertWebhook(db: Db, webhook: NewWebhook): Promise<WebhookRow> {
  const now = nowSeconds();
  return db.insertInto("webhook").values({ ...webhook, created_ts: now, updated_ts: now }).returningAll().executeTakeFirstOrThrow();
}

export function findWebhookById(db: Db, id: number): Promise<WebhookRow | undefined> {
  return db.selectFrom("webhook").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A user's webhooks (a handful), oldest first. */
export function listWebhooksOfUser(db: Db, userId: number): Promise<WebhookRow[]> {
  return db.selectFrom("webhook").selectAll().where("user_id", "=", userId).orderBy("id").execute();
}

export type WebhookUpdate = Partial<Pick<WebhookRow, "name" | "url" | "secret" | "events" | "active">>;

export function updateWebhook(db: Db, id: number, update: WebhookUpdate): Promise<WebhookRow> {
  return db.updateTable("webhook").set({ ...update, updated_ts: nowSeconds() }).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteWebhook(db: Db, id: number): Promise<void> {
  await db.deleteFrom("webhook_delivery").where("webhook_id", "=", id).execute();
  await db.deleteFrom("webhook").where("id", "=", id).execute();
}

export interface NewDelivery {
  webhook_id: number;
  event: string;
  payload: string;
  ordering_key: string;
}

/** Queues deliveries, due at once, in batches (one per webhook of the user: as many as they made). */
export async function insertDeliveries(db: Db, deliveries: NewDelivery[]): Promise<WebhookDeliveryRow[]> {
  const created_ts = nowSeconds();
  const next_attempt_ms = Date.now();
  const rows: WebhookDeliveryRow[] = [];
  for (const batch of batches(deliveries)) {
    rows.push(
      ...(await db
        .insertInto("webhook_delivery")
        .values(batch.map((delivery) => ({ ...delivery, status: "pending" as const, created_ts, next_attempt_ms })))
        .returningAll()
        .execute()),
    );
  }
  return rows;
}

export function findDelivery(db: Db, id: number): Promise<WebhookDeliveryRow | undefined> {
  return db.selectFrom("webhook_delivery").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The newest deliveries of a webhook (the log shows a page; the index walks backwards from the newest). */
export function listDeliveries(db: Db, webhookId: number, limit: number): Promise<WebhookDeliveryRow[]> {
  return db.selectFrom("webhook_delivery").selectAll().where("webhook_id", "=", webhookId).orderBy("id", "desc").limit(limit).execute();
}

/**
 * Takes up to `limit` due deliveries for this process: each gets a lease (`leaseMs`) during which no other process
 * takes it, and its attempt is counted. A delivery waits while an older one of the same webhook and ordering key
 * (the same memo or resource) is still pending, so they arrive in order. PostgreSQL skips rows another process is
 * claiming (FOR UPDATE SKIP LOCKED); the outer WHERE re-checks the lease, so a row is never claimed twice.
 */
export async function claimDueDeliveries(db: Db, engine: Engine, now: number, leaseMs: number, limit: number): Promise<WebhookDeliveryRow[]> {
  const lockClause = engine === "postgres" ? sql`FOR UPDATE SKIP LOCKED` : sql``;
  const free = sql<SqlBool>`(lease_until_ms IS NULL OR lease_until_ms < ${now})`;
  const due = sql`
    SELECT d.id FROM webhook_delivery d
    WHERE d.status = 'pending' AND d.next_attempt_ms <= ${now} AND (d.lease_until_ms IS NULL OR d.lease_until_ms < ${now})
      AND NOT EXISTS (
        SELECT 1 FROM webhook_delivery e
        WHERE e.webhook_id = d.webhook_id AND e.ordering_key = d.ordering_key AND e.status = 'pending' AND e.id < d.id)
    ORDER BY d.next_attempt_ms, d.id
    LIMIT ${limit}
    ${lockClause}`;
  const result = await sql<WebhookDeliveryRow>`
    UPDATE webhook_delivery SET lease_until_ms = ${now + leaseMs}, attempts = attempts + 1
    WHERE id IN (${due}) AND status = 'pending' AND ${free}
    RETURNING *`.execute(db);
  return result.rows.map(normaliseDelivery).sort((a, b) => a.id - b.id);
}

/** pg answers BIGINT columns of raw SQL as numbers already (db.ts), but integers of RETURNING * may be text. */
function normaliseDelivery(row: WebhookDeliveryRow): WebhookDeliveryRow {
  return { ...row, id: Number(row.id), webhook_id: Number(row.webhook_id), attempts: Number(row.attempts) };
}

/**
 * When a pending delivery can next be claimed (milliseconds), or null when none is pending: its next attempt, or the
 * end of another process's lease on it. Deliveries waiting behind an older one of the same key do not count.
 */
export async function nextDueMs(db: Db): Promise<number | null> {
  const result = await sql<{ next: number | string | null }>`
    SELECT MIN(CASE WHEN d.lease_until_ms IS NOT NULL AND d.lease_until_ms > d.next_attempt_ms THEN d.lease_until_ms ELSE d.next_attempt_ms END) AS next
    FROM webhook_delivery d
    WHERE d.status = 'pending' AND NOT EXISTS (
      SELECT 1 FROM webhook_delivery e
      WHERE e.webhook_id = d.webhook_id AND e.ordering_key = d.ordering_key AND e.status = 'pending' AND e.id < d.id)`.execute(db);
  const next = result.rows[0]?.next;
  return next === null || next === undefined ? null : Number(next);
}

export interface AttemptOutcome {
  status: "pending" | "succeeded" | "failed";
  next_attempt_ms: number | null;
  response_status: number | null;
  response_snippet: string | null;
  duration_ms: number;
  error: string | null;
}

export async function recordAttempt(db: Db, id: number, outcome: AttemptOutcome): Promise<void> {
  await db
    .updateTable("webhook_delivery")
    .set({ ...outcome, lease_until_ms: null, last_attempt_ts: nowSeconds() })
    .where("id", "=", id)
    .execute();
}
