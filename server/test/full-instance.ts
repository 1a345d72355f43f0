// An instance with rows in every table its users fill, made through the API (and one v0 activity row, which nothing
// writes any more), for the transfer's round trip and the deletions' checks: accounts with sessions, two-factor,
// a passkey, a single sign-on link and settings; memos with tags, pins, files, versions, references, shares,
// reactions, comments (a file, a reaction, closed) and inbox items, one archived and one in the trash; an OAuth app
// with an approved token and a code not yet exchanged; webhook deliveries waiting to retry (one of a paused webhook)
// and one failed; a sign-in failure and an MCP bucket; a passkey ceremony and a sign-in flow under way.
import type { Webhook } from "@memos/common";
import { sql } from "kysely";
import { expect } from "vitest";
import { addPasskey, SoftAuthenticator } from "./authenticator.js";
import { anonymous, createMemo, createUser, type TestUser, uploadResource, PASSWORD } from "./factories.js";
import type { TestAppOptions } from "./harness.js";
import { pkcePair, REDIRECT } from "./oauth-flow.js";
import { Browser, setUpSso, type SsoSetup, ssoSignIn } from "./sso-fixture.js";
import { enableTwoFactor } from "./two-factor.js";
import { addWebhook, deliveries } from "./webhook-api.js";
import { eventually, type Receiver, startReceiver } from "./webhook-receiver.js";

export interface FullInstance extends SsoSetup {
  alice: TestUser;
  /** Answers 500 until told otherwise: alice's `retrying` and `paused` webhooks send here. */
  flaky: Receiver;
  /** Answers 404: the delivery to alice's `failing` webhook failed. */
  refusing: Receiver;
  webhooks: { retrying: Webhook; failing: Webhook; paused: Webhook };
  /** A code alice approved for `clientId` that nobody exchanged yet, and its PKCE verifier. */
  pendingCode: { clientId: string; code: string; verifier: string };
  /** Alice's memo the host commented on, her trashed memo, the host's comment and alice's file. */
  ids: { memo: number; trashed: number; comment: number; resource: number };
}

/** The external URL setUpSso gives the instance: also the passkeys' origin. */
const ORIGIN = "http://memos.test";

const ok = (response: { status: number; text: string }) => expect(response.status, response.text).toBe(200);

/** Alice approves an OAuth client on the consent page: the code the redirect carries. */
async function approve(alice: TestUser, clientId: string, challenge: string): Promise<string> {
  const request = {
    response_type: "code",
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: challenge,
    code_challenge_method: "S256",
  };
  const decided = await alice.client.post("/api/oauth/authorization", { request, approve: true, access: "read-write" });
  ok(decided);
  return new URL(decided.body.data.redirectTo).searchParams.get("code")!;
}

/** An OAuth app of alice's: one approval exchanged for a token, one code waiting. */
async function oauthApp(full: SsoSetup, alice: TestUser): Promise<{ token: string; pendingCode: FullInstance["pendingCode"] }> {
  const registered = await anonymous(full.t).post("/oauth/register", { client_name: "Transfer Agent", redirect_uris: [REDIRECT] });
  expect(registered.status, registered.text).toBe(201);
  const clientId = registered.body.client_id as string;
  const exchanged = pkcePair();
  const code = await approve(alice, clientId, exchanged.challenge);
  const form = new URLSearchParams({
    grant_type: "authorization_code",
    code,
    code_verifier: exchanged.verifier,
    client_id: clientId,
    redirect_uri: REDIRECT,
  });
  const answer = await anonymous(full.t).post("/oauth/token", form.toString(), {
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  ok(answer);
  const waiting = pkcePair();
  return {
    token: answer.body.access_token,
    pendingCode: { clientId, code: await approve(alice, clientId, waiting.challenge), verifier: waiting.verifier },
  };
}

/**
 * Alice's three webhooks and one memo they hear about: `retrying` got a 500 and waits for its next attempt,
 * `paused` got a 500 and was paused, `failing` got a 404 and failed.
 */
async function webhooks(alice: TestUser, flaky: Receiver, refusing: Receiver): Promise<FullInstance["webhooks"]> {
  const events = ["memo.created"];
  const retrying = await addWebhook(alice, flaky.url, { name: "retrying", events });
  const paused = await addWebhook(alice, flaky.url, { name: "paused", events });
  const failing = await addWebhook(alice, refusing.url, { name: "failing", events });
  await createMemo(alice, "heard by every webhook", "PUBLIC");
  const attempted = async (webhook: Webhook, status: string) =>
    eventually(async () => (await deliveries(alice, webhook.id)).find((row) => row.status === status && row.attempts > 0));
  await attempted(retrying, "pending");
  await attempted(paused, "pending");
  await attempted(failing, "failed");
  ok(await alice.client.patch(`/api/webhook/${paused.id}`, { active: false }));
  return { retrying, failing, paused };
}

/** A new instance (its own app, provider and receivers; `options` for the app) filled as the file's head says. */
export async function fullInstance(options: TestAppOptions = {}): Promise<FullInstance> {
  const flaky = await startReceiver();
  flaky.answer(500);
  const refusing = await startReceiver();
  refusing.answer(404);
  // Retries a second after the first attempt, then 2, 4 … seconds: the retrying delivery stays pending meanwhile.
  const full = await setUpSso(
    { "sub-sso": { preferred_username: "sso-member" } },
    { webhookAllowPrivate: true, webhook: { webhookRetryBaseMs: 1000, webhookTimeoutMs: 3000 }, ...options },
  );
  const { t, host } = full;
  const alice = await createUser(t, host, "alice");
  await createUser(t, host, "admin", "ADMIN");
  ok(await alice.client.post("/api/user/setting", { key: "locale", value: '"fr"' }));

  // Memos: tags, a pin, a file, an edit (a version), a reference, an archived one, one in the trash, a share link.
  // A place with coordinates (fractions of a degree a float must carry exactly), later moved to a name only, so
  // the memo and its version each hold one.
  const note = await createMemo(alice, "note #work/project #日本語 ünïcode", "PROTECTED", {
    location: { placeholder: "Café de Flore", latitude: 48.854, longitude: 2.3326 },
  });
  const file = await uploadResource(alice, "photo.png", "image/png", Buffer.from(Array.from({ length: 20_000 }, (_, i) => i % 251)));
  ok(await alice.client.post(`/api/memo/${note.id}/resource`, { resourceId: file.id }));
  ok(await alice.client.post(`/api/memo/${note.id}/organizer`, { pinned: true }));
  ok(
    await alice.client.patch(`/api/memo/${note.id}`, {
      content: "note #work/project #日本語 ünïcode, edited",
      location: { placeholder: "Paris, somewhere" },
    }),
  );
  const trashed = await createMemo(alice, "to the trash #gone", "PROTECTED", {
    location: { placeholder: "", latitude: -33.856784, longitude: 151.215297 },
  });
  const archived = await createMemo(alice, `archived, see /m/${note.id} and /m/${trashed.id}`, "PUBLIC");
  ok(await alice.client.patch(`/api/memo/${archived.id}`, { rowStatus: "ARCHIVED" }));
  ok(await alice.client.post(`/api/memo/${note.id}/share`, {}));
  ok(await alice.client.post("/api/tag", { name: "zeta" }));
  ok(await alice.client.post("/api/shortcut", { title: "work", payload: "[]" }));

  // A space of alice's (issue 47): the host its editor, an invitation link, a memo of each in it.
  const space = await alice.client.post("/api/space", { name: "Family" });
  ok(space);
  ok(await alice.client.post(`/api/space/${space.body.data.id}/member`, { username: host.user.username, role: "editor" }));
  ok(await alice.client.post(`/api/space/${space.body.data.id}/invitation`, { role: "reader" }));
  await createMemo(alice, "in the space #family", "PRIVATE", { spaceId: space.body.data.id });
  await createMemo(host, "the host's memo in alice's space", "PRIVATE", { spaceId: space.body.data.id });

  // The host mentions alice, reacts, comments with a file; alice reacts to the comment; the host closes comments
  // on a memo of his own.
  const hostMemo = await createMemo(host, "hello @alice", "PUBLIC");
  ok(await host.client.post(`/api/memo/${note.id}/reaction`, { emoji: "🎉" }));
  const attachment = await uploadResource(host, "scan.txt", "text/plain", Buffer.from("scanned"));
  const comment = await host.client.post(`/api/memo/${note.id}/comment`, { content: "nice @alice", resourceIdList: [attachment.id] });
  ok(comment);
  ok(await alice.client.post(`/api/comment/${comment.body.data.id}/reaction`, { emoji: "👍" }));
  ok(await host.client.post(`/api/memo/${hostMemo.id}/comment/close`, { closed: true }));

  // The memo that goes to the trash holds what a purge must remove: a file, a pin, a version, a share link, a
  // reaction, a comment with its reaction, closed comments, inbox items and a reference from another memo.
  ok(await alice.client.post(`/api/memo/${trashed.id}/resource`, { resourceId: file.id }));
  ok(await alice.client.post(`/api/memo/${trashed.id}/organizer`, { pinned: true }));
  ok(await alice.client.patch(`/api/memo/${trashed.id}`, { content: "to the trash #gone, edited" }));
  ok(await alice.client.post(`/api/memo/${trashed.id}/share`, {}));
  ok(await host.client.post(`/api/memo/${trashed.id}/reaction`, { emoji: "👀" }));
  const doomed = await host.client.post(`/api/memo/${trashed.id}/comment`, { content: "before it goes" });
  ok(doomed);
  ok(await alice.client.post(`/api/comment/${doomed.body.data.id}/reaction`, { emoji: "👋" }));
  ok(await alice.client.post(`/api/memo/${trashed.id}/comment/close`, { closed: true }));
  ok(await alice.client.delete(`/api/memo/${trashed.id}`));

  // Credentials: a personal token, two-factor, a passkey and a ceremony left half-way, an OAuth app, an account
  // made by single sign-on and a flow started but not finished.
  ok(await alice.client.post("/api/access-token", { name: "script", scope: "read-write" }));
  await enableTwoFactor(alice);
  await addPasskey(alice.client, new SoftAuthenticator(ORIGIN));
  ok(await alice.client.post("/api/auth/passkey/registration-options"));
  const { token, pendingCode } = await oauthApp(full, alice);
  expect((await ssoSignIn(full, "sub-sso")).status).toBe(302);
  await new Browser(full).start();

  const hooks = await webhooks(alice, flaky, refusing);

  // What the transfer leaves behind: a sign-in failure, a wrong two-factor code and a lock of the codes (as ten
  // would leave it), a token's MCP bucket, a kept thumbnail.
  expect((await anonymous(t).post("/api/auth/signin", { username: "alice", password: "wrong-password" })).status).toBe(401);
  const wrongCode = await anonymous(t).post("/api/auth/signin", { username: "alice", password: PASSWORD, code: "000000" });
  expect(wrongCode.status, wrongCode.text).toBe(401);
  await sql`INSERT INTO two_factor_lock (user_id, until_ts) VALUES (${alice.user.id}, 4102444800)`.execute(t.ctx.store.db);
  const mcp = await anonymous(t)
    .withToken(token)
    .post("/mcp", { jsonrpc: "2.0", id: 1, method: "tools/list" }, { headers: { accept: "application/json, text/event-stream" } });
  expect(mcp.status, mcp.text).toBeLessThan(500);
  // A thumbnail asked for (kept as "the file itself": these bytes are no image), made again after a transfer.
  ok(await alice.client.get(`/o/r/${file.id}/photo.png`, { query: { thumbnail: "1" } }));

  // A v0.10 activity row, as an upgraded instance keeps them.
  await sql`INSERT INTO activity (creator_id, created_ts, type, level, payload) VALUES (${alice.user.id}, 1700000000, 'user.signin', 'INFO', '{}')`.execute(
    t.ctx.store.db,
  );
  return {
    ...full,
    alice,
    flaky,
    refusing,
    webhooks: hooks,
    pendingCode,
    ids: { memo: note.id, trashed: trashed.id, comment: comment.body.data.id, resource: file.id },
  };
}

/** Closes the app, the provider and the receivers. */
export async function closeFullInstance(full: FullInstance | undefined): Promise<void> {
  await full?.t.close();
  await full?.idp.close();
  await full?.flaky.close();
  await full?.refusing.close();
}
