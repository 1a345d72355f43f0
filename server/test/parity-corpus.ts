// The malformed corpus of parity.test.ts, by theme: over-long text, NUL characters, ids outside PostgreSQL's
// INTEGER range, wrong JSON types, bad enums and odd bodies. Each case builds its request from one engine's rows.
import { multipartBody, PASSWORD, type TestUser } from "./factories.js";
import type { TestApp } from "./harness.js";

/** Deterministic letters and digits that do not compress, so PostgreSQL cannot squeeze them into an index. */
function noise(length: number, seed = 7): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  const chars: string[] = [];
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    chars.push(alphabet[(state >>> 16) % alphabet.length]!);
  }
  return chars.join("");
}

const MIB = 1024 * 1024;
/** `count` distinct tags: `#t0 #t1 …`. */
const manyTags = (count: number) => Array.from({ length: count }, (_, i) => `#t${i}`).join(" ");
export const HUGE = noise(MIB);
const NUL = "a\u0000b";
/** Path and query ids: below, at and past PostgreSQL's INTEGER range, and things that are not integers. */
const BAD_IDS = ["0", "-1", "2147483647", "2147483648", "9007199254740993", "1e3", "abc", "1.5", "0x10", "%00", "99999999999999999999"];
/** The same as JSON numbers (raw JSON text, so 9007199254740993 keeps its digits) and other JSON values. */
const BAD_BODY_IDS = [
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

const query = (params: Record<string, string | string[]>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) for (const one of [value].flat()) search.append(key, one);
  return `?${search.toString()}`;
};

/** A multipart form with a text field before the file, as a browser sends extra form fields. */
function multipartWithField(field: string, value: string, filename: string): { payload: Buffer; headers: Record<string, string> } {
  const boundary = "----memosparity";
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/plain\r\n\r\nhello\r\n` +
      `--${boundary}--\r\n`,
  );
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

// ---------------------------------------------------------------------------------------------------------
// The corpus, by theme. Each case builds its request from one side's rows, so ids match their engine.

const idCases: Case[] = BAD_IDS.flatMap((id): Case[] => {
  const at = (template: string) => template.replaceAll(":id", id);
  // Every id but 2147483647 (in range, just absent) is refused: "ID is not a number: …" (or the NUL rule, for a
  // path's %00; in a query it arrives as the text "%00").
  const expected = id === "2147483647" ? undefined : { status: 400, message: /is not a number: |NUL characters$/ };
  const cases: Case[] = [
    { name: `GET /api/memo/${id}`, request: () => ({ method: "GET", url: at("/api/memo/:id") }) },
    { name: `GET /api/memo/${id} (anonymous)`, request: () => ({ method: "GET", url: at("/api/memo/:id"), as: "anonymous" }) },
    { name: `PATCH /api/memo/${id}`, request: () => ({ method: "PATCH", url: at("/api/memo/:id"), json: { content: "x" } }) },
    { name: `DELETE /api/memo/${id}`, request: () => ({ method: "DELETE", url: at("/api/memo/:id") }) },
    {
      name: `POST /api/memo/${id}/organizer`,
      request: () => ({ method: "POST", url: at("/api/memo/:id/organizer"), json: { pinned: true } }),
    },
    {
      name: `POST /api/memo/${id}/resource`,
      request: (s) => ({ method: "POST", url: at("/api/memo/:id/resource"), json: { resourceId: s.resourceId } }),
    },
    { name: `GET /api/memo/${id}/resource`, request: () => ({ method: "GET", url: at("/api/memo/:id/resource"), as: "anonymous" }) },
    {
      name: `DELETE /api/memo/${id}/resource/:rid`,
      request: (s) => ({ method: "DELETE", url: `${at("/api/memo/:id")}/resource/${s.resourceId}` }),
    },
    { name: `DELETE /api/memo/:mid/resource/${id}`, request: (s) => ({ method: "DELETE", url: at(`/api/memo/${s.memoId}/resource/:id`) }) },
    { name: `GET /api/user/${id}`, request: () => ({ method: "GET", url: at("/api/user/:id"), as: "anonymous" }) },
    { name: `PATCH /api/user/${id}`, request: () => ({ method: "PATCH", url: at("/api/user/:id"), json: { nickname: "x" } }) },
    { name: `DELETE /api/user/${id}`, request: () => ({ method: "DELETE", url: at("/api/user/:id") }) },
    { name: `GET /u/${id}/rss.xml`, request: () => ({ method: "GET", url: at("/u/:id/rss.xml"), as: "anonymous" }) },
    { name: `GET /api/shortcut/${id}`, request: () => ({ method: "GET", url: at("/api/shortcut/:id") }) },
    { name: `PATCH /api/shortcut/${id}`, request: () => ({ method: "PATCH", url: at("/api/shortcut/:id"), json: { title: "x" } }) },
    { name: `DELETE /api/shortcut/${id}`, request: () => ({ method: "DELETE", url: at("/api/shortcut/:id") }) },
    { name: `GET /api/resource/${id}`, request: () => ({ method: "GET", url: at("/api/resource/:id") }) },
    { name: `GET /api/resource/${id}/blob`, request: () => ({ method: "GET", url: at("/api/resource/:id/blob") }) },
    { name: `PATCH /api/resource/${id}`, request: () => ({ method: "PATCH", url: at("/api/resource/:id"), json: { filename: "x.txt" } }) },
    { name: `DELETE /api/resource/${id}`, request: () => ({ method: "DELETE", url: at("/api/resource/:id") }) },
    { name: `GET /o/r/${id}/name`, request: () => ({ method: "GET", url: at("/o/r/:id/hello.txt"), as: "anonymous" }) },
    { name: `GET /h/r/${id}/name`, request: () => ({ method: "GET", url: at("/h/r/:id/hello.txt") }) },
    {
      name: `GET /api/memo?creatorId=${id}`,
      request: () => ({ method: "GET", url: `/api/memo${query({ creatorId: id })}`, as: "anonymous" }),
    },
    { name: `GET /api/memo/all?creatorId=${id}`, request: () => ({ method: "GET", url: `/api/memo/all${query({ creatorId: id })}` }) },
    { name: `GET /api/memo/stats?creatorId=${id}`, request: () => ({ method: "GET", url: `/api/memo/stats${query({ creatorId: id })}` }) },
    { name: `GET /api/memo/amount?userId=${id}`, request: () => ({ method: "GET", url: `/api/memo/amount${query({ userId: id })}` }) },
  ];
  return cases.map((entry) => ({ ...entry, expected }));
});

const bodyIdCases: Case[] = BAD_BODY_IDS.flatMap((id): Case[] => {
  // Out of range, the wire's id message names the field: "…: resourceIdList.0: ID is not a number: 2147483648".
  const expected = ["0", "-1", "2147483648"].includes(id)
    ? { status: 400, message: new RegExp(`: resourceId(List\\.0)?: ID is not a number: ${id}$`) }
    : undefined;
  return [
    {
      name: `POST /api/memo resourceIdList [${id}]`,
      expected,
      request: () => ({ method: "POST", url: "/api/memo", raw: `{"content":"x","resourceIdList":[${id}]}` }),
    },
    {
      name: `PATCH /api/memo resourceIdList [${id}]`,
      expected,
      request: (s) => ({ method: "PATCH", url: `/api/memo/${s.memoId}`, raw: `{"resourceIdList":[${id}]}` }),
    },
    {
      name: `POST /api/memo/:id/resource resourceId ${id}`,
      expected,
      request: (s) => ({ method: "POST", url: `/api/memo/${s.memoId}/resource`, raw: `{"resourceId":${id}}` }),
    },
    {
      name: `POST /api/memo/:id/resource resourceID ${id}`,
      expected,
      request: (s) => ({ method: "POST", url: `/api/memo/${s.memoId}/resource`, raw: `{"resourceID":${id}}` }),
    },
    {
      name: `POST /api/memo createdTs ${id}`,
      request: () => ({ method: "POST", url: "/api/memo", raw: `{"content":"x","createdTs":${id}}` }),
    },
  ];
});

const longCases: Case[] = [
  {
    name: "sign-in with a 1 MiB username",
    expected: { status: 400, message: /^Malformatted signin request: username: too long/ },
    request: () => ({ method: "POST", url: "/api/auth/signin", as: "anonymous", json: { username: HUGE, password: PASSWORD } }),
  },
  {
    name: "sign-in with a 1 MiB password",
    expected: { status: 400, message: /^Malformatted signin request: password: too long/ },
    request: () => ({ method: "POST", url: "/api/auth/signin", as: "anonymous", json: { username: "host", password: HUGE } }),
  },
  {
    name: "sign-in with a 3000-byte username",
    request: () => ({ method: "POST", url: "/api/auth/signin", as: "anonymous", json: { username: noise(3000), password: PASSWORD } }),
  },
  {
    name: "sign-up with a 1 MiB username",
    expected: { status: 400, message: /^Malformatted signup request: username: too long/ },
    request: () => ({ method: "POST", url: "/api/auth/signup", as: "anonymous", json: { username: HUGE, password: PASSWORD } }),
  },
  {
    name: "sign-up with a 1 MiB password",
    request: () => ({ method: "POST", url: "/api/auth/signup", as: "anonymous", json: { username: "newbie", password: HUGE } }),
  },
  {
    name: "user create with a 1 MiB username",
    request: () => ({ method: "POST", url: "/api/user", json: { username: HUGE, password: PASSWORD } }),
  },
  {
    name: "user create with a 1 MiB password",
    request: () => ({ method: "POST", url: "/api/user", json: { username: "longpass", password: HUGE } }),
  },
  {
    name: "user create with a 1 MiB nickname",
    expected: { status: 400, message: /: nickname: too long/ },
    request: () => ({ method: "POST", url: "/api/user", json: { username: "longnick", password: PASSWORD, nickname: HUGE } }),
  },
  {
    name: "user create with a 1 MiB email",
    request: () => ({ method: "POST", url: "/api/user", json: { username: "longmail", password: PASSWORD, email: `${HUGE}@x.io` } }),
  },
  {
    name: "user patch with a 1 MiB username",
    request: (s) => ({ method: "PATCH", url: `/api/user/${s.member.user.id}`, json: { username: HUGE } }),
  },
  {
    name: "user patch with a 1 MiB nickname",
    request: (s) => ({ method: "PATCH", url: `/api/user/${s.member.user.id}`, json: { nickname: HUGE } }),
  },
  {
    name: "user patch with a 1 MiB password",
    request: (s) => ({ method: "PATCH", url: `/api/user/${s.member.user.id}`, json: { password: HUGE } }),
  },
  {
    name: "user patch with a 1 MiB email",
    request: (s) => ({ method: "PATCH", url: `/api/user/${s.member.user.id}`, json: { email: HUGE } }),
  },
  {
    name: "user setting with a 1 MiB value",
    request: () => ({ method: "POST", url: "/api/user/setting", json: { key: "locale", value: HUGE } }),
  },
  {
    name: "user setting with a 1 MiB key",
    request: () => ({ method: "POST", url: "/api/user/setting", json: { key: HUGE, value: '"en"' } }),
  },
  {
    name: "memo of exactly 1 MiB",
    expected: { status: 200 },
    request: () => ({ method: "POST", url: "/api/memo", json: { content: "memo ".repeat(MIB / 5).padEnd(MIB, "m") } }),
  },
  {
    name: "memo of 1 MiB + 1 byte",
    expected: { status: 400, message: /: content: content is too long/ },
    request: () => ({ method: "POST", url: "/api/memo", json: { content: `${HUGE}y` } }),
  },
  {
    name: "memo patch of 1 MiB + 1 byte",
    request: (s) => ({ method: "PATCH", url: `/api/memo/${s.memoId}`, json: { content: `${HUGE}y` } }),
  },
  // Past 256 characters a `#run` is text, not a tag: stored, never indexed (PostgreSQL's index could not hold it).
  {
    name: "memo with a 3000-byte tag",
    expected: { status: 200 },
    request: () => ({ method: "POST", url: "/api/memo", json: { content: `#${noise(3000)}` } }),
  },
  {
    name: "memo with a 300-character tag",
    request: () => ({ method: "POST", url: "/api/memo", json: { content: `#${"é".repeat(300)}` } }),
  },
  {
    name: "memo with a 256-character tag",
    expected: { status: 200 },
    request: () => ({ method: "POST", url: "/api/memo", json: { content: `ok #${noise(256)}` } }),
  },
  // A memo holds at most 1,000 tags; SQLite answered 500 past ~16,380 (one INSERT binding every tag), PostgreSQL 200.
  {
    name: "memo with 1,000 tags",
    expected: { status: 200 },
    request: () => ({ method: "POST", url: "/api/memo", json: { content: manyTags(1000) } }),
  },
  {
    name: "memo with 1,001 tags",
    expected: { status: 400, message: /: content: content has too many tags, maximum is 1000$/ },
    request: () => ({ method: "POST", url: "/api/memo", json: { content: manyTags(1001) } }),
  },
  {
    name: "memo with 16,384 tags",
    expected: { status: 400, message: /: content: content has too many tags/ },
    request: () => ({ method: "POST", url: "/api/memo", json: { content: manyTags(16_384) } }),
  },
  {
    name: "memo patch with 16,384 tags",
    expected: { status: 400, message: /: content: content has too many tags/ },
    request: (s) => ({ method: "PATCH", url: `/api/memo/${s.memoId}`, json: { content: manyTags(16_384) } }),
  },
  {
    name: "memo patch with a 3000-byte tag",
    expected: { status: 200 },
    request: (s) => ({ method: "PATCH", url: `/api/memo/${s.memoId}`, json: { content: `#${noise(3000)}` } }),
  },
  { name: "tag of 1 MiB", request: () => ({ method: "POST", url: "/api/tag", json: { name: HUGE } }) },
  {
    name: "tag of 3000 bytes",
    expected: { status: 400, message: /: name: too long/ },
    request: () => ({ method: "POST", url: "/api/tag", json: { name: noise(3000) } }),
  },
  { name: "tag delete of 400 characters", request: () => ({ method: "DELETE", url: `/api/tag/${"t".repeat(400)}` }) },
  {
    name: "tag delete of 600 characters",
    expected: { status: 414 },
    request: () => ({ method: "DELETE", url: `/api/tag/${"t".repeat(600)}` }),
  },
  { name: "bad percent-encoding in a path", request: () => ({ method: "DELETE", url: "/api/tag/%E0%A4%A" }) },
  { name: "bad percent-encoding in an id", request: () => ({ method: "GET", url: "/api/memo/%E0%A4%A" }) },
  { name: "bad percent-encoding in a query", request: () => ({ method: "GET", url: "/api/memo?text=%E0%A4%A" }) },
  { name: "shortcut title of 1 MiB", request: () => ({ method: "POST", url: "/api/shortcut", json: { title: HUGE, payload: "[]" } }) },
  {
    name: "shortcut payload of 1 MiB",
    request: () => ({ method: "POST", url: "/api/shortcut", json: { title: "t", payload: JSON.stringify([HUGE]) } }),
  },
  {
    name: "shortcut patch title of 1 MiB",
    request: (s) => ({ method: "PATCH", url: `/api/shortcut/${s.shortcutId}`, json: { title: HUGE } }),
  },
  {
    name: "resource filename of 1 MiB",
    request: () => ({ method: "POST", url: "/api/resource", json: { filename: HUGE, externalLink: "https://example.com/a" } }),
  },
  {
    name: "resource link of 1 MiB",
    request: () => ({ method: "POST", url: "/api/resource", json: { filename: "a", externalLink: `https://example.com/${HUGE}` } }),
  },
  {
    name: "resource type of 1 MiB",
    request: () => ({ method: "POST", url: "/api/resource", json: { filename: "a", externalLink: "https://example.com/a", type: HUGE } }),
  },
  {
    name: "resource rename to 1 MiB",
    request: (s) => ({ method: "PATCH", url: `/api/resource/${s.resourceId}`, json: { filename: HUGE } }),
  },
  {
    name: "upload with a 1 MiB filename",
    request: () => ({
      method: "POST",
      url: "/api/resource/blob",
      multipart: multipartBody("file", "f".repeat(MIB), "text/plain", Buffer.from("x")),
    }),
  },
  {
    name: "upload with a 1 MiB type",
    request: () => ({
      method: "POST",
      url: "/api/resource/blob",
      multipart: multipartBody("file", "f.txt", `text/${"p".repeat(MIB)}`, Buffer.from("x")),
    }),
  },
  {
    name: "system setting name of 1 MiB",
    expected: { status: 400, message: /: name: too long/ },
    request: () => ({ method: "POST", url: "/api/system/setting", json: { name: HUGE, value: "true" } }),
  },
  {
    name: "system setting value of 1 MiB + 1",
    request: () => ({ method: "POST", url: "/api/system/setting", json: { name: "additionalStyle", value: JSON.stringify(`${HUGE}`) } }),
  },
  {
    name: "system setting description of 1 MiB",
    request: () => ({ method: "POST", url: "/api/system/setting", json: { name: "allowSignUp", value: "false", description: HUGE } }),
  },
  { name: "memo list tag of 1 MiB", request: () => ({ method: "GET", url: `/api/memo${query({ tag: HUGE })}` }) },
  {
    name: "memo list text of 1 MiB",
    expected: { status: 400, message: /: text: too long/ },
    request: () => ({ method: "GET", url: `/api/memo${query({ text: HUGE })}` }),
  },
  {
    name: "memo list text of 256 characters",
    expected: { status: 200 },
    request: () => ({ method: "GET", url: `/api/memo/all${query({ text: "a".repeat(256) })}`, as: "anonymous" }),
  },
  {
    name: "memo list text of 257 characters",
    expected: { status: 400, message: /: text: too long, maximum length is 256 characters$/ },
    request: () => ({ method: "GET", url: `/api/memo/all${query({ text: "a".repeat(257) })}`, as: "anonymous" }),
  },
  { name: "memo list regex of 1 MiB", request: () => ({ method: "GET", url: `/api/memo${query({ text: `^${HUGE}` })}` }) },
  { name: "memo list visibility of 1 MiB", request: () => ({ method: "GET", url: `/api/memo${query({ visibility: HUGE })}` }) },
  {
    name: "memo list creatorId of 1 MiB",
    expected: { status: 400, message: /^creatorId is not a number: 1{64}…$/ },
    request: () => ({ method: "GET", url: `/api/memo${query({ creatorId: "1".repeat(MIB) })}` }),
  },
  { name: "memo list openId of 1 MiB", request: () => ({ method: "GET", url: `/api/memo${query({ openId: HUGE })}`, as: "anonymous" }) },
  { name: "explore limit of 30 digits", request: () => ({ method: "GET", url: `/api/memo/all${query({ limit: "9".repeat(30) })}` }) },
  { name: "explore offset of 30 digits", request: () => ({ method: "GET", url: `/api/memo/all${query({ offset: "9".repeat(30) })}` }) },
  { name: "explore offset 2^53 - 1", request: () => ({ method: "GET", url: `/api/memo/all${query({ offset: "9007199254740991" })}` }) },
  { name: "explore offset 2^63", request: () => ({ method: "GET", url: `/api/memo/all${query({ offset: "9223372036854775808" })}` }) },
  { name: "explore limit 2^31", request: () => ({ method: "GET", url: `/api/memo/all${query({ limit: "2147483648" })}` }) },
  {
    name: "explore from/to at 2^53 - 1",
    request: () => ({ method: "GET", url: `/api/memo/all${query({ from: "0", to: "9007199254740991" })}` }),
  },
  { name: "explore from 2^63", request: () => ({ method: "GET", url: `/api/memo/all${query({ from: "9223372036854775808" })}` }) },
];

const nulCases: Case[] = (<Case[]>[
  { name: "NUL in memo content", request: () => ({ method: "POST", url: "/api/memo", json: { content: NUL } }) },
  { name: "NUL in patched memo content", request: (s) => ({ method: "PATCH", url: `/api/memo/${s.memoId}`, json: { content: NUL } }) },
  { name: "NUL in a memo tag", request: () => ({ method: "POST", url: "/api/memo", json: { content: `#${NUL}` } }) },
  {
    name: "NUL in sign-in username",
    request: () => ({ method: "POST", url: "/api/auth/signin", as: "anonymous", json: { username: NUL, password: PASSWORD } }),
  },
  {
    name: "NUL in sign-in password",
    request: () => ({ method: "POST", url: "/api/auth/signin", as: "anonymous", json: { username: "host", password: NUL } }),
  },
  {
    name: "NUL in sign-up username",
    request: () => ({ method: "POST", url: "/api/auth/signup", as: "anonymous", json: { username: `nul${NUL}`, password: PASSWORD } }),
  },
  {
    name: "NUL in created username",
    request: () => ({ method: "POST", url: "/api/user", json: { username: `nul${NUL}`, password: PASSWORD } }),
  },
  {
    name: "NUL in created nickname",
    request: () => ({ method: "POST", url: "/api/user", json: { username: "nulnick", password: PASSWORD, nickname: NUL } }),
  },
  {
    name: "NUL in created email",
    request: () => ({ method: "POST", url: "/api/user", json: { username: "nulmail", password: PASSWORD, email: `a${NUL}@x.io` } }),
  },
  { name: "NUL in patched nickname", request: (s) => ({ method: "PATCH", url: `/api/user/${s.member.user.id}`, json: { nickname: NUL } }) },
  {
    name: "NUL in patched username",
    request: (s) => ({ method: "PATCH", url: `/api/user/${s.member.user.id}`, json: { username: `nul${NUL}` } }),
  },
  {
    name: "NUL in patched password",
    request: (s) => ({ method: "PATCH", url: `/api/user/${s.member.user.id}`, json: { password: `pass${NUL}` } }),
  },
  {
    name: "NUL in a user setting value",
    request: () => ({ method: "POST", url: "/api/user/setting", json: { key: "locale", value: `"e${"\u0000"}n"` } }),
  },
  { name: "NUL in a tag name", request: () => ({ method: "POST", url: "/api/tag", json: { name: NUL } }) },
  { name: "NUL in a deleted tag name", request: () => ({ method: "DELETE", url: "/api/tag/a%00b" }) },
  { name: "NUL in a shortcut title", request: () => ({ method: "POST", url: "/api/shortcut", json: { title: NUL, payload: "[]" } }) },
  {
    name: "NUL in a shortcut payload",
    request: () => ({ method: "POST", url: "/api/shortcut", json: { title: "t", payload: `["${"\u0000"}"]` } }),
  },
  {
    name: "NUL in a patched shortcut title",
    request: (s) => ({ method: "PATCH", url: `/api/shortcut/${s.shortcutId}`, json: { title: NUL } }),
  },
  {
    name: "NUL in a resource filename",
    request: () => ({ method: "POST", url: "/api/resource", json: { filename: NUL, externalLink: "https://example.com/a" } }),
  },
  {
    name: "NUL in a resource link",
    request: () => ({ method: "POST", url: "/api/resource", json: { filename: "a", externalLink: `https://example.com/${NUL}` } }),
  },
  {
    name: "NUL in a resource type",
    request: () => ({ method: "POST", url: "/api/resource", json: { filename: "a", externalLink: "https://example.com/a", type: NUL } }),
  },
  {
    name: "NUL in a resource rename",
    request: (s) => ({ method: "PATCH", url: `/api/resource/${s.resourceId}`, json: { filename: NUL } }),
  },
  {
    name: "NUL in an uploaded file name",
    request: () => ({ method: "POST", url: "/api/resource/blob", multipart: multipartBody("file", NUL, "text/plain", Buffer.from("x")) }),
  },
  {
    name: "NUL in a multipart field value",
    request: () => ({ method: "POST", url: "/api/resource/blob", multipart: multipartWithField("note", NUL, "f.txt") }),
  },
  { name: "NUL in a file route name", request: (s) => ({ method: "GET", url: `/o/r/${s.resourceId}/a%00b`, as: "anonymous" }) },
  {
    name: "NUL in a system setting name",
    request: () => ({ method: "POST", url: "/api/system/setting", json: { name: NUL, value: "true" } }),
  },
  {
    name: "NUL in a system setting value",
    request: () => ({
      method: "POST",
      url: "/api/system/setting",
      json: { name: "additionalStyle", value: JSON.stringify(NUL).replace("\\u0000", "\u0000") },
    }),
  },
  {
    name: "NUL in a system setting description",
    request: () => ({ method: "POST", url: "/api/system/setting", json: { name: "allowSignUp", value: "false", description: NUL } }),
  },
  { name: "NUL in a JSON key", request: () => ({ method: "POST", url: "/api/memo", json: { content: "x", [NUL]: "y" } }) },
  {
    name: "NUL deep in a JSON value",
    request: () => ({ method: "POST", url: "/api/memo", json: { content: "x", extra: [{ deep: [NUL] }] } }),
  },
  {
    name: "NUL in a text/plain JSON body",
    request: () => ({ method: "POST", url: "/api/memo", raw: JSON.stringify({ content: NUL }), contentType: "text/plain" }),
  },
  { name: "NUL in the text query", request: () => ({ method: "GET", url: `/api/memo${query({ text: NUL })}` }) },
  { name: "NUL in a regex text query", request: () => ({ method: "GET", url: `/api/memo/all${query({ text: `^${NUL}` })}` }) },
  { name: "NUL in the tag query", request: () => ({ method: "GET", url: `/api/memo/all${query({ tag: NUL })}` }) },
  { name: "NUL in the visibility query", request: () => ({ method: "GET", url: `/api/memo${query({ visibility: NUL })}` }) },
  { name: "NUL in the rowStatus query", request: () => ({ method: "GET", url: `/api/memo${query({ rowStatus: NUL })}` }) },
  { name: "NUL in an unknown query key", request: () => ({ method: "GET", url: `/api/memo${query({ other: NUL })}` }) },
  { name: "NUL in the openId query", request: () => ({ method: "GET", url: `/api/user/me${query({ openId: NUL })}`, as: "anonymous" }) },
  {
    name: "NUL in a bearer token",
    request: () => ({ method: "GET", url: "/api/memo/all", as: "anonymous", headers: { authorization: `Bearer ${NUL}` } }),
  },
  {
    name: "NUL in the openId query of a public route",
    request: () => ({ method: "GET", url: `/api/memo/all${query({ openId: NUL })}`, as: "anonymous" }),
  },
]).map((entry) => ({ ...entry, expected: { status: 400, message: /^Malformatted request: .+ must not contain NUL characters$/ } }));

const typeCases: Case[] = [
  ...["[]", "42", '"text"', "null", "true", '[{"content":"x"}]'].flatMap((raw): Case[] => [
    { name: `sign-in body ${raw}`, request: () => ({ method: "POST", url: "/api/auth/signin", as: "anonymous", raw }) },
    { name: `sign-up body ${raw}`, request: () => ({ method: "POST", url: "/api/auth/signup", as: "anonymous", raw }) },
    { name: `user create body ${raw}`, request: () => ({ method: "POST", url: "/api/user", raw }) },
    { name: `user patch body ${raw}`, request: (s) => ({ method: "PATCH", url: `/api/user/${s.member.user.id}`, raw }) },
    { name: `user setting body ${raw}`, request: () => ({ method: "POST", url: "/api/user/setting", raw }) },
    { name: `memo create body ${raw}`, request: () => ({ method: "POST", url: "/api/memo", raw }) },
    { name: `memo patch body ${raw}`, request: (s) => ({ method: "PATCH", url: `/api/memo/${s.memoId}`, raw }) },
    { name: `memo organizer body ${raw}`, request: (s) => ({ method: "POST", url: `/api/memo/${s.memoId}/organizer`, raw }) },
    { name: `memo resource body ${raw}`, request: (s) => ({ method: "POST", url: `/api/memo/${s.memoId}/resource`, raw }) },
    { name: `shortcut body ${raw}`, request: () => ({ method: "POST", url: "/api/shortcut", raw }) },
    { name: `shortcut patch body ${raw}`, request: (s) => ({ method: "PATCH", url: `/api/shortcut/${s.shortcutId}`, raw }) },
    { name: `resource body ${raw}`, request: () => ({ method: "POST", url: "/api/resource", raw }) },
    { name: `resource patch body ${raw}`, request: (s) => ({ method: "PATCH", url: `/api/resource/${s.resourceId}`, raw }) },
    { name: `tag body ${raw}`, request: () => ({ method: "POST", url: "/api/tag", raw }) },
    { name: `system setting body ${raw}`, request: () => ({ method: "POST", url: "/api/system/setting", raw }) },
  ]),
  {
    name: "sign-in username as an object",
    request: () => ({ method: "POST", url: "/api/auth/signin", as: "anonymous", json: { username: { $ne: 1 }, password: PASSWORD } }),
  },
  {
    name: "sign-in password as a number",
    request: () => ({ method: "POST", url: "/api/auth/signin", as: "anonymous", json: { username: "host", password: 1234 } }),
  },
  {
    name: "sign-up role as a number",
    request: () => ({
      method: "POST",
      url: "/api/auth/signup",
      as: "anonymous",
      json: { username: "newbie", password: PASSWORD, role: 1 },
    }),
  },
  {
    name: "user create nickname as an array",
    request: () => ({ method: "POST", url: "/api/user", json: { username: "arrays", password: PASSWORD, nickname: ["a"] } }),
  },
  {
    name: "user patch resetOpenId as a string",
    request: (s) => ({ method: "PATCH", url: `/api/user/${s.member.user.id}`, json: { resetOpenId: "yes" } }),
  },
  {
    name: "user patch email as an object",
    request: (s) => ({ method: "PATCH", url: `/api/user/${s.member.user.id}`, json: { email: { a: 1 } } }),
  },
  {
    name: "user setting value as an object",
    request: () => ({ method: "POST", url: "/api/user/setting", json: { key: "locale", value: { v: "en" } } }),
  },
  { name: "user setting key as a number", request: () => ({ method: "POST", url: "/api/user/setting", json: { key: 1, value: '"en"' } }) },
  { name: "memo content as a number", request: () => ({ method: "POST", url: "/api/memo", json: { content: 5 } }) },
  { name: "memo content as an object", request: () => ({ method: "POST", url: "/api/memo", json: { content: { text: "x" } } }) },
  { name: "memo content as an array", request: () => ({ method: "POST", url: "/api/memo", json: { content: ["x"] } }) },
  {
    name: "memo resourceIdList as a string",
    request: () => ({ method: "POST", url: "/api/memo", json: { content: "x", resourceIdList: "1" } }),
  },
  {
    name: "memo resourceIdList of arrays",
    request: () => ({ method: "POST", url: "/api/memo", json: { content: "x", resourceIdList: [[1]] } }),
  },
  {
    name: "memo resourceIdList of 1001 ids",
    request: () => ({
      method: "POST",
      url: "/api/memo",
      json: { content: "x", resourceIdList: Array.from({ length: 1001 }, (_, i) => i + 1) },
    }),
  },
  { name: "memo createdTs as a string", request: () => ({ method: "POST", url: "/api/memo", json: { content: "x", createdTs: "now" } }) },
  {
    name: "memo createdTs past year 9999",
    request: () => ({ method: "POST", url: "/api/memo", json: { content: "x", createdTs: 253402300800 } }),
  },
  {
    name: "memo createdTs 2^63",
    request: () => ({ method: "POST", url: "/api/memo", raw: '{"content":"x","createdTs":9223372036854775808}' }),
  },
  {
    name: "memo patch createdTs -2^63",
    request: (s) => ({ method: "PATCH", url: `/api/memo/${s.memoId}`, raw: '{"createdTs":-9223372036854775809}' }),
  },
  { name: "memo patch rowStatus as a number", request: (s) => ({ method: "PATCH", url: `/api/memo/${s.memoId}`, json: { rowStatus: 1 } }) },
  {
    name: "organizer pinned as a string",
    request: (s) => ({ method: "POST", url: `/api/memo/${s.memoId}/organizer`, json: { pinned: "true" } }),
  },
  {
    name: "shortcut title as an object",
    request: () => ({ method: "POST", url: "/api/shortcut", json: { title: { a: 1 }, payload: "[]" } }),
  },
  { name: "shortcut payload as an array", request: () => ({ method: "POST", url: "/api/shortcut", json: { title: "t", payload: [] } }) },
  {
    name: "resource filename as an object",
    request: () => ({ method: "POST", url: "/api/resource", json: { filename: {}, externalLink: "https://example.com" } }),
  },
  {
    name: "resource rename as a number",
    request: (s) => ({ method: "PATCH", url: `/api/resource/${s.resourceId}`, json: { filename: 5 } }),
  },
  { name: "tag name as an array", request: () => ({ method: "POST", url: "/api/tag", json: { name: ["a"] } }) },
  {
    name: "system setting value as an object",
    request: () => ({ method: "POST", url: "/api/system/setting", json: { name: "allowSignUp", value: { on: true } } }),
  },
  { name: "malformed JSON", request: () => ({ method: "POST", url: "/api/memo", raw: '{"content":' }) },
  {
    name: "deeply nested JSON",
    request: () => ({ method: "POST", url: "/api/memo", raw: `{"content":"x","deep":${"[".repeat(100_000)}${"]".repeat(100_000)}}` }),
  },
  { name: "__proto__ key", request: () => ({ method: "POST", url: "/api/memo", raw: '{"__proto__":{"content":"x"}}' }) },
  {
    name: "unsupported content type",
    request: () => ({ method: "POST", url: "/api/memo", raw: "<memo/>", contentType: "application/xml" }),
  },
  { name: "JSON to the upload route", request: () => ({ method: "POST", url: "/api/resource/blob", json: { file: "x" } }) },
];

const enumCases: Case[] = [
  {
    name: "sign-up role ROOT",
    request: () => ({
      method: "POST",
      url: "/api/auth/signup",
      as: "anonymous",
      json: { username: "newbie", password: PASSWORD, role: "ROOT" },
    }),
  },
  {
    name: "user create role GOD",
    request: () => ({ method: "POST", url: "/api/user", json: { username: "godlike", password: PASSWORD, role: "GOD" } }),
  },
  {
    name: "user patch rowStatus DELETED",
    request: (s) => ({ method: "PATCH", url: `/api/user/${s.member.user.id}`, json: { rowStatus: "DELETED" } }),
  },
  {
    name: "user setting key unknown",
    request: () => ({ method: "POST", url: "/api/user/setting", json: { key: "colour", value: '"red"' } }),
  },
  {
    name: "user setting locale unknown",
    request: () => ({ method: "POST", url: "/api/user/setting", json: { key: "locale", value: '"klingon"' } }),
  },
  { name: "memo visibility SECRET", request: () => ({ method: "POST", url: "/api/memo", json: { content: "x", visibility: "SECRET" } }) },
  {
    name: "memo patch rowStatus DELETED",
    request: (s) => ({ method: "PATCH", url: `/api/memo/${s.memoId}`, json: { rowStatus: "DELETED" } }),
  },
  {
    name: "shortcut rowStatus PINNED",
    request: (s) => ({ method: "PATCH", url: `/api/shortcut/${s.shortcutId}`, json: { rowStatus: "PINNED" } }),
  },
  {
    name: "system setting name unknown",
    request: () => ({ method: "POST", url: "/api/system/setting", json: { name: "telemetry", value: "true" } }),
  },
  {
    name: "system setting locale unknown",
    request: () => ({ method: "POST", url: "/api/system/setting", json: { name: "customizedProfile", value: '{"locale":"xx"}' } }),
  },
  { name: "list visibility SECRET", request: () => ({ method: "GET", url: `/api/memo${query({ visibility: "SECRET" })}` }) },
  { name: "list rowStatus DELETED", request: () => ({ method: "GET", url: `/api/memo${query({ rowStatus: "DELETED" })}` }) },
  { name: "list pinned maybe", request: () => ({ method: "GET", url: `/api/memo${query({ pinned: "maybe" })}` }) },
  { name: "list type ORPHAN", request: () => ({ method: "GET", url: `/api/memo${query({ type: "ORPHAN" })}` }) },
  { name: "list limit -1", request: () => ({ method: "GET", url: `/api/memo${query({ limit: "-1" })}` }) },
  { name: "list offset 1.5", request: () => ({ method: "GET", url: `/api/memo${query({ offset: "1.5" })}` }) },
  { name: "list limit ten", request: () => ({ method: "GET", url: `/api/memo${query({ limit: "ten" })}` }) },
  { name: "list from after to", request: () => ({ method: "GET", url: `/api/memo${query({ from: "10", to: "5" })}` }) },
  { name: "list from abc", request: () => ({ method: "GET", url: `/api/memo${query({ from: "abc" })}` }) },
  {
    name: "list empty values",
    request: () => ({ method: "GET", url: `/api/memo${query({ creatorId: "", limit: "", tag: "", text: "" })}` }),
  },
  { name: "list repeated creatorId", request: () => ({ method: "GET", url: `/api/memo${query({ creatorId: ["1", "2"] })}` }) },
  { name: "list repeated tag", request: () => ({ method: "GET", url: `/api/memo${query({ tag: ["a", "b"] })}` }) },
  { name: "list repeated limit", request: () => ({ method: "GET", url: `/api/memo/all${query({ limit: ["1", "2"] })}` }) },
  { name: "list unknown query keys", request: () => ({ method: "GET", url: `/api/memo${query({ foo: "bar", "a[b]": "c" })}` }) },
  { name: "list bad regex", request: () => ({ method: "GET", url: `/api/memo${query({ text: "^(" })}` }) },
  { name: "list regex PostgreSQL cannot run", request: () => ({ method: "GET", url: `/api/memo${query({ text: "^\\p{L}+" })}` }) },
  { name: "list LIKE wildcards", request: () => ({ method: "GET", url: `/api/memo${query({ text: "%_\\" })}` }) },
  // The search box's words and phrases (search=): both engines answer each the same.
  { name: "search two words", request: () => ({ method: "GET", url: `/api/memo${query({ search: "hello world" })}` }) },
  {
    name: "search a quoted phrase",
    request: () => ({ method: "GET", url: `/api/memo/all${query({ search: '"hello world" x' })}`, as: "anonymous" }),
  },
  { name: "search an unbalanced quote", request: () => ({ method: "GET", url: `/api/memo${query({ search: 'a "b c' })}` }) },
  { name: "search wildcards and short words", request: () => ({ method: "GET", url: `/api/memo${query({ search: "%_\\ 本 ab" })}` }) },
  {
    name: "search of 9 words",
    expected: { status: 400, message: /at most 8 words or phrases/ },
    request: () => ({ method: "GET", url: `/api/memo${query({ search: "a b c d e f g h i" })}` }),
  },
  { name: "search bad regex", request: () => ({ method: "GET", url: `/api/memo${query({ search: "^(" })}` }) },
  { name: "search and text both regexes", request: () => ({ method: "GET", url: `/api/memo${query({ text: "^a", search: "^b" })}` }) },
  { name: "search with NUL", request: () => ({ method: "GET", url: `/api/memo${query({ search: `a ${NUL}` })}` }) },
  {
    name: "search of 257 characters",
    request: () => ({ method: "GET", url: `/api/memo/all${query({ search: "a ".repeat(129) })}`, as: "anonymous" }),
  },
  { name: "stats without creatorId", request: () => ({ method: "GET", url: "/api/memo/stats" }) },
  { name: "stats repeated creatorId", request: () => ({ method: "GET", url: `/api/memo/stats${query({ creatorId: ["1", "2"] })}` }) },
  { name: "amount repeated userId", request: () => ({ method: "GET", url: `/api/memo/amount${query({ userId: ["1", "2"] })}` }) },
];

/** `^regex` text filters: RE2 on SQLite, PostgreSQL's own dialect there; what one refuses, both refuse. */
const REGEXES = [
  "\\p{L}+",
  "\\PL",
  "\\Qa.b\\E",
  "a\\z",
  "\\x{41}",
  "(?P<n>a)",
  "(?<n>a)",
  "a(?i)b",
  "(?i:a)",
  "(?U)a+",
  "a{256}",
  "a{2,300}",
  "a{3",
  "[\\d-z]",
  "[[:^alpha:]]",
  "[[:nope:]]",
  "[[.a.]]",
  "^*",
  "a$+",
  "\\A?",
  "(",
  "a**",
  "(?=a)",
  "(?i)hello",
  "[[:alpha:]]+",
  "a{2,255}",
  "[\\w-]+",
  "(foo|bar)$",
  "\\d{4}-\\d{2}",
  "[]a]",
  "\\bword\\b",
];
const regexCases: Case[] = REGEXES.map(
  (pattern): Case => ({
    name: `list regex ${pattern}`,
    request: () => ({ method: "GET", url: `/api/memo${query({ text: `^${pattern}` })}` }),
  }),
);

export const groups: Array<[string, Case[]]> = [
  ["regular expressions", regexCases],
  ["ids in paths and queries", idCases],
  ["ids and numbers in bodies", bodyIdCases],
  ["over-long text", longCases],
  ["NUL characters", nulCases],
  ["wrong JSON types and odd bodies", typeCases],
  ["bad enums and query values", enumCases],
];
