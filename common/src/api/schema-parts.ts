// The pieces every request schema is built from (requests.ts, queries.ts): Go's null-as-absent, capped texts, how a
// refused value is echoed, and refinements whose message is the whole 400 message.
import { z } from "zod";
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
