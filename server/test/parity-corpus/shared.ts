// What every theme of the parity corpus shares: the case's shape, the rows a case may point at, and the odd values
// (over-long, NUL, ids outside PostgreSQL's INTEGER range) the themes are built from.
import type { TestUser } from "../factories.js";
import type { TestApp } from "../harness.js";

/** Deterministic letters and digits that do not compress, so PostgreSQL cannot squeeze them into an index. */
export function noise(length: number, seed = 7): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  const chars: string[] = [];
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    chars.push(alphabet[(state >>> 16) % alphabet.length]!);
  }
  return chars.join("");
}

export const MIB = 1024 * 1024;
/** `count` distinct tags: `#t0 #t1 …`. */
export const manyTags = (count: number) => Array.from({ length: count }, (_, i) => `#t${i}`).join(" ");
export const HUGE = noise(MIB);
export const NUL = "a\u0000b";
/** Path and query ids: below, at and past PostgreSQL's INTEGER range, and things that are not integers. */
export const BAD_IDS = [
  "0",
  "-1",
  "2147483647",
  "2147483648",
  "9007199254740993",
  "1e3",
  "abc",
  "1.5",
  "0x10",
  "%00",
  "99999999999999999999",
];
/** The same as JSON numbers (raw JSON text, so 9007199254740993 keeps its digits) and other JSON values. */
export const BAD_BODY_IDS = [
  "0",
  "-1",
  "2147483647",
  "2147483648",
  "9007199254740993",
  "1e3",
  "1.5",
  '"abc"',
  '"1"',
  "null",
  "[1]",
  "{}",
  "1e400",
];

/** One engine's app and the rows every case may point at (created in the same order on both). */
export interface Side {
  t: TestApp;
  host: TestUser;
  member: TestUser;
  memoId: number;
  resourceId: number;
  shortcutId: number;
}

type As = "host" | "member" | "anonymous";
export interface Request {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  url: string;
  as?: As;
  /** A JSON value, sent as application/json. */
  json?: unknown;
  /** Raw body text (application/json unless `contentType` says otherwise). */
  raw?: string;
  contentType?: string;
  headers?: Record<string, string>;
  multipart?: { payload: Buffer; headers: Record<string, string> };
}
export interface Case {
  name: string;
  request: (side: Side) => Request;
  /** The answer both engines must give, when the case pins one. */
  expected?: { status: number; message?: RegExp };
}

export const query = (params: Record<string, string | string[]>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) for (const one of [value].flat()) search.append(key, one);
  return `?${search.toString()}`;
};

/** A multipart form with a text field before the file, as a browser sends extra form fields. */
export function multipartWithField(field: string, value: string, filename: string): { payload: Buffer; headers: Record<string, string> } {
  const boundary = "----memosparity";
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/plain\r\n\r\nhello\r\n` +
      `--${boundary}--\r\n`,
  );
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}
