// Request bodies are held to their route's limits (common/src/api/body-limits.ts) as they arrive: a body past its
// route's bytes, values or depth is a 413 before anything parses or walks it, so a hostile body costs the server no
// more than the route's largest valid input, and no other caller waits for it.
import { Agent, request as httpRequest } from "node:http";
import { performance } from "node:perf_hooks";
import { BODY_LIMIT_FLOOR, MAX_BODY_DEPTH, MEMO_TEXT_BODY_BYTES, ROUTES, type RouteName, routeBodyLimits } from "@memos/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymous, createMemo, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { listenRaw } from "../raw-http.js";

interface Sent {
  status: number;
  text: string;
}

/**
 * Sends a request over a socket: `body` whole (with its Content-Length, or in chunks without one), or only its
 * first `partial` bytes, leaving the rest unsent, so an answer proves the server did not wait for them.
 */
function send(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer,
  options: { chunked?: boolean; partial?: number } = {},
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        headers: { "content-type": "application/json", ...headers, ...(!options.chunked && { "content-length": String(body.length) }) },
        agent: false,
      },
      (response) => {
        response.on("error", reject);
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          resolve({ status: response.statusCode!, text: Buffer.concat(chunks).toString("utf8") });
          outgoing.destroy();
        });
      },
    );
    // The server may answer and close before the whole body is written: that is what these tests want.
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "ECONNRESET" && error.code !== "EPIPE") reject(error);
    });
    if (options.partial !== undefined) {
      outgoing.write(body.subarray(0, options.partial));
      return;
    }
    if (options.chunked) {
      for (let at = 0; at < body.length; at += 64 * 1024) outgoing.write(body.subarray(at, at + 64 * 1024));
      outgoing.end();
      return;
    }
    outgoing.end(body);
  });
}

/**
 * A body of text pieces and repeated patterns, made as Buffers: the test's own megabytes of strings would cost its
 * process (which is the server's) garbage collections while it measures the server.
 */
const body = (...pieces: Array<string | Buffer>) =>
  Buffer.concat(pieces.map((piece) => (typeof piece === "string" ? Buffer.from(piece) : piece)));
/** `1,1,…,1` of about `bytes` bytes. */
const ones = (bytes: number) => body(Buffer.alloc(Math.floor(bytes / 2) * 2, "1,"), "1");
/** `[[[…]]]`, `levels` deep. */
const nested = (levels: number) => body(Buffer.alloc(levels, "["), Buffer.alloc(levels, "]"));
/** Just under what every route took before limits per route: a body every route used to read, parse and walk. */
const OLD_LIMIT = 4 * 1024 * 1024 - 64 * 1024;

describe("body limits", () => {
  let t: TestApp;
  let host: TestUser;
  let port: number;
  let cookie: string;
  let patToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t, "bodyhost");
    cookie = host.client.cookie!;
    patToken = (await host.client.post("/api/access-token", { name: "mcp", scope: "read-write" })).body.data.token;
    port = (await listenRaw(t)).port;
  });
  afterAll(() => t.close());

  it("refuses a body longer than its route takes by its Content-Length, before a byte of it arrives", async () => {
    const body = Buffer.alloc(OLD_LIMIT, " ");
    const answer = await send(port, "POST", "/api/auth/signin", {}, body, { partial: 0 });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toMatchObject({ reason: "input.too-large", params: { maximum: 128 * 1024 } });
  });

  it("refuses a body sent in chunks at the chunk that passes a limit, without waiting for the rest", async () => {
    const values = body('{"username":[', ones(OLD_LIMIT), '],"password":"x"}');
    const byValues = await send(port, "POST", "/api/auth/signin", {}, values, { chunked: true, partial: 64 * 1024 });
    expect(byValues.status).toBe(413);
    expect(JSON.parse(byValues.text).message).toBe(
      `Request body is too large: this request takes at most ${BODY_LIMIT_FLOOR.values} JSON values`,
    );

    const deep = body('{"content":"x","resourceIdList":', nested(100_000), "}");
    const byDepth = await send(port, "POST", "/api/memo", { cookie }, deep, { chunked: true, partial: 1024 });
    expect(byDepth.status).toBe(413);
    expect(JSON.parse(byDepth.text).message).toBe(`Request body is too large: JSON nested more than ${MAX_BODY_DEPTH} levels deep`);

    const bytes = body('{"content":"', Buffer.alloc(MEMO_TEXT_BODY_BYTES, "x"), '"}');
    const byBytes = await send(port, "POST", "/api/memo", { cookie }, bytes, { chunked: true });
    expect(byBytes.status).toBe(413);
    expect(JSON.parse(byBytes.text).message).toBe("Request body is too large: this request takes at most 4 MiB");
  });

  it("judges the caller before it reads the body: a visitor's oversized body to a member's route is a 401", async () => {
    const answer = await send(port, "POST", "/api/memo/batch", {}, body('{"ids":[', ones(OLD_LIMIT), '],"action":"archive"}'), {
      partial: 0,
    });
    expect(answer.status).toBe(401);
  });

  it("holds every route of the table to its limits: one byte, one value or one level past them is a 413 naming it", async () => {
    const withBody = (Object.keys(ROUTES) as RouteName[]).filter((name) => {
      const entry = ROUTES[name];
      return entry.method !== "GET" && !("body" in entry && entry.body.kind === "form");
    });
    expect(withBody.length).toBeGreaterThan(40);
    for (const name of withBody) {
      const entry = ROUTES[name];
      const limits = routeBodyLimits(name);
      const url = entry.path.replaceAll(/:\w+/g, "1");
      const headers =
        entry.access === "token" ? { authorization: `Bearer ${patToken}` } : entry.access === "anonymous" ? undefined : { cookie };
      const inject = (payload: string) =>
        t.app.inject({ method: entry.method, url, payload, headers: { "content-type": "application/json", ...headers } });
      // OAuth's endpoints answer in OAuth's terms: 400 invalid_request, the same words.
      const oauth = "oauth" in entry;
      const refused = (answer: { statusCode: number; json(): { message?: string; error_description?: string } }, what: string) => {
        expect(answer.statusCode, `${name}: ${what}`).toBe(oauth ? 400 : 413);
        const body = answer.json();
        return oauth ? body.error_description : body.message;
      };
      const tooLong = await inject(" ".repeat(limits.bytes + 1));
      expect(refused(tooLong, "bytes")).toMatch(/^Request body is too large: this request takes at most \d+ [KM]iB$/);
      if (!oauth) expect(tooLong.json()).toMatchObject({ reason: "input.too-large", params: { maximum: limits.bytes } });
      const tooMany = await inject(`[${"1,".repeat(limits.values - 1)}1]`);
      expect(refused(tooMany, "values")).toBe(`Request body is too large: this request takes at most ${limits.values} JSON values`);
      const tooDeep = await inject(nested(MAX_BODY_DEPTH + 1).toString());
      expect(refused(tooDeep, "depth")).toBe(`Request body is too large: JSON nested more than ${MAX_BODY_DEPTH} levels deep`);
    }
  });

  it("takes the largest valid inputs of the routes with large ones, pretty-printed too", async () => {
    // A memo of 1 MiB whose every character is escaped in JSON (newlines).
    const memo = await host.client.post("/api/memo", JSON.stringify({ content: `a${"\n".repeat(1024 * 1024 - 1)}` }, null, 2), {
      headers: { "content-type": "application/json" },
    });
    expect(memo.status, memo.text.slice(0, 200)).toBe(200);
    const ids = Array.from({ length: 10_000 }, (_, index) => 2_000_000_000 + index);
    const tags = Array.from({ length: 1000 }, (_, index) => `${"標".repeat(250)}${String(index).padStart(6, "0")}`);
    const batch = await host.client.post("/api/memo/batch", JSON.stringify({ ids, action: "addTags", tags }, null, 4), {
      headers: { "content-type": "application/json" },
    });
    expect(batch.status, batch.text.slice(0, 200)).not.toBe(413);
    const mine = await createMemo(host, "read me");
    const read = await host.client.post("/api/inbox/read", JSON.stringify({ ids: Array(500).fill(mine.id) }, null, 8), {
      headers: { "content-type": "application/json" },
    });
    expect(read.status, read.text.slice(0, 200)).not.toBe(413);
    const field = "A".repeat(16 * 1024);
    const passkey = await anonymous(t).post("/api/auth/passkey/signin", {
      challengeId: field,
      response: {
        id: field,
        rawId: field,
        type: "public-key",
        response: { clientDataJSON: field, authenticatorData: field, signature: field, userHandle: field },
        clientExtensionResults: {},
      },
    });
    expect(passkey.status, passkey.text.slice(0, 200)).not.toBe(413);
  });

  it("keeps answering others in milliseconds while hostile bodies arrive", async () => {
    const member = { cookie };
    const mcp = { authorization: `Bearer ${patToken}` };
    const half = OLD_LIMIT / 2;
    const hostile: Array<[string, string, Record<string, string>, Buffer, boolean?]> = [
      ["POST", "/api/auth/signin", {}, body('{"username":[', ones(half), '],"password":[', ones(half), "]}")],
      ["POST", "/api/auth/signin", {}, body('{"username":[', ones(half), '],"password":[', ones(half), "]}"), true],
      ["POST", "/oauth/register", {}, body('{"redirect_uris":["', Buffer.alloc(OLD_LIMIT, 'http://127.0.0.1/","'), 'x"]}')],
      ["POST", "/oauth/token", {}, body('{"grant_type":[', ones(half), '],"code":[', ones(half), "]}")],
      ["POST", "/api/auth/passkey/signin", {}, body('{"challengeId":"x","response":{"id":[', ones(OLD_LIMIT), "]}}"), true],
      ["POST", "/api/inbox/read", member, body('{"ids":[', ones(OLD_LIMIT), "]}")],
      ["POST", "/api/memo/batch", member, body('{"ids":[', ones(OLD_LIMIT), '],"action":"archive"}'), true],
      ["POST", "/api/memo", member, body('{"content":"x","resourceIdList":[', ones(OLD_LIMIT), "]}")],
      ["POST", "/api/memo", member, body('{"content":"x","resourceIdList":', nested(half), "}"), true],
      ["POST", "/mcp", mcp, body('{"jsonrpc":"2.0","params":', nested(half), "}"), true],
    ];
    const pinger = new Agent({ keepAlive: true, maxSockets: 1 });
    const ping = () =>
      new Promise<number>((resolve, reject) => {
        const started = performance.now();
        httpRequest({ host: "127.0.0.1", port, path: "/healthz", agent: pinger }, (response) => {
          response.resume();
          response.on("end", () => resolve(performance.now() - started));
        })
          .on("error", reject)
          .end();
      });
    // Warm: the first refusal of a process compiles its path (tens of milliseconds once).
    await ping();
    await send(port, "POST", "/api/auth/signin", {}, body('{"username":[', ones(256 * 1024), "]}"), { chunked: true });
    // The slowest ping while each hostile body is sent and answered.
    let worst = 0;
    let sending = true;
    const pinging = (async () => {
      // A ping the server failed to answer (its keep-alive timed out while it was held) counts as endless.
      while (sending) {
        const latency = await ping().catch(() => Number.POSITIVE_INFINITY);
        worst = Math.max(worst, latency);
      }
    })();
    const slowest: number[] = [];
    const answers: string[] = [];
    try {
      for (const [method, path, headers, payload, chunked] of hostile) {
        worst = 0;
        const answer = await send(port, method, path, headers, payload, { chunked });
        answers.push(`${method} ${path}: ${answer.status} ${answer.text.slice(0, 200)}`);
        // A ping under way when the answer came is part of this body's time.
        await new Promise((resolve) => setImmediate(resolve));
        slowest.push(worst);
      }
    } finally {
      sending = false;
      await pinging;
      pinger.destroy();
    }
    // Parsed and walked whole, each of these bodies held every other request for seconds (a sign-in's 4 MB of
    // `[1,1,…]`: 3–6 s of the event loop on a fast machine). Refused as they arrive, they hold none for more than a
    // few milliseconds. A busy machine may stall this process now and then whatever
    // it does, so one body's pings may be slow for that; every body's were when the bodies were read.
    const slow = slowest.filter((ms) => ms > 250);
    expect(slow.length, `slowest ping per body (ms): ${slowest.map(Math.round).join(", ")}`).toBeLessThanOrEqual(1);
    for (const answer of answers) expect(answer).toMatch(/^POST \S+: (413|400) .*too large/);
  });
});
