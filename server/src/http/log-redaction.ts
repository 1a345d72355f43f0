// Credentials never reach the server log. A request's URL may carry v0's `?openId=` (or another token in its
// query), its headers a Bearer token or the session cookie, and Fastify's own messages and errors quote URLs.
// The logger's options below redact them wherever a line is written: the request and error serializers, every
// string argument, and the plain data of a logged object (values under a credential's name, strings quoting one).
import type { FastifyRequest, FastifyServerOptions } from "fastify";
import { REFRESH_COOKIE, SESSION_COOKIE } from "@memos/common";
import { SESSION_BEARER_PREFIX } from "../auth/session-bearer.js";

const REDACTED = "[redacted]";

type LoggerOptions = Exclude<NonNullable<FastifyServerOptions["logger"]>, boolean>;
type LogMethodHook = NonNullable<NonNullable<LoggerOptions["hooks"]>["logMethod"]>;

/** Keys the serializers below turn into safe values themselves (a request, a reply, an error). */
const SERIALIZED = new Set(["req", "res", "err"]);

/**
 * A log call's arguments with every string redacted, and the plain data of a logged object: a plugin may log
 * what it was given (@fastify/multipart logs busboy's options, the request's headers among them, at trace).
 */
const logMethod: LogMethodHook = function (this, args, method) {
  const redacted = (args as unknown[]).map((arg, index) => {
    if (typeof arg === "string") return redactSecrets(arg);
    if (index > 0 || !isPlain(arg)) return arg;
    return Object.fromEntries(Object.entries(arg).map(([key, value]) => [key, SERIALIZED.has(key) ? value : redactEntry(key, value)]));
  });
  method.apply(this, redacted as Parameters<typeof method>);
};

/** Names of fields, headers and query parameters that carry a credential: openId, access_token, api_key, Cookie, … */
const SECRET_NAME = /open_?id|token|secret|passw|pwd|api_?key|^key$|auth|session|cookie|credential|signature|^sig$|jwt|recovery_?codes?/i;
/** In a query, OAuth's `code`, `state` and `nonce` too (single sign-on's callback; as field names they mean other things). */
const SECRET_QUERY_NAME = new RegExp(`${SECRET_NAME.source}|^code$|^state$|^nonce$`, "i");

const isSecretName = (name: string): boolean => SECRET_NAME.test(name);

const isSecretQueryName = (name: string): boolean => {
  try {
    return SECRET_QUERY_NAME.test(decodeURIComponent(name));
  } catch {
    return SECRET_QUERY_NAME.test(name);
  }
};

/** `?name=value` and `&name=value` pairs anywhere in a text (a URL, or a message quoting one). */
const QUERY_PAIR = /([?&;])([^=&#?\s"'<>]+)=([^&#\s"'<>]*)/g;
/** The user information of an absolute URL (`https://user:password@host/`). */
const USER_INFO = /(\b[a-z][a-z0-9+.-]*:\/\/)[^/?#@\s"']+@/gi;
const AUTH_SCHEME = /\b(Bearer|Basic|Token)\s+[^\s"',;]+/gi;
/** The session's cookies: ours and the v1 refresh cookie (`memos_refresh`), which holds the same token. */
const SESSION_PAIR = new RegExp(`((?:${SESSION_COOKIE}|${REFRESH_COOKIE})=)[^\\s"';,]+`, "g");
/** A session's bearer token (a v1 sign-in's `access_token`) quoted anywhere, not only after `Bearer`. */
const SESSION_BEARER = new RegExp(`${SESSION_BEARER_PREFIX}[^\\s"';,]+`, "g");
/**
 * A share link's token in a path: the page `/s/<token>`, the API's `/api/share/<token>[/…]`, and v1's
 * `/api/v1/shares/<token>/memo` and `memos/<uid>/shares/<token>` (a share's name as its creation gives it); and an
 * invitation to a space, `/space-invitation/<token>` and `/api/space-invitation/<token>`.
 */
const SHARE_PATH = /(\/s\/|\/api\/share\/|\/shares\/|\/space-invitation\/)[^/?#\s"'<>]+/g;

/** `text` with every credential it quotes replaced by "[redacted]". */
export function redactSecrets(text: string): string {
  return text
    .replace(QUERY_PAIR, (pair, separator: string, name: string, value: string) =>
      value !== "" && isSecretQueryName(name) ? `${separator}${name}=${REDACTED}` : pair,
    )
    .replace(USER_INFO, `$1${REDACTED}@`)
    .replace(AUTH_SCHEME, `$1 ${REDACTED}`)
    .replace(SESSION_PAIR, `$1${REDACTED}`)
    .replace(SESSION_BEARER, REDACTED)
    .replace(SHARE_PATH, `$1${REDACTED}`);
}

/** An object literal or an array: data to walk, unlike a class instance (a request, a stream, a buffer). */
const isPlain = (value: unknown): value is object =>
  Array.isArray(value) || (value !== null && typeof value === "object" && [Object.prototype, null].includes(Object.getPrototypeOf(value)));

/** Strings redacted, and values under a credential's name (`cookie`, `authorization`), a few levels deep. */
function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return redactSecrets(value);
  if (depth > 4 || !isPlain(value)) return value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactEntry(key, item, depth + 1)]));
}

function redactEntry(key: string, value: unknown, depth = 0): unknown {
  return isSecretName(key) && value !== undefined && value !== null && value !== "" ? REDACTED : redactValue(value, depth);
}

function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return redactValue(error);
  const { name, message, stack, cause } = error;
  return redactValue({ ...error, type: name, message, stack, ...(cause === undefined ? {} : { cause: serializeError(cause) }) });
}

function serializeRequest(request: FastifyRequest) {
  return { method: request.method, url: redactSecrets(request.url), host: request.host, remoteAddress: request.ip };
}

/** The server's logger options: `level`, and where the lines go (stdout unless `stream` is given). */
export function loggerOptions(level: string, stream?: { write(line: string): void }): LoggerOptions {
  return {
    level,
    ...(stream ? { stream } : {}),
    // Fastify types each serializer's input and output narrowly; these take what pino hands them.
    serializers: { req: serializeRequest, err: serializeError } as LoggerOptions["serializers"],
    hooks: { logMethod },
  };
}
