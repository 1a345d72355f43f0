// The account's own second factor after single sign-on (issue 42), against a real OpenID provider: while the host's
// `ssoSecondFactor` is on (the default), a provider's sign-in of an account with the app's codes or a passkey gets no
// session at the callback but a step bound to the browser (a cookie, 5 minutes, single use), which the sign-in page
// finishes with a code, a recovery code or a passkey (`POST /api/auth/sso/second-factor`), counted as sign-in counts
// failures. With the setting off, the provider's sign-in is enough, as before.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPasskey, SoftAuthenticator } from "../authenticator.js";
import { type Client, type Response, sessionCookieFrom } from "../client.js";
import { expectError } from "../expect.js";
import { anonymous, type TestUser } from "../factories.js";
import { rowCount } from "../row-count.js";
import { atProvider, Browser, meOf, setSetting, type SsoSetup, setUpSso, ssoSignIn, tearDownSso } from "../sso-fixture.js";
import { enableTwoFactor, totpCode } from "../two-factor.js";

const STEP = "/api/auth/sso/second-factor";
const STEP_COOKIE = "memos_sso_second_factor";

let sso: SsoSetup;
const logLines: string[] = [];

beforeAll(async () => {
  sso = await setUpSso(
    {
      "sub-ada": { preferred_username: "ada-codes" },
      "sub-pat": { preferred_username: "pat-passkey" },
      "sub-rex": { preferred_username: "rex-recovery" },
      "sub-off": { preferred_username: "off-setting" },
      "sub-guess": { preferred_username: "guessed" },
    },
    { logLines },
  );
});
afterAll(() => tearDownSso(sso));

/** The account a first sign-in through the provider creates (it has no second factor yet), as a test user. */
async function accountOf(sub: string): Promise<TestUser> {
  const first = await ssoSignIn(sso, sub);
  const user = await meOf(sso, first);
  return { user, client: anonymous(sso.t).withCookie(sessionCookieFrom(first.headers)) } as TestUser;
}

const setCookieOf = (response: Response, name: string): string | undefined => {
  const raw = response.headers["set-cookie"];
  return (Array.isArray(raw) ? raw : raw ? [String(raw)] : []).find((line) => line.startsWith(`${name}=`));
};

/** A sign-in through the provider that must stop at the second-factor step; the browser holds the step's cookie. */
async function toStep(sub: string, expected: "code" | "passkey", next?: string): Promise<Browser> {
  const browser = new Browser(sso);
  const callback = await browser.callback(await atProvider(await browser.start(false, sso.providerId, next), sub));
  const page = `/auth?second-factor=${expected}${next ? `&next=${encodeURIComponent(next)}` : ""}`;
  expect([callback.status, callback.headers.location]).toEqual([302, page]);
  expect(setCookieOf(callback, "memos_session")).toBeUndefined();
  expect(setCookieOf(callback, STEP_COOKIE)).toMatch(
    new RegExp(`^${STEP_COOKIE}=[\\w-]{43}; Max-Age=300; Path=/api/auth/sso/second-factor; HttpOnly; SameSite=Lax$`),
  );
  return browser;
}

/** The step's answer; on success the session it set is the account's. */
const finish = (browser: Browser, body: object) => browser.client.post(STEP, body);

async function signedInAs(response: Response): Promise<string> {
  expect(response.status, response.text).toBe(200);
  expect(setCookieOf(response, STEP_COOKIE)).toMatch(new RegExp(`^${STEP_COOKIE}=;`));
  const me = await anonymous(sso.t).withCookie(sessionCookieFrom(response.headers)).get("/api/user/me");
  return me.body.data.username;
}

describe("the second factor after single sign-on", () => {
  it("asks an account with the app's codes for a code, and signs it in once the code is right, once", async () => {
    const ada = await accountOf("sub-ada");
    const { secret } = await enableTwoFactor(ada);
    expect((await anonymous(sso.t).get("/api/auth/sso")).body.data.secondFactor).toBe(true);

    const browser = await toStep("sub-ada", "code");
    expectError(await finish(browser, {}), 401, undefined, { reason: "auth.code-required" });
    expectError(await finish(browser, { code: "000000" === totpCode(secret) ? "111111" : "000000" }), 401, "Incorrect two-factor code", {
      reason: "auth.incorrect-code",
    });
    const failures = await rowCount(sso.t, "two_factor_failure");
    expect(failures).toBeGreaterThan(0);
    expect(await signedInAs(await finish(browser, { code: totpCode(secret) }))).toBe("ada-codes");
    // Used: the same browser's cookie (kept here as a replay would) and another browser get nothing more.
    expectError(await finish(browser, { code: totpCode(secret, 1) }), 401, undefined, { reason: "auth.sso-step-expired" });
    expectError(await anonymous(sso.t).post(STEP, { code: totpCode(secret, 1) }), 401, undefined, { reason: "auth.sso-step-expired" });
  });

  it("asks an account whose second factor is a passkey for the passkey", async () => {
    const pat = await accountOf("sub-pat");
    const authenticator = new SoftAuthenticator("http://memos.test");
    await addPasskey(pat.client, authenticator);
    const browser = await toStep("sub-pat", "passkey");
    expectError(await finish(browser, {}), 401, undefined, { reason: "auth.passkey-required" });
    const ceremony = (await anonymous(sso.t).post("/api/auth/passkey/authentication-options")).body.data;
    const passkey = { challengeId: ceremony.challengeId, response: authenticator.get(ceremony.options) };
    expect(await signedInAs(await finish(browser, { passkey }))).toBe("pat-passkey");
  });

  it("takes a recovery code, keeps where the sign-in started, and expires after its 5 minutes", async () => {
    const rex = await accountOf("sub-rex");
    const { recoveryCodes } = await enableTwoFactor(rex);
    const next = "/oauth/authorize?client_id=memos_client_x&state=s";
    expect(await signedInAs(await finish(await toStep("sub-rex", "code", next), { code: recoveryCodes[0] }))).toBe("rex-recovery");

    const late = await toStep("sub-rex", "code");
    await sso.t.ctx.store.db
      .updateTable("sso_second_factor")
      .set((eb) => ({ expires_ts: eb("expires_ts", "-", 301) }))
      .execute();
    expectError(
      await finish(late, { code: recoveryCodes[1] }),
      401,
      "This sign-in expired or was already used: sign in with the provider again",
      {
        reason: "auth.sso-step-expired",
      },
    );
  });

  it("counts wrong codes as sign-in does: the account's cap locks its app codes at this step too", async () => {
    const guessed = await accountOf("sub-guess");
    const { secret } = await enableTwoFactor(guessed);
    const accepted = new Set([-1, 0, 1].map((offset) => totpCode(secret, offset)));
    const wrong = ["000000", "111111", "222222"].find((code) => !accepted.has(code))!;
    const browser = await toStep("sub-guess", "code");
    const answers: number[] = [];
    for (let i = 0; i < 10; i++) answers.push((await finish(browser, { code: wrong })).status);
    expect(answers).toEqual(Array(10).fill(401));
    // The 11th is refused before the code is read: by the address's limit, which a guesser spreads, and by the account's.
    const refused = await finish(browser, { code: totpCode(secret) });
    expect(refused.status).toBe(429);
    const locks = await sso.t.ctx.store.db.selectFrom("two_factor_lock").select("user_id").execute();
    expect(locks.map((lock) => lock.user_id)).toContain(guessed.user.id);
  });

  it("with the setting off, signs in through the provider alone, as before (changed from a session only, logged)", async () => {
    const off = await accountOf("sub-off");
    await enableTwoFactor(off);
    const tokenClient: Client = sso.host.client.withToken(
      (await sso.host.client.post("/api/access-token", { name: "t", scope: "read-write" })).body.data.token,
    );
    expectError(await tokenClient.post("/api/system/setting", { name: "ssoSecondFactor", value: "false" }), 403, undefined, {
      reason: "auth.session-only",
    });
    expectError(await setSetting(sso, "ssoSecondFactor", "no"), 400, "system setting invalidate: ssoSecondFactor must be a JSON boolean");
    expect((await setSetting(sso, "ssoSecondFactor", false)).status).toBe(200);
    try {
      expect((await anonymous(sso.t).get("/api/auth/sso")).body.data.secondFactor).toBe(false);
      expect((await meOf(sso, await ssoSignIn(sso, "sub-off"))).username).toBe("off-setting");
      expect(logLines.some((line) => line.includes('"two-factor.after-sso"') && line.includes('"value":"false"'))).toBe(true);
    } finally {
      expect((await setSetting(sso, "ssoSecondFactor", true)).status).toBe(200);
    }
  });
});
