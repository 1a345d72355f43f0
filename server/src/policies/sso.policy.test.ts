// Table tests: who manages identity providers, who may sign in with a password, what a provider's answer leads to.
import type { Role } from "@memos/common";
import { describe, expect, it } from "vitest";
import type { Actor, Viewer } from "../context.js";
import { HttpError } from "../errors.js";
import {
  assertMayRemovePasskey,
  assertMayUnlink,
  assertPasswordSignIn,
  assertProviderUrlsAllowed,
  authorizeIdentityProviders,
  secondFactorAfterSso,
  showsIdentityProvider,
  type SsoOutcome,
  ssoOutcome,
} from "./sso.policy.js";

const statusOf = (run: () => void): number => {
  try {
    run();
    return 200;
  } catch (error) {
    return error instanceof HttpError ? error.status : -1;
  }
};

const session = (role: Role): Actor => ({ id: 1, role, username: "u", via: "session", sessionId: "s" });
const token = (role: Role): Actor => ({ ...session(role), via: "token", sessionId: null, token: { id: 1, scope: "read-write" } });

describe.each<[string, Viewer, number, number]>([
  ["the host's session", session("HOST"), 200, 200],
  ["an admin's session", session("ADMIN"), 200, 200],
  ["a member's session", session("USER"), 403, 403],
  ["the host's token", token("HOST"), 200, 403],
  ["a visitor", null, 401, 401],
])("identity providers: %s", (_label, viewer, read, write) => {
  it(`reads ${read}, writes ${write}`, () => {
    expect([
      statusOf(() => authorizeIdentityProviders(viewer, "read")),
      statusOf(() => authorizeIdentityProviders(viewer, "write")),
    ]).toEqual([read, write]);
  });
});

describe.each<[string, Viewer, boolean, boolean]>([
  // who, shown an enabled provider, shown a disabled one
  ["a visitor (the sign-in page)", null, true, false],
  ["a member", session("USER"), true, false],
  ["an admin", session("ADMIN"), true, true],
  ["the host's token", token("HOST"), true, true],
])("the public list of identity providers, to %s", (_label, viewer, enabled, disabled) => {
  it(`shows an enabled one: ${enabled}, a disabled one: ${disabled}`, () => {
    expect([showsIdentityProvider(viewer, { enabled: true }), showsIdentityProvider(viewer, { enabled: false })]).toEqual([
      enabled,
      disabled,
    ]);
  });
});

describe.each<[Role, boolean, number]>([
  ["HOST", true, 200],
  ["ADMIN", true, 403],
  ["USER", true, 403],
  ["USER", false, 200],
])("password sign-in of a %s, turned off %s", (role, off, status) => {
  it(`is ${status}`, () => expect(statusOf(() => assertPasswordSignIn(role, off))).toBe(status));
});

describe.each<[string, boolean, number]>([
  ["https://id.example.com", false, 200],
  ["http://id.example.com", false, 400],
  ["http://127.0.0.1:9000", true, 200],
])("issuer %s with private targets allowed %s", (issuer, allowPrivate, status) => {
  it(`is ${status}`, () => expect(statusOf(() => assertProviderUrlsAllowed({ issuer }, allowPrivate))).toBe(status));
  it(`is ${status} as an OAuth 2 provider's token URL beside an https authorization URL`, () =>
    expect(statusOf(() => assertProviderUrlsAllowed({ authUrl: "https://idp.example/auth", tokenUrl: issuer }, allowPrivate))).toBe(
      status,
    ));
});

describe.each<[string, { hasPassword: boolean; passkeys: number; identities: number }, number]>([
  ["a password remains", { hasPassword: true, passkeys: 0, identities: 1 }, 200],
  ["a passkey remains", { hasPassword: false, passkeys: 1, identities: 1 }, 200],
  ["another identity remains", { hasPassword: false, passkeys: 0, identities: 2 }, 200],
  ["nothing remains", { hasPassword: false, passkeys: 0, identities: 1 }, 409],
])("unlinking when %s", (_label, methods, status) => {
  it(`is ${status}`, () => expect(statusOf(() => assertMayUnlink(methods))).toBe(status));
});

describe.each<[string, { hasPassword: boolean; passkeys: number; identities: number }, number]>([
  ["the last passkey, a password remaining", { hasPassword: true, passkeys: 1, identities: 0 }, 200],
  ["one of two passkeys", { hasPassword: false, passkeys: 2, identities: 0 }, 200],
  ["the last passkey, an identity remaining", { hasPassword: false, passkeys: 1, identities: 1 }, 200],
  ["the last way in", { hasPassword: false, passkeys: 1, identities: 0 }, 409],
])("removing %s", (_label, methods, status) => {
  it(`is ${status}`, () => expect(statusOf(() => assertMayRemovePasskey(methods))).toBe(status));
});

const alice = { userId: 7, rowStatus: "NORMAL" as const };
describe.each<[string, Parameters<typeof ssoOutcome>[0], SsoOutcome]>([
  ["a linked account", { linked: alice, linkUserId: null, createUsers: false, allowSignUp: false }, { kind: "sign-in", userId: 7 }],
  [
    "a linked, archived account",
    { linked: { ...alice, rowStatus: "ARCHIVED" }, linkUserId: null, createUsers: true, allowSignUp: true },
    { kind: "refused", failure: "account-archived" },
  ],
  ["someone unknown, creation on", { linked: undefined, linkUserId: null, createUsers: true, allowSignUp: true }, { kind: "create" }],
  [
    "someone unknown, sign-up off",
    { linked: undefined, linkUserId: null, createUsers: true, allowSignUp: false },
    { kind: "refused", failure: "signup-closed" },
  ],
  [
    "someone unknown, the provider creates nobody",
    { linked: undefined, linkUserId: null, createUsers: false, allowSignUp: true },
    { kind: "refused", failure: "signup-closed" },
  ],
  ["a link to a free identity", { linked: undefined, linkUserId: 7, createUsers: false, allowSignUp: false }, { kind: "link", userId: 7 }],
  ["a link already made", { linked: alice, linkUserId: 7, createUsers: false, allowSignUp: false }, { kind: "already-linked", userId: 7 }],
  [
    "a link to another's identity",
    { linked: alice, linkUserId: 8, createUsers: false, allowSignUp: false },
    { kind: "refused", failure: "already-linked" },
  ],
])("a provider's answer for %s", (_label, input, outcome) => {
  it(`is ${outcome.kind}`, () => expect(ssoOutcome(input)).toEqual(outcome));
});

describe("secondFactorAfterSso", () => {
  it.each<[string, boolean, { totp: boolean; passkeys: number }, ReturnType<typeof secondFactorAfterSso>]>([
    ["an account with the app's codes", true, { totp: true, passkeys: 0 }, "code"],
    ["an account with the app's codes and a passkey", true, { totp: true, passkeys: 2 }, "code"],
    ["an account whose second factor is a passkey", true, { totp: false, passkeys: 1 }, "passkey"],
    ["an account without a second factor", true, { totp: false, passkeys: 0 }, null],
    ["any account, with the setting off", false, { totp: true, passkeys: 1 }, null],
  ])("asks %s (setting on: %s) for %s", (_label, settingOn, account, expected) => {
    expect(secondFactorAfterSso(settingOn, account)).toBe(expected);
  });
});
