// The parity corpus: bad enums and query values.
import { PASSWORD } from "../factories.js";
import { type Case, NUL, query } from "./shared.js";

export const enumCases: Case[] = [
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
