// The functions the route table's schemas are built with: Go's null-as-absent, capped texts, how a refused value is
// echoed, refinements whose message is the whole 400 message, and the ids of a path or a query string. Functions
// only, so that a module the web loads (customized-profile.ts, through instance-settings.ts) builds its schemas with
// them without bringing any other: the schemas several areas share are built once in shared-schemas.ts, and each
// area's own in schemas/<area>.ts, beside routes/<area>.ts (schemas/areas.test.ts keeps them there).
//
// Unknown keys of a body are dropped, so server-only fields (passwordHash, openId, updatedTs, creatorId, id) can never
// come from a client. Every text has a cap (docs/api.md "Input limits"), so no value reaches the database that one
// engine stores and the other refuses (PostgreSQL cannot index a key past ~2.7 KB); the domain rules (username 4–32
// bytes and so on) still give the wire's own messages below these caps. NUL characters are refused for every field
// by the server's input guard, before these schemas run. Answers are described, not re-validated on the way out.
import { z } from "zod";
import { INPUT_LIMITS, MAX_ID } from "./input-limits.js";
import type { ErrorParams, ErrorReason } from "./reasons.js";

/**
 * Go decoding treats `null` for a pointer field as "absent". Typed as the optional field it is (a preprocess
 * would type its input as `unknown`), so `z.input` of a schema is the request a client may send.
 */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === null ? undefined : value), schema.optional()) as unknown as z.ZodOptional<T>;

/** A text of at most `max` characters. */
export const text = (max: number) => z.string().max(max, `too long, maximum length is ${max} characters`);

/** A refused value as a message echoes it: at most 64 characters. */
export const shown = (raw: string): string => (raw.length > 64 ? `${raw.slice(0, 64)}…` : raw);

/**
 * An issue whose message is the whole 400 message: the route's prefix and the field's name are not put before it
 * (the server's validator compiler reads this flag from the issue's `params`).
 */
export const WHOLE_MESSAGE = "wholeMessage";

/**
 * A refinement's failure that is the whole 400 message, v0's own words ("Invalid visibility: X"), with its reason
 * when it has one; `path` names the field for a rule between fields.
 */
export const wholeIssue = (message: string, input: unknown, reason?: ErrorReason, path?: string[], params?: ErrorParams) => ({
  code: "custom" as const,
  message,
  input,
  ...(path && { path }),
  params: { [WHOLE_MESSAGE]: true, ...(reason && { reason }), ...params },
});

/**
 * A refinement's `params` that give its failure a reason (and the values a translation interpolates) in the
 * error envelope; without them a failure is `input.invalid` (server/src/errors.ts zodErrorDetail).
 */
export type ReasonParams = { reason: ErrorReason } & ErrorParams;

/**
 * A path id in 1 … 2^31 − 1, in plain decimal digits; anything else is a 400 "`label` is not a number: raw" (the
 * issue's message is the whole 400 message, as for every path parameter).
 */
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

/** The wire's message for a refused id query value: "userId is not a number: abc", echoing at most 64 characters. */
const refusedQueryId = (label: string, raw: string) => wholeIssue(`${label} is not a number: ${shown(raw)}`, raw);

/**
 * An optional id of a query string: absent or empty is absent; otherwise 1 … 2^31 − 1 in plain decimal digits,
 * as path ids. Anything else is a 400 "`label` is not a number: raw" — a repeated key too (the query parser gives
 * an array; v0 refused it, echoing its values joined by commas). Typed as the optional text it is on the wire.
 */
export const optionalQueryId = (label: string) => {
  const id = z.string().transform((raw, context): number | undefined => {
    if (raw === "") return undefined;
    const value = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
    if (value >= 1 && value <= MAX_ID) return value;
    context.addIssue(refusedQueryId(label, raw));
    return z.NEVER;
  });
  return z.preprocess((value, context) => {
    if (!Array.isArray(value)) return value;
    context.addIssue(refusedQueryId(label, String(value)));
    return z.NEVER;
  }, id.optional()) as unknown as z.ZodOptional<typeof id>;
};

/** Query strings arrive as text; numbers are checked here. */
export const queryInt = (min: number) =>
  text(INPUT_LIMITS.queryValue)
    .regex(/^-?\d+$/, "must be an integer")
    .transform(Number)
    .pipe(z.int().min(min).max(Number.MAX_SAFE_INTEGER));
