// Sign-in throttling (server/src/auth/rate-limit.ts), within a 15-minute window: 10 failures per (account,
// client address) pair lock that pair only; 100 failures from one address across accounts lock that address;
// an account with 50 failures from many addresses refuses addresses that have 3 failures for it, never a clean
// one. A 429 carries Retry-After, looks the same whatever the password, and the stored keys are short hashes.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createUser, PASSWORD, signUpHost } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";

let t: TestApp;
beforeEach(async () => {
  // A fresh app per test; their queries run on the main thread (`--sqlite-readers 0`, a supported setting): a
  // reader thread per app cost a third of this file's time, and the reader path is covered by the list suites.
  t = await createTestApp({ sqliteReaders: 0 });
  const host = await signUpHost(t);
  await createUser(t, host, "alice");
  // createUser signed alice in from the default address; start from an empty failure log.
  await t.ctx.store.db.deleteFrom("auth_failure").execute();
});
afterEach(() => t.close());

const WINDOW = 15 * 60;
const MESSAGE = "Too many failed sign-in attempts, please try again later";

async function attempt(username: string, password: string, remoteAddress: string) {
  const response = await t.app.inject({ method: "POST", url: "/api/auth/signin", payload: { username, password }, remoteAddress });
  const retryAfter = response.headers["retry-after"];
  return {
    status: response.statusCode,
    body: JSON.parse(response.body) as { error: string; message: string },
    retryAfter: retryAfter === undefined ? undefined : Number(retryAfter),
  };
}

async function fail(username: string, remoteAddress: string, times = 1) {
  for (let i = 0; i < times; i++) expect((await attempt(username, "wrong-pass", remoteAddress)).status).toBe(401);
}

function expectLocked(result: Awaited<ReturnType<typeof attempt>>, retryAfter: [number, number] = [WINDOW - 5, WINDOW]) {
  expect(result.status).toBe(429);
  expect(result.body).toEqual({
    error: `code=429, message=${MESSAGE}`,
    message: MESSAGE,
    reason: "rate.limited",
    params: { seconds: result.retryAfter },
  });
  expect(result.retryAfter).toBeGreaterThanOrEqual(retryAfter[0]);
  expect(result.retryAfter).toBeLessThanOrEqual(retryAfter[1]);
}

/** Moves every recorded failure `seconds` into the past. */
async function ageFailures(seconds: number) {
  const db = t.ctx.store.db;
  const rows = await db.selectFrom("auth_failure").select(["id", "created_ts"]).execute();
  for (const row of rows)
    await db
      .updateTable("auth_failure")
      .set({ created_ts: row.created_ts - seconds })
      .where("id", "=", row.id)
      .execute();
}

describe("sign-in rate limit", () => {
  it("10 failures lock that (account, address) pair only", async () => {
    // The username counts ignoring case and width: variants buy no extra attempts.
    for (const name of ["host", "HOST", "Host", "ｈｏｓｔ", "hOST"]) await fail(name, "10.0.0.1", 2);
    expectLocked(await attempt("host", PASSWORD, "10.0.0.1"));
    // The same account from another address, and another account from the same address, still sign in.
    expect((await attempt("host", PASSWORD, "10.0.0.2")).status).toBe(200);
    expect((await attempt("alice", PASSWORD, "10.0.0.1")).status).toBe(200);
    expect((await attempt("alice", "wrong-pass", "10.0.0.1")).status).toBe(401);
    expectLocked(await attempt("host", PASSWORD, "10.0.0.1"));
  });

  it("100 failures from one address across accounts lock that address for every account", async () => {
    // Unknown usernames count like wrong passwords; no single pair gets near its limit.
    for (let i = 0; i < 99; i++) await fail(`guess${i}`, "192.0.2.7");
    expect((await attempt("alice", PASSWORD, "192.0.2.7")).status).toBe(200);
    await fail("host", "192.0.2.7");
    expectLocked(await attempt("host", PASSWORD, "192.0.2.7"));
    expectLocked(await attempt("alice", PASSWORD, "192.0.2.7"));
    expectLocked(await attempt("someone-new", "x", "192.0.2.7"));
    expect((await attempt("host", PASSWORD, "192.0.2.8")).status).toBe(200);

    await ageFailures(WINDOW + 1);
    expect((await attempt("host", PASSWORD, "192.0.2.7")).status).toBe(200);
  });

  it("distributed guessing against one account refuses the guessers but not the owner at a clean address", async () => {
    // 17 addresses × 3 wrong passwords = 51 failures on host, each address far below the pair limit of 10.
    for (let i = 1; i <= 17; i++) await fail("host", `198.18.1.${i}`, 3);
    // The account is under attack: an address with 3 failures for it is refused, right password or not.
    expectLocked(await attempt("host", PASSWORD, "198.18.1.1"));
    expectLocked(await attempt("host", "wrong-pass", "198.18.1.17"));
    // A new guesser gets 3 tries, then is refused too.
    await fail("host", "198.18.2.1", 3);
    expectLocked(await attempt("host", "guess", "198.18.2.1"));
    // The owner, from an address with no failures for the account, signs in.
    expect((await attempt("host", PASSWORD, "203.0.113.5")).status).toBe(200);
    // The guessers' addresses are only refused for this account.
    expect((await attempt("alice", PASSWORD, "198.18.1.1")).status).toBe(200);

    // Once the account's failures leave the window, the guessers' addresses may try again.
    await ageFailures(WINDOW + 1);
    expect((await attempt("host", PASSWORD, "198.18.1.1")).status).toBe(200);
  });

  it("Retry-After counts down to when the oldest failure leaves the window, then the pair is free", async () => {
    await fail("host", "10.1.0.1", 10);
    expectLocked(await attempt("host", PASSWORD, "10.1.0.1"), [WINDOW - 5, WINDOW]);
    await ageFailures(300);
    expectLocked(await attempt("host", PASSWORD, "10.1.0.1"), [WINDOW - 305, WINDOW - 300]);
    await ageFailures(WINDOW - 300 - 30);
    expectLocked(await attempt("host", PASSWORD, "10.1.0.1"), [1, 30]);
    await ageFailures(31);
    expect((await attempt("host", PASSWORD, "10.1.0.1")).status).toBe(200);
  });

  it("a successful sign-in clears that pair's failures only", async () => {
    await fail("host", "203.0.113.1", 9);
    await fail("host", "203.0.113.2", 9);
    expect((await attempt("host", PASSWORD, "203.0.113.1")).status).toBe(200);
    // 203.0.113.1 starts over: 9 more failures and the right password still work.
    await fail("host", "203.0.113.1", 9);
    expect((await attempt("host", PASSWORD, "203.0.113.1")).status).toBe(200);
    // 203.0.113.2 kept its 9: one more failure locks it.
    await fail("host", "203.0.113.2");
    expectLocked(await attempt("host", PASSWORD, "203.0.113.2"));
  });

  it("a 429 looks the same whether the password was right or not", async () => {
    await fail("host", "198.51.100.1", 10);
    const right = await attempt("host", PASSWORD, "198.51.100.1");
    const wrong = await attempt("host", "wrong-pass", "198.51.100.1");
    expectLocked(right);
    expect(wrong.status).toBe(right.status);
    expect(wrong.body).toEqual(right.body);
    expect(Math.abs(wrong.retryAfter! - right.retryAfter!)).toBeLessThanOrEqual(1);
  });

  it("an IPv6 client counts by its /64", async () => {
    for (let i = 1; i <= 10; i++) await fail("host", `2001:db8:1:2::${i.toString(16)}`);
    expectLocked(await attempt("host", PASSWORD, "2001:db8:1:2:ffff:ffff:ffff:ffff"));
    expect((await attempt("host", PASSWORD, "2001:db8:1:3::1")).status).toBe(200);
  });

  it("stores short hashes, never the raw username or address, and a 1 MiB username is no 500", async () => {
    // Refused unread: the body is past what a sign-in takes (413).
    const huge = await attempt("u".repeat(1024 * 1024), "wrong-pass", "192.0.2.99");
    expect(huge.status).toBe(413);
    const long = "u".repeat(250);
    expect((await attempt(long, "wrong-pass", "192.0.2.99")).status).toBe(401);
    expect((await attempt("host", "wrong-pass", "192.0.2.99")).status).toBe(401);
    const rows = await t.ctx.store.db.selectFrom("auth_failure").select(["account_key", "address_key"]).execute();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      expect(row.account_key).toMatch(/^[0-9a-f]{32}$/);
      expect(row.address_key).toMatch(/^[0-9a-f]{32}$/);
    }
    expect(new Set(rows.map((row) => row.account_key)).size).toBe(rows.length);
    // The long username's pair locks like any other.
    for (let i = 0; i < 9; i++) await attempt(long, "wrong-pass", "192.0.2.99");
    expectLocked(await attempt(long, "wrong-pass", "192.0.2.99"));
  });
});
