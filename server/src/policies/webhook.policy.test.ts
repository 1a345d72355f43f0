// Table test: a webhook is its owner's alone; sending needs webhooks on.
import { describe, expect, it } from "vitest";
import type { Actor, Viewer } from "../context.js";
import { HttpError } from "../errors.js";
import {
  assertWebhooksEnabled,
  authorizeWebhook,
  authorizeWebhookChange,
  authorizeWebhookSecret,
  authorizeWebhooks,
  seesWebhookSecret,
} from "./webhook.policy.js";

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

describe.each<[string, Viewer, number | null, number | null, boolean, number | null]>([
  // who, create, change or delete a webhook of user 2, sees its secret in answers, asks for its secret
  ["the owner's session", actor(2, "USER"), null, null, true, null],
  [
    "the owner's read-write token",
    { ...actor(2, "USER"), via: "token", sessionId: null, token: { id: 1, scope: "read-write" } },
    403,
    403,
    false,
    403,
  ],
  ["the owner's open ID", { ...actor(2, "USER"), via: "token", sessionId: null }, 403, 403, false, 403],
  ["another user's session", actor(3, "USER"), null, 404, true, 404],
  ["a visitor", null, 401, 401, false, 401],
])("changing webhooks: %s", (_label, viewer, create, change, secret, askSecret) => {
  it("create", () => expect(statusOf(() => authorizeWebhookChange(viewer))).toBe(create));
  it("change or delete", () => expect(statusOf(() => authorizeWebhookChange(viewer, { id: 7, user_id: 2 }))).toBe(change));
  it("secret", () => expect(seesWebhookSecret(viewer)).toBe(secret));
  it("ask for the secret", () => expect(statusOf(() => authorizeWebhookSecret(viewer, { id: 7, user_id: 2 }))).toBe(askSecret));
});

it("sending is refused while webhooks are off for the instance", () => {
  expect(statusOf(() => assertWebhooksEnabled(true))).toBe(403);
  expect(statusOf(() => assertWebhooksEnabled(false))).toBe(null);
});
