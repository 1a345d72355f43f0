// Webhooks and their deliveries (an outbox: rows written with the change they report, sent by the dispatcher).
import { type SqlBool, sql } from "kysely";
import { batches } from "../batches.js";
import type { Db, Engine } from "../db.js";
import type { WebhookDeliveryRow, WebhookRow } from "../schema.js";
import { nowSeconds } from "../time.js";

export interface NewWebhook {
  user_id: number;
  name: string;
  url: string;
  secret: string;
  events: string;
}

export function insertWebhook(db: Db, webhook: NewWebhook): Promise<WebhookRow> {
  const now = nowSeconds();
  return db
    .insertInto("webhook")
    .values({ ...webhook, created_ts: now, updated_ts: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findWebhookById(db: Db, id: number): Promise<WebhookRow | undefined> {
  return db.selectFrom("webhook").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A user's webhooks (a handful), oldest first. */
export function listWebhooksOfUser(db: Db, userId: number): Promise<WebhookRow[]> {
  return db.selectFrom("webhook").selectAll().where("user_id", "=", userId).orderBy("id").execute();
}

export type WebhookUpdate = Partial<Pick<WebhookRow, "name" | "url" | "secret" | "events" | "active" | "paused_at_ms">>;

export function updateWebhook(db: Db, id: number, update: WebhookUpdate): Promise<WebhookRow> {
  return db
    .updateTable("webhook")
    .set({ ...update, updated_ts: nowSeconds() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * On resume: each pending delivery of the webhook adds the time it spent paused (since the pause, or since it was
 * queued if later) to `paused_ms`, which lengthens its retry window, and is due now.
 */
export async function resumeDeliveries(db: Db, webhookId: number, pausedAtMs: number, now: number): Promise<void> {
  await sql`
    UPDATE webhook_delivery
    SET paused_ms = paused_ms + ${now} - CASE WHEN created_ts * 1000 > ${pausedAtMs} THEN created_ts * 1000 ELSE ${pausedAtMs} END,
        next_attempt_ms = ${now}
    WHERE webhook_id = ${webhookId} AND status = 'pending'`.execute(db);
}

/** Deletes a webhook with its deliveries, the pending ones included (a delivery in flight may still arrive once). */
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

/** Queues deliveries without reading them back (a bulk edit's thousands), in batches. */
export async function queueDeliveries(db: Db, deliveries: readonly NewDelivery[]): Promise<void> {
  const created_ts = nowSeconds();
  const next_attempt_ms = Date.now();
  for (const batch of batches(deliveries)) {
    await db
      .insertInto("webhook_delivery")
      .values(batch.map((delivery) => ({ ...delivery, status: "pending" as const, created_ts, next_attempt_ms })))
      .execute();
  }
}

export function findDelivery(db: Db, id: number): Promise<WebhookDeliveryRow | undefined> {
  return db.selectFrom("webhook_delivery").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The newest deliveries of a webhook (the log shows a page; the index walks backwards from the newest). */
export function listDeliveries(db: Db, webhookId: number, limit: number): Promise<WebhookDeliveryRow[]> {
  return db.selectFrom("webhook_delivery").selectAll().where("webhook_id", "=", webhookId).orderBy("id", "desc").limit(limit).execute();
}

/** A pending delivery that may be sent: its webhook is active, and no older one of its webhook and key is pending. */
const sendable = sql<SqlBool>`
  EXISTS (SELECT 1 FROM webhook w WHERE w.id = d.webhook_id AND w.active = 1)
  AND NOT EXISTS (
    SELECT 1 FROM webhook_delivery e
    WHERE e.webhook_id = d.webhook_id AND e.ordering_key = d.ordering_key AND e.status = 'pending' AND e.id < d.id)`;

/**
 * Takes up to `limit` due deliveries for this process: each gets a lease (`leaseMs`) during which no other process
 * takes it, and its attempt is counted. A delivery waits while its webhook is paused, and while an older one of the
 * same webhook and ordering key (the same memo or resource) is still pending, so they arrive in order. PostgreSQL
 * skips rows another process is claiming (FOR UPDATE SKIP LOCKED); the outer WHERE re-checks the lease, so a row is
 * never claimed twice.
 */
export async function claimDueDeliveries(
  db: Db,
  engine: Engine,
  now: number,
  leaseMs: number,
  limit: number,
): Promise<WebhookDeliveryRow[]> {
  const lockClause = engine === "postgres" ? sql`FOR UPDATE SKIP LOCKED` : sql``;
  const free = sql<SqlBool>`(lease_until_ms IS NULL OR lease_until_ms < ${now})`;
  const due = sql`
    SELECT d.id FROM webhook_delivery d
    WHERE d.status = 'pending' AND d.next_attempt_ms <= ${now} AND (d.lease_until_ms IS NULL OR d.lease_until_ms < ${now})
      AND ${sendable}
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
  return {
    ...row,
    id: Number(row.id),
    webhook_id: Number(row.webhook_id),
    attempts: Number(row.attempts),
    paused_ms: Number(row.paused_ms),
  };
}

/**
 * When a pending delivery can next be claimed (milliseconds), or null when none is pending: its next attempt, or the
 * end of another process's lease on it. Deliveries of a paused webhook, or waiting behind an older one of the same
 * key, do not count.
 */
export async function nextDueMs(db: Db): Promise<number | null> {
  const result = await sql<{ next: number | string | null }>`
    SELECT MIN(CASE WHEN d.lease_until_ms IS NOT NULL AND d.lease_until_ms > d.next_attempt_ms THEN d.lease_until_ms ELSE d.next_attempt_ms END) AS next
    FROM webhook_delivery d
    WHERE d.status = 'pending' AND ${sendable}`.execute(db);
  const next = result.rows[0]?.next;
  return next === null || next === undefined ? null : Number(next);
}

/** Deliveries waiting to be sent (due or not, paused webhooks' too): the metrics' queue depth, read through the due index. */
export async function countPendingDeliveries(db: Db): Promise<number> {
  const row = await db
    .selectFrom("webhook_delivery")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface AttemptOutcome {
  status: "pending" | "succeeded" | "failed";
  next_attempt_ms: number | null;
  response_status: number | null;
  response_snippet: string | null;
  duration_ms: number;
  error: string | null;
}

/** Gives back a claimed delivery unsent (its webhook was paused meanwhile): the attempt is not counted. */
export async function releaseDelivery(db: Db, id: number): Promise<void> {
  await db
    .updateTable("webhook_delivery")
    .set((eb) => ({ lease_until_ms: null, attempts: eb("attempts", "-", 1) }))
    .where("id", "=", id)
    .where("status", "=", "pending")
    .execute();
}

export async function recordAttempt(db: Db, id: number, outcome: AttemptOutcome): Promise<void> {
  await db
    .updateTable("webhook_delivery")
    .set({ ...outcome, lease_until_ms: null, last_attempt_ts: nowSeconds() })
    .where("id", "=", id)
    .execute();
}
