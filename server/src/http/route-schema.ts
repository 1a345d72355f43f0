// How a route's zod schemas (its entry in the route table, common/src/api/routes) are used, twice:
//   1. Fastify validates params, query and body with them (the validator compiler below) before the handler
//      runs, so the handler and the service receive typed, already-valid input. A failure is a 400 with the
//      wire's message: "<entry's message>: <field>: <rule>" for a body or query, the id message for a path id;
//      its reason, field and params come from the first issue (errors.ts zodErrorDetail).
//   2. @fastify/swagger turns them into the OpenAPI document (http/openapi.ts).
// Where v0 judged the caller before the body (404/403 before a 400), the route's registration says so with
// `checkFirst`, a preValidation hook that runs that check before Fastify validates the body.
// An issue flagged WHOLE_MESSAGE (common/src/api/schema-parts.ts: an id of a query string, a v0 message) is the whole message, as a
// path id's is: "userId is not a number: abc".
// `documented(schema)` marks a schema as description only, for input Fastify passes through as it came: an
// uploaded form (read by the handler, http/form-upload.ts).
import { WHOLE_MESSAGE } from "@memos/common";
import type { FastifyRequest, FastifySchemaCompiler } from "fastify";
import { z } from "zod";
import { badRequest, describeZodError, type HttpError, zodErrorDetail } from "../errors.js";

const documentedOnly = new WeakSet<object>();
const prefixes = new WeakMap<object, string>();

/** A schema Fastify validates; a failure answers 400 "`prefix`: field: rule". */
export function withMessage<T extends z.ZodType>(schema: T, prefix: string): T {
  const copy = schema.clone() as T;
  prefixes.set(copy, prefix);
  return copy;
}

/** A schema shown in the OpenAPI document only; Fastify passes this input through untouched. */
export function documented(schema: z.ZodType): z.ZodType<unknown> {
  const copy = schema.clone();
  documentedOnly.add(copy);
  return copy;
}

/**
 * A preValidation hook that runs `check` (a 401, 403 or 404 of the caller) before Fastify validates the body, as
 * v0 judged the caller before the body. `check` gets the path parameters as `paramsSchema` parses them; when they
 * are malformed it is skipped, and the params schema answers its 400 as usual.
 */
export function checkFirst(paramsSchema: z.ZodType | undefined, check: (request: FastifyRequest, params: unknown) => Promise<unknown>) {
  return async (request: FastifyRequest): Promise<void> => {
    if (paramsSchema === undefined) {
      await check(request, {});
      return;
    }
    const parsed = paramsSchema.safeParse(request.params);
    if (parsed.success) await check(request, parsed.data);
  };
}

/** An issue that is the whole 400 message (an id query value's "userId is not a number: abc"): no prefix, no path. */
const carriesWholeMessage = (issue: z.core.$ZodIssue | undefined): boolean =>
  issue?.code === "custom" && issue.params?.[WHOLE_MESSAGE] === true;

/**
 * Fastify's validator compiler for zod schemas. `null` (Fastify's "no body") is absent.
 * Schemas that are not zod (a plugin's JSON schemas) and documented-only ones pass input through untouched.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  if (!(schema instanceof z.ZodType) || documentedOnly.has(schema)) return (data) => ({ value: data });
  const prefix = prefixes.get(schema);
  return (data) => {
    const result = schema.safeParse(data ?? undefined);
    if (result.success) return { value: result.data };
    const issue = result.error.issues[0];
    const message =
      httpPart === "params" || prefix === undefined || carriesWholeMessage(issue)
        ? (issue?.message ?? "Malformatted request")
        : describeZodError(prefix, result.error);
    return { error: badRequest(message, zodErrorDetail(result.error)) as HttpError & Error };
  };
};
