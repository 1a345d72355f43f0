// Typed HTTP errors and the one error handler that turns anything thrown into the wire's error envelope.
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import type { ZodError } from "zod";
import { AssetMissing } from "./store/files/resource-bytes.js";

/** Where failures that do not fail the request (a file left behind) are reported. */
export interface ErrorLog {
  error(message: string): void;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Extra response headers (Retry-After on a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthenticated = (message = "Missing user in session") => new HttpError(401, message);
export const forbidden = (message = "Access forbidden for current session user") => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooLarge = (message = "Upload file overload max size") => new HttpError(413, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { "retry-after": String(retryAfterSeconds) });

/** "Malformatted post memo request: content: expected string" */
export function describeZodError(prefix: string, error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return prefix;
  const path = issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
  return `${prefix}: ${path}${issue.message}`;
}

export function errorBody(status: number, message: string) {
  return { error: `code=${status}, message=${message}`, message };
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
    return badRequest("Search took too long: narrow it down with more words, a tag or a date range");
  }
  // 54000 program_limit_exceeded: a value too large for an index (PostgreSQL's btree keys stop at ~2.7 KB).
  if (code === "54000") return badRequest("Malformatted request: a value is too long");
  if (code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") {
    return conflict("Conflict: the value already exists");
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
    return new HttpError(507, "Insufficient Storage: the server's disk is full, so the change was not saved; reads still work");
  }
  if (typeof code === "string" && /^53[0-9A-Z]{3}$/.test(code)) {
    return new HttpError(507, "Insufficient Storage: the database server is out of resources, so the request was not done");
  }
  return null;
}

/** Maps Fastify's own errors (body parsing, limits) to our statuses; everything unknown is a plain 500. */
export function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const known = error instanceof HttpError ? error : databaseClientError(error);
  if (known) {
    return reply.status(known.status).headers(known.headers).send(errorBody(known.status, known.message));
  }
  const full = storageFull(error);
  if (full) {
    // The host must see why: the database's own message and code.
    request.log.error({ err: error, code: (error as { code?: unknown }).code }, `the database could not store a change: ${error.message}`);
    return reply.status(full.status).send(errorBody(full.status, full.message));
  }
  if (error instanceof AssetMissing) {
    // Our fault (the data folder lost a file), said plainly to the client; the host reads where in the log.
    request.log.error({ resourceId: error.resourceId, file: error.file }, "a resource's file is missing from the assets folder");
    return reply.status(500).send(errorBody(500, `The file of resource ${error.resourceId} is missing from the server's storage`));
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.code === "FST_REQ_FILE_TOO_LARGE") {
    return reply.status(413).send(errorBody(413, "Upload file overload max size"));
  }
  if (fastifyError.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
    return reply.status(413).send(errorBody(413, "Request body is too large"));
  }
  if (fastifyError.code === "FST_ERR_MAX_PARAM_LENGTH") {
    return reply.status(414).send(errorBody(414, "URI Too Long: a path segment is longer than 500 characters"));
  }
  if (fastifyError.code === "FST_ERR_BAD_URL") {
    return reply.status(400).send(errorBody(400, "Malformatted request: the URL is not valid"));
  }
  if (fastifyError.code === "FST_INVALID_MULTIPART_CONTENT_TYPE") {
    return reply.status(400).send(errorBody(400, "Upload file overload max size: the request is not multipart/form-data"));
  }
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    // Malformed JSON, an unsupported content type and the like: the client's fault, said plainly.
    const message =
      fastifyError.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE"
        ? "Unsupported content type"
        : fastifyError.message.replace(/^Body is not valid JSON but content-type is set to 'application\/json'$/, "Malformatted JSON body");
    return reply.status(status).send(errorBody(status, message));
  }
  request.log.error({ err: error }, "unhandled error");
  return reply.status(500).send(errorBody(500, "Internal Server Error"));
}
