import { describe, expect, it } from "vitest";
import { canUnlinkIdentity, usernameFromClaim, usernameWithSuffix } from "./sso.js";
import { validateUsername } from "./validation.js";

describe("usernameFromClaim", () => {
  it.each([
    ["lovelace", "lovelace"],
    ["Ada Lovelace", "AdaLovelace"],
    ["grace.hopper@example.com", "grace.hopper"],
    ["al@example.com", "al_user"],
    ["<script>", "script"],
    ["   ", ""],
    ["x".repeat(40), "x".repeat(32)],
    ["名前名前名前名前名前名前", "名前名前名前名前名前"],
  ])("%s → %s", (claim, name) => {
    expect(usernameFromClaim(claim)).toBe(name);
    if (name !== "") expect(validateUsername(name)).toBeNull();
  });
});

describe("usernameWithSuffix", () => {
  it("keeps the name within 32 bytes", () => {
    expect(usernameWithSuffix("alice", 2)).toBe("alice2");
    expect(usernameWithSuffix("y".repeat(32), 12)).toBe(`${"y".repeat(30)}12`);
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
