// Webhooks and their deliveries. A delivery row is written in the transaction of the change it reports (an
// outbox); the dispatcher (services/webhook-dispatcher.ts) claims due rows with a lease, so with several server
// processes each is sent once, and a restart resumes whatever was pending.
import type { Migration } from "./types.js";

export const webhooks: Migration = {
  name: "012-webhooks",
  statements: (engine) => {
    const serial = engine === "sqlite" ? "INTEGER PRIMARY KEY AUTOINCREMENT" : "SERIAL PRIMARY KEY";
    return [
      `CREATE TABLE webhook (
        id ${serial},
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        url TEXT NOT NULL,
        secret TEXT NOT NULL,
        events TEXT NOT NULL,
        active INTEGER NOT NULL DEFAULT 1,
        created_ts BIGINT NOT NULL,
        updated_ts BIGINT NOT NULL)`,
      `CREATE INDEX idx_webhook_user ON webhook (user_id, id)`,
      `CREATE TABLE webhook_delivery (
        id ${serial},
        webhook_id INTEGER NOT NULL,
        event TEXT NOT NULL,
        payload TEXT NOT NULL,
        ordering_key TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        created_ts BIGINT NOT NULL,
        next_attempt_ms BIGINT,
        lease_until_ms BIGINT,
        last_attempt_ts BIGINT,
        response_status INTEGER,
        response_snippet TEXT,
        duration_ms INTEGER,
        error TEXT)`,
      `CREATE INDEX idx_webhook_delivery_log ON webhook_delivery (webhook_id, id)`,
      `CREATE INDEX idx_webhook_delivery_due ON webhook_delivery (status, next_attempt_ms)`,
      `CREATE INDEX idx_webhook_delivery_order ON webhook_delivery (webhook_id, ordering_key, status, id)`,
    ];
  },
};
