// Parsing of untrusted input into typed values, with the wire's 400 messages.
import type { z } from "zod";
import { badRequest, describeZodError } from "../errors.js";

/** Parses a request body or query; a failure is a 400 naming the field and the rule. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown, message: string): z.infer<T> {
  const result = schema.safeParse(input ?? undefined);
  if (!result.success) throw badRequest(describeZodError(message, result.error));
  return result.data;
}

/** Path ids: positive integers only ("ID is not a number: abc"). */
export function parseId(raw: string | undefined, label = "ID"): number {
  if (raw === undefined || !/^\d{1,15}$/.test(raw) || Number(raw) <= 0) {
    throw badRequest(`${label} is not a number: ${raw ?? ""}`);
  }
  return Number(raw);
}

/** Optional integer query values, where an empty string means absent. */
export function parseOptionalId(raw: string | undefined, label: string): number | undefined {
  if (raw === undefined || raw === "") return undefined;
  if (!/^-?\d{1,15}$/.test(raw)) throw badRequest(`${label} is not a number: ${raw}`);
  return Number(raw);
}
