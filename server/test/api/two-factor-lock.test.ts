// The account-wide cap on wrong two-factor codes (issue 42, services/code-lock.ts): with the password known, guesses
// from many addresses (each far below the per-address limits) add up per account; the 10th wrong code within 15
// minutes refuses the account's app codes for 15 minutes, whatever the address (429 `auth.code-locked` with
// Retry-After), while a recovery code or a passkey still signs the owner in. The owner is told once per lock in the
// inbox, the log names the account by id and never a code, and the routes that change 2FA count the same way. Time is
// moved by the rows, not by waiting.
import type { InboxItem } from "@memos/common";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addPasskey, SoftAuthenticator } from "../authenticator.js";
import { createUser, PASSWORD, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { enableTwoFactor, totpCode } from "../two-factor.js";
import { recordCodeFailure } from "../../src/services/code-lock.js";

const ORIGIN = "https://memos.example.com";
const WINDOW = 15 * 60;

let t: TestApp;
let owner: TestUser;
let secret: string;
let recoveryCodes: string[];
let authenticator: SoftAuthenticator;
const lines: string[] = [];

beforeEach(async () => {
  lines.length = 0;
  t = await createTestApp({ logLines: lines });
  const host = await signUpHost(t);
  const set = await host.client.post("/api/system/setting", {
    name: "customizedProfile",
    value: JSON.stringify({ externalUrl: ORIGIN }),
  });
  expect(set.status, set.text).toBe(200);
  owner = await createUser(t, host, "owner");
  ({ secret, recoveryCodes } = await enableTwoFactor(owner));
  authenticator = new SoftAuthenticator(ORIGIN);
  await addPasskey(owner.client, authenticator);
});
afterEach(() => t.close());

/** A six-digit code that is none of the app's codes now accepted (the previous, current and next step's). */
function wrongCode(): string {
  const accepted = new Set([-1, 0, 1].map((offset) => totpCode(secret, offset)));
  for (let offset = 20; ; offset++) if (!accepted.has(totpCode(secret, offset))) return totpCode(secret, offset);
}

/** A request from `address` (each guess of an attack may come from another one). */
async function from(address: string, method: "POST" | "GET", url: string, payload?: object, cookie?: string) {
  const response = await t.app.inject({ method, url, payload, remoteAddress: address, headers: cookie ? { cookie } : {} });
  const retryAfter = response.headers["retry-after"];
  return {
    status: response.statusCode,
    body: JSON.parse(response.body),
    retryAfter: retryAfter === undefined ? undefined : Number(retryAfter),
  };
}

const signIn = (address: string, second: object) =>
  from(address, "POST", "/api/auth/signin", { username: owner.user.username, password: PASSWORD, ...second });

/** 10 wrong codes at sign-in, each from an address of its own. */
async function guessTenTimes(first = 1) {
  const code = wrongCode();
  for (let i = first; i < first + 10; i++) {
    const guess = await signIn(`198.51.100.${i}`, { code });
    expect([guess.status, guess.body.reason]).toEqual([401, "auth.incorrect-code"]);
  }
}

function expectCodesLocked(answer: Awaited<ReturnType<typeof from>>, seconds: [number, number] = [WINDOW - 5, WINDOW]) {
  expect([answer.status, answer.body.reason], JSON.stringify(answer.body)).toEqual([429, "auth.code-locked"]);
  expect(answer.body.message).toBe(
    "Too many wrong two-factor codes for this account: use a recovery code or a passkey, or try again later",
  );
  expect(answer.body.params).toEqual({ seconds: answer.retryAfter });
  expect(answer.retryAfter).toBeGreaterThanOrEqual(seconds[0]);
  expect(answer.retryAfter).toBeLessThanOrEqual(seconds[1]);
}

async function lockItems(): Promise<InboxItem[]> {
  const inbox = await owner.client.get("/api/inbox");
  expect(inbox.status, inbox.text).toBe(200);
  return (inbox.body.data.items as InboxItem[]).filter((item) => item.kind === "two-factor-locked");
}

/** Moves the account's wrong codes and its lock `seconds` into the past. */
async function age(seconds: number) {
  const db = t.ctx.store.db;
  for (const row of await db.selectFrom("two_factor_failure").select(["id", "created_ts"]).execute())
    await db
      .updateTable("two_factor_failure")
      .set({ created_ts: Number(row.created_ts) - seconds })
      .where("id", "=", row.id)
      .execute();
  for (const row of await db.selectFrom("two_factor_lock").select(["user_id", "until_ts"]).execute())
    await db
      .updateTable("two_factor_lock")
      .set({ until_ts: Number(row.until_ts) - seconds })
      .where("user_id", "=", row.user_id)
      .execute();
}

describe("the account-wide cap on wrong two-factor codes", () => {
  it("refuses a right app code from a fresh address past the cap; a recovery code and a passkey still sign the owner in", async () => {
    await guessTenTimes();
    expectCodesLocked(await signIn("203.0.113.5", { code: totpCode(secret) }));
    expectCodesLocked(await signIn("203.0.113.6", { code: totpCode(secret, 1) }));
    // Without a code the step is asked for as before, so the sign-in page offers the other ways.
    expect((await signIn("203.0.113.7", {})).body.reason).toBe("auth.code-required");
    // A wrong recovery code counts too, and tells no one again.
    expect((await signIn("203.0.113.8", { code: "aaaaa-bbbbb" })).body.reason).toBe("auth.incorrect-code");

    expect((await signIn("203.0.113.9", { code: recoveryCodes[0] })).status).toBe(200);
    const ceremony = await from("203.0.113.10", "POST", "/api/auth/passkey/authentication-options");
    const passkey = { challengeId: ceremony.body.data.challengeId, response: authenticator.get(ceremony.body.data.options) };
    expect((await signIn("203.0.113.10", { passkey })).status).toBe(200);

    const items = await lockItems();
    expect(items).toHaveLength(1);
    const item = items[0]!;
    expect(item).toMatchObject({ kind: "two-factor-locked", read: false });
    expect(item.kind === "two-factor-locked" && item.lockedUntilTs - item.createdTs).toBe(WINDOW);
    expect((await owner.client.get("/api/inbox")).body.data.unread).toBe(1);

    const locked = lines.filter((line) => line.includes('"two-factor.locked"'));
    expect(locked).toHaveLength(1);
    expect(JSON.parse(locked[0]!)).toMatchObject({ level: 40, event: "two-factor.locked", user: owner.user.id });
    const log = lines.join("\n");
    for (const code of [wrongCode(), totpCode(secret), recoveryCodes[0]!, "aaaaa-bbbbb"]) expect(log).not.toContain(code);
  });

  it("ends after its 15 minutes: the right app code signs in again, and a second lock is a second inbox item", async () => {
    await guessTenTimes();
    expectCodesLocked(await signIn("203.0.113.5", { code: totpCode(secret) }));
    await age(300);
    expectCodesLocked(await signIn("203.0.113.5", { code: totpCode(secret) }), [WINDOW - 305, WINDOW - 300]);
    await age(WINDOW - 300);
    const again = await signIn("203.0.113.5", { code: totpCode(secret) });
    expect(again.status, JSON.stringify(again.body)).toBe(200);

    // The old wrong codes left the window with the lock: nine new ones lock nothing, the tenth does.
    const code = wrongCode();
    for (let i = 1; i <= 9; i++) expect((await signIn(`192.0.2.${i}`, { code })).status).toBe(401);
    expect((await lockItems()).length).toBe(1);
    expect((await signIn("192.0.2.10", { code })).status).toBe(401);
    expectCodesLocked(await signIn("203.0.113.5", { code: totpCode(secret, 1) }));
    expect((await lockItems()).length).toBe(2);
  });

  it("counts wrong codes on the routes that change 2FA the same way, and refuses their app codes while locked", async () => {
    const cookie = owner.client.cookie!;
    const code = wrongCode();
    for (let i = 1; i <= 10; i++) {
      const refused = await from(`198.51.100.${i}`, "POST", "/api/auth/totp/disable", { password: PASSWORD, code }, cookie);
      expect([refused.status, refused.body.reason]).toEqual([400, "totp.incorrect-code"]);
    }
    expectCodesLocked(await from("203.0.113.5", "POST", "/api/auth/totp/disable", { password: PASSWORD, code: totpCode(secret) }, cookie));
    expectCodesLocked(await signIn("203.0.113.6", { code: totpCode(secret) }));
    const renewed = await from(
      "203.0.113.5",
      "POST",
      "/api/auth/totp/recovery-codes",
      { password: PASSWORD, code: recoveryCodes[1] },
      cookie,
    );
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(await lockItems()).toHaveLength(1);
  });

  it("locks once and tells the owner once when many wrong codes come at once", async () => {
    const log = { warn: (details: object, message: string) => void lines.push(JSON.stringify({ ...details, msg: message })) };
    await Promise.all(Array.from({ length: 25 }, () => recordCodeFailure(t.ctx, owner.user.id, log)));
    expect(await t.ctx.store.db.selectFrom("two_factor_lock").selectAll().execute()).toHaveLength(1);
    expect(await lockItems()).toHaveLength(1);
    expect(lines.filter((line) => line.includes('"two-factor.locked"'))).toHaveLength(1);
  });
});
