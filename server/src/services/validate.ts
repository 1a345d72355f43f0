// Parsing of untrusted input into typed values, with the wire's 400 messages.
import { MAX_ID } from "@memos/common";
import type { z } from "zod";
import { badRequest, describeZodError } from "../errors.js";

/** Parses a request body or query; a failure is a 400 naming the field and the rule. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown, message: string): z.infer<T> {
  const result = schema.safeParse(input ?? undefined);
  if (!result.success) throw badRequest(describeZodError(message, result.error));
  return result.data;
}

/** A refused value as the message echoes it: at most 64 characters. */
const shown = (raw: string): string => (raw.length > 64 ? `${raw.slice(0, 64)}…` : raw);

/** An id in 1 … 2^31 − 1 (PostgreSQL's INTEGER, on both engines), written in plain decimal digits. */
function toId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 && value <= MAX_ID ? value : null;
}

/** Path ids: 1 … 2147483647 only ("ID is not a number: abc", and the same for 0, -1 or 2147483648). */
export function parseId(raw: string | undefined, label = "ID"): number {
  const id = raw === undefined ? null : toId(raw);
  if (id === null) throw badRequest(`${label} is not a number: ${shown(raw ?? "")}`);
  return id;
}

/** Optional id query values (`creatorId`, `userId`), where an empty string means absent; the same range as path ids. */
export function parseOptionalId(raw: string | undefined, label: string): number | undefined {
  if (raw === undefined || raw === "") return undefined;
  if (typeof raw !== "string") throw badRequest(`${label} is not a number: ${shown(String(raw))}`);
  const id = toId(raw);
  if (id === null) throw badRequest(`${label} is not a number: ${shown(raw)}`);
  return id;
}
