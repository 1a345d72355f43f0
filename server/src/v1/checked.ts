// Our schemas' checks of a v1 input (the caps, the rules of a name or a password), a refusal named as v1 names the
// field: `invalid memo.content: too long…`.
import type { z } from "zod";
import { HttpError } from "../errors.js";
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

/**
 * What `work` answers; a 400 of our services about a field `fields` names (`{ url: "webhook.url" }`: a refused
 * address, an insecure issuer) becomes InvalidArgument naming the v1 field instead.
 */
export async function withV1Fields<T>(fields: Record<string, string>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 400 || error.field === undefined) throw error;
    const named = fields[error.field];
    if (named === undefined) throw error;
    const at = error.message.lastIndexOf(`${error.field}: `);
    throw invalidArgument(named, at < 0 ? error.message : error.message.slice(at + error.field.length + 2));
  }
}
