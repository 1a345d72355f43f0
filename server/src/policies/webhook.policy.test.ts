// Table test: a webhook is its owner's alone; sending needs webhooks on.
import { describe, expect, it } from "vitest";
import type { Actor, Viewer } from "../context.js";
import { HttpError } from "../errors.js";
import { assertWebhooksEnabled, authorizeWebhook, authorizeWebhooks } from "./webhook.policy.js";

const actor = (id: number, role: Actor["role"]): Actor => ({ id, role, username: `u${id}`, via: "session", sessionId: "s" });

function statusOf(run: () => void): number | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof HttpError ? error.status : -1;
  }
}

describe.each<[string, Viewer, number | null, number | null]>([
  // who, list/create, one webhook of user 2
  ["the owner", actor(2, "USER"), null, null],
  ["another user", actor(3, "USER"), null, 404],
  ["an admin", actor(4, "ADMIN"), null, 404],
  ["the host", actor(1, "HOST"), null, 404],
  ["a visitor", null, 401, 401],
])("webhooks for %s", (_label, viewer, list, one) => {
  it("list and create", () => expect(statusOf(() => authorizeWebhooks(viewer))).toBe(list));
  it("read, change, delete, test, redeliver", () => expect(statusOf(() => authorizeWebhook(viewer, { id: 7, user_id: 2 }))).toBe(one));
});

it("sending is refused while webhooks are off for the instance", () => {
  expect(statusOf(() => assertWebhooksEnabled(true))).toBe(403);
  expect(statusOf(() => assertWebhooksEnabled(false))).toBe(null);
});
