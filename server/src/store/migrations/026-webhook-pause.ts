// A paused webhook keeps its pending deliveries: they wait, and are sent when it is resumed. The time they spend
// waiting is not counted against their retry window: `webhook.paused_at_ms` is when the webhook was paused (null
// while active), and on resume each pending delivery adds the time it spent paused to `webhook_delivery.paused_ms`,
// which extends its window. Webhooks paused before this migration count as paused from now.
import { sql } from "kysely";
import type { Migration } from "./types.js";

export const webhookPause: Migration = {
  name: "026-webhook-pause",
  statements: () => [
    "ALTER TABLE webhook ADD COLUMN paused_at_ms BIGINT",
    "ALTER TABLE webhook_delivery ADD COLUMN paused_ms BIGINT NOT NULL DEFAULT 0",
  ],
  async after(db) {
    await sql`UPDATE webhook SET paused_at_ms = ${Date.now()} WHERE active = 0`.execute(db);
  },
};
