// The survey of the memos web client spec (MEMOS_WEB_CLIENT_SURVEY=1): it walks the whole journey even where our
// server does not answer yet, to list every v1 call the client makes on the way — the table of
// docs/memos-web-client.md. It is no test: it stands in for the answers we lack, so that the client goes on.
//   - a call our server fails is answered with an empty message of its type (every field at its default) — except
//     ListMemos, asked again without its `filter` and `order_by` first, so that the list shows the journey's memos;
//   - a sign-in answered without an access token gets a stand-in one (the client signs in only with one), and the
//     client's `Authorization: Bearer <stand-in>` is taken off every request, which our session cookie then carries.
// The real answer of each call is what is recorded.
import type { Page, Route } from "@playwright/test";
import { errorOf, type V1CallLog, v1CallName } from "./v1-calls";

const STAND_IN_TOKEN = "survey-stand-in-token";

/** One field of a protobuf message: its tag (number and wire type) and its bytes, the tag included. */
interface WireField {
  number: number;
  wireType: number;
  bytes: Buffer;
  /** The bytes after the tag (after the length, for a length-delimited field). */
  value: Buffer;
}

const valueStart = (message: Buffer, afterTag: number, wireType: number): number =>
  wireType === 2 ? readVarint(message, afterTag)[1] : afterTag;

function readVarint(buffer: Buffer, offset: number): [value: number, next: number] {
  let value = 0;
  let shift = 0;
  let at = offset;
  for (;;) {
    if (at >= buffer.length || shift > 63) throw new Error("survey: not a protobuf message");
    const byte = buffer[at++]!;
    value += (byte & 0x7f) * 2 ** shift;
    if (byte < 0x80) return [value, at];
    shift += 7;
  }
}

function writeVarint(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  while (rest > 0x7f) {
    bytes.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  bytes.push(rest);
  return bytes;
}

/** The top-level fields of a binary protobuf message, in order. */
function wireFields(message: Buffer): WireField[] {
  const fields: WireField[] = [];
  let at = 0;
  while (at < message.length) {
    const start = at;
    const [tag, afterTag] = readVarint(message, at);
    const wireType = tag & 7;
    if (wireType === 0) at = readVarint(message, afterTag)[1];
    else if (wireType === 1) at = afterTag + 8;
    else if (wireType === 5) at = afterTag + 4;
    else if (wireType === 2) {
      const [length, afterLength] = readVarint(message, afterTag);
      at = afterLength + length;
    } else throw new Error(`survey: wire type ${wireType} is not read`);
    if (at > message.length) throw new Error("survey: not a protobuf message");
    fields.push({
      number: Math.floor(tag / 8),
      wireType,
      bytes: message.subarray(start, at),
      value: message.subarray(valueStart(message, afterTag, wireType), at),
    });
  }
  return fields;
}

const withoutFields = (message: Buffer, numbers: number[]): Buffer =>
  Buffer.concat(
    wireFields(message)
      .filter((field) => !numbers.includes(field.number))
      .map((field) => field.bytes),
  );

/** `access_token` (2) and its expiry (3, a Timestamp an hour ahead), as SignInResponse numbers them. */
function standInToken(): Buffer {
  const token = Buffer.from(STAND_IN_TOKEN);
  const expiry = [0x08, ...writeVarint(Math.floor(Date.now() / 1000) + 3600)];
  return Buffer.from([0x12, token.length, ...token, 0x1a, expiry.length, ...expiry]);
}

/**
 * The strings of a binary request (names, filters, orders, field mask paths) and its numbers as `#field=value` (a
 * page size, an enum), nested messages walked, joined by " · "; bytes that are neither (a file's content) are shown
 * by their size.
 */
function readableText(body: Buffer | null): string {
  const strings: string[] = [];
  const walk = (message: Buffer) => {
    for (const field of wireFields(message)) {
      if (field.wireType === 0) strings.push(`#${field.number}=${readVarint(field.value, 0)[0]}`);
      if (field.wireType !== 2) continue;
      const text = field.value.toString("utf8");
      if (isReadable(text)) strings.push(text);
      else if (!tryWalk(walk, field.value)) strings.push(`<${field.value.length} bytes>`);
    }
  };
  if (body) tryWalk(walk, body);
  return strings.join(" · ");
}

/** Text a person can read: no control character but tab and line breaks, and valid UTF-8 (no replacement mark). */
function isReadable(text: string): boolean {
  if (text.length === 0) return false;
  return [...text].every((char) => char !== "\ufffd" && (char.charCodeAt(0) >= 0x20 || "\t\n\r".includes(char)));
}

function tryWalk(walk: (message: Buffer) => void, message: Buffer): boolean {
  try {
    walk(message);
    return true;
  } catch {
    return false;
  }
}

/** ListMemosRequest's `order_by` (4) and `filter` (5). */
const LIST_MEMOS_UNSERVED_FIELDS = [4, 5];

function withoutStandInToken(route: Route): Record<string, string> {
  const headers = { ...route.request().headers() };
  if (headers.authorization === `Bearer ${STAND_IN_TOKEN}`) delete headers.authorization;
  return headers;
}

async function answer(route: Route, log: V1CallLog): Promise<void> {
  const request = route.request();
  const rpc = v1CallName(request.method(), request.url())!;
  const headers = withoutStandInToken(route);
  const response = await route.fetch({ headers });
  const error = await errorOf(response.status(), response.headers()["content-type"] ?? "", () => response.text());
  log.add(rpc, response.status(), error, readableText(request.postDataBuffer()));
  let body = error ? Buffer.alloc(0) : await response.body();
  if (error && rpc === "MemoService/ListMemos") {
    const again = await route.fetch({
      headers,
      postData: withoutFields(request.postDataBuffer() ?? Buffer.alloc(0), LIST_MEMOS_UNSERVED_FIELDS),
    });
    if (again.ok()) body = await again.body();
  }
  if (rpc === "AuthService/SignIn" && !error && !wireFields(body).some((field) => field.number === 2)) {
    body = Buffer.concat([body, standInToken()]);
  }
  await route.fulfill({ status: 200, headers: { "content-type": "application/proto" }, body });
}

/** Stands in for the answers our server lacks (see the file's header); the log records the real ones. */
export async function surveyV1(page: Page, log: V1CallLog): Promise<void> {
  await page.route(/\/memos\.api\.v1\./, (route) => answer(route, log));
  // The event stream and the file routes go on to our server as they are, without the stand-in token.
  await page.route(/\/(api\/v1|file)\//, (route) => route.continue({ headers: withoutStandInToken(route) }));
}
