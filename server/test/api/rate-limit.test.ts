// Sign-in throttling: 10 failures per username or per client address within 15 minutes give 429, even with
// the right password, until the window has passed.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PASSWORD, signUpHost } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  await signUpHost(t);
});
afterEach(() => t.close());

const WINDOW = 15 * 60;

async function attempt(username: string, password: string, remoteAddress: string) {
  const response = await t.app.inject({ method: "POST", url: "/api/auth/signin", payload: { username, password }, remoteAddress });
  return { status: response.statusCode, body: JSON.parse(response.body) as { error: string; message: string } };
}

/** Moves every recorded failure `seconds` into the past. */
async function ageFailures(seconds: number) {
  const db = t.ctx.store.db;
  const rows = await db.selectFrom("auth_failure").select(["id", "created_ts"]).execute();
  for (const row of rows) await db.updateTable("auth_failure").set({ created_ts: row.created_ts - seconds }).where("id", "=", row.id).execute();
}

describe("sign-in rate limit", () => {
  it("per username: 10 failures from different addresses lock the account everywhere", async () => {
    for (let i = 1; i <= 10; i++) expect((await attempt("host", "wrong-pass", `10.0.0.${i}`)).status).toBe(401);
    const locked = await attempt("host", PASSWORD, "10.0.9.9");
    expect(locked.status).toBe(429);
    expect(locked.body.error).toBe(`code=429, message=${locked.body.message}`);
    // Another user from one of those addresses is not affected (each address failed only once).
    expect((await attempt("nobody", "x", "10.0.0.1")).status).toBe(401);

    await ageFailures(WINDOW - 60);
    expect((await attempt("host", PASSWORD, "10.0.9.9")).status).toBe(429);
    await ageFailures(120);
    expect((await attempt("host", PASSWORD, "10.0.9.9")).status).toBe(200);
  });

  it("per address: 10 failures with different usernames lock that address only", async () => {
    // Unknown usernames and wrong passwords both count against the address.
    for (let i = 1; i <= 10; i++) {
      const username = i % 2 === 0 ? `guess${i}` : "host";
      expect((await attempt(username, "wrong-pass", "192.0.2.7")).status).toBe(401);
    }
    expect((await attempt("host", PASSWORD, "192.0.2.7")).status).toBe(429);
    expect((await attempt("host", PASSWORD, "192.0.2.8")).status).toBe(200);
    await ageFailures(WINDOW + 1);
    expect((await attempt("host", PASSWORD, "192.0.2.7")).status).toBe(200);
  });

  it("a 429 looks the same whether the password was right or not", async () => {
    for (let i = 0; i < 5; i++) await attempt("host", "wrong-pass", "198.51.100.1");
    for (let i = 0; i < 5; i++) await attempt("host", "wrong-pass", "198.51.100.2");
    const right = await attempt("host", PASSWORD, "198.51.100.3");
    const wrong = await attempt("host", "wrong-pass", "198.51.100.3");
    expect(right).toEqual(wrong);
    expect(right.status).toBe(429);
  });

  it("9 failures then the right password: signed in, and the username's count starts over", async () => {
    for (let i = 0; i < 9; i++) expect((await attempt("host", "wrong-pass", `203.0.113.${i}`)).status).toBe(401);
    expect((await attempt("host", PASSWORD, "203.0.113.200")).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await attempt("host", "wrong-pass", `203.0.113.${100 + i}`)).status).toBe(401);
    expect((await attempt("host", PASSWORD, "203.0.113.201")).status).toBe(200);
  });

  it("does not lock anything on successful sign-ins", async () => {
    for (let i = 0; i < 15; i++) expect((await attempt("host", PASSWORD, "198.18.0.1")).status).toBe(200);
  });
});
