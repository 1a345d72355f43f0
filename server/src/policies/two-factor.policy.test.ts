// Table test: what a session pending 2FA setup may call, and who resets a member's 2FA.
import type { RouteName } from "@memos/common";
import { describe, expect, it } from "vitest";
import type { Actor, Viewer } from "../context.js";
import { HttpError } from "../errors.js";
import {
  authorizePendingSession,
  authorizeSecondFactorRemoval,
  authorizeTwoFactorOff,
  authorizeTwoFactorReset,
} from "./two-factor.policy.js";

const session: Actor = { id: 2, role: "USER", username: "u2", via: "session", sessionId: "s" };
const pending: Actor = { ...session, twoFactorPending: true };

function refusal(run: () => void): [number, string | undefined] | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof HttpError ? [error.status, error.reason] : [-1, String(error)];
  }
}

const SETUP_ONLY: [number, string] = [403, "auth.two-factor-setup-required"];

describe.each<[RouteName | undefined, [number, string] | null]>([
  ["auth.session", null],
  ["auth.signOut", null],
  ["user.me", null],
  ["system.status", null],
  ["totp.status", null],
  ["totp.setup", null],
  ["totp.enable", null],
  ["passkey.list", null],
  ["passkey.registrationOptions", null],
  ["passkey.register", null],
  ["passkey.rename", SETUP_ONLY],
  ["passkey.delete", SETUP_ONLY],
  ["totp.disable", SETUP_ONLY],
  ["memo.list", SETUP_ONLY],
  ["memo.create", SETUP_ONLY],
  ["user.patch", SETUP_ONLY],
  ["access-token.create", SETUP_ONLY],
  [undefined, SETUP_ONLY],
])("a pending session on %s", (route, expected) => {
  it(expected ? "is refused" : "is let through", () => expect(refusal(() => authorizePendingSession(pending, route))).toEqual(expected));
  it("is no matter for a session that passed", () => expect(refusal(() => authorizePendingSession(session, route))).toBeNull());
  it("is no matter for a visitor", () => expect(refusal(() => authorizePendingSession(null, route))).toBeNull());
});

const host: Actor = { id: 1, role: "HOST", username: "host", via: "session", sessionId: "h" };
const admin: Actor = { id: 3, role: "ADMIN", username: "admin", via: "session", sessionId: "a" };
const member = { id: 2, role: "USER" as const };
const otherAdmin = { id: 4, role: "ADMIN" as const };

describe.each<[string, Viewer, { id: number; role: "HOST" | "ADMIN" | "USER" }, [number, string | undefined] | null]>([
  ["the host resets a member", host, member, null],
  ["the host resets an admin", host, otherAdmin, null],
  ["an admin resets a member", admin, member, null],
  ["an admin resets another admin", admin, otherAdmin, null],
  ["an admin resets the host", admin, { id: 1, role: "HOST" }, [403, "auth.host-only"]],
  ["a member resets another", session, { id: 5, role: "USER" }, [403, "auth.admin-only"]],
  ["the host resets itself", host, { id: 1, role: "HOST" }, [403, "auth.forbidden"]],
  ["an admin resets itself", admin, { id: 3, role: "ADMIN" }, [403, "auth.forbidden"]],
  [
    "the host's access token",
    { ...host, via: "token", sessionId: null, token: { id: 1, scope: "read-write" } },
    member,
    [403, "auth.session-only"],
  ],
  ["the host's open ID", { ...host, via: "token", sessionId: null }, member, [403, "auth.session-only"]],
  ["a visitor", null, member, [401, "auth.unauthenticated"]],
])("%s", (_label, viewer, target, expected) => {
  it(expected ? `is refused (${expected[0]})` : "is allowed", () =>
    expect(refusal(() => authorizeTwoFactorReset(viewer, target))).toEqual(expected),
  );
});

describe("turning 2FA off", () => {
  it("is refused while the host requires it", () =>
    expect(refusal(() => authorizeTwoFactorOff(true))).toEqual([403, "auth.two-factor-required"]));
  it("is allowed otherwise", () => expect(refusal(() => authorizeTwoFactorOff(false))).toBeNull());
});

describe.each<[string, boolean, number, [number, string] | null]>([
  ["the last second factor, the host requiring 2FA", true, 0, [403, "auth.two-factor-required"]],
  ["one of two second factors, the host requiring 2FA", true, 1, null],
  ["the last second factor, 2FA not required", false, 0, null],
])("removing a passkey: %s", (_label, required, left, expected) => {
  it(expected ? "is refused" : "is allowed", () => expect(refusal(() => authorizeSecondFactorRemoval(required, left))).toEqual(expected));
});
