// The parity corpus: wrong JSON types and odd bodies.
import { PASSWORD } from "../factories.js";
import type { Case } from "./shared.js";

export const typeCases: Case[] = [
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
