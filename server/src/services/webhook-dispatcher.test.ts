// What becomes of a delivery after an attempt: success, a retry after a doubling delay within the window, or failure.
import { describe, expect, it } from "vitest";
import type { WebhookDeliveryRow } from "../store/schema.js";
import { outcomeOf } from "./webhook-dispatcher.js";

const timings = { webhookAllowPrivate: false, webhookRetryBaseMs: 10_000, webhookRetryWindowMs: 24 * 3_600_000, webhookTimeoutMs: 10_000 };
const CREATED = 1_700_000_000;
const row = (attempts: number, paused_ms = 0): WebhookDeliveryRow =>
  ({
    id: 1,
    webhook_id: 1,
    event: "memo.created",
    payload: "{}",
    ordering_key: "memo:1",
    status: "pending",
    attempts,
    created_ts: CREATED,
    paused_ms,
  }) as WebhookDeliveryRow;
const answer = (status: number) => ({ ok: true as const, status, snippet: "body", durationMs: 5 });
const now = CREATED * 1000 + 1000;

describe("outcomeOf", () => {
  it("a 2xx answer succeeds", () => {
    expect(outcomeOf(row(1), answer(204), timings, now)).toMatchObject({
      status: "succeeded",
      next_attempt_ms: null,
      response_status: 204,
      response_snippet: "body",
    });
  });

  it.each([
    [1, 10_000],
    [2, 20_000],
    [3, 40_000],
    [5, 160_000],
  ])("after attempt %i of a 5xx, retries %i ms later (the first within 30 s)", (attempts, delay) => {
    expect(outcomeOf(row(attempts), answer(500), timings, now)).toMatchObject({ status: "pending", next_attempt_ms: now + delay });
  });

  it("no retry waits more than 4 hours", () => {
    expect(outcomeOf(row(20), answer(503), timings, now).next_attempt_ms).toBe(now + 4 * 3_600_000);
  });

  it("retries a time-out, a 408 and a 429; gives up other client errors, a redirect and a refused address at once", () => {
    expect(
      outcomeOf(row(1), { ok: false, error: "timed out", detail: "timed out", durationMs: 10_000, refused: false }, timings, now).status,
    ).toBe("pending");
    expect(outcomeOf(row(1), answer(408), timings, now).status).toBe("pending");
    expect(outcomeOf(row(1), answer(429), timings, now).status).toBe("pending");
    expect(outcomeOf(row(1), answer(404), timings, now)).toMatchObject({ status: "failed", error: "HTTP 404" });
    expect(outcomeOf(row(1), answer(301), timings, now).status).toBe("failed");
    const refused = {
      ok: false as const,
      error: "refused: not a public address",
      detail: "refused address 10.0.0.1",
      durationMs: 0,
      refused: true,
    };
    expect(outcomeOf(row(1), refused, timings, now)).toMatchObject({ status: "failed", error: "refused: not a public address" });
  });

  it("gives up once the next attempt would fall past 24 hours after the event", () => {
    const late = CREATED * 1000 + 24 * 3_600_000 - 5000;
    expect(outcomeOf(row(3), answer(500), timings, late)).toMatchObject({
      status: "failed",
      next_attempt_ms: null,
      response_status: 500,
      error: "HTTP 500",
    });
  });

  it("does not count the time its webhook was paused against the window", () => {
    const late = CREATED * 1000 + 48 * 3_600_000;
    expect(outcomeOf(row(3, 30 * 3_600_000), answer(500), timings, late)).toMatchObject({
      status: "pending",
      next_attempt_ms: late + 40_000,
      error: "HTTP 500",
    });
    expect(outcomeOf(row(3, 20 * 3_600_000), answer(500), timings, late).status).toBe("failed");
  });
});
