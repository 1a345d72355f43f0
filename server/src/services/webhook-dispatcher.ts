// The background sender of webhook deliveries. Requests never wait for it: a change queues its deliveries in its own
// transaction (webhook-events.ts) and kicks this after the commit. It claims due deliveries with a lease
// (store/sql/webhook.store.ts: several server processes on one PostgreSQL send each delivery once), signs and sends
// them, and records each outcome: success, a retry after an exponentially growing delay (the first within
// `webhookRetryBaseMs`, 10 s by default, for `webhookRetryWindowMs`, 24 h), or failure. It also wakes on its own
// when the next retry is due, and every IDLE_MS, so deliveries left by a stopped process are sent after a restart.
// A paused webhook's deliveries are not claimed (the store skips them) until it is resumed. A failure without an
// answer is shown to the owner as its class (webhook-client.ts) and logged here with its cause, naming the target by
// scheme, host and port only: a URL's user info, path and query may hold the receiver's credentials.
import { createHmac } from "node:crypto";
import { SERVER_VERSION, WEBHOOK_HEADERS } from "@memos/common";
import type { Config } from "../config.js";
import { sendWebhook, type WebhookResponse } from "../outbound/webhook-client.js";
import type { DatabaseHandle } from "../store/db.js";
import type { WebhookDeliveryRow } from "../store/schema.js";
import { nowSeconds } from "../store/time.js";
import {
  type AttemptOutcome,
  claimDueDeliveries,
  findWebhookById,
  nextDueMs,
  recordAttempt,
  releaseDelivery,
} from "../store/sql/webhook.store.js";
import type { EventPayload } from "./webhook-events.js";
import { readSystemSetting } from "../store/sql/settings.js";

/** Deliveries sent at once by one process. */
const BATCH = 8;
/** Longer than an attempt's time limit: past it, another process may take the delivery over. */
const LEASE_EXTRA_MS = 30_000;
/** The longest sleep between looks at the table (other processes' leftovers, a restart's). */
const IDLE_MS = 30_000;
/** No retry waits longer than this, so the 24 h window holds several late attempts. */
const MAX_RETRY_DELAY_MS = 4 * 3_600_000;

type Timings = Pick<Config, "webhookAllowPrivate" | "webhookRetryBaseMs" | "webhookRetryWindowMs" | "webhookTimeoutMs">;

interface Log {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface WebhookDispatcher {
  kick(): void;
  stop(): Promise<void>;
}

/** `sha256=<hex HMAC-SHA256 of body>` keyed by the webhook's secret. */
const signBody = (secret: string, body: string): string => `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

/** The body as sent: the delivery's id and event, when it happened, when this attempt is made, who, and the subject. */
function bodyOf(row: WebhookDeliveryRow, timestamp: number): string {
  const { time, actor, ...subject } = JSON.parse(row.payload) as EventPayload;
  return JSON.stringify({ id: row.id, event: row.event, time, timestamp, actor, ...subject });
}

/** The target as the log names it: scheme, host and port, never the user info, path or query. */
function logTarget(raw: string): string {
  try {
    const url = new URL(raw);
    return `${url.protocol}//${url.host}`;
  } catch {
    return "(invalid URL)";
  }
}

/** What becomes of a delivery after an attempt. */
export function outcomeOf(row: WebhookDeliveryRow, response: WebhookResponse, timings: Timings, now: number): AttemptOutcome {
  const common = { duration_ms: response.durationMs, response_status: response.ok ? response.status : null };
  const snippet = response.ok ? response.snippet : null;
  if (response.ok && response.status >= 200 && response.status < 300) {
    return { ...common, status: "succeeded", next_attempt_ms: null, response_snippet: snippet, error: null };
  }
  const error = response.ok ? `HTTP ${response.status}` : response.error;
  // A refused address, a redirect (never followed) or a client error other than 408/429 will not get better by waiting.
  const hopeless = response.ok
    ? response.status >= 300 && response.status < 500 && response.status !== 408 && response.status !== 429
    : response.refused;
  const delay = Math.min(timings.webhookRetryBaseMs * 2 ** Math.max(0, row.attempts - 1), MAX_RETRY_DELAY_MS);
  // The window runs from the event, without the time its webhook was paused.
  const deadline = Number(row.created_ts) * 1000 + Number(row.paused_ms) + timings.webhookRetryWindowMs;
  if (hopeless || now + delay > deadline) return { ...common, status: "failed", next_attempt_ms: null, response_snippet: snippet, error };
  return { ...common, status: "pending", next_attempt_ms: now + delay, response_snippet: snippet, error };
}

/** Told the outcome of each attempt (the metrics count them). */
export type AttemptObserver = (status: AttemptOutcome["status"]) => void;

export function startWebhookDispatcher(store: DatabaseHandle, timings: Timings, log: Log, observe?: AttemptObserver): WebhookDispatcher {
  // Held from the start: a test that swaps ctx.store.db to count a route's queries does not count these.
  const { db, engine } = store;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void run(), Math.max(0, ms));
    timer.unref();
  };

  async function deliver(row: WebhookDeliveryRow): Promise<void> {
    const webhook = await findWebhookById(db, row.webhook_id);
    // Deleted since the claim: its deliveries went with it. Paused since: this one waits for the resume.
    if (!webhook) return;
    if (Number(webhook.active) !== 1) return releaseDelivery(db, row.id);
    const timestamp = nowSeconds();
    const body = bodyOf(row, timestamp);
    const response = await sendWebhook({
      url: webhook.url,
      body,
      headers: {
        "Content-Type": "application/json",
        "User-Agent": `memos-webhook/${SERVER_VERSION}`,
        [WEBHOOK_HEADERS.event]: row.event,
        [WEBHOOK_HEADERS.delivery]: String(row.id),
        [WEBHOOK_HEADERS.timestamp]: String(timestamp),
        [WEBHOOK_HEADERS.signature]: signBody(webhook.secret, body),
      },
      allowPrivate: timings.webhookAllowPrivate,
      timeoutMs: timings.webhookTimeoutMs,
    });
    if (!response.ok) {
      log.warn(
        { webhook: webhook.id, delivery: row.id, target: logTarget(webhook.url), cause: response.detail },
        `webhook delivery: ${response.error}`,
      );
    }
    const outcome = outcomeOf(row, response, timings, Date.now());
    await recordAttempt(db, row.id, outcome);
    observe?.(outcome.status);
  }

  async function sweep(): Promise<void> {
    const rows = await claimDueDeliveries(db, engine, Date.now(), timings.webhookTimeoutMs + LEASE_EXTRA_MS, BATCH);
    await Promise.all(
      rows.map((row) => deliver(row).catch((error: unknown) => log.error({ err: error, delivery: row.id }, "webhook delivery failed"))),
    );
  }

  async function loop(): Promise<void> {
    try {
      if (await readSystemSetting(db, "disableWebhooks")) return schedule(IDLE_MS);
      // A read first: an idle look at the table writes nothing (no lease, no new data version for the answer cache).
      while (!stopped) {
        again = false;
        const next = await nextDueMs(db);
        const now = Date.now();
        if (next !== null && next <= now) await sweep();
        else if (!again) return schedule(next === null ? IDLE_MS : Math.min(IDLE_MS, next - now));
      }
    } catch (error) {
      if (!stopped) log.error({ err: error }, "webhook dispatcher");
      schedule(IDLE_MS);
    }
  }

  function run(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = loop().finally(() => {
      running = null;
    });
    return running;
  }

  schedule(0);
  return {
    kick: () => {
      if (running) again = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
