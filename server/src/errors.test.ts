// The one error handler: whatever is thrown becomes the wire's envelope with a reason of its kind, and
// PostgreSQL's regex cancellation is told apart from a bad pattern.
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { AssetMissing, badRequest, conflict, handleError, isCancelledRegex, tooManyRequests, zodErrorDetail } from "./errors.js";

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe("isCancelledRegex", () => {
  it("is a budget timeout when the regex engine was cancelled", () => {
    expect(isCancelledRegex(pgError("2201B", "invalid regular expression: operation cancelled"))).toBe(true);
  });

  it("is the client's pattern otherwise", () => {
    expect(isCancelledRegex(pgError("2201B", "invalid regular expression: invalid escape \\ sequence"))).toBe(false);
    expect(isCancelledRegex(pgError("57014", "canceling statement due to statement timeout"))).toBe(false);
    expect(isCancelledRegex(null)).toBe(false);
  });
});

describe("handleError", () => {
  /** What each route throws. */
  const THROWN: Record<string, () => Error> = {
    "http-error": () => badRequest("Invalid filename.", { reason: "resource.invalid-filename", field: "filename" }),
    "http-default": () => badRequest("Malformatted request"),
    "http-conflict": () =>
      conflict("Username already exists: ann", { reason: "user.username-taken", field: "username", params: { username: "ann" } }),
    "rate-limited": () => tooManyRequests("Too many failed sign-in attempts, please try again later", 60),
    "unique-key": () => pgError("23505", "duplicate key value violates unique constraint"),
    "nul-text": () => pgError("22021", "invalid byte sequence for encoding UTF8: 0x00"),
    "search-budget": () => pgError("57014", "canceling statement due to statement timeout"),
    "disk-full": () => pgError("SQLITE_FULL", "database or disk is full"),
    "pg-resources": () => pgError("53200", "out of memory"),
    "asset-missing": () => new AssetMissing(7, "assets/7.png"),
    "own-bug": () => new TypeError("cannot read properties of undefined (reading 'id') at /srv/memos/x.js"),
  };
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ bodyLimit: 64 });
    app.setErrorHandler(handleError);
    app.post("/echo", async (request) => request.body);
    for (const [name, thrown] of Object.entries(THROWN)) {
      app.get(`/${name}`, async () => {
        throw thrown();
      });
    }
    await app.ready();
  });
  afterAll(() => app.close());

  const get = async (name: string) => {
    const response = await app.inject({ method: "GET", url: `/${name}` });
    return { status: response.statusCode, body: response.json() as Record<string, unknown>, headers: response.headers };
  };
  const post = async (payload: string, contentType: string) => {
    const response = await app.inject({ method: "POST", url: "/echo", payload, headers: { "content-type": contentType } });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  };

  it("sends an HttpError's reason, field and params after v0's two keys", async () => {
    const answer = await get("http-error");
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toBe(
      '{"error":"code=400, message=Invalid filename.","message":"Invalid filename.","reason":"resource.invalid-filename","field":"filename"}',
    );
    expect((await get("http-conflict")).body).toEqual({
      error: "code=409, message=Username already exists: ann",
      message: "Username already exists: ann",
      reason: "user.username-taken",
      field: "username",
      params: { username: "ann" },
    });
  });

  it("gives an HttpError without a reason its status's", async () => {
    expect((await get("http-default")).body).toEqual({
      error: "code=400, message=Malformatted request",
      message: "Malformatted request",
      reason: "input.invalid",
    });
    const limited = await get("rate-limited");
    expect([limited.status, limited.body.reason, limited.body.params, limited.headers["retry-after"]]).toEqual([
      429,
      "rate.limited",
      { seconds: 60 },
      "60",
    ]);
  });

  it.each([
    ["unique-key", 409, "input.conflict"],
    ["nul-text", 400, "input.invalid"],
    ["search-budget", 400, "search.too-slow"],
    ["disk-full", 507, "storage.full"],
    ["pg-resources", 507, "storage.full"],
    ["asset-missing", 500, "resource.file-missing"],
    ["own-bug", 500, "server.internal"],
  ])("maps %s to %i %s", async (name, status, reason) => {
    const answer = await get(name);
    expect([answer.status, answer.body.reason]).toEqual([status, reason]);
    expect(answer.body.error).toBe(`code=${status}, message=${answer.body.message}`);
  });

  it("says nothing of a bug's internals", async () => {
    expect((await get("own-bug")).body).toEqual({
      error: "code=500, message=Internal Server Error",
      message: "Internal Server Error",
      reason: "server.internal",
    });
  });

  it("maps Fastify's own refusals of a body", async () => {
    expect(await post("{not json", "application/json")).toMatchObject({
      status: 400,
      body: { message: "Malformatted JSON body", reason: "input.malformed" },
    });
    expect(await post("<memo/>", "application/xml")).toMatchObject({
      status: 415,
      body: { message: "Unsupported content type", reason: "input.unsupported-type" },
    });
    expect(await post(JSON.stringify({ content: "x".repeat(100) }), "application/json")).toMatchObject({
      status: 413,
      body: {
        message: "Request body is too large: this request takes at most 64 bytes",
        reason: "input.too-large",
        params: { maximum: 64 },
      },
    });
  });
});

describe("zodErrorDetail", () => {
  const detail = (schema: z.ZodType, input: unknown) => {
    const result = schema.safeParse(input);
    if (result.success) throw new Error("expected a failure");
    return zodErrorDetail(result.error);
  };
  const body = z.object({
    title: z.string().max(8),
    tags: z.array(z.string()).optional(),
    content: z
      .string()
      .optional()
      .refine((value) => value !== "boom", {
        message: "content is too long",
        params: { reason: "memo.content-too-long", maximum: 4, internal: true },
      }),
  });

  it("names the first issue's field", () => {
    expect(detail(body, { title: 1 })).toEqual({ reason: "input.invalid", field: "title" });
    expect(detail(body, { title: "a", tags: ["x", 2] })).toEqual({ reason: "input.invalid", field: "tags.1" });
  });

  it("says a text is too long, with its cap", () => {
    expect(detail(body, { title: "far too long" })).toEqual({ reason: "input.too-long", field: "title", params: { maximum: 8 } });
  });

  it("takes a refinement's reason and its text and number params", () => {
    expect(detail(body, { title: "a", content: "boom" })).toEqual({
      reason: "memo.content-too-long",
      field: "content",
      params: { maximum: 4 },
    });
  });

  it("calls input that is not the object at all malformed", () => {
    expect(detail(body, "text")).toEqual({ reason: "input.malformed" });
  });
});
