// Every kind of credential a request may carry, and a client for a user authenticated by each: a signed-in session,
// a read-only and a read-write access token, and the open ID (as a Bearer header and as v0's `?openId=`).
import { expect } from "vitest";
import type { Client, RequestOptions } from "./client.js";
import { anonymous, type TestUser } from "./factories.js";
import type { TestApp } from "./harness.js";

export type CredentialKind = "session" | "read token" | "read-write token" | "open ID" | "?openId=";
export const CREDENTIAL_KINDS: CredentialKind[] = ["session", "read token", "read-write token", "open ID", "?openId="];

/** A client for `user` authenticated by `kind`: new tokens each time, so a revocation in one test spares the next. */
export async function callerOf(t: TestApp, user: TestUser, kind: CredentialKind): Promise<Client> {
  if (kind === "session") return user.client;
  if (kind === "read token" || kind === "read-write token") {
    const scope = kind === "read token" ? "read" : "read-write";
    const created = await user.client.post("/api/access-token", { name: `${kind} of ${user.user.username}`, scope });
    expect(created.status, created.text).toBe(200);
    return anonymous(t).withToken(created.body.data.token);
  }
  const openId = await openIdOf(t, user);
  if (kind === "open ID") return anonymous(t).withToken(openId);
  return queryOpenIdClient(t, openId);
}

/** v0's `?openId=` on every request of the client. */
function queryOpenIdClient(t: TestApp, openId: string): Client {
  const base = anonymous(t);
  const withQuery = (url: string) => `${url}${url.includes("?") ? "&" : "?"}openId=${encodeURIComponent(openId)}`;
  // The options (a query object, headers) go through: dropping them once made a `?openId=` caller ask without its query.
  return {
    get: (url: string, options?: RequestOptions) => base.get(withQuery(url), options),
    post: (url: string, body?: unknown, options?: RequestOptions) => base.post(withQuery(url), body, options),
    patch: (url: string, body?: unknown, options?: RequestOptions) => base.patch(withQuery(url), body, options),
    delete: (url: string, options?: RequestOptions) => base.delete(withQuery(url), options),
  } as Client;
}

export async function openIdOf(t: TestApp, user: TestUser): Promise<string> {
  const row = await t.ctx.store.db.selectFrom("user").select("open_id").where("id", "=", user.user.id).executeTakeFirstOrThrow();
  return row.open_id;
}
