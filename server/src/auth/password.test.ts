// Password hashes: argon2id at OWASP's baseline cost for new ones; a hash keeps verifying whatever the cost is now.
import { afterEach, describe, expect, it } from "vitest";
import { hashPassword, needsRehash, setPasswordHashCost, verifyPassword } from "./password.js";

// A bcrypt hash (cost 10, as memos v0.10 made them) of "secret".
const V010_HASH = "$2b$10$UMYDNXfwVy3J1vJf1FjTreD2Z8xM1vo6W5KP3BwGSheYk8H9gBEF6";

describe("password hashes", () => {
  afterEach(() => setPasswordHashCost({ memoryCost: 19_456, timeCost: 2 }));

  it("are argon2id with 19 MiB and 2 passes, and verify only the same password", async () => {
    const stored = await hashPassword("correct horse");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword("correct horse", stored)).toBe(true);
    expect(await verifyPassword("correct hors", stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it("keep verifying after the cost of new hashes changes", async () => {
    const before = await hashPassword("pw-1");
    setPasswordHashCost({ memoryCost: 1024, timeCost: 1 });
    const cheap = await hashPassword("pw-2");
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyPassword("pw-1", before)).toBe(true);
    expect(await verifyPassword("pw-2", cheap)).toBe(true);
  });

  it("verify memos v0.10's bcrypt hashes, which then need re-hashing", async () => {
    expect(needsRehash(V010_HASH)).toBe(true);
    expect(await verifyPassword("secret", V010_HASH)).toBe(true);
    expect(await verifyPassword("secret2", V010_HASH)).toBe(false);
  });

  it("refuse a malformed stored hash instead of throwing", async () => {
    expect(await verifyPassword("x", "not a hash")).toBe(false);
  });
});
