// Which credential may see and change what (security review 2, findings 1 and 2), for each kind of credential:
// a signed-in session, a read-only access token, a read-write access token and the open ID (as a Bearer header and
// as v0's `?openId=`). Secrets reach their owner's session only; credentials and identity change from a session only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../client.js";
import { callerOf as callerOfKind, CREDENTIAL_KINDS, type CredentialKind, openIdOf as openIdOfUser } from "../credential-kinds.js";
import { anonymous, createUser, PASSWORD, signIn, signUpHost, type TestUser } from "../factories.js";
import { expectError } from "../expect.js";
import { createTestApp, type TestApp } from "../harness.js";
import { enableTwoFactor, totpCode } from "../two-factor.js";
import { addPasskey, SoftAuthenticator } from "../authenticator.js";

type Kind = CredentialKind;
const KINDS = CREDENTIAL_KINDS;

let t: TestApp;
let host: TestUser;

const callerOf = (user: TestUser, kind: Kind) => callerOfKind(t, user, kind);
const openIdOf = (user: TestUser) => openIdOfUser(t, user);

const SESSION_ONLY = /^Only a signed-in session may .+, not an access token or the open ID$/;

/** A token's or the open ID's refusal: a read-only token is read-only first; the others are session-only. */
function expectRefused(kind: Kind, response: Awaited<ReturnType<Client["get"]>>): void {
  if (kind === "read token") expectError(response, 403, "This access token is read-only", { reason: "auth.read-only-token" });
  else if (kind === "session") expectError(response, 403);
  else expectError(response, 403, SESSION_ONLY, { reason: "auth.session-only" });
}

beforeAll(async () => {
  t = await createTestApp();
  host = await signUpHost(t, "host");
});
afterAll(() => t.close());

describe("the open ID and other secrets reach their owner's session only", () => {
  for (const kind of KINDS) {
    it(`${kind}: /api/user/me, /api/auth/session and an own PATCH carry openId "" unless a session asks`, async () => {
      const owner = await createUser(t, host, `seer-${KINDS.indexOf(kind)}`);
      const client = await callerOf(owner, kind);
      const openId = await openIdOf(owner);
      const answers = [await client.get("/api/user/me"), await client.get("/api/auth/session")];
      // A read-only token cannot PATCH at all; the others answer with the account.
      const patched = await client.patch(`/api/user/${owner.user.id}`, { nickname: `seen by ${kind}` });
      if (kind === "read token") expectError(patched, 403, "This access token is read-only");
      else answers.push(patched);
      for (const answer of answers) {
        expect(answer.status, answer.text).toBe(200);
        expect(answer.body.data.id).toBe(owner.user.id);
        expect(answer.body.data.openId).toBe(kind === "session" ? openId : "");
        if (kind !== "session") expect(answer.text).not.toContain(openId);
      }
      // Lists and other users' pages never carry one, whoever asks.
      expect((await owner.client.post("/api/memo", { content: `memo of ${kind}`, visibility: "PUBLIC" })).status).toBe(200);
      for (const url of [
        "/api/user",
        `/api/user/${owner.user.id}`,
        "/api/status",
        "/api/memo/all",
        `/api/memo?creatorId=${owner.user.id}`,
      ]) {
        const answer = await client.get(url);
        expect(answer.status, url).toBe(200);
        expect(answer.text, url).not.toContain(openId);
      }
    });
  }

  it("the takeover chain is closed: a read-only token learns no credential that writes", async () => {
    const victim = await createUser(t, host, "victim");
    const readOnly = await callerOf(victim, "read token");
    const me = await readOnly.get("/api/user/me");
    expect(me.body.data.openId).toBe("");
    expect(JSON.stringify(me.body)).not.toContain(await openIdOf(victim));
    // And even with the open ID in hand, the password cannot be changed with it.
    const withOpenId = await callerOf(victim, "open ID");
    expectError(await withOpenId.patch(`/api/user/${victim.user.id}`, { password: "taken-over" }), 403, SESSION_ONLY);
    expect((await anonymous(t).post("/api/auth/signin", { username: "victim", password: PASSWORD })).status).toBe(200);
  });

  for (const kind of KINDS) {
    it(`${kind}: a webhook's signing secret is shown to a session only`, async () => {
      const owner = await createUser(t, host, `hooks-${KINDS.indexOf(kind)}`);
      const made = await owner.client.post("/api/webhook", { name: "n", url: "https://example.com/hook", events: ["memo.created"] });
      expect(made.status, made.text).toBe(200);
      const secret = made.body.data.secret as string;
      expect(secret).toMatch(/^whsec_/);
      const listed = await (await callerOf(owner, kind)).get("/api/webhook");
      expect(listed.status).toBe(200);
      expect(listed.body.data[0].secret).toBe(kind === "session" ? secret : "");
      if (kind !== "session") expect(listed.text).not.toContain(secret);
    });
  }
});

describe("credentials and identity change from a signed-in session only", () => {
  interface Change {
    name: string;
    /** Who acts: the account's owner, or an admin acting on a member. */
    actor: "owner" | "admin";
    run(client: Client, target: TestUser): Promise<Awaited<ReturnType<Client["get"]>>>;
  }
  const CHANGES: Change[] = [
    { name: "own password", actor: "owner", run: (c, u) => c.patch(`/api/user/${u.user.id}`, { password: "new-password-1" }) },
    { name: "own username", actor: "owner", run: (c, u) => c.patch(`/api/user/${u.user.id}`, { username: `${u.user.username}-renamed` }) },
    { name: "open ID rotation", actor: "owner", run: (c, u) => c.patch(`/api/user/${u.user.id}`, { resetOpenId: true }) },
    { name: "create an access token", actor: "owner", run: (c) => c.post("/api/access-token", { name: "more", scope: "read-write" }) },
    {
      name: "create a webhook",
      actor: "owner",
      run: (c) => c.post("/api/webhook", { name: "w", url: "https://example.com/w", events: ["memo.created"] }),
    },
    {
      name: "a member's password (admin)",
      actor: "admin",
      run: (c, u) => c.patch(`/api/user/${u.user.id}`, { password: "reset-by-admin" }),
    },
    { name: "archive a member (admin)", actor: "admin", run: (c, u) => c.patch(`/api/user/${u.user.id}`, { rowStatus: "ARCHIVED" }) },
    {
      name: "create a member (admin)",
      actor: "admin",
      run: (c, u) => c.post("/api/user", { username: `${u.user.username}-new`, password: PASSWORD }),
    },
    { name: "delete a member (admin)", actor: "admin", run: (c, u) => c.delete(`/api/user/${u.user.id}`) },
    { name: "start two-factor setup", actor: "owner", run: (c) => c.post("/api/auth/totp/setup") },
    { name: "reset a member's two-factor sign-in (admin)", actor: "admin", run: (c, u) => c.delete(`/api/user/${u.user.id}/totp`) },
  ];

  let serial = 0;
  for (const change of CHANGES) {
    for (const kind of KINDS) {
      const allowed = kind === "session";
      it(`${change.name} with ${kind}: ${allowed ? "done" : "403, nothing changed"}`, async () => {
        serial += 1;
        const target = await createUser(t, host, `target-${serial}`);
        const admin = change.actor === "admin" ? await createUser(t, host, `admin-${serial}`, "ADMIN") : null;
        const before = await t.ctx.store.db.selectFrom("user").selectAll().where("id", "=", target.user.id).executeTakeFirstOrThrow();
        const client = await callerOf(admin ?? target, kind);
        const response = await change.run(client, target);
        if (allowed) {
          expect(response.status, response.text).toBe(200);
          return;
        }
        expectRefused(kind, response);
        const after = await t.ctx.store.db.selectFrom("user").selectAll().where("id", "=", target.user.id).executeTakeFirst();
        expect(after).toEqual(before);
        expect((await anonymous(t).post("/api/auth/signin", { username: target.user.username, password: PASSWORD })).status).toBe(200);
        expect(
          (await t.ctx.store.db.selectFrom("user").select("id").where("username", "like", `${target.user.username}-new`).execute()).length,
        ).toBe(0);
      });
    }
  }

  it("an access token of the owner cannot revoke tokens, change or delete a webhook, nor see or end sessions", async () => {
    const owner = await createUser(t, host, "keeper");
    const hook = (await owner.client.post("/api/webhook", { name: "h", url: "https://example.com/h", events: ["memo.created"] })).body.data;
    const kept = (await owner.client.post("/api/access-token", { name: "kept", scope: "read" })).body.data;
    const [session] = (await owner.client.get("/api/auth/sessions")).body.data;
    for (const kind of KINDS.filter((k) => k !== "session")) {
      const client = await callerOf(owner, kind);
      expectRefused(kind, await client.delete(`/api/access-token/${kept.id}`));
      expectRefused(kind, await client.patch(`/api/webhook/${hook.id}`, { name: "renamed" }));
      expectRefused(kind, await client.delete(`/api/webhook/${hook.id}`));
      // Listing is session-only too (a GET, so a read-only token is refused as session-only, not as read-only).
      expectError(await client.get("/api/auth/sessions"), 403, SESSION_ONLY, { reason: "auth.session-only" });
      expectRefused(kind, await client.delete(`/api/auth/sessions/${encodeURIComponent(session.id)}`));
      expectRefused(kind, await client.post("/api/auth/sessions/revoke-others"));
    }
    expect((await owner.client.get("/api/user/me")).status).toBe(200);
    expect((await anonymous(t).withToken(kept.token).get("/api/user/me")).status).toBe(200);
    expect((await owner.client.get("/api/webhook")).body.data).toMatchObject([{ id: hook.id, name: "h" }]);
  });

  it("no token or open ID turns two-factor sign-in on or off, or gets new recovery codes", async () => {
    const owner = await createUser(t, host, "two-factor");
    const { secret, recoveryCodes } = await enableTwoFactor(owner);
    for (const kind of KINDS.filter((k) => k !== "session")) {
      const client = await callerOf(owner, kind);
      expectRefused(kind, await client.post("/api/auth/totp/setup"));
      expectRefused(kind, await client.post("/api/auth/totp/enable", { code: totpCode(secret) }));
      expectRefused(kind, await client.post("/api/auth/totp/disable", { password: PASSWORD, code: recoveryCodes[0] }));
      expectRefused(kind, await client.post("/api/auth/totp/recovery-codes", { password: PASSWORD, code: recoveryCodes[1] }));
      // Reading the state is fine (no secret in it).
      expect((await client.get("/api/auth/totp")).body.data).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    }
    expect((await owner.client.get("/api/auth/totp")).body.data).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
  });

  it("no token or open ID sees, adds, renames or removes a passkey", async () => {
    const origin = "https://memos.example.com";
    const profile = { name: "memos", logoUrl: "", description: "", locale: "en", appearance: "system", externalUrl: origin };
    expect((await host.client.post("/api/system/setting", { name: "customizedProfile", value: JSON.stringify(profile) })).status).toBe(200);
    const owner = await createUser(t, host, "passkeys");
    const authenticator = new SoftAuthenticator(origin);
    const { passkey } = await addPasskey(owner.client, authenticator);
    const ceremony = (await owner.client.post("/api/auth/passkey/registration-options")).body.data;
    const registration = { challengeId: ceremony.challengeId, name: "Stolen", response: authenticator.create(ceremony.options).response };
    for (const kind of KINDS.filter((k) => k !== "session")) {
      const client = await callerOf(owner, kind);
      expectError(await client.get("/api/auth/passkey"), 403, SESSION_ONLY, { reason: "auth.session-only" });
      expectRefused(kind, await client.post("/api/auth/passkey/registration-options"));
      expectRefused(kind, await client.post("/api/auth/passkey/registration", registration));
      expectRefused(kind, await client.patch(`/api/auth/passkey/${passkey.id}`, { name: "Renamed" }));
      expectRefused(kind, await client.delete(`/api/auth/passkey/${passkey.id}`));
    }
    expect((await owner.client.get("/api/auth/passkey")).body.data).toEqual([passkey]);
  });

  it("a read-write token still changes what is not a credential: nickname, email, settings, memos", async () => {
    const owner = await createUser(t, host, "scripted");
    const client = await callerOf(owner, "read-write token");
    const patched = await client.patch(`/api/user/${owner.user.id}`, {
      nickname: "Scripted",
      email: "s@example.com",
      username: "scripted",
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.data).toMatchObject({ nickname: "Scripted", email: "s@example.com", username: "scripted", openId: "" });
    expect((await client.post("/api/user/setting", { key: "locale", value: '"fr"' })).status).toBe(200);
    expect((await client.post("/api/memo", { content: "by a script" })).status).toBe(200);
  });
});

describe("currentPassword", () => {
  it("is checked whenever it is sent: a wrong one is a 400 naming the field, and nothing changes", async () => {
    const owner = await createUser(t, host, "changer");
    const wrong = await owner.client.patch(`/api/user/${owner.user.id}`, { password: "brand-new-pass", currentPassword: "not-it" });
    expectError(wrong, 400, "Invalid user patch format: currentPassword: the current password is incorrect", {
      reason: "user.current-password-incorrect",
      field: "currentPassword",
    });
    expect((await anonymous(t).post("/api/auth/signin", { username: "changer", password: PASSWORD })).status).toBe(200);
    const right = await owner.client.patch(`/api/user/${owner.user.id}`, { password: "brand-new-pass", currentPassword: PASSWORD });
    expect(right.status, right.text).toBe(200);
    expect((await anonymous(t).post("/api/auth/signin", { username: "changer", password: "brand-new-pass" })).status).toBe(200);
  });

  it("a session that sends none keeps working (v0 clients)", async () => {
    const owner = await createUser(t, host, "v0client");
    expect((await owner.client.patch(`/api/user/${owner.user.id}`, { password: "v0-new-pass" })).status).toBe(200);
    expect((await anonymous(t).post("/api/auth/signin", { username: "v0client", password: "v0-new-pass" })).status).toBe(200);
  });

  it("wrong ones count like failed sign-ins: the tenth locks sign-in and further checks from that address", async () => {
    const owner = await createUser(t, host, "guessed");
    for (let attempt = 0; attempt < 10; attempt++) {
      expectError(await owner.client.patch(`/api/user/${owner.user.id}`, { nickname: "x", currentPassword: `guess-${attempt}` }), 400);
    }
    expect((await owner.client.patch(`/api/user/${owner.user.id}`, { nickname: "x", currentPassword: PASSWORD })).status).toBe(429);
    expect((await anonymous(t).post("/api/auth/signin", { username: "guessed", password: PASSWORD })).status).toBe(429);
    // Another account from the same address is untouched.
    expect((await signIn(t, "host")).cookie).toBeTruthy();
  });
});

describe("single sign-on: providers, links and password sign-in change from a session only", () => {
  for (const kind of KINDS) {
    it(`${kind}: ${kind === "session" ? "may" : "may not"} change identity providers, link or unlink, or turn password sign-in off`, async () => {
      const client = await callerOf(host, kind);
      const body = { name: `IdP of ${kind}`, issuer: "https://127.0.0.1:1/", clientId: "memos", clientSecret: `secret-of-${kind}` };
      // The session's own provider, for the others to try to change.
      const own = await host.client.post("/api/identity-provider", { ...body, name: `target of ${kind}` });
      expect(own.status, own.text).toBe(200);
      const listed = await client.get("/api/identity-provider");
      expect(listed.status, listed.text).toBe(200);
      expect(listed.text).not.toContain("secret-of-");
      // A link starts from a GET: a read-only token is refused as any token is, not as a write.
      const link = await client.get(`/auth/oidc/${own.body.data.id}/start?link=1`);
      const writes = [
        await client.post("/api/identity-provider", body),
        await client.patch(`/api/identity-provider/${own.body.data.id}`, { name: "renamed" }),
        await client.delete(`/api/identity-provider/${own.body.data.id}`),
        await client.delete("/api/user/me/identity/1"),
        await client.post("/api/system/setting", { name: "disablePasswordSignIn", value: "false" }),
      ];
      if (kind === "session") {
        expect(writes.map((response) => response.status)).toEqual([200, 200, 200, 404, 200]);
        expect(writes[0]!.text).not.toContain("secret-of-");
        // The session may link; the provider is not reachable here, so the browser comes back with the reason.
        expect([link.status, link.headers.location]).toEqual([302, "/?ssoError=provider-unreachable"]);
      } else {
        for (const response of writes) expectRefused(kind, response);
        expectError(link, 403, SESSION_ONLY, { reason: "auth.session-only" });
      }
    });
  }
});
