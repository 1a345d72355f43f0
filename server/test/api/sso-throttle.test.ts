// Single sign-on starts are bounded per client address: each start keeps a flow row (and may ask the provider for its
// configuration), so one address holds at most OPEN_FLOWS_PER_ADDRESS unfinished flows. Past it the browser goes
// back to the sign-in page with `rate-limited`, before the provider is looked up, and no row is kept; other addresses go
// on; a finished or expired flow gives its place back. Against a real OpenID provider (server/test/oidc-provider.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressKey } from "../../src/auth/rate-limit.js";
import { OPEN_FLOWS_PER_ADDRESS } from "../../src/services/sso.service.js";
import { anonymous } from "../factories.js";
import type { TestApp } from "../harness.js";
import { rowCount } from "../row-count.js";
import type { TestProvider } from "../oidc-provider.js";
import { atProvider, type SsoSetup, setUpSso, tearDownSso } from "../sso-fixture.js";

let sso: SsoSetup;
let t: TestApp;
let idp: TestProvider;
let providerId: number;

// The client address comes from X-Forwarded-For, so each test speaks from addresses of its own.
beforeAll(async () => {
  sso = await setUpSso({ "sub-ada": { preferred_username: "ada" } }, { trustProxy: 1 });
  ({ t, idp, providerId } = sso);
});
afterAll(() => tearDownSso(sso));

/** A start from `address`: where it sends the browser, and the flow cookie it sets. */
async function start(address: string) {
  const response = await anonymous(t).get(`/auth/oidc/${providerId}/start`, { headers: { "x-forwarded-for": address } });
  expect(response.status, response.text).toBe(302);
  const cookie = String(response.headers["set-cookie"] ?? "").split(";")[0]!;
  return { location: String(response.headers.location), cookie };
}

/** Starts from `address` until it holds `count` unfinished flows; each went to the provider. */
async function fill(address: string, count: number) {
  const started = [];
  for (let i = 0; i < count; i++) started.push(await start(address));
  for (const { location } of started) expect(location.startsWith(idp.issuer), location).toBe(true);
  return started;
}

const flowCount = () => rowCount(t, "oidc_flow");

describe("single sign-on starts per client address", () => {
  it("refuses a start past the limit, before the provider is looked up and without a flow, and keeps other addresses going", async () => {
    await fill("203.0.113.1", OPEN_FLOWS_PER_ADDRESS);
    const flows = await flowCount();
    const refused = await start("203.0.113.1");
    expect(refused.location).toBe("/auth?error=rate-limited");
    expect(refused.cookie).not.toContain("memos_sso_flow=");
    expect(await flowCount()).toBe(flows);
    // Refused before the provider is looked at (let alone asked for its configuration).
    const unknown = await anonymous(t).get("/auth/oidc/999/start", { headers: { "x-forwarded-for": "203.0.113.1" } });
    expect(unknown.headers.location).toBe("/auth?error=rate-limited");
    expect((await start("203.0.113.2")).location.startsWith(idp.issuer)).toBe(true);
  });

  it("counts an IPv6 client by its /64", async () => {
    await fill("2001:db8:5:1::1", OPEN_FLOWS_PER_ADDRESS - 1);
    expect((await start("2001:db8:5:1:ffff::9")).location.startsWith(idp.issuer)).toBe(true);
    expect((await start("2001:db8:5:1::2")).location).toBe("/auth?error=rate-limited");
    expect((await start("2001:db8:5:2::1")).location.startsWith(idp.issuer)).toBe(true);
  });

  it("gives a finished flow's place back", async () => {
    const [first] = await fill("203.0.113.3", OPEN_FLOWS_PER_ADDRESS);
    expect((await start("203.0.113.3")).location).toBe("/auth?error=rate-limited");
    const back = await atProvider(first!.location, "sub-ada");
    const callback = await anonymous(t)
      .withCookie(first!.cookie)
      .get(`/auth/oidc/callback${back.search}`, { headers: { "x-forwarded-for": "203.0.113.3" } });
    expect([callback.status, callback.headers.location], callback.text).toEqual([302, "/"]);
    expect((await start("203.0.113.3")).location.startsWith(idp.issuer)).toBe(true);
    expect((await start("203.0.113.3")).location).toBe("/auth?error=rate-limited");
  });

  it("gives an expired flow's place back", async () => {
    await fill("203.0.113.4", OPEN_FLOWS_PER_ADDRESS);
    expect((await start("203.0.113.4")).location).toBe("/auth?error=rate-limited");
    // Ten minutes on: the oldest flow's time is up (moved back, not waited for).
    const oldest = await t.ctx.store.db
      .selectFrom("oidc_flow")
      .select("state_hash")
      .where("address_key", "=", addressKey("sso-start", "203.0.113.4"))
      .orderBy("expires_ts")
      .executeTakeFirstOrThrow();
    await t.ctx.store.db
      .updateTable("oidc_flow")
      .set({ expires_ts: Math.floor(Date.now() / 1000) - 1 })
      .where("state_hash", "=", oldest.state_hash)
      .execute();
    expect((await start("203.0.113.4")).location.startsWith(idp.issuer)).toBe(true);
  });
});
