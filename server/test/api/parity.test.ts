// The same malformed input gets the same answer on SQLite and PostgreSQL, and never a 5xx: over-long text,
// NUL characters, ids outside PostgreSQL's INTEGER range, wrong JSON types, bad enums and odd bodies.
// Both engines are opened side by side, so this file runs once per `npm test`: in the server-api:sqlite
// project, when PostgreSQL is reachable (or MEMOS_TEST_PG=require, which turns "unreachable" into a failure).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymous, createMemo, createUser, PASSWORD, signUpHost, uploadResource } from "../factories.js";
import { createTestApp, PG_ADMIN_DSN, TEST_DRIVER } from "../harness.js";
import { reasonProblem } from "../error-reason.js";
import { type Case, groups, HUGE, type Request, type Side } from "../parity-corpus/index.js";

async function postgresError(): Promise<string | null> {
  const client = new pg.Client({ connectionString: PG_ADMIN_DSN, connectionTimeoutMillis: 5000 });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("SELECT 1");
    return null;
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

const RUNS_HERE = TEST_DRIVER === "sqlite";
const PG_REQUIRED = process.env.MEMOS_TEST_PG === "require";
const pgError = RUNS_HERE ? await postgresError() : null;
const skipReason = !RUNS_HERE
  ? "runs once, in the server-api:sqlite project"
  : pgError !== null && !PG_REQUIRED
    ? `PostgreSQL not reachable at ${PG_ADMIN_DSN.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@")} (${pgError})`
    : null;

interface Answer {
  status: number;
  text: string;
  body: unknown;
}
async function send(side: Side, request: Request): Promise<Answer> {
  const headers: Record<string, string> = { ...request.headers };
  const caller = request.as ?? "host";
  if (caller !== "anonymous") headers.cookie = side[caller].client.cookie!;
  let payload: string | Buffer | undefined;
  if (request.multipart) {
    payload = request.multipart.payload;
    Object.assign(headers, request.multipart.headers);
  } else if (request.raw !== undefined || request.json !== undefined) {
    payload = request.raw ?? JSON.stringify(request.json);
    headers["content-type"] = request.contentType ?? "application/json";
  }
  const response = await side.t.app.inject({
    method: request.method,
    url: request.url,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    body = undefined;
  }
  return { status: response.statusCode, text: response.body.slice(0, 300), body };
}

/** What is wrong with one case's two answers, if anything. */
function problemsOf({ name, expected }: Case, sqlite: Answer, postgres: Answer): string[] {
  const problems: string[] = [];
  if (expected) {
    const message = (sqlite.body as { message?: unknown } | undefined)?.message;
    if (sqlite.status !== expected.status || (expected.message && !(typeof message === "string" && expected.message.test(message)))) {
      problems.push(`${name}: expected ${expected.status} ${expected.message ?? ""}, got ${sqlite.status}: ${sqlite.text}`);
    }
  }
  for (const [engine, answer] of [
    ["sqlite", sqlite],
    ["postgres", postgres],
  ] as const) {
    if (answer.status >= 500) problems.push(`${name}: ${engine} answered ${answer.status}: ${answer.text}`);
    if (answer.status >= 400 && answer.status < 500) {
      const body = answer.body as { error?: unknown; message?: unknown } | undefined;
      const keys =
        body && typeof body === "object"
          ? Object.keys(body)
              .filter((key) => key !== "field" && key !== "params")
              .join(",")
          : "";
      if (
        keys !== "error,message,reason" ||
        typeof body!.message !== "string" ||
        body!.error !== `code=${answer.status}, message=${body!.message}`
      ) {
        problems.push(`${name}: ${engine} ${answer.status} without the error envelope: ${answer.text}`);
      }
      const problem = reasonProblem(answer.status, body);
      if (problem) problems.push(`${name}: ${engine} ${problem}`);
    }
  }
  if (sqlite.status !== postgres.status) {
    problems.push(`${name}: sqlite ${sqlite.status} (${sqlite.text}) but postgres ${postgres.status} (${postgres.text})`);
  } else if (sqlite.status >= 400) {
    const [a, b] = [sqlite, postgres].map(({ body }) => {
      const { message, reason, field, params } = (body ?? {}) as Record<string, unknown>;
      return JSON.stringify({ message, reason, field, params });
    });
    if (a !== b) problems.push(`${name}: errors differ: sqlite ${a} but postgres ${b}`);
  }
  return problems;
}

async function openSide(driver: "sqlite" | "postgres"): Promise<Side> {
  const t = await createTestApp({ driver });
  const host = await signUpHost(t);
  const member = await createUser(t, host, "member");
  const memo = await createMemo(host, "parity #parity", "PUBLIC");
  const resource = await uploadResource(host, "hello.txt", "text/plain", Buffer.from("hello"));
  await host.client.post(`/api/memo/${memo.id}/resource`, { resourceId: resource.id });
  const shortcut = await host.client.post("/api/shortcut", { title: "mine", payload: "[]" });
  if (shortcut.status !== 200) throw new Error(`shortcut creation failed: ${shortcut.text}`);
  return { t, host, member, memoId: memo.id, resourceId: resource.id, shortcutId: shortcut.body.data.id };
}

describe.skipIf(skipReason !== null)(`the same answers on SQLite and PostgreSQL${skipReason ? ` (skipped: ${skipReason})` : ""}`, () => {
  let sqlite: Side;
  let postgres: Side;

  beforeAll(async () => {
    if (pgError !== null) throw new Error(`MEMOS_TEST_PG=require, but PostgreSQL is not reachable: ${pgError}`);
    [sqlite, postgres] = await Promise.all([openSide("sqlite"), openSide("postgres")]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([sqlite?.t.close(), postgres?.t.close()]);
  });

  /** Sends one request to both engines and returns both answers. */
  async function both(request: (side: Side) => Request): Promise<[Answer, Answer]> {
    const a = await send(sqlite, request(sqlite));
    const b = await send(postgres, request(postgres));
    return [a, b];
  }

  it.each(groups)(
    "%s: no 5xx, the same status on both, and the error envelope",
    async (_group, cases) => {
      const problems: string[] = [];
      for (const entry of cases) {
        const [a, b] = await both(entry.request);
        problems.push(...problemsOf(entry, a, b));
      }
      expect(problems).toEqual([]);
    },
    120_000,
  );

  it("a sign-in with a 1 MiB username is refused unread (413), on both", async () => {
    const answers = await both(() => ({
      method: "POST",
      url: "/api/auth/signin",
      as: "anonymous",
      json: { username: HUGE, password: PASSWORD },
    }));
    for (const answer of answers) {
      expect(answer.status).toBe(413);
      expect(answer.body).toMatchObject({ reason: "input.too-large", params: { maximum: 128 * 1024 } });
    }
    // The account itself is untouched: its owner still signs in.
    for (const side of [sqlite, postgres]) {
      expect((await anonymous(side.t).post("/api/auth/signin", { username: "host", password: PASSWORD })).status).toBe(200);
    }
  });

  it("NUL in memo content is a 400 naming content, on both, and nothing is stored", async () => {
    const answers = await both(() => ({ method: "POST", url: "/api/memo", json: { content: `before${"\u0000"}after` } }));
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect((answer.body as { message: string }).message).toBe("Malformatted request: content must not contain NUL characters");
    }
    for (const side of [sqlite, postgres]) {
      const rows = await side.t.ctx.store.db.selectFrom("memo").select("content").where("content", "like", "before%").execute();
      expect(rows).toEqual([]);
    }
  });

  it("GET /api/memo/2147483648 is the same 400 on both", async () => {
    const answers = await both(() => ({ method: "GET", url: "/api/memo/2147483648" }));
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        error: "code=400, message=ID is not a number: 2147483648",
        message: "ID is not a number: 2147483648",
        reason: "input.invalid",
        field: "memoId",
      });
    }
    const largest = await both(() => ({ method: "GET", url: "/api/memo/2147483647" }));
    for (const answer of largest) expect(answer.status).toBe(404);
  });
});
