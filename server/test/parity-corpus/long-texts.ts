// The parity corpus: over-long text in every field that takes text.
import { multipartBody, PASSWORD } from "../factories.js";
import { type Case, HUGE, manyTags, MIB, noise, query } from "./shared.js";

export const longCases: Case[] = [
  {
    name: "sign-in with a 1 MiB username",
    expected: { status: 413, message: /^Request body is too large: this request takes at most \d+ KiB$/ },
    request: () => ({ method: "POST", url: "/api/auth/signin", as: "anonymous", json: { username: HUGE, password: PASSWORD } }),
  },
  {
    name: "sign-in with a 1 MiB password",
    expected: { status: 413, message: /^Request body is too large: this request takes at most \d+ KiB$/ },
    request: () => ({ method: "POST", url: "/api/auth/signin", as: "anonymous", json: { username: "host", password: HUGE } }),
  },
  {
    name: "sign-in with a username one character over its cap",
    expected: { status: 400, message: /^Malformatted signin request: username: too long/ },
    request: () => ({ method: "POST", url: "/api/auth/signin", as: "anonymous", json: { username: "u".repeat(257), password: PASSWORD } }),
  },
  {
    name: "sign-in with a password one character over its cap",
    expected: { status: 400, message: /^Malformatted signin request: password: too long/ },
    request: () => ({ method: "POST", url: "/api/auth/signin", as: "anonymous", json: { username: "host", password: "p".repeat(1025) } }),
  },
  {
    name: "sign-in with a 3000-byte username",
    request: () => ({ method: "POST", url: "/api/auth/signin", as: "anonymous", json: { username: noise(3000), password: PASSWORD } }),
  },
  {
    name: "sign-up with a 1 MiB username",
    expected: { status: 413, message: /^Request body is too large: this request takes at most \d+ KiB$/ },
    request: () => ({ method: "POST", url: "/api/auth/signup", as: "anonymous", json: { username: HUGE, password: PASSWORD } }),
  },
  {
    name: "sign-up with a username one character over its cap",
    expected: { status: 400, message: /^Malformatted signup request: username: too long/ },
    request: () => ({ method: "POST", url: "/api/auth/signup", as: "anonymous", json: { username: "u".repeat(257), password: PASSWORD } }),
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
    expected: { status: 413, message: /^Request body is too large: this request takes at most \d+ KiB$/ },
    request: () => ({ method: "POST", url: "/api/user", json: { username: "longnick", password: PASSWORD, nickname: HUGE } }),
  },
  {
    name: "user create with a nickname one character over its cap",
    expected: { status: 400, message: /: nickname: too long/ },
    request: () => ({ method: "POST", url: "/api/user", json: { username: "longnick", password: PASSWORD, nickname: "n".repeat(257) } }),
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
