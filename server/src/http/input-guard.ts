// Text no database should see: a NUL character (U+0000). SQLite stores it and PostgreSQL refuses it, so both
// engines refuse it here first, for every text a client sends: the query string, path parameters and the
// Authorization header (before the access hook looks a token up), the parsed body (JSON or text/plain JSON,
// keys included), and multipart field values and file names (checked by http/form-upload.ts, which reads the
// forms of every upload route itself). The answer is a 400 naming the first offending field:
// "Malformatted request: content must not contain NUL characters".
import type { FastifyInstance } from "fastify";
import { badRequest } from "../errors.js";

const NUL = "\u0000";

/** A field name as the message shows it: a NUL in a key is written as `\u0000`. */
const printable = (key: string): string => key.replaceAll(NUL, "\\u0000");

const join = (path: string, key: string): string => (path === "" ? key : `${path}.${key}`);

/**
 * Whether any string or object key in `value` holds a NUL: the walk every body takes, so it builds nothing per
 * element (the path of the field is worked out only for a body that has one). Iterative, as below.
 */
function holdsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === "string") {
      if (current.includes(NUL)) return true;
    } else if (Array.isArray(current)) {
      for (const item of current) stack.push(item);
    } else if (current !== null && typeof current === "object") {
      for (const key in current) {
        if (!Object.hasOwn(current, key)) continue;
        if (key.includes(NUL)) return true;
        stack.push((current as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/**
 * The path of the first string (or object key) holding a NUL, in document order, or null when there is none.
 * Iterative, so a deeply nested body cannot overflow the stack.
 */
export function findNulField(value: unknown, root = ""): string | null {
  if (!holdsNul(value)) return null;
  // [value, its path, whether it is an object key]; pushed in reverse so they pop in document order.
  const stack: Array<[unknown, string, boolean]> = [[value, root, false]];
  while (stack.length > 0) {
    const [current, path, isKey] = stack.pop()!;
    if (typeof current === "string") {
      if (current.includes(NUL)) return isKey ? printable(path) : path === "" ? "body" : path;
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) stack.push([current[index], join(path, String(index)), false]);
    } else if (current !== null && typeof current === "object") {
      const entries = Object.entries(current);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, child] = entries[index]!;
        stack.push([child, join(path, key), false]);
        stack.push([key, join(path, key), true]);
      }
    }
  }
  return null;
}

const nulMessage = (field: string) => `Malformatted request: ${field} must not contain NUL characters`;

/** Throws the 400 when `value` (named `field`) holds a NUL anywhere. */
export function assertNoNul(value: unknown, field: string): void {
  const found = findNulField(value, field);
  if (found !== null) throw badRequest(nulMessage(found), { field: found });
}

/** Registers the checks; call before the access hook, so a token with a NUL is never looked up. */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    assertNoNul(request.query, "");
    assertNoNul(request.params, "");
    const authorization = request.headers.authorization;
    if (authorization !== undefined) assertNoNul(authorization, "Authorization");
  });
  app.addHook("preValidation", async (request) => {
    assertNoNul(request.body, "");
  });
}
