// Behind a reverse proxy (`--trust-proxy 1`, or the proxy's address): over a real socket from 127.0.0.1, the
// proxy's place, the client's address is the X-Forwarded-For entry the proxy appended (the right-most), never what the
// client wrote before it. So guesses with a new spoofed address each time are counted against the guesser, a guesser
// writing the owner's address does not lock the owner out, and the session and the log record the same address.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sessionCookieFrom } from "../client.js";
import { PASSWORD, signUpHost } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { listenRaw, type RawServer } from "../raw-http.js";
import type { TrustProxy } from "../../src/http/trust-proxy.js";

/** The addresses the proxy sees: a guesser's and the owner's. */
const GUESSER = "203.0.113.66";
const OWNER = "192.0.2.10";

describe.each<[string, TrustProxy]>([
  ["a hop count", 1],
  ["the proxy's address", ["127.0.0.1"]],
])("behind one proxy trusted by %s", (_form, trustProxy) => {
  let t: TestApp;
  let raw: RawServer;
  const lines: string[] = [];

  beforeEach(async () => {
    lines.length = 0;
    // Every request is logged (as slow), with the address it came from.
    t = await createTestApp({ trustProxy, sqliteReaders: 0, slowRequestMs: 0, logLines: lines });
    await signUpHost(t);
    await t.ctx.store.db.deleteFrom("auth_failure").execute();
    raw = await listenRaw(t);
  });
  afterEach(() => t.close());

  /** A sign-in as the host through the proxy: `forwardedFor` is the X-Forwarded-For header as the proxy passes it on. */
  const signIn = (password: string, forwardedFor: string) =>
    raw.send(
      "POST",
      "/api/auth/signin",
      { "content-type": "application/json", "x-forwarded-for": forwardedFor },
      JSON.stringify({ username: "host", password }),
    );

  it("counts failures against the address the proxy appended, whatever address the client wrote before it", async () => {
    for (let i = 1; i <= 10; i++) expect((await signIn("wrong-pass", `198.51.100.${i}, ${GUESSER}`)).status).toBe(401);
    const refused = await signIn(PASSWORD, `198.51.100.11, ${GUESSER}`);
    expect(refused.status, refused.text).toBe(429);
    expect(JSON.parse(refused.text).reason).toBe("rate.limited");
    expect((await signIn(PASSWORD, OWNER)).status).toBe(200);
  });

  it("does not let a guesser who writes the owner's address lock the owner out", async () => {
    for (let i = 0; i < 12; i++) {
      const guess = await signIn("wrong-pass", `${OWNER}, ${GUESSER}`);
      expect([401, 429]).toContain(guess.status);
    }
    const owner = await signIn(PASSWORD, OWNER);
    expect(owner.status, owner.text).toBe(200);
  });

  it("records the same address as the session's and as the log line's remoteAddress", async () => {
    const signedIn = await signIn(PASSWORD, `198.51.100.99, ${OWNER}`);
    expect(signedIn.status, signedIn.text).toBe(200);
    const cookie = sessionCookieFrom(signedIn.headers);
    const listed = await raw.send("GET", "/api/auth/sessions", { cookie, "x-forwarded-for": OWNER });
    const current = (JSON.parse(listed.text).data as Array<{ current: boolean; address: string }>).find((session) => session.current);
    expect(current?.address).toBe(OWNER);

    expect((await signIn("wrong-pass", `198.51.100.98, ${GUESSER}`)).status).toBe(401);
    const logged = lines.map((line) => JSON.parse(line)).filter((line) => line.url === "/api/auth/signin");
    expect(logged.map((line) => [line.status, line.remoteAddress])).toEqual([
      [200, OWNER],
      [401, GUESSER],
    ]);
    expect(lines.join("\n")).not.toMatch(/198\.51\.100\.9[89]/);
  });
});
