// Typed HTTP errors and the one error handler that turns anything thrown into the wire's error envelope.
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { type ErrorParams, type ErrorReason, isErrorReason, type OAuthErrorCode } from "@memos/common";
import type { ZodError } from "zod";

/**
 * The file a resource's row points to is not there (deleted by hand, or a data folder copied without its assets):
 * thrown by the store (store/files/resource-bytes.ts), answered 500 with its own words by the handler below.
 */
export class AssetMissing extends Error {
  constructor(
    readonly resourceId: number,
    readonly file: string,
  ) {
    super(`the file of resource ${resourceId} is missing: ${file}`);
  }
}

/** Where failures that do not fail the request (a file left behind) are reported. */
export interface ErrorLog {
  error(message: string): void;
}

export interface ErrorDetail {
  /** The kind of failure (common/src/api/reasons.ts); the status's own when not given (`reasonOfStatus`). */
  readonly reason?: ErrorReason;
  /** The input field the failure is about: `currentPassword`, `content`, `memoId`. */
  readonly field?: string;
  /** Values a translation of the reason interpolates. */
  readonly params?: ErrorParams;
  /** Extra response headers (Retry-After on a 429). */
  readonly headers?: Record<string, string>;
}

/** An error detail whose reason the caller must name (no status implies one: a 404 of what?). */
type Reasoned = ErrorDetail & { readonly reason: ErrorReason };

/** The reason of a failure that names none: the plainest one of its status. */
function reasonOfStatus(status: number): ErrorReason {
  switch (status) {
    case 400:
      return "input.invalid";
    case 401:
      return "auth.unauthenticated";
    case 403:
      return "auth.forbidden";
    case 404:
      return "route.not-found";
    case 409:
      return "input.conflict";
    case 413:
      return "input.too-large";
    case 414:
      return "input.uri-too-long";
    case 415:
      return "input.unsupported-type";
    case 429:
      return "rate.limited";
    case 507:
      return "storage.full";
    default:
      return status < 500 ? "input.invalid" : "server.internal";
  }
}

export class HttpError extends Error {
  readonly reason: ErrorReason;
  readonly field: string | undefined;
  readonly params: ErrorParams | undefined;
  readonly headers: Record<string, string>;

  constructor(
    readonly status: number,
    message: string,
    detail: ErrorDetail = {},
  ) {
    super(message);
    this.reason = detail.reason ?? reasonOfStatus(status);
    this.field = detail.field;
    this.params = detail.params;
    this.headers = detail.headers ?? {};
  }
}

/**
 * A failure of an OAuth endpoint (a route marked `oauth` in the table): answered as RFC 6749's
 * `{"error": code, "error_description": message}` with `Cache-Control: no-store`.
 */
export class OAuthError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 429,
    readonly code: OAuthErrorCode,
    description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }
}

/** Any failure on an OAuth route in OAuth's terms: our own errors by their status. */
function asOAuthError(error: HttpError): OAuthError {
  switch (error.status) {
    case 401:
      return new OAuthError(401, "invalid_client", error.message, error.headers);
    case 403:
      return new OAuthError(403, "access_denied", error.message, error.headers);
    case 429:
      return new OAuthError(429, "temporarily_unavailable", error.message, error.headers);
    default:
      return new OAuthError(400, "invalid_request", error.message, error.headers);
  }
}

function sendOAuth(reply: FastifyReply, error: OAuthError) {
  return reply
    .status(error.status)
    .headers({ ...error.headers, "cache-control": "no-store" })
    .send({ error: error.code, error_description: error.message });
}

export const badRequest = (message: string, detail?: ErrorDetail) => new HttpError(400, message, detail);
export const unauthenticated = (message = "Missing user in session", detail?: ErrorDetail) => new HttpError(401, message, detail);
/** v0's message of a refusal that says no more. */
export const FORBIDDEN_MESSAGE = "Access forbidden for current session user";
export const forbidden = (message = FORBIDDEN_MESSAGE, detail?: ErrorDetail) => new HttpError(403, message, detail);
export const notFound = (message: string, detail: Reasoned) => new HttpError(404, message, detail);
export const conflict = (message: string, detail: Reasoned) => new HttpError(409, message, detail);
export const tooLarge = () => new HttpError(413, "Upload file overload max size", { reason: "upload.too-large" });
export const tooManyRequests = (message: string, retryAfterSeconds: number, reason?: ErrorReason) =>
  new HttpError(429, message, {
    ...(reason && { reason }),
    params: { seconds: retryAfterSeconds },
    headers: { "retry-after": String(retryAfterSeconds) },
  });

/** `64 bytes`, `512 KiB`, `4 MiB`: exact (route limits are whole KiB). */
function shownBytes(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  return bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`;
}

/** A body past its route's bytes (http/body-limits.ts): Fastify refuses it, by its Content-Length or as it arrives. */
const bodyTooLarge = (limit: number) =>
  new HttpError(413, `Request body is too large: this request takes at most ${shownBytes(limit)}`, {
    reason: "input.too-large",
    params: { maximum: limit },
  });

/** "Malformatted post memo request: content: expected string" */
export function describeZodError(prefix: string, error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return prefix;
  const path = issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
  return `${prefix}: ${path}${issue.message}`;
}

/**
 * The reason, field and params of a schema's failure, from its first issue: the field is the issue's path; a
 * refinement may name its reason and params (`params: { reason: "memo.content-too-long", maximum: … }`); a text
 * over its cap is `input.too-long`; input that is not even the object a route takes is `input.malformed`.
 */
export function zodErrorDetail(error: ZodError): ErrorDetail {
  const issue = error.issues[0];
  if (!issue) return { reason: "input.malformed" };
  if (issue.path.length === 0) return { reason: issue.code === "invalid_type" ? "input.malformed" : "input.invalid" };
  const field = issue.path.join(".");
  if (issue.code === "custom" && isErrorReason(issue.params?.reason)) {
    const params = paramsOf(issue.params);
    return { reason: issue.params.reason, field, ...(Object.keys(params).length > 0 && { params }) };
  }
  if (issue.code === "too_big" && issue.origin === "string")
    return { reason: "input.too-long", field, params: { maximum: Number(issue.maximum) } };
  return { reason: "input.invalid", field };
}

/** A refinement's params but its reason (and flags such as WHOLE_MESSAGE): the texts and numbers. */
const paramsOf = (values: Record<string, unknown>): Record<string, string | number> =>
  Object.fromEntries(
    Object.entries(values).filter(
      (entry): entry is [string, string | number] =>
        entry[0] !== "reason" && (typeof entry[1] === "string" || typeof entry[1] === "number"),
    ),
  );

/** The wire's error envelope: v0's `error` and `message`, then our `reason`, and `field` and `params` when known. */
export function errorBody(status: number, message: string, detail: ErrorDetail = {}) {
  return {
    error: `code=${status}, message=${message}`,
    message,
    reason: detail.reason ?? reasonOfStatus(status),
    ...(detail.field !== undefined && { field: detail.field }),
    ...(detail.params !== undefined && { params: detail.params }),
  };
}

/**
 * Database errors that are the client's fault: text PostgreSQL cannot store (a NUL character), a number
 * outside a column's range (an id past 2^31 on PostgreSQL), a value too long for an index, and a unique key
 * taken by a concurrent request. Input can no longer reach the first three (the input guard refuses NUL,
 * the schemas cap every text and pathId caps ids at 2^31 − 1); they stay as a safety net.
 */
export const isCancelledRegex = (error: unknown): boolean =>
  (error as { code?: unknown } | null)?.code === "2201B" && /operation cancel/i.test((error as Error).message);

function databaseClientError(error: Error): HttpError | null {
  const code = (error as { code?: unknown }).code;
  if (code === "22021" || code === "22P05") return badRequest("Malformatted request: text must not contain NUL characters");
  if (code === "22003") return badRequest("Malformatted request: a number is out of range");
  // A search past its time budget: SQLite's reader pool, or PostgreSQL's statement_timeout (query_canceled;
  // a timeout that lands inside the regex engine comes out as 2201B "invalid regular expression: operation
  // cancelled").
  if (code === "MEMOS_QUERY_BUDGET" || code === "57014" || isCancelledRegex(error)) {
    return badRequest("Search took too long: narrow it down with more words, a tag or a date range", { reason: "search.too-slow" });
  }
  // 54000 program_limit_exceeded: a value too large for an index (PostgreSQL's btree keys stop at ~2.7 KB).
  if (code === "54000") return badRequest("Malformatted request: a value is too long");
  if (code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") {
    return conflict("Conflict: the value already exists", { reason: "input.conflict" });
  }
  return null;
}

/**
 * The change cannot be stored: SQLite's "database or disk is full" (SQLITE_FULL), PostgreSQL's class 53 (53100
 * disk_full and the other "insufficient resources"), a file write that found no room (ENOSPC). Nothing was saved
 * (the write's transaction rolled back); reads go on.
 */
function storageFull(error: Error): HttpError | null {
  const code = (error as { code?: unknown }).code;
  if (code === "SQLITE_FULL" || code === "53100" || code === "ENOSPC") {
    return new HttpError(507, "Insufficient Storage: the server's disk is full, so the change was not saved; reads still work", {
      reason: "storage.full",
    });
  }
  if (typeof code === "string" && /^53[0-9A-Z]{3}$/.test(code)) {
    return new HttpError(507, "Insufficient Storage: the database server is out of resources, so the request was not done", {
      reason: "storage.full",
    });
  }
  return null;
}

/** Fastify's own errors (body parsing, limits) as ours; null for anything else. */
function fastifyClientError(error: FastifyError, request: FastifyRequest): HttpError | null {
  switch (error.code) {
    case "FST_REQ_FILE_TOO_LARGE":
      return tooLarge();
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return bodyTooLarge(request.routeOptions?.bodyLimit ?? request.server.initialConfig.bodyLimit ?? 0);
    case "FST_ERR_MAX_PARAM_LENGTH":
      return new HttpError(414, "URI Too Long: a path segment is longer than 500 characters", { reason: "input.uri-too-long" });
    case "FST_ERR_BAD_URL":
      return badRequest("Malformatted request: the URL is not valid", { reason: "input.malformed" });
    case "FST_INVALID_MULTIPART_CONTENT_TYPE":
      return badRequest("Upload file overload max size: the request is not multipart/form-data", { reason: "upload.invalid" });
  }
  const status = error.statusCode;
  if (!status || status < 400 || status >= 500) return null;
  // Malformed JSON, an unsupported content type and the like: the client's fault, said plainly.
  if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE")
    return new HttpError(status, "Unsupported content type", { reason: "input.unsupported-type" });
  const message = error.message.replace(
    /^Body is not valid JSON but content-type is set to 'application\/json'$/,
    "Malformatted JSON body",
  );
  return new HttpError(status, message, { reason: status === 400 ? "input.malformed" : reasonOfStatus(status) });
}

const send = (reply: FastifyReply, error: HttpError) =>
  reply
    .status(error.status)
    .headers(error.headers)
    .send(errorBody(error.status, error.message, error));

/**
 * Anything thrown, as one of our errors: Fastify's own (body parsing, limits) and the database's by their statuses,
 * everything unknown a plain 500 (logged, never shown). The v1 API answers the same failures in its own shape.
 */
export function asHttpError(error: FastifyError | Error, request: FastifyRequest): HttpError {
  const known = error instanceof HttpError ? error : databaseClientError(error);
  if (known) return known;
  const full = storageFull(error);
  if (full) {
    // The host must see why: the database's own message and code.
    request.log.error({ err: error, code: (error as { code?: unknown }).code }, `the database could not store a change: ${error.message}`);
    return full;
  }
  if (error instanceof AssetMissing) {
    // Our fault (the data folder lost a file), said plainly to the client; the host reads where in the log.
    request.log.error({ resourceId: error.resourceId, file: error.file }, "a resource's file is missing from the assets folder");
    return new HttpError(500, `The file of resource ${error.resourceId} is missing from the server's storage`, {
      reason: "resource.file-missing",
    });
  }
  const client = fastifyClientError(error as FastifyError, request);
  if (client) return client;
  request.log.error({ err: error }, "unhandled error");
  return new HttpError(500, "Internal Server Error");
}

/** The error handler of every route but OAuth's and the v1 API's: our error envelope. */
export function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (request.routeOptions?.config?.oauth) return handleOAuthError(error, request, reply);
  return send(reply, asHttpError(error, request));
}

/** An OAuth route's failure: OAuth's shape, whatever was thrown (a 500 is `server_error`, logged). */
function handleOAuthError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof OAuthError) return sendOAuth(reply, error);
  const known = error instanceof HttpError ? error : (databaseClientError(error) ?? fastifyClientError(error as FastifyError, request));
  if (known && known.status < 500) return sendOAuth(reply, asOAuthError(known));
  request.log.error({ err: error }, "unhandled error");
  return reply.status(500).header("cache-control", "no-store").send({ error: "server_error", error_description: "Internal Server Error" });
}
