// The route table (common/src/api/routes) is the server's routes: every entry is registered and every registered
// route is an entry (but the web app's and Swagger UI's own, listed below), and each entry's `access` is what the
// server does: a route for users answers 401 to a request without a credential, a public one does not, any write
// answers 403 to a read-only access token, and a session-only route answers 403 to a read-write token and to the
// open ID. Ids in paths are real rows where the answer depends on it (a session-only change of another's webhook
// would be a 404 first).
import { ROUTES, type RouteEntry, type RouteName } from "@memos/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../client.js";
import { anonymous, createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { appTokenOf } from "../oauth-flow.js";
import { V1_SERVICES } from "../../src/v1/rpcs/index.js";
import { CONNECT_FALLBACK_PATH, connectPaths } from "../../src/v1/transport/connect.js";
import { REST_FALLBACK, restRouteGroups } from "../../src/v1/transport/rest.js";
import { SSE_PATH } from "../../src/v1/transport/sse.js";

/** Routes outside the table: the web app (index page, manifest) and Swagger UI's assets under its page. */
const OUTSIDE_TABLE = [
  "GET /",
  "GET /manifest.webmanifest",
  "GET /api/docs/static/index.html",
  "GET /api/docs/static/swagger-initializer.js",
  "GET /api/docs/static/*",
  "GET /api/docs/json",
  "GET /api/docs/yaml",
];

/**
 * The v1 API's routes, from its declared services (server/src/v1): REST by each RPC's http option (RPCs told apart by
 * a custom verb share one), Connect by name.
 */
const V1_ROUTES = [
  ...restRouteGroups(V1_SERVICES).flatMap(({ verb, url }) => (verb === "GET" ? [`GET ${url}`, `HEAD ${url}`] : [`${verb} ${url}`])),
  ...connectPaths(V1_SERVICES).map((path) => `POST ${path}`),
  `POST ${CONNECT_FALLBACK_PATH}`,
  `GET ${SSE_PATH}`,
  `HEAD ${SSE_PATH}`,
  ...REST_FALLBACK.methods.flatMap((verb) =>
    verb === "GET" ? [`GET ${REST_FALLBACK.url}`, `HEAD ${REST_FALLBACK.url}`] : [`${verb} ${REST_FALLBACK.url}`],
  ),
];

/** Routes without the HEAD Fastify adds to every GET. */
const WITHOUT_HEAD: RouteName[] = ["export.archive", "sso.start", "sso.callback", "events.stream"];

let t: TestApp;
let host: TestUser;
const registered: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    onRoute: (route) => {
      for (const method of [route.method].flat()) registered.push(`${method} ${route.url}`);
    },
  });
  host = await signUpHost(t);
});
afterAll(() => t.close());

const entries = () => Object.entries(ROUTES) as [RouteName, RouteEntry][];

describe("the route table and the registered routes", () => {
  it("are the same routes", () => {
    const table = entries().flatMap(([name, entry]) => {
      const key = `${entry.method} ${entry.path}`;
      return entry.method === "GET" && !WITHOUT_HEAD.includes(name) ? [key, `HEAD ${entry.path}`] : [key];
    });
    const outside = OUTSIDE_TABLE.flatMap((key) => [key, key.replace(/^GET/, "HEAD")]);
    // A POST OAuth endpoint answers a browser's CORS preflight.
    const preflights = entries().flatMap(([, entry]) => (entry.oauth && entry.method === "POST" ? [`OPTIONS ${entry.path}`] : []));
    expect([...registered].sort()).toEqual([...table, ...outside, ...preflights, ...V1_ROUTES].sort());
  });

  it("names each path parameter once, in the path and in its params", () => {
    for (const [name, entry] of entries()) {
      const inPath = [...entry.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]);
      expect(Object.keys(entry.params?.shape ?? {}), name).toEqual(inPath);
    }
  });
});

/** The path with real values: id 1, except the user (the member, id 2); a name for the others. */
const PARAMS: Record<string, string> = { id: "2", tagName: "tag", filename: "file.txt" };
const urlOf = (entry: RouteEntry) => entry.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => PARAMS[name] ?? "1");

/** A body each session-only write accepts, so what answers is the caller's check. */
const VALID_BODIES: Partial<Record<RouteName, unknown>> = {
  "user.create": { username: "another", password: "secret-pass" },
  "access-token.create": { name: "script", scope: "read" },
  "webhook.create": { name: "hook", url: "https://example.com/hook", events: ["memo.created"] },
  "webhook.patch": { name: "renamed" },
  "totp.enable": { code: "123456" },
  "totp.disable": { password: "secret-pass", code: "123456" },
  "totp.recoveryCodes": { password: "secret-pass", code: "123456" },
  "identity-provider.create": { name: "SSO", issuer: "https://id.example.com", clientId: "memos" },
  "identity-provider.patch": { name: "renamed" },
  "passkey.register": { challengeId: "c", name: "Key", response: { id: "a", type: "public-key", response: { clientDataJSON: "e30" } } },
  "passkey.rename": { name: "Key" },
  "oauth.decide": {
    request: { response_type: "code", client_id: "c", code_challenge: "x".repeat(43), code_challenge_method: "S256" },
    approve: true,
    access: "read",
  },
};

const send = (client: Client, entry: RouteEntry, body?: unknown) => client.request(entry.method, urlOf(entry), body);

describe("who may call each route", () => {
  let readToken: Client;
  let writeToken: Client;
  let openId: Client;

  beforeAll(async () => {
    await createUser(t, host, "member");
    const webhook = await host.client.post("/api/webhook", { name: "hook", url: "https://example.com/hook", events: ["memo.created"] });
    expect(webhook.body.data?.id, webhook.text).toBe(1);
    const token = async (scope: string) => (await host.client.post("/api/access-token", { name: scope, scope })).body.data.token as string;
    readToken = anonymous(t).withToken(await token("read"));
    writeToken = anonymous(t).withToken(await token("read-write"));
    const me = await host.client.get("/api/user/me");
    openId = anonymous(t).withToken(me.body.data.openId);
  });

  it("answers 401 to a request without a credential where a user is required, and never elsewhere", async () => {
    for (const [name, entry] of entries()) {
      const response = await send(anonymous(t), entry);
      if (entry.access === "signed-in" || entry.access === "session")
        expect([response.status, response.body?.reason], name).toEqual([401, "auth.unauthenticated"]);
      else if (entry.access === "token") expect([response.status, response.body?.reason], name).toEqual([401, "auth.token-required"]);
      else expect(response.status, `${name}: ${response.text}`).not.toBe(401);
    }
  });

  it("answers 403 to a read-only access token on every write", async () => {
    // A `token` route (MCP) judges the token's scope itself, per tool (mcp-access.test.ts).
    const writes = entries().filter(([, entry]) => entry.method !== "GET" && entry.access !== "anonymous" && entry.access !== "token");
    expect(writes.length).toBeGreaterThan(20);
    for (const [name, entry] of writes) {
      const response = await send(readToken, entry, {});
      expect([response.status, response.body?.message, response.body?.reason], name).toEqual([
        403,
        "This access token is read-only",
        "auth.read-only-token",
      ]);
    }
  });

  it("answers 403 to an app's token (OAuth, for MCP) on every route that reads a credential but the MCP endpoint's", async () => {
    const appToken = anonymous(t).withToken(await appTokenOf(t, host));
    const reading = entries().filter(([name, entry]) => entry.access !== "anonymous" && !name.startsWith("mcp."));
    expect(reading.length).toBeGreaterThan(100);
    for (const [name, entry] of reading) {
      const response = await send(appToken, entry, VALID_BODIES[name]);
      expect([response.status, response.body?.reason], name).toEqual([403, "auth.mcp-only-token"]);
    }
    // Anonymous routes read no credential: the token is nobody there.
    expect((await appToken.get("/api/auth/sso")).status).toBe(200);
  });

  it("answers 403 to a read-write token and to the open ID on a session-only route", async () => {
    const sessionOnly = entries().filter(([, entry]) => entry.access === "session");
    expect(sessionOnly.map(([name]) => name)).toContain("access-token.create");
    for (const [name, entry] of sessionOnly) {
      if (entry.body) expect(VALID_BODIES, `a valid body for ${name}`).toHaveProperty([name]);
      for (const [caller, client] of [
        ["read-write token", writeToken],
        ["open ID", openId],
      ] as const) {
        const response = await send(client, entry, VALID_BODIES[name]);
        expect(response.status, `${name} (${caller}): ${response.text}`).toBe(403);
        expect(response.body.message, name).toMatch(/^Only a signed-in session may .+, not an access token or the open ID$/);
        expect(response.body.reason, name).toBe("auth.session-only");
      }
    }
  });
});
