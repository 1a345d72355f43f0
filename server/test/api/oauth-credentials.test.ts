// The OAuth routes by credential, with the column the others lack: an app's token got through OAuth ("OAuth (MCP)
// token"), which only the MCP endpoint accepts. The metadata, registration, token and revocation endpoints read no
// credential (the client authenticates by its PKCE verifier or refresh token); the consent page's check is public;
// approving takes a signed-in session.
import { afterAll, beforeAll, describe, it } from "vitest";
import type { Client } from "../client.js";
import { callerOf, type CredentialKind } from "../credential-kinds.js";
import { anonymous, createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { appTokenOf, pkcePair, REDIRECT } from "../oauth-flow.js";
import { expectPolicyStatuses, type Outcome } from "../policy-status.js";

type Caller = "visitor" | Exclude<CredentialKind, "?openId="> | "OAuth (MCP) token";

let t: TestApp;
let member: TestUser;
let clientId: string;
const callers = {} as Record<Caller, Client>;

beforeAll(async () => {
  t = await createTestApp();
  const host = await signUpHost(t);
  member = await createUser(t, host, "member");
  callers.visitor = anonymous(t);
  for (const kind of ["session", "read token", "read-write token", "open ID"] as const) callers[kind] = await callerOf(t, member, kind);
  callers["OAuth (MCP) token"] = anonymous(t).withToken(await appTokenOf(t, member));
  clientId = (await anonymous(t).post("/oauth/register", { redirect_uris: [REDIRECT] })).body.client_id;
});
afterAll(() => t.close());

const request = () => ({
  response_type: "code",
  client_id: clientId,
  redirect_uri: REDIRECT,
  code_challenge: pkcePair().challenge,
  code_challenge_method: "S256",
});
const form = { "content-type": "application/x-www-form-urlencoded" };

// prettier-ignore
const MATRIX: [string, (client: Client) => ReturnType<Client["get"]>, Record<Caller, Outcome>][] = [
  [
    "GET /.well-known/oauth-protected-resource/mcp",
    (c) => c.get("/.well-known/oauth-protected-resource/mcp"),
    { visitor: 200, session: 200, "read token": 200, "read-write token": 200, "open ID": 200, "OAuth (MCP) token": 200 },
  ],
  [
    "GET /.well-known/oauth-authorization-server",
    (c) => c.get("/.well-known/oauth-authorization-server"),
    { visitor: 200, session: 200, "read token": 200, "read-write token": 200, "open ID": 200, "OAuth (MCP) token": 200 },
  ],
  [
    "POST /oauth/register",
    (c) => c.post("/oauth/register", { redirect_uris: [REDIRECT] }),
    { visitor: 201, session: 201, "read token": 201, "read-write token": 201, "open ID": 201, "OAuth (MCP) token": 201 },
  ],
  [
    "POST /oauth/token (no grant)",
    (c) => c.post("/oauth/token", "client_id=x", { headers: form }),
    { visitor: 400, session: 400, "read token": 400, "read-write token": 400, "open ID": 400, "OAuth (MCP) token": 400 },
  ],
  [
    "POST /oauth/revoke (unknown token)",
    (c) => c.post("/oauth/revoke", "token=unknown", { headers: form }),
    { visitor: 200, session: 200, "read token": 200, "read-write token": 200, "open ID": 200, "OAuth (MCP) token": 200 },
  ],
  [
    "GET /api/oauth/authorization",
    (c) => c.get(`/api/oauth/authorization?${new URLSearchParams(request())}`),
    { visitor: 200, session: 200, "read token": 200, "read-write token": 200, "open ID": 200, "OAuth (MCP) token": 403 },
  ],
  [
    "POST /api/oauth/authorization",
    (c) => c.post("/api/oauth/authorization", { request: request(), approve: true, access: "read" }),
    { visitor: 401, session: 200, "read token": 403, "read-write token": 403, "open ID": 403, "OAuth (MCP) token": 403 },
  ],
  // The same column on routes that were there before: an app's token is refused everywhere but /mcp.
  [
    "GET /api/memo/all",
    (c) => c.get("/api/memo/all"),
    { visitor: 200, session: 200, "read token": 200, "read-write token": 200, "open ID": 200, "OAuth (MCP) token": 403 },
  ],
  [
    "GET /api/user/me",
    (c) => c.get("/api/user/me"),
    { visitor: 401, session: 200, "read token": 200, "read-write token": 200, "open ID": 200, "OAuth (MCP) token": 403 },
  ],
  [
    "POST /api/memo",
    (c) => c.post("/api/memo", { content: "matrix" }),
    { visitor: 401, session: 200, "read token": 403, "read-write token": 200, "open ID": 200, "OAuth (MCP) token": 403 },
  ],
  [
    "GET /api/access-token",
    (c) => c.get("/api/access-token"),
    { visitor: 401, session: 200, "read token": 403, "read-write token": 403, "open ID": 403, "OAuth (MCP) token": 403 },
  ],
];

describe("the OAuth routes by credential", () => {
  it.each(MATRIX)("%s", async (route, call, expected) => {
    await expectPolicyStatuses(route, expected, async (caller) => call(callers[caller]));
  });
});
