// Our schemas' checks of a v1 input (the caps, the rules of a name or a password), a refusal named as v1 names the
// field: `invalid memo.content: too long…`.
import type { z } from "zod";
import { invalidArgument } from "./transport/errors.js";

/**
 * `value` as `schema` reads it; a refused field is InvalidArgument naming the v1 field `fields` gives for our field's
 * name (`{ nickname: "user.display_name" }`), or `fallback` for one it does not name.
 */
export function checked<S extends z.ZodType>(schema: S, value: unknown, fields: Record<string, string>, fallback: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw invalidArgument(fields[String(issue?.path[0])] ?? fallback, issue?.message ?? "invalid");
}
