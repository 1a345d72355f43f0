import { describe, expect, it } from "vitest";
import { canUnlinkIdentity, usernameFromClaim, usernameWithSuffix } from "./sso.js";
import { validateUsername } from "./validation.js";

describe("usernameFromClaim", () => {
  it.each([
    ["lovelace", "lovelace"],
    ["Ada Lovelace", "Ada-Lovelace"],
    ["grace.hopper@example.com", "grace-hopper"],
    ["al@example.com", "al"],
    ["José_Núñez", "Jose-Nunez"],
    ["<script>", "script"],
    ["-_-x-_-", "x"],
    ["   ", ""],
    ["x".repeat(40), "x".repeat(36)],
    [`${"y".repeat(35)}-z`, "y".repeat(35)],
    ["名前名前", ""],
  ])("%s → %s", (claim, name) => {
    expect(usernameFromClaim(claim)).toBe(name);
    if (name !== "") expect(validateUsername(name)).toBeNull();
  });
});

describe("usernameWithSuffix", () => {
  it("keeps the name within the rule's 36 characters", () => {
    expect(usernameWithSuffix("alice", 2)).toBe("alice2");
    expect(usernameWithSuffix("y".repeat(36), 12)).toBe(`${"y".repeat(34)}12`);
    expect(validateUsername(usernameWithSuffix(`${"y".repeat(33)}-z`, 12))).toBeNull();
  });
});

describe("canUnlinkIdentity", () => {
  it("needs another way in", () => {
    expect(canUnlinkIdentity({ hasPassword: true, passkeys: 0, identities: 1 })).toBe(true);
    expect(canUnlinkIdentity({ hasPassword: false, passkeys: 1, identities: 1 })).toBe(true);
    expect(canUnlinkIdentity({ hasPassword: false, passkeys: 0, identities: 2 })).toBe(true);
    expect(canUnlinkIdentity({ hasPassword: false, passkeys: 0, identities: 1 })).toBe(false);
  });
});
