// How a route declares its input and answers: zod schemas of common/src/api, used twice.
//   1. Fastify validates params, query and body with them (the validator compiler below) before the handler
//      runs, so the handler and the service receive typed, already-valid input. A failure is a 400 with the
//      wire's message: "<route's prefix>: <field>: <rule>" for a body or query, the id message for a path id.
//   2. @fastify/swagger turns them into the OpenAPI document (http/openapi.ts).
// `documented(schema)` marks a schema as description only: the service still parses that input itself
// (it must check permissions before it judges the body, as v0 did).
import { MAX_ID } from "@memos/common";
import { dataEnvelope } from "@memos/common/api/responses";
import type { FastifySchemaCompiler } from "fastify";
import { z } from "zod";
import { badRequest, describeZodError, HttpError } from "../errors.js";

const documentedOnly = new WeakSet<object>();
const prefixes = new WeakMap<object, string>();

/** A schema Fastify validates; a failure answers 400 "`prefix`: field: rule". */
export function input<T extends z.ZodType>(schema: T, prefix: string): T {
  const copy = schema.clone() as T;
  prefixes.set(copy, prefix);
  return copy;
}

/** A schema shown in the OpenAPI document only; the service parses this input itself. */
export function documented(schema: z.ZodType): z.ZodType<unknown> {
  const copy = schema.clone();
  documentedOnly.add(copy);
  return copy;
}

/** A refused value as the message echoes it: at most 64 characters. */
const shown = (raw: string): string => (raw.length > 64 ? `${raw.slice(0, 64)}…` : raw);

/** A path id in 1 … 2^31 − 1, in plain decimal digits; anything else is "`label` is not a number: raw". */
export const pathId = (label = "ID") =>
  z
    .string()
    .transform((raw, context) => {
      const value = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
      if (value >= 1 && value <= MAX_ID) return value;
      context.addIssue({ code: "custom", message: `${label} is not a number: ${shown(raw)}`, input: raw });
      return z.NEVER;
    })
    .meta({ description: `1 … ${MAX_ID}`, pattern: "^[0-9]{1,10}$" });

/** Path parameters: their issues carry the whole message ("Memo ID is not a number: abc"). */
export function params<T extends z.ZodRawShape>(shape: T) {
  return z.object(shape);
}

/**
 * Fastify's validator compiler for zod schemas. `null` (Fastify's "no body") is absent, as parseInput treats it.
 * Schemas that are not zod (a plugin's JSON schemas) and documented-only ones pass input through untouched.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  if (!(schema instanceof z.ZodType) || documentedOnly.has(schema)) return (data) => ({ value: data });
  const prefix = prefixes.get(schema);
  return (data) => {
    const result = schema.safeParse(data ?? undefined);
    if (result.success) return { value: result.data };
    const message =
      httpPart === "params" || prefix === undefined
        ? (result.error.issues[0]?.message ?? "Malformatted request")
        : describeZodError(prefix, result.error);
    return { error: badRequest(message) as HttpError & Error };
  };
};

/** The answers of a route: 200 with `data` in the envelope (or another schema), and the error envelope. */
export function answers(ok: z.ZodType, options: { raw?: boolean; contentType?: string; description?: string } = {}) {
  const success = options.raw ? ok : dataEnvelope(ok);
  return {
    200: options.contentType
      ? { description: options.description ?? "OK", content: { [options.contentType]: { schema: success } } }
      : success.meta({ description: options.description ?? "OK" }),
  };
}
