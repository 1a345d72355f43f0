// A scripted journey through every route of the API, answers recorded in a normalized form (times, tokens and
// secrets replaced by placeholders): the wire contract as data. wire-snapshot.test.ts compares each engine's run
// with the committed server/test/wire-snapshot.json, so a refactor that changes any answer's status, headers that
// clients read, or body byte for byte shows up as a diff there (MEMOS_UPDATE_WIRE_SNAPSHOT=1 rewrites it).
import { zipSync } from "fflate";
import { multipartBody, PASSWORD } from "./factories.js";
import type { TestApp } from "./harness.js";
import { cookieOf, type Recorded, wireRecorder } from "./wire-recorder.js";

export type { Recorded } from "./wire-recorder.js";

export async function runWireJourney(t: TestApp): Promise<Recorded[]> {
  const { send, cookies, tokens, recorded } = wireRecorder(t);

  // Accounts and credentials.
  await send({ step: "status before any account", method: "GET", url: "/api/status", as: "anonymous" });
  await send({ step: "ping", method: "GET", url: "/api/ping", as: "anonymous" });
  await send({ step: "session as a visitor", method: "GET", url: "/api/auth/session", as: "anonymous" });
  await send({
    step: "sign-up as a member first",
    method: "POST",
    url: "/api/auth/signup",
    as: "anonymous",
    json: { username: "early", password: PASSWORD, role: "USER" },
  });
  const hostUp = await send({
    step: "host signs up",
    method: "POST",
    url: "/api/auth/signup",
    as: "anonymous",
    json: { username: "host", password: PASSWORD, role: "HOST" },
  });
  cookies.host = cookieOf(hostUp);
  await send({
    step: "sign-in with a wrong password",
    method: "POST",
    url: "/api/auth/signin",
    as: "anonymous",
    json: { username: "host", password: "wrong-one" },
  });
  await send({
    step: "sign-in with an unknown name",
    method: "POST",
    url: "/api/auth/signin",
    as: "anonymous",
    json: { username: "nobody", password: PASSWORD },
  });
  await send({ step: "sign-in, malformed", method: "POST", url: "/api/auth/signin", as: "anonymous", json: { username: 5 } });
  const hostIn = await send({
    step: "host signs in",
    method: "POST",
    url: "/api/auth/signin",
    as: "anonymous",
    json: { username: "host", password: PASSWORD },
  });
  cookies.host = cookieOf(hostIn);
  await send({ step: "session as the host", method: "GET", url: "/api/auth/session" });
  await send({
    step: "create a member",
    method: "POST",
    url: "/api/user",
    json: { username: "member", password: PASSWORD, email: "m@example.com" },
  });
  await send({ step: "create a member, taken name", method: "POST", url: "/api/user", json: { username: "Member", password: PASSWORD } });
  await send({ step: "create a member, short password", method: "POST", url: "/api/user", json: { username: "other", password: "x" } });
  await send({
    step: "create a member, as a visitor",
    method: "POST",
    url: "/api/user",
    as: "anonymous",
    json: { username: "other", password: PASSWORD },
  });
  const memberIn = await send({
    step: "member signs in",
    method: "POST",
    url: "/api/auth/signin",
    as: "anonymous",
    json: { username: "member", password: PASSWORD },
  });
  cookies.member = cookieOf(memberIn);
  tokens.openId = memberIn.body.data.openId;
  await send({ step: "the member's own account", method: "GET", url: "/api/user/me", as: "member" });
  await send({ step: "me as a visitor", method: "GET", url: "/api/user/me", as: "anonymous" });
  await send({ step: "users", method: "GET", url: "/api/user", as: "member" });
  await send({ step: "one user", method: "GET", url: "/api/user/2", as: "anonymous" });
  await send({ step: "unknown user", method: "GET", url: "/api/user/99", as: "anonymous" });
  await send({ step: "user id not a number", method: "GET", url: "/api/user/abc", as: "anonymous" });
  await send({
    step: "member edits itself",
    method: "PATCH",
    url: "/api/user/2",
    as: "member",
    json: { nickname: "Mem", email: "mem@example.com" },
  });
  await send({ step: "member edits the host", method: "PATCH", url: "/api/user/1", as: "member", json: { nickname: "x" } });
  await send({ step: "host edits the member", method: "PATCH", url: "/api/user/2", json: { nickname: "Member" } });
  await send({ step: "patch, malformed", method: "PATCH", url: "/api/user/2", as: "member", json: { email: 3 } });
  await send({ step: "user setting", method: "POST", url: "/api/user/setting", as: "member", json: { key: "locale", value: '"fr"' } });
  await send({
    step: "user setting, unknown key",
    method: "POST",
    url: "/api/user/setting",
    as: "member",
    json: { key: "nope", value: '"x"' },
  });
  await send({
    step: "user setting, bad value",
    method: "POST",
    url: "/api/user/setting",
    as: "member",
    json: { key: "locale", value: '"xx"' },
  });
  const pat = await send({
    step: "create an access token",
    method: "POST",
    url: "/api/access-token",
    as: "member",
    json: { name: "script", scope: "read-write" },
  });
  tokens.memberToken = pat.body.data.token;
  const readPat = await send({
    step: "create a read token",
    method: "POST",
    url: "/api/access-token",
    as: "member",
    json: { name: "reader", scope: "read" },
  });
  tokens.readToken = readPat.body.data.token;
  await send({
    step: "create a token, malformed",
    method: "POST",
    url: "/api/access-token",
    as: "member",
    json: { name: "", scope: "all" },
  });
  await send({ step: "list access tokens", method: "GET", url: "/api/access-token", as: "member" });
  await send({ step: "list access tokens with a token", method: "GET", url: "/api/access-token", as: "memberToken" });
  await send({ step: "me with a read token", method: "GET", url: "/api/user/me", as: "readToken" });
  await send({ step: "me with the open ID", method: "GET", url: "/api/user/me", as: "openId" });
  await send({ step: "me with ?openId=", method: "GET", url: `/api/user/me?openId=${tokens.openId}`, as: "anonymous" });
  await send({
    step: "me with an unknown bearer",
    method: "GET",
    url: "/api/user/me",
    as: "anonymous",
    headers: { authorization: "Bearer nope" },
  });

  // Memos.
  const memos: number[] = [];
  for (const [index, [content, visibility, as]] of (
    [
      ["Hello #work world", "PUBLIC", "member"],
      ["A protected note #work/a", "PROTECTED", "member"],
      ["My diary #private", "PRIVATE", "member"],
      ["Host's public memo #news", "PUBLIC", "host"],
      ["Written by a script", "PRIVATE", "memberToken"],
    ] as const
  ).entries()) {
    const created = await send({ step: `create memo ${index + 1}`, method: "POST", url: "/api/memo", as, json: { content, visibility } });
    memos.push(created.body.data.id);
  }
  await send({ step: "create a memo with a read token", method: "POST", url: "/api/memo", as: "readToken", json: { content: "no" } });
  await send({ step: "create a memo as a visitor", method: "POST", url: "/api/memo", as: "anonymous", json: { content: "no" } });
  await send({ step: "create a memo, malformed", method: "POST", url: "/api/memo", as: "member", json: { content: 1 } });
  await send({
    step: "create a memo, bad visibility",
    method: "POST",
    url: "/api/memo",
    as: "member",
    json: { content: "x", visibility: "SECRET" },
  });
  await send({ step: "own list", method: "GET", url: "/api/memo", as: "member" });
  await send({ step: "own list, page of 2", method: "GET", url: "/api/memo?limit=2", as: "member" });
  await send({ step: "own list, offset", method: "GET", url: "/api/memo?limit=2&offset=2", as: "member" });
  await send({ step: "own list, tag", method: "GET", url: "/api/memo?tag=work", as: "member" });
  await send({ step: "own list, text", method: "GET", url: "/api/memo?text=diary", as: "member" });
  await send({ step: "own list, regex", method: "GET", url: `/api/memo?text=${encodeURIComponent("^Hel+o")}`, as: "member" });
  await send({ step: "own list, bad regex", method: "GET", url: `/api/memo?text=${encodeURIComponent("^(")}`, as: "member" });
  await send({ step: "own list, visibility", method: "GET", url: "/api/memo?visibility=PRIVATE", as: "member" });
  await send({ step: "own list, bad row status", method: "GET", url: "/api/memo?rowStatus=GONE", as: "member" });
  await send({ step: "a user's memos as a visitor", method: "GET", url: "/api/memo?creatorId=2", as: "anonymous" });
  await send({ step: "a user's memos as the host", method: "GET", url: "/api/memo?creatorId=2" });
  await send({ step: "memos without a creator as a visitor", method: "GET", url: "/api/memo", as: "anonymous" });
  await send({ step: "explore as a visitor", method: "GET", url: "/api/memo/all", as: "anonymous" });
  await send({ step: "explore as a member", method: "GET", url: "/api/memo/all", as: "member" });
  await send({ step: "stats", method: "GET", url: "/api/memo/stats?creatorId=2", as: "member" });
  await send({ step: "stats as a visitor", method: "GET", url: "/api/memo/stats?creatorId=2", as: "anonymous" });
  await send({ step: "stats, bad id", method: "GET", url: "/api/memo/stats?creatorId=x", as: "member" });
  await send({ step: "amount", method: "GET", url: "/api/memo/amount?userId=2", as: "member" });
  await send({ step: "amount as a visitor", method: "GET", url: "/api/memo/amount?userId=2", as: "anonymous" });
  await send({
    step: "give a memo a place",
    method: "PATCH",
    url: `/api/memo/${memos[2]}`,
    as: "member",
    json: { location: { placeholder: "Home", latitude: 51.5007, longitude: -0.1246 } },
  });
  await send({
    step: "a place out of range",
    method: "PATCH",
    url: `/api/memo/${memos[2]}`,
    as: "member",
    json: { location: { placeholder: "Nowhere", latitude: 100, longitude: 0 } },
  });
  await send({ step: "places in a box", method: "GET", url: "/api/memo/place?south=40&west=-10&north=60&east=10", as: "member" });
  await send({ step: "places, box upside down", method: "GET", url: "/api/memo/place?south=60&north=40", as: "member" });
  await send({ step: "places as a visitor", method: "GET", url: "/api/memo/place", as: "anonymous" });
  await send({ step: "one memo", method: "GET", url: `/api/memo/${memos[0]}`, as: "anonymous" });
  await send({ step: "a protected memo as a visitor", method: "GET", url: `/api/memo/${memos[1]}`, as: "anonymous" });
  await send({ step: "a private memo as the host", method: "GET", url: `/api/memo/${memos[2]}` });
  await send({ step: "a memo written by a token, to its author", method: "GET", url: `/api/memo/${memos[4]}`, as: "member" });
  await send({ step: "unknown memo", method: "GET", url: "/api/memo/999", as: "member" });
  await send({ step: "memo id not a number", method: "GET", url: "/api/memo/x", as: "member" });
  await send({
    step: "patch a memo",
    method: "PATCH",
    url: `/api/memo/${memos[0]}`,
    as: "member",
    json: { content: "Hello #work world, edited" },
  });
  await send({ step: "patch someone else's memo", method: "PATCH", url: `/api/memo/${memos[0]}`, json: { content: "taken" } });
  await send({ step: "patch a memo, malformed", method: "PATCH", url: `/api/memo/${memos[0]}`, as: "member", json: { visibility: 4 } });
  await send({ step: "archive a memo", method: "PATCH", url: `/api/memo/${memos[2]}`, as: "member", json: { rowStatus: "ARCHIVED" } });
  await send({ step: "archived list", method: "GET", url: "/api/memo?rowStatus=ARCHIVED", as: "member" });
  await send({ step: "pin a memo", method: "POST", url: `/api/memo/${memos[0]}/organizer`, as: "member", json: { pinned: true } });
  await send({
    step: "pin someone's public memo",
    method: "POST",
    url: `/api/memo/${memos[3]}/organizer`,
    as: "member",
    json: { pinned: true },
  });
  await send({ step: "pin, malformed", method: "POST", url: `/api/memo/${memos[0]}/organizer`, as: "member", json: { pinned: "yes" } });
  await send({ step: "own list after a pin", method: "GET", url: "/api/memo", as: "member" });

  // Resources.
  const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
  const upload = multipartBody("file", "photo.png", "image/png", png);
  const uploaded = await send({ step: "upload a file", method: "POST", url: "/api/resource/blob", as: "member", raw: upload });
  const resourceId = uploaded.body.data.id as number;
  const text = multipartBody("file", "notes.txt", "text/plain", Buffer.from("plain words\n"));
  const textId = (await send({ step: "upload a text file", method: "POST", url: "/api/resource/blob", as: "member", raw: text })).body.data
    .id as number;
  const svg = multipartBody("file", "x.svg", "image/svg+xml", Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"));
  const svgId = (await send({ step: "upload an svg", method: "POST", url: "/api/resource/blob", as: "member", raw: svg })).body.data
    .id as number;
  await send({ step: "upload as a visitor", method: "POST", url: "/api/resource/blob", as: "anonymous", raw: upload });
  await send({ step: "upload without a file", method: "POST", url: "/api/resource/blob", as: "member", json: {} });
  await send({
    step: "external link",
    method: "POST",
    url: "/api/resource",
    as: "member",
    json: { filename: "site", externalLink: "https://example.com/a.png", type: "image/png" },
  });
  await send({ step: "external link, malformed", method: "POST", url: "/api/resource", as: "member", json: { filename: 1 } });
  await send({ step: "list resources", method: "GET", url: "/api/resource", as: "member" });
  await send({ step: "one resource", method: "GET", url: `/api/resource/${resourceId}`, as: "member" });
  await send({ step: "someone's resource", method: "GET", url: `/api/resource/${resourceId}` });
  await send({ step: "a resource's blob", method: "GET", url: `/api/resource/${resourceId}/blob`, as: "member" });
  await send({
    step: "rename a resource",
    method: "PATCH",
    url: `/api/resource/${resourceId}`,
    as: "member",
    json: { filename: "renamed.png" },
  });
  await send({ step: "rename, malformed", method: "PATCH", url: `/api/resource/${resourceId}`, as: "member", json: { filename: "" } });
  await send({ step: "link a resource", method: "POST", url: `/api/memo/${memos[0]}/resource`, as: "member", json: { resourceId } });
  await send({
    step: "link an unknown resource",
    method: "POST",
    url: `/api/memo/${memos[0]}/resource`,
    as: "member",
    json: { resourceId: 999 },
  });
  await send({ step: "a memo's resources", method: "GET", url: `/api/memo/${memos[0]}/resource`, as: "anonymous" });
  await send({ step: "file of a public memo, as a visitor", method: "GET", url: `/o/r/${resourceId}/renamed.png`, as: "anonymous" });
  await send({ step: "file by its old name", method: "GET", url: `/o/r/${resourceId}/photo.png`, as: "member" });
  await send({ step: "an unlinked text file, its owner", method: "GET", url: `/o/r/${textId}/notes.txt`, as: "member" });
  await send({ step: "an svg, its owner", method: "GET", url: `/o/r/${svgId}/x.svg`, as: "member" });
  await send({ step: "an unlinked file, as a visitor", method: "GET", url: `/o/r/${textId}/notes.txt`, as: "anonymous" });
  await send({ step: "file, ranged", method: "GET", url: `/h/r/${resourceId}/renamed.png`, as: "member", headers: { range: "bytes=0-3" } });
  await send({ step: "unlink a resource", method: "DELETE", url: `/api/memo/${memos[0]}/resource/${resourceId}`, as: "member" });
  await send({ step: "delete a resource", method: "DELETE", url: `/api/resource/${textId}`, as: "member" });
  await send({ step: "delete someone's resource", method: "DELETE", url: `/api/resource/${svgId}` });

  // Shortcuts and tags.
  const shortcut = await send({
    step: "create a shortcut",
    method: "POST",
    url: "/api/shortcut",
    as: "member",
    json: { title: "work", payload: JSON.stringify([{ type: "TAG", value: { operator: "CONTAIN", value: "work" }, relation: "AND" }]) },
  });
  const shortcutId = shortcut.body.data.id as number;
  await send({
    step: "create a shortcut, malformed",
    method: "POST",
    url: "/api/shortcut",
    as: "member",
    json: { title: "", payload: "x" },
  });
  await send({ step: "list shortcuts", method: "GET", url: "/api/shortcut", as: "member" });
  await send({ step: "one shortcut", method: "GET", url: `/api/shortcut/${shortcutId}`, as: "member" });
  await send({ step: "someone's shortcut", method: "GET", url: `/api/shortcut/${shortcutId}` });
  await send({
    step: "patch a shortcut",
    method: "PATCH",
    url: `/api/shortcut/${shortcutId}`,
    as: "member",
    json: { title: "job", rowStatus: "ARCHIVED" },
  });
  await send({ step: "tags", method: "GET", url: "/api/tag", as: "member" });
  await send({ step: "tag counts", method: "GET", url: "/api/tag/count", as: "member" });
  await send({ step: "tag suggestions", method: "GET", url: "/api/tag/suggestion", as: "member" });
  await send({ step: "create a tag", method: "POST", url: "/api/tag", as: "member", json: { name: "later" } });
  await send({ step: "create a tag, malformed", method: "POST", url: "/api/tag", as: "member", json: { name: "" } });
  await send({ step: "delete a tag", method: "DELETE", url: "/api/tag/later", as: "member" });
  await send({ step: "delete a shortcut", method: "DELETE", url: `/api/shortcut/${shortcutId}`, as: "member" });

  // Webhooks.
  const hook = await send({
    step: "create a webhook",
    method: "POST",
    url: "/api/webhook",
    as: "member",
    json: { name: "hook", url: "https://example.com/hook", events: ["memo.created"] },
  });
  const hookId = hook.body.data.id as number;
  await send({
    step: "create a webhook, private address",
    method: "POST",
    url: "/api/webhook",
    as: "member",
    json: { name: "h", url: "http://127.0.0.1/x", events: ["memo.created"] },
  });
  await send({
    step: "create a webhook, malformed",
    method: "POST",
    url: "/api/webhook",
    as: "member",
    json: { name: "h", url: "ftp://x", events: [] },
  });
  await send({ step: "list webhooks", method: "GET", url: "/api/webhook", as: "member" });
  await send({ step: "list webhooks with a token", method: "GET", url: "/api/webhook", as: "memberToken" });
  await send({ step: "patch a webhook", method: "PATCH", url: `/api/webhook/${hookId}`, as: "member", json: { active: false } });
  await send({ step: "someone's webhook", method: "PATCH", url: `/api/webhook/${hookId}`, json: { active: true } });
  await send({ step: "deliveries", method: "GET", url: `/api/webhook/${hookId}/delivery`, as: "member" });
  await send({ step: "redeliver an unknown delivery", method: "POST", url: `/api/webhook/${hookId}/delivery/999/redeliver`, as: "member" });
  await send({ step: "delete a webhook", method: "DELETE", url: `/api/webhook/${hookId}`, as: "member" });

  // System, feeds, import and export.
  await send({ step: "status as the host", method: "GET", url: "/api/status" });
  await send({ step: "status as a visitor", method: "GET", url: "/api/status", as: "anonymous" });
  await send({ step: "system settings", method: "GET", url: "/api/system/setting" });
  await send({ step: "system settings as a member", method: "GET", url: "/api/system/setting", as: "member" });
  await send({ step: "set a system setting", method: "POST", url: "/api/system/setting", json: { name: "allowSignUp", value: "true" } });
  await send({ step: "set a system setting, unknown", method: "POST", url: "/api/system/setting", json: { name: "nope", value: "true" } });
  await send({
    step: "set a system setting as a member",
    method: "POST",
    url: "/api/system/setting",
    as: "member",
    json: { name: "allowSignUp", value: "false" },
  });
  await send({ step: "explore feed", method: "GET", url: "/explore/rss.xml", as: "anonymous" });
  await send({ step: "a user's feed", method: "GET", url: "/u/2/rss.xml", as: "anonymous" });
  await send({ step: "manifest", method: "GET", url: "/manifest.webmanifest", as: "anonymous" });
  const archive = zipSync({ "notes/first.md": new TextEncoder().encode("---\ntags: [imported]\n---\nFirst imported note\n") });
  const importBody = multipartBody("file", "notes.zip", "application/zip", Buffer.from(archive));
  await send({ step: "import, dry run", method: "POST", url: "/api/import?dryRun=true", as: "member", raw: importBody });
  await send({ step: "import", method: "POST", url: "/api/import", as: "member", raw: importBody });
  await send({
    step: "import, not a zip",
    method: "POST",
    url: "/api/import",
    as: "member",
    raw: multipartBody("file", "x.zip", "application/zip", Buffer.from("nope")),
  });
  await send({ step: "export as a visitor", method: "GET", url: "/api/export", as: "anonymous" });
  await send({ step: "openapi", method: "GET", url: "/api/openapi.json", as: "anonymous" }).then(() => {
    // The document itself is compared by its own tests; keep the journey's record small.
    const last = recorded.at(-1)!;
    last.body = { paths: Object.keys((last.body as { paths: object }).paths).sort() };
  });
  await send({ step: "an unknown API path", method: "GET", url: "/api/nothing", as: "anonymous" });
  await send({
    step: "cross-site write",
    method: "POST",
    url: "/api/memo",
    as: "member",
    headers: { origin: "https://evil.example" },
    json: { content: "x" },
  });

  // Endings.
  await send({ step: "revoke a token", method: "DELETE", url: `/api/access-token/${pat.body.data.id}`, as: "member" });
  await send({ step: "the revoked token", method: "GET", url: "/api/user/me", as: "memberToken" });
  await send({ step: "delete a memo", method: "DELETE", url: `/api/memo/${memos[1]}`, as: "member" });
  await send({ step: "delete someone's memo", method: "DELETE", url: `/api/memo/${memos[3]}`, as: "member" });
  await send({ step: "vacuum", method: "POST", url: "/api/system/vacuum" });
  await send({ step: "delete the member", method: "DELETE", url: "/api/user/2" });
  await send({ step: "delete the host", method: "DELETE", url: "/api/user/1" });
  await send({ step: "sign out", method: "POST", url: "/api/auth/signout" });
  await send({ step: "session after sign-out", method: "GET", url: "/api/auth/session" });
  return recorded;
}
