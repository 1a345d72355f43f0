// Table test: a shortcut is its owner's alone; everyone else is told it does not exist.
import { describe, expect, it } from "vitest";
import type { Actor, Viewer } from "../context.js";
import { HttpError } from "../errors.js";
import { authorizeShortcut, type ShortcutAction } from "./shortcut.policy.js";

const actor = (id: number, role: Actor["role"]): Actor => ({ id, role, username: `u${id}`, via: "token", sessionId: null });
const shortcut = { id: 5, creator_id: 2 };

describe.each<[string, Viewer, boolean]>([
  ["the owner", actor(2, "USER"), true],
  ["another user", actor(3, "USER"), false],
  ["an admin", actor(4, "ADMIN"), false],
  ["the host", actor(1, "HOST"), false],
  ["a visitor", null, false],
])("shortcut policy for %s", (_label, viewer, allowed) => {
  it.each<ShortcutAction>(["read", "update", "delete"])("%s", (action) => {
    let status: number | null = null;
    try {
      authorizeShortcut(viewer, action, shortcut);
    } catch (error) {
      status = error instanceof HttpError ? error.status : -1;
    }
    expect(status).toBe(allowed ? null : 404);
  });
});
