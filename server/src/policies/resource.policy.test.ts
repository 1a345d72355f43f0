// Table test: who may manage, link and read a resource.
import { describe, expect, it } from "vitest";
import type { Actor, Viewer } from "../context.js";
import { HttpError } from "../errors.js";
import { authorizeResource, authorizeResourceLink, canReadResourceFile, type ResourceAction } from "./resource.policy.js";

const actor = (id: number, role: Actor["role"]): Actor => ({ id, role, username: `u${id}`, via: "session", sessionId: null });
const OWNER = actor(2, "USER");
const VIEWERS: [string, Viewer, boolean][] = [
  ["the owner", OWNER, true],
  ["another user", actor(3, "USER"), false],
  ["an admin", actor(4, "ADMIN"), false],
  ["the host", actor(1, "HOST"), false],
  ["a visitor", null, false],
];
const resource = { id: 7, creator_id: OWNER.id };

function statusOf(run: () => void): number | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof HttpError ? error.status : -1;
  }
}

describe("resource policy", () => {
  describe.each(VIEWERS)("%s", (_label, viewer, isOwner) => {
    it.each<ResourceAction>(["read", "update", "delete"])("%s: allowed only to the owner, otherwise 404", (action) => {
      expect(statusOf(() => authorizeResource(viewer, action, resource))).toBe(isOwner ? null : 404);
    });

    it("link: allowed only to the owner, otherwise 403", () => {
      expect(statusOf(() => authorizeResourceLink(viewer, resource))).toBe(isOwner ? null : 403);
    });

    it("file: readable by the owner, or through a readable linked memo", () => {
      expect(canReadResourceFile(viewer, resource, false)).toBe(isOwner);
      expect(canReadResourceFile(viewer, resource, true)).toBe(true);
    });
  });
});
