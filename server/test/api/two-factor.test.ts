// Two-factor sign-in (issue 27): setup, enable, disable, new recovery codes; the code step of sign-in (no replay,
// recovery codes once, failures throttled); the host's requirement and reset; and no secret in the log.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCookieFrom } from "../client.js";
import { anonymous, createUser, PASSWORD, signUpHost, type TestUser } from "../factories.js";
import { expectError } from "../expect.js";
import { createTestApp, type TestApp } from "../harness.js";
import { enableTwoFactor, totpCode } from "../two-factor.js";

const logLines: string[] = [];
let t: TestApp;
let host: TestUser;
let serial = 0;

beforeAll(async () => {
  // Every request is logged (slow from 0 ms), so the log test below sees every body-carrying request's line.
  t = await createTestApp({ slowRequestMs: 0, logStream: { write: (line) => void logLines.push(line) } });
  host = await signUpHost(t, "host");
});
afterAll(() => t.close());

const member = async (name = "member") => createUser(t, host, `${name}-${++serial}`);
const signIn = (user: TestUser, body: object = {}) =>
  anonymous(t).post("/api/auth/signin", { username: user.user.username, password: PASSWORD, ...body });
const sessionOf = (response: Awaited<ReturnType<typeof signIn>>) => anonymous(t).withCookie(sessionCookieFrom(response.headers));
const setRequired = async (value: boolean) => {
  const set = await host.client.post("/api/system/setting", { name: "requireTwoFactor", value: JSON.stringify(value) });
  expect(set.status, set.text).toBe(200);
};

describe("turning two-factor sign-in on", () => {
  it("a secret for an app, confirmed by its first code; then ten recovery codes, shown once", async () => {
    const user = await member();
    expect((await user.client.get("/api/auth/totp")).body.data).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
      required: false,
      setupRequired: false,
    });
    const setup = await user.client.post("/api/auth/totp/setup");
    expect(setup.status, setup.text).toBe(200);
    const { secret, otpauthUrl } = setup.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(new RegExp(`^otpauth://totp/memos:${user.user.username}\\?.*secret=${secret}`));
    // Not on until confirmed: sign-in asks no code yet.
    expect((await signIn(user)).status).toBe(200);
    expectError(await user.client.post("/api/auth/totp/enable", { code: "000000" }), 400, "Incorrect two-factor code", {
      reason: "totp.incorrect-code",
      field: "code",
    });
    expectError(await user.client.post("/api/auth/totp/enable", { code: 123456 }), 400, /code/);
    const enabled = await user.client.post("/api/auth/totp/enable", { code: totpCode(secret) });
    expect(enabled.status, enabled.text).toBe(200);
    const codes = enabled.body.data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const status = await user.client.get("/api/auth/totp");
    expect(status.body.data).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expectError(await user.client.post("/api/auth/totp/setup"), 409, undefined, { reason: "totp.already-enabled" });
    // The secret is never sent again, and recovery codes are stored hashed.
    for (const url of ["/api/auth/totp", "/api/user/me", "/api/auth/session"])
      expect((await user.client.get(url)).text).not.toContain(secret);
    const stored = await t.ctx.store.db.selectFrom("user_recovery_code").select("code_hash").where("user_id", "=", user.user.id).execute();
    expect(stored.map((row) => row.code_hash).some((hash) => codes.some((code) => hash.includes(code.replace("-", ""))))).toBe(false);
  });

  it("enable without a setup is 409; other sessions end, the one that turned it on stays", async () => {
    const user = await member();
    expectError(await user.client.post("/api/auth/totp/enable", { code: "123456" }), 409, undefined, { reason: "totp.not-enabled" });
    const other = sessionOf(await signIn(user));
    expect((await other.get("/api/user/me")).status).toBe(200);
    await enableTwoFactor(user);
    expect((await other.get("/api/auth/session")).body.data).toBeNull();
    expect((await user.client.get("/api/user/me")).status).toBe(200);
  });

  it("two requests with the same first code: one turns it on, the other is told it is on", async () => {
    const user = await member();
    const secret = (await user.client.post("/api/auth/totp/setup")).body.data.secret as string;
    const code = totpCode(secret);
    const answers = await Promise.all([0, 1].map(() => user.client.post("/api/auth/totp/enable", { code })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await t.ctx.store.db.selectFrom("user_recovery_code").select("id").where("user_id", "=", user.user.id).execute()).toHaveLength(
      10,
    );
  });
});

describe("signing in with two-factor sign-in on", () => {
  it("asks for a code; a wrong one and a used one are refused; recovery codes work once", async () => {
    const user = await member();
    const { secret, recoveryCodes } = await enableTwoFactor(user);
    expectError(await signIn(user), 401, "A two-factor code is required: send the code of your authenticator app, or a recovery code", {
      reason: "auth.code-required",
    });
    expectError(await signIn(user, { code: "" }), 401, undefined, { reason: "auth.code-required" });
    expectError(await signIn(user, { code: "000000" }), 401, "Incorrect two-factor code", { reason: "auth.incorrect-code" });
    // A right code with a wrong password is still the password's failure.
    expectError(await signIn(user, { password: "wrong-one", code: totpCode(secret) }), 401, "Incorrect password");
    const code = totpCode(secret);
    const first = await signIn(user, { code });
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.id).toBe(user.user.id);
    expect((await sessionOf(first).get("/api/memo")).status).toBe(200);
    expectError(await signIn(user, { code }), 401, "Incorrect two-factor code", { reason: "auth.incorrect-code" });
    // Spaces as an app shows them are fine.
    const next = totpCode(secret, 1);
    expect((await signIn(user, { code: `${next.slice(0, 3)} ${next.slice(3)}` })).status).toBe(200);

    const recovery = recoveryCodes[0]!;
    expect((await signIn(user, { code: recovery.toUpperCase() })).status).toBe(200);
    expectError(await signIn(user, { code: recovery }), 401, undefined, { reason: "auth.incorrect-code" });
    expect((await user.client.get("/api/auth/totp")).body.data.recoveryCodesLeft).toBe(9);
    // Another account's recovery code is no code of this one.
    const stranger = await member("stranger");
    const theirs = await enableTwoFactor(stranger);
    expectError(await signIn(user, { code: theirs.recoveryCodes[0] }), 401, undefined, { reason: "auth.incorrect-code" });
  });

  it("wrong codes count as failed sign-ins: the tenth makes even a right code wait (429)", async () => {
    const user = await member();
    const { secret } = await enableTwoFactor(user);
    for (let i = 0; i < 10; i++) expectError(await signIn(user, { code: `00000${i % 10}` }), 401);
    const refused = await signIn(user, { code: totpCode(secret) });
    expectError(refused, 429, undefined, { reason: "rate.limited" });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("in two steps (`twoStep`, the web's): a right password answers 200 with the code step and no session; the v0 shape is unchanged", async () => {
    const user = await member();
    const { secret } = await enableTwoFactor(user);
    // A v0 client (no twoStep) is told as before: 401 with the reason.
    expectError(await signIn(user), 401, "A two-factor code is required: send the code of your authenticator app, or a recovery code", {
      reason: "auth.code-required",
    });
    expectError(await signIn(user, { twoStep: false }), 401, undefined, { reason: "auth.code-required" });
    const first = await signIn(user, { twoStep: true });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({ data: { secondFactor: "code" } });
    expect(() => sessionCookieFrom(first.headers)).toThrow(/no memos_session cookie/);
    // A wrong password or code is still its 401.
    expectError(await signIn(user, { twoStep: true, password: "wrong-one" }), 401, "Incorrect password");
    expectError(await signIn(user, { twoStep: true, code: "000000" }), 401, undefined, { reason: "auth.incorrect-code" });
    expectError(await signIn(user, { twoStep: "yes" }), 400, /^Malformatted signin request: twoStep: /);
    const second = await signIn(user, { twoStep: true, code: totpCode(secret) });
    expect(second.status, second.text).toBe(200);
    expect(second.body.data.id).toBe(user.user.id);
    expect((await sessionOf(second).get("/api/memo")).status).toBe(200);
    // An account without a second factor signs in at once, twoStep or not.
    const plain = await member();
    const direct = await signIn(plain, { twoStep: true });
    expect(direct.body.data.id).toBe(plain.user.id);
    expect((await sessionOf(direct).get("/api/memo")).status).toBe(200);
  });

  it("an account without it signs in as before; a code sent anyway is ignored", async () => {
    const user = await member();
    expect((await signIn(user)).status).toBe(200);
    expect((await signIn(user, { code: "123456" })).status).toBe(200);
  });
});

describe("turning it off and new recovery codes: the password and a current code", () => {
  it("off: a wrong password or code is a 400 naming the field; then sign-in asks no code, and other sessions end", async () => {
    const user = await member();
    const { secret, recoveryCodes } = await enableTwoFactor(user);
    expectError(await user.client.post("/api/auth/totp/disable", { password: "nope", code: totpCode(secret) }), 400, "Incorrect password", {
      reason: "totp.incorrect-password",
      field: "password",
    });
    expectError(await user.client.post("/api/auth/totp/disable", { password: PASSWORD, code: "111111" }), 400, undefined, {
      reason: "totp.incorrect-code",
      field: "code",
    });
    expectError(await user.client.post("/api/auth/totp/disable", { password: PASSWORD }), 400, /code/);
    const other = sessionOf(await signIn(user, { code: totpCode(secret) }));
    const off = await user.client.post("/api/auth/totp/disable", { password: PASSWORD, code: recoveryCodes[1] });
    expect(off.status, off.text).toBe(200);
    expect(off.body).toBe(true);
    expect((await other.get("/api/auth/session")).body.data).toBeNull();
    expect((await signIn(user)).status).toBe(200);
    expect((await user.client.get("/api/auth/totp")).body.data).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    expect(await t.ctx.store.db.selectFrom("user_recovery_code").select("id").where("user_id", "=", user.user.id).execute()).toEqual([]);
    expectError(await user.client.post("/api/auth/totp/disable", { password: PASSWORD, code: "123456" }), 409, undefined, {
      reason: "totp.not-enabled",
    });
  });

  it("new recovery codes: the old ones stop working, the new ones work", async () => {
    const user = await member();
    const { secret, recoveryCodes } = await enableTwoFactor(user);
    const renewed = await user.client.post("/api/auth/totp/recovery-codes", { password: PASSWORD, code: totpCode(secret) });
    expect(renewed.status, renewed.text).toBe(200);
    const fresh = renewed.body.data.recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => recoveryCodes.includes(code))).toBe(false);
    expectError(await signIn(user, { code: recoveryCodes[2] }), 401, undefined, { reason: "auth.incorrect-code" });
    expect((await signIn(user, { code: fresh[0] })).status).toBe(200);
  });
});

describe("the host requires two-factor sign-in", () => {
  it("a member without it gets a session that may only set it up; once on, the same session works", async () => {
    const user = await member();
    const token = (await user.client.post("/api/access-token", { name: "script", scope: "read-write" })).body.data.token as string;
    const before = user.client;
    await setRequired(true);
    try {
      // A session from before keeps working until its next sign-in; an access token keeps working.
      expect((await before.get("/api/memo")).status).toBe(200);
      expect((await anonymous(t).withToken(token).get("/api/memo")).status).toBe(200);
      const signedIn = await signIn(user);
      expect(signedIn.status, signedIn.text).toBe(200);
      const pending = sessionOf(signedIn);
      expect((await pending.get("/api/auth/totp")).body.data).toMatchObject({ enabled: false, required: true, setupRequired: true });
      // The web's first request says so too, so its first screen asks no /api/auth/totp.
      expect((await pending.get("/api/auth/session")).body.data).toMatchObject({ id: user.user.id, twoFactorSetupRequired: true });
      expect((await pending.get("/api/user/me")).status).toBe(200);
      expect((await pending.get("/api/status")).status).toBe(200);
      for (const refused of [
        await pending.get("/api/memo"),
        await pending.post("/api/memo", { content: "not yet" }),
        await pending.post("/api/access-token", { name: "sneaky", scope: "read" }),
        await pending.patch(`/api/user/${user.user.id}`, { nickname: "x" }),
      ]) {
        expectError(refused, 403, "Set up two-factor sign-in first: the host requires it", { reason: "auth.two-factor-setup-required" });
      }
      const secret = (await pending.post("/api/auth/totp/setup")).body.data.secret as string;
      expect((await pending.post("/api/auth/totp/enable", { code: totpCode(secret) })).status).toBe(200);
      expect((await pending.get("/api/memo")).status).toBe(200);
      expect((await pending.get("/api/auth/totp")).body.data).toMatchObject({ enabled: true, setupRequired: false });
      expect((await pending.get("/api/auth/session")).body.data.twoFactorSetupRequired).toBe(false);
      // And while required, it cannot be turned off.
      expectError(await pending.post("/api/auth/totp/disable", { password: PASSWORD, code: totpCode(secret, 1) }), 403, undefined, {
        reason: "auth.two-factor-required",
      });
      // A member with 2FA signs in with a code as before, to a full session.
      const again = await signIn(user, { code: totpCode(secret, 1) });
      expect((await sessionOf(again).get("/api/memo")).status).toBe(200);
    } finally {
      await setRequired(false);
    }
  });

  it("the requirement is logged, with who changed it", async () => {
    await setRequired(true);
    await setRequired(false);
    const lines = logLines.filter((line) => line.includes('"two-factor.required"'));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ event: "two-factor.required", by: host.user.id, value: "false" });
  });
});

describe("an administrator resets a member's two-factor sign-in", () => {
  it("it is off, the member's sessions end, and the reset is logged", async () => {
    const user = await member();
    const { recoveryCodes } = await enableTwoFactor(user);
    const reset = await host.client.delete(`/api/user/${user.user.id}/totp`);
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body).toBe(true);
    expect((await user.client.get("/api/auth/session")).body.data).toBeNull();
    expect((await signIn(user)).status).toBe(200);
    expectError(await signIn(user, { code: recoveryCodes[0], password: "wrong" }), 401, "Incorrect password");
    const line = logLines.find((entry) => entry.includes('"two-factor.reset"') && entry.includes(`"user":${user.user.id}`));
    expect(line && JSON.parse(line)).toMatchObject({ event: "two-factor.reset", by: host.user.id, user: user.user.id });
  });

  it("with the requirement on, the member's next sign-in sets it up again", async () => {
    const user = await member();
    await enableTwoFactor(user);
    expect((await host.client.delete(`/api/user/${user.user.id}/totp`)).status).toBe(200);
    await setRequired(true);
    try {
      const pending = sessionOf(await signIn(user));
      expect((await pending.get("/api/auth/totp")).body.data).toMatchObject({ enabled: false, setupRequired: true });
    } finally {
      await setRequired(false);
    }
  });

  it("a member resets nobody's; nobody resets their own this way; 404 for no such user", async () => {
    const user = await member();
    const other = await member();
    expectError(await user.client.delete(`/api/user/${other.user.id}/totp`), 403, undefined, { reason: "auth.admin-only" });
    expectError(await host.client.delete(`/api/user/${host.user.id}/totp`), 403, undefined, { reason: "auth.forbidden" });
    expectError(await host.client.delete("/api/user/99999/totp"), 404, undefined, { reason: "user.not-found" });
    const admin = await createUser(t, host, `admin-${++serial}`, "ADMIN");
    expectError(await admin.client.delete(`/api/user/${host.user.id}/totp`), 403, undefined, { reason: "auth.host-only" });
    expect((await admin.client.delete(`/api/user/${user.user.id}/totp`)).status).toBe(200);
  });
});

describe("the log", () => {
  it("holds no secret, code or recovery code", async () => {
    const user = await member();
    const { secret, recoveryCodes } = await enableTwoFactor(user);
    const code = totpCode(secret);
    expect((await signIn(user, { code })).status).toBe(200);
    expect((await signIn(user, { code: recoveryCodes[0] })).status).toBe(200);
    const log = logLines.join("");
    expect(log).toContain("/api/auth/totp/enable");
    expect(log).not.toContain(secret);
    for (const recovery of recoveryCodes) expect(log).not.toContain(recovery);
    expect(log).not.toContain(`"${code}"`);
  });
});
