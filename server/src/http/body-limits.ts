// Every JSON body is held to its route's limits (common/src/api/body-limits.ts) as it arrives, so no body costs the
// server more to read than the route's largest valid input: its bytes by Fastify (the route's `bodyLimit`; a
// Content-Length past it is refused before a byte is read), its values and depth by a JsonMeter on the stream, in
// the preParsing hook, which runs after the access hook and before any parser. A breach is a 413 the moment the
// chunk that crosses it arrives; nothing has parsed, walked or validated the body by then.
// Uploaded forms (multipart, read by http/form-upload.ts up to the upload limit) and OAuth's form-encoded bodies
// (read by URLSearchParams, linear in their bytes) are not JSON: only their bytes are limited.
import { Transform, type TransformCallback } from "node:stream";
import { BODY_LIMIT_FLOOR, MAX_BODY_DEPTH } from "@memos/common";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError } from "../errors.js";
import { JsonMeter, type MeterBreach } from "./json-meter.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The most JSON values the route's body may hold (its bytes are the route's `bodyLimit`). */
    bodyValues?: number;
  }
}

function breachError(breach: MeterBreach, limits: { values: number }): HttpError {
  return breach === "depth"
    ? new HttpError(413, `Request body is too large: JSON nested more than ${MAX_BODY_DEPTH} levels deep`, {
        reason: "input.too-large",
        params: { maximum: MAX_BODY_DEPTH },
      })
    : new HttpError(413, `Request body is too large: this request takes at most ${limits.values} JSON values`, {
        reason: "input.too-large",
        params: { maximum: limits.values },
      });
}

/** Whether a body of this request is read as JSON: anything but a form upload or OAuth's form-encoded parameters. */
function readAsJson(request: FastifyRequest): boolean {
  // Connect reads a v1 RPC's body itself, from the raw request, up to its own limit (v1/transport/connect.ts).
  if (request.routeOptions.config.v1?.connect) return false;
  const type = (request.headers["content-type"] ?? "").toLowerCase();
  if (type.startsWith("multipart/")) return false;
  return !(request.routeOptions.config.oauth && type.startsWith("application/x-www-form-urlencoded"));
}

/**
 * Whether a body will be read: one is sent (a length, or chunks) and its length, when given, is within the route's
 * bytes (past them Fastify refuses it before reading a byte, and there is nothing to count).
 */
function bodyWillBeRead(request: FastifyRequest): boolean {
  const length = Number(request.headers["content-length"] ?? 0);
  if (request.headers["transfer-encoding"] === undefined && !(length > 0)) return false;
  return !(length > (request.routeOptions.bodyLimit ?? BODY_LIMIT_FLOOR.bytes));
}

/** Passes the bytes through, counting them with a JsonMeter; fails at the first chunk past a limit. */
function meteredStream(limits: { values: number }): Transform {
  const meter = new JsonMeter({ values: limits.values, depth: MAX_BODY_DEPTH });
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      const breach = meter.feed(chunk);
      done(breach ? breachError(breach, limits) : null, breach ? undefined : chunk);
    },
  });
  // Fastify's body reader listens while it reads; a breach it no longer waits for (the reply has gone) is no crash.
  stream.on("error", () => {});
  return stream;
}

/** Registers the meter on every request with a JSON body, matched to a route or not (the floor's limits then). */
export function registerBodyMeter(app: FastifyInstance): void {
  app.addHook("preParsing", async (request, _reply, payload) => {
    if (!bodyWillBeRead(request) || !readAsJson(request)) return payload;
    const values = request.routeOptions.config?.bodyValues ?? BODY_LIMIT_FLOOR.values;
    return payload.pipe(meteredStream({ values }));
  });
}
