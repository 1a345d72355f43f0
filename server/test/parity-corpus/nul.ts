// The parity corpus: NUL characters in every field that takes text (PostgreSQL's text refuses them).
import { multipartBody, PASSWORD } from "../factories.js";
import { type Case, multipartWithField, NUL, query } from "./shared.js";

export const nulCases: Case[] = (<Case[]>[
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
