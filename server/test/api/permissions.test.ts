// The memo permission matrix, as a table: caller × visibility × row status × action, through HTTP.
// Expected outcomes come from docs/api.md#memo-lists-who-sees-what and memo.policy.ts: others see NORMAL memos by visibility; archived memos
// are the creator's alone; only the creator updates, deletes and links; anyone who can read may pin for
// themself; a resource file is readable by its owner or by anyone who may read a memo it is linked to.
// Admins and the host have no special rights over other people's memos. The v1 API's memo RPCs (REST, by the memo's
// uid: the memo itself, its comments and its reactions) answer by the same policies: `v1…` rows.
import type { Memo, Visibility } from "@memos/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../client.js";
import { anonymous, createMemo, createUser, PASSWORD, signUpHost, type TestUser, uploadResource } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { insertInboxItems } from "../../src/store/sql/inbox.store.js";
import { appTokenOf } from "../oauth-flow.js";
import { expectPolicyStatuses, type Outcome } from "../policy-status.js";
import { CREDENTIAL_KINDS, type CredentialKind, callerOf } from "../credential-kinds.js";
import { streamOptionsOf } from "../live-stream.js";
import { listen } from "../v1-client.js";

type Caller = "anon" | "owner" | "member" | "admin" | "host";
type Kind = `${Visibility}/${"NORMAL" | "ARCHIVED"}`;
type Action =
  | "read"
  | "list"
  | "explore"
  | "stats"
  | "calendar"
  | "places"
  | "rssUser"
  | "rssExplore"
  | "update"
  | "delete"
  | "pin"
  | "link"
  | "file"
  | "resources"
  | "v1get"
  | "v1list"
  | "v1update"
  | "v1delete"
  | "v1comment"
  | "v1reactions"
  | "v1file";

const CALLERS: Caller[] = ["anon", "owner", "member", "admin", "host"];
const Y = true;
const N = false;

// prettier-ignore
const MATRIX: [Kind, Action, Outcome, Outcome, Outcome, Outcome, Outcome][] = [
  //                                anon   owner  member admin  host
  ["PUBLIC/NORMAL", "read", 200, 200, 200, 200, 200],
  ["PUBLIC/NORMAL", "list", Y, Y, Y, Y, Y],
  ["PUBLIC/NORMAL", "explore", Y, Y, Y, Y, Y],
  ["PUBLIC/NORMAL", "stats", Y, Y, Y, Y, Y],
  ["PUBLIC/NORMAL", "calendar", Y, Y, Y, Y, Y],
  // The map shows its caller's own memos only, whoever may read them.
  ["PUBLIC/NORMAL", "places", 401, Y, N, N, N],
  ["PUBLIC/NORMAL", "rssUser", Y, Y, Y, Y, Y],
  ["PUBLIC/NORMAL", "rssExplore", Y, Y, Y, Y, Y],
  ["PUBLIC/NORMAL", "update", 401, 200, 403, 403, 403],
  ["PUBLIC/NORMAL", "delete", 401, 200, 403, 403, 403],
  ["PUBLIC/NORMAL", "pin", 401, 200, 200, 200, 200],
  ["PUBLIC/NORMAL", "link", 401, 200, 403, 403, 403],
  ["PUBLIC/NORMAL", "file", 200, 200, 200, 200, 200],
  ["PUBLIC/NORMAL", "resources", 200, 200, 200, 200, 200],
  ["PUBLIC/NORMAL", "v1get", 200, 200, 200, 200, 200],
  ["PUBLIC/NORMAL", "v1list", Y, Y, Y, Y, Y],
  ["PUBLIC/NORMAL", "v1update", 401, 200, 403, 403, 403],
  ["PUBLIC/NORMAL", "v1delete", 401, 200, 403, 403, 403],
  ["PUBLIC/NORMAL", "v1comment", 401, 200, 200, 200, 200],
  ["PUBLIC/NORMAL", "v1reactions", 200, 200, 200, 200, 200],
  ["PUBLIC/NORMAL", "v1file", 200, 200, 200, 200, 200],

  // 403 for a visitor, as v0.10 answers (the unchanged v0.10 web client relies on it).
  ["PROTECTED/NORMAL", "read", 403, 200, 200, 200, 200],
  ["PROTECTED/NORMAL", "list", N, Y, Y, Y, Y],
  ["PROTECTED/NORMAL", "explore", N, Y, Y, Y, Y],
  ["PROTECTED/NORMAL", "stats", N, Y, Y, Y, Y],
  ["PROTECTED/NORMAL", "calendar", N, Y, Y, Y, Y],
  // The map shows its caller's own memos only, whoever may read them.
  ["PROTECTED/NORMAL", "places", 401, Y, N, N, N],
  ["PROTECTED/NORMAL", "rssUser", N, N, N, N, N],
  ["PROTECTED/NORMAL", "rssExplore", N, N, N, N, N],
  ["PROTECTED/NORMAL", "update", 401, 200, 403, 403, 403],
  ["PROTECTED/NORMAL", "delete", 401, 200, 403, 403, 403],
  ["PROTECTED/NORMAL", "pin", 401, 200, 200, 200, 200],
  ["PROTECTED/NORMAL", "link", 401, 200, 403, 403, 403],
  ["PROTECTED/NORMAL", "file", 404, 200, 200, 200, 200],
  ["PROTECTED/NORMAL", "resources", 403, 200, 200, 200, 200],
  ["PROTECTED/NORMAL", "v1get", 403, 200, 200, 200, 200],
  ["PROTECTED/NORMAL", "v1list", N, Y, Y, Y, Y],
  ["PROTECTED/NORMAL", "v1update", 401, 200, 403, 403, 403],
  ["PROTECTED/NORMAL", "v1delete", 401, 200, 403, 403, 403],
  ["PROTECTED/NORMAL", "v1comment", 401, 200, 200, 200, 200],
  ["PROTECTED/NORMAL", "v1reactions", 403, 200, 200, 200, 200],
  ["PROTECTED/NORMAL", "v1file", 404, 200, 200, 200, 200],

  ["PRIVATE/NORMAL", "read", 403, 200, 403, 403, 403],
  ["PRIVATE/NORMAL", "list", N, Y, N, N, N],
  ["PRIVATE/NORMAL", "explore", N, N, N, N, N],
  ["PRIVATE/NORMAL", "stats", N, Y, N, N, N],
  ["PRIVATE/NORMAL", "calendar", N, Y, N, N, N],
  // The map shows its caller's own memos only, whoever may read them.
  ["PRIVATE/NORMAL", "places", 401, Y, N, N, N],
  ["PRIVATE/NORMAL", "rssUser", N, N, N, N, N],
  ["PRIVATE/NORMAL", "rssExplore", N, N, N, N, N],
  ["PRIVATE/NORMAL", "update", 401, 200, 403, 403, 403],
  ["PRIVATE/NORMAL", "delete", 401, 200, 403, 403, 403],
  ["PRIVATE/NORMAL", "pin", 401, 200, 403, 403, 403],
  ["PRIVATE/NORMAL", "link", 401, 200, 403, 403, 403],
  ["PRIVATE/NORMAL", "file", 404, 200, 404, 404, 404],
  ["PRIVATE/NORMAL", "resources", 403, 200, 403, 403, 403],
  ["PRIVATE/NORMAL", "v1get", 403, 200, 403, 403, 403],
  ["PRIVATE/NORMAL", "v1list", N, Y, N, N, N],
  ["PRIVATE/NORMAL", "v1update", 401, 200, 403, 403, 403],
  ["PRIVATE/NORMAL", "v1delete", 401, 200, 403, 403, 403],
  ["PRIVATE/NORMAL", "v1comment", 401, 200, 403, 403, 403],
  ["PRIVATE/NORMAL", "v1reactions", 403, 200, 403, 403, 403],
  ["PRIVATE/NORMAL", "v1file", 404, 200, 404, 404, 404],
];
// Archived memos are their creator's alone, whatever the visibility: one block per visibility.
for (const visibility of ["PUBLIC", "PROTECTED", "PRIVATE"] as const) {
  const kind: Kind = `${visibility}/ARCHIVED`;
  // prettier-ignore
  MATRIX.push(
    //                  anon   owner  member admin  host
    [kind, "read", 404, 200, 404, 404, 404],
    [kind, "list", N, Y, N, N, N],
    [kind, "explore", N, N, N, N, N],
    [kind, "stats", N, N, N, N, N],
    [kind, "calendar", N, N, N, N, N],
    [kind, "places", 401, N, N, N, N],
    [kind, "rssUser", N, N, N, N, N],
    [kind, "rssExplore", N, N, N, N, N],
    [kind, "update", 401, 200, 404, 404, 404],
    [kind, "delete", 401, 200, 404, 404, 404],
    [kind, "pin", 401, 200, 404, 404, 404],
    [kind, "link", 401, 200, 404, 404, 404],
    [kind, "file", 404, 200, 404, 404, 404],
    [kind, "resources", 404, 200, 404, 404, 404],
    [kind, "v1get", 404, 200, 404, 404, 404],
    // The v1 list without a state lists NORMAL memos; the archive is `state=ARCHIVED`, the owner's alone.
    [kind, "v1list", N, N, N, N, N],
    [kind, "v1update", 401, 200, 404, 404, 404],
    [kind, "v1delete", 401, 200, 404, 404, 404],
    [kind, "v1comment", 401, 200, 404, 404, 404],
    [kind, "v1reactions", 404, 200, 404, 404, 404],
    [kind, "v1file", 404, 200, 404, 404, 404],
  );
}

/** The route each action calls, as a failure names it. */
const ROUTE: Record<Action, string> = {
  read: "GET /api/memo/:id",
  list: "GET /api/memo?creatorId=",
  explore: "GET /api/memo/all",
  stats: "GET /api/memo/stats",
  calendar: "GET /api/memo/calendar",
  places: "GET /api/memo/place",
  rssUser: "GET /u/:id/rss.xml",
  rssExplore: "GET /explore/rss.xml",
  update: "PATCH /api/memo/:id",
  delete: "DELETE /api/memo/:id",
  pin: "POST /api/memo/:id/organizer",
  link: "POST /api/memo/:id/resource",
  file: "GET /o/r/:id/:filename",
  resources: "GET /api/memo/:id/resource",
  v1get: "GET /api/v1/memos/:uid",
  v1list: "GET /api/v1/memos",
  v1update: "PATCH /api/v1/memos/:uid",
  v1delete: "DELETE /api/v1/memos/:uid",
  v1comment: "POST /api/v1/memos/:uid/comments",
  v1reactions: "GET /api/v1/memos/:uid/reactions",
  v1file: "GET /file/attachments/:uid/:filename",
};

const OWNER_EMAIL = "owner-secret@example.com";

describe("memo permission matrix", () => {
  let t: TestApp;
  let users: Record<Exclude<Caller, "anon">, TestUser>;
  let owner: TestUser;
  let ownerOpenId: string;
  let seq = 0;
  const clientOf = (caller: Caller): Client => (caller === "anon" ? anonymous(t) : users[caller].client);
  /** Every body a non-owner received, for the leak checks at the end. */
  const seenByOthers: string[] = [];

  /** A memo of the given kind, with a resource of the owner's linked only to it, and a unique created time. */
  async function makeMemo(kind: Kind, label: string): Promise<{ memo: Memo; filename: string; resourceId: number; marker: string }> {
    const [visibility, rowStatus] = kind.split("/") as [Visibility, "NORMAL" | "ARCHIVED"];
    const n = ++seq;
    const marker = `marker-${label}-${n}`;
    const filename = `file-${n}.png`;
    const resource = await uploadResource(owner, filename, "image/png", Buffer.from(`bytes-${marker}`));
    const memo = await createMemo(owner, marker, visibility, {
      resourceIdList: [resource.id],
      createdTs: 1_600_000_000 + n,
      location: { placeholder: marker, latitude: 10, longitude: 20 },
    });
    if (rowStatus === "ARCHIVED") await owner.client.patch(`/api/memo/${memo.id}`, { rowStatus: "ARCHIVED" });
    return { memo, filename, resourceId: resource.id, marker };
  }

  /** The memo's v1 resource name, by its uid. */
  async function v1NameOf(memo: Memo): Promise<string> {
    const row = await t.ctx.store.db.selectFrom("memo").select("uid").where("id", "=", memo.id).executeTakeFirstOrThrow();
    return `memos/${row.uid}`;
  }

  async function perform(caller: Caller, action: Action, kind: Kind): Promise<{ outcome: Outcome; text: string }> {
    const client = clientOf(caller);
    const { memo, filename, resourceId, marker } = await makeMemo(kind, `${caller}-${action}`);
    const path = `/api/memo/${memo.id}`;
    const status = async (request: Promise<{ status: number; text: string }>) => {
      const response = await request;
      return { outcome: response.status, text: response.text };
    };
    const includes = async (request: Promise<{ status: number; text: string }>, needle: string) => {
      const response = await request;
      expect(response.status).toBe(200);
      return { outcome: response.text.includes(needle), text: response.text };
    };
    switch (action) {
      case "read":
        return status(client.get(path));
      case "list":
        return includes(client.get("/api/memo", { query: { creatorId: owner.user.id, limit: 1000 } }), marker);
      case "explore":
        return includes(client.get("/api/memo/all", { query: { limit: 1000 } }), marker);
      case "stats":
        return includes(client.get("/api/memo/stats", { query: { creatorId: owner.user.id } }), String(memo.createdTs));
      case "calendar": {
        // A day holding only this memo (each has its own created time): counted and opened, or not.
        const days = `${memo.createdTs},${memo.createdTs + 1}`;
        const response = await client.get("/api/memo/calendar", { query: { creatorId: owner.user.id, days } });
        expect(response.status).toBe(200);
        return { outcome: response.body.data[0]?.first?.id === memo.id, text: response.text };
      }
      case "places": {
        const response = await client.get("/api/memo/place");
        if (response.status !== 200) return { outcome: response.status, text: response.text };
        return { outcome: response.text.includes(marker), text: response.text };
      }
      case "rssUser":
        return includes(client.get(`/u/${owner.user.id}/rss.xml`), marker);
      case "rssExplore":
        return includes(client.get("/explore/rss.xml"), marker);
      case "update":
        return status(client.patch(path, { content: `${marker} edited` }));
      case "delete":
        return status(client.delete(path));
      case "pin":
        return status(client.post(`${path}/organizer`, { pinned: true }));
      case "link": {
        const mine = caller === "anon" ? resourceId : (await uploadResource(users[caller], `own-${seq}.png`)).id;
        return status(client.post(`${path}/resource`, { resourceId: mine }));
      }
      case "file":
        return status(client.get(`/o/r/${resourceId}/${filename}`));
      case "resources":
        return status(client.get(`${path}/resource`));
      case "v1get":
        return status(client.get(`/api/v1/${await v1NameOf(memo)}`));
      case "v1list":
        return includes(client.get("/api/v1/memos", { query: { pageSize: 1000 } }), marker);
      case "v1update":
        return status(client.patch(`/api/v1/${await v1NameOf(memo)}?updateMask=content`, { content: `${marker} edited` }));
      case "v1delete":
        return status(client.delete(`/api/v1/${await v1NameOf(memo)}`));
      case "v1comment":
        return status(client.post(`/api/v1/${await v1NameOf(memo)}/comments`, { content: `${marker} comment` }));
      case "v1reactions":
        return status(client.get(`/api/v1/${await v1NameOf(memo)}/reactions`));
      case "v1file": {
        const row = await t.ctx.store.db.selectFrom("resource").select("uid").where("id", "=", resourceId).executeTakeFirstOrThrow();
        return status(client.get(`/file/attachments/${row.uid}/${filename}`));
      }
    }
  }

  beforeAll(async () => {
    t = await createTestApp();
    const host = await signUpHost(t);
    owner = await createUser(t, host, "owner");
    users = { host, owner, member: await createUser(t, host, "member"), admin: await createUser(t, host, "admin", "ADMIN") };
    const patched = await owner.client.patch(`/api/user/${owner.user.id}`, { email: OWNER_EMAIL });
    expect(patched.status).toBe(200);
    ownerOpenId = patched.body.data.openId;
    expect(ownerOpenId).toMatch(/\S{8,}/);
  });
  afterAll(() => t.close());

  for (const [kind, action, ...expected] of MATRIX) {
    it(`${kind} ${action}: ${CALLERS.map((caller, i) => `${caller}=${expected[i]}`).join(" ")}`, async () => {
      const table = Object.fromEntries(CALLERS.map((caller, i) => [caller, expected[i]!])) as Record<Caller, Outcome>;
      await expectPolicyStatuses(`${ROUTE[action]} (${kind} memo)`, table, async (caller) => {
        const { outcome, text } = await perform(caller, action, kind);
        if (caller !== "owner") seenByOthers.push(text);
        return outcome;
      });
    });
  }

  it("a denied read reveals neither the content nor the file", async () => {
    for (const kind of ["PRIVATE/NORMAL", "PROTECTED/ARCHIVED", "PUBLIC/ARCHIVED"] as Kind[]) {
      const { memo, filename, resourceId, marker } = await makeMemo(kind, "leak");
      for (const caller of ["anon", "member", "admin", "host"] as Caller[]) {
        const client = clientOf(caller);
        for (const url of [
          `/api/memo/${memo.id}`,
          `/api/memo/${memo.id}/resource`,
          `/o/r/${resourceId}/${filename}`,
          `/h/r/${resourceId}/${filename}`,
        ]) {
          const response = await client.get(url);
          expect(response.status, `${caller} ${url}`).toBeGreaterThanOrEqual(400);
          expect(response.text).not.toContain(marker);
          expect(response.text).not.toContain(filename);
        }
        for (const url of ["/api/memo/all", `/u/${owner.user.id}/rss.xml`, "/explore/rss.xml", `/api/memo?creatorId=${owner.user.id}`]) {
          expect((await client.get(url)).text).not.toContain(marker);
        }
      }
    }
  });

  it("never sends the owner's email or openId to anyone through memo routes, the owner included", async () => {
    const { memo } = await makeMemo("PUBLIC/NORMAL", "creator");
    for (const caller of CALLERS) {
      const client = clientOf(caller);
      for (const url of [
        `/api/memo/${memo.id}`,
        "/api/memo/all",
        `/api/memo?creatorId=${owner.user.id}`,
        `/api/memo/${memo.id}/resource`,
        `/u/${owner.user.id}/rss.xml`,
      ]) {
        const response = await client.get(url);
        expect(response.status).toBe(200);
        expect(response.text).not.toContain(OWNER_EMAIL);
        expect(response.text).not.toContain(ownerOpenId);
      }
    }
    const pinned = await users.member.client.post(`/api/memo/${memo.id}/organizer`, { pinned: true });
    expect(pinned.body.data.creator).toMatchObject({ email: "", openId: "" });
    for (const text of seenByOthers) {
      expect(text).not.toContain(OWNER_EMAIL);
      expect(text).not.toContain(ownerOpenId);
    }
  });

  it("a pin by someone else neither changes `pinned` nor writes for an unreadable memo", async () => {
    const { memo } = await makeMemo("PRIVATE/NORMAL", "pin");
    expect((await users.member.client.post(`/api/memo/${memo.id}/organizer`, { pinned: true })).status).toBe(403);
    const rows = await t.ctx.store.db.selectFrom("memo_organizer").selectAll().where("memo_id", "=", memo.id).execute();
    expect(rows).toEqual([]);
  });

  it("a refused update, delete or link changes nothing", async () => {
    const { memo, marker } = await makeMemo("PUBLIC/NORMAL", "untouched");
    const resource = await uploadResource(users.member, "intruder.png");
    await users.member.client.patch(`/api/memo/${memo.id}`, { content: "defaced", visibility: "PRIVATE" });
    await users.admin.client.delete(`/api/memo/${memo.id}`);
    await users.member.client.post(`/api/memo/${memo.id}/resource`, { resourceId: resource.id });
    const after = (await anonymous(t).get(`/api/memo/${memo.id}`)).body.data as Memo;
    expect(after).toMatchObject({ content: marker, visibility: "PUBLIC" });
    expect(after.resourceList.map((item) => item.id)).not.toContain(resource.id);
  });
});

/** A 1×1 PNG as a data: URL, an avatar v1's UpdateUser takes. */
const TINY_PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/** An identity provider as v1 creates one (the issuer in auth_url). */
const IDENTITY_PROVIDER = {
  title: "Matrix IdP",
  config: { oauth2Config: { clientId: "matrix", authUrl: "https://id.example.com" } },
};

/** The v1 RPCs by the kind of credential: tokens' scopes hold on both transports (Connect posts its reads too). */
describe("v1 RPCs by credential", () => {
  let t: TestApp;
  let host: TestUser;
  let owner: TestUser;
  let uid = "";
  let memoId = 0;
  /** A share link of the owner's memo, which GetSharedMemo opens. */
  let shareToken = "";
  /** An enabled identity provider, which any member may get. */
  let providerId = 0;
  let hostId = 0;
  const connect = (client: Client, method: string, body: object, service = "MemoService") =>
    client.post(`/memos.api.v1.${service}/${method}`, body);
  /** A resource of the owner's, on no memo, that a call may read or delete: its uid. */
  const spareResourceUid = async () => {
    const { id } = await uploadResource(owner, "spare.png");
    return (await t.ctx.store.db.selectFrom("resource").select("uid").where("id", "=", id).executeTakeFirstOrThrow()).uid;
  };
  /** An item of the owner's inbox (the host named them), which a call may mark or remove: its v1 name. */
  const spareNotification = async () => {
    await insertInboxItems(t.ctx.store.db, [{ user_id: owner.user.id, kind: "mention", memo_id: memoId, actor_id: hostId }]);
    const row = await t.ctx.store.db.selectFrom("inbox_item").select("id").orderBy("id", "desc").executeTakeFirstOrThrow();
    return `users/owner/notifications/${row.id}`;
  };
  /** A token of the owner's that a call may revoke. */
  const spareTokenId = async () => (await owner.client.post("/api/access-token", { name: "spare", scope: "read" })).body.data.id as number;
  /** A share link of the owner's memo that a call may revoke. */
  const spareShareId = async () => (await owner.client.post(`/api/memo/${memoId}/share`, {})).body.data.id as number;
  /** One of the owner's shortcuts, named as a v1 memo view. */
  const spareViewName = async () =>
    `users/owner/views/${(await owner.client.post("/api/shortcut", { title: "Spare", payload: "[]" })).body.data.id as number}`;
  /** A webhook of the owner's that a call may change or delete. */
  const spareWebhookId = async () =>
    (await owner.client.post("/api/webhook", { name: "spare", url: "https://hooks.example.com/spare", events: ["memo.created"] })).body.data
      .id as number;
  /** An identity provider that a call may change or delete. */
  const spareProviderId = async () =>
    (await host.client.post("/api/identity-provider", { name: "Spare", issuer: "https://id.example.com", clientId: "spare" })).body.data
      .id as number;

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
    hostId = host.user.id;
    owner = await createUser(t, host, "owner");
    const memo = await createMemo(owner, "credential kinds", "PUBLIC");
    memoId = memo.id;
    uid = (await t.ctx.store.db.selectFrom("memo").select("uid").where("id", "=", memo.id).executeTakeFirstOrThrow()).uid;
    shareToken = (await owner.client.post(`/api/memo/${memo.id}/share`, {})).body.data.token as string;
    providerId = await spareProviderId();
  });
  afterAll(() => t.close());

  /** What each call answers to each credential: reads for everyone, writes for all but a read-only token and nobody. */
  const CALLS: Array<[string, (client: Client) => Promise<{ status: number }>, Record<CredentialKind | "none", number>]> = [
    [
      "GET /api/v1/memos/:uid",
      (client) => client.get(`/api/v1/memos/${uid}`),
      { none: 200, session: 200, "read token": 200, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "Connect GetMemo",
      (client) => connect(client, "GetMemo", { name: `memos/${uid}` }),
      { none: 200, session: 200, "read token": 200, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "GET /api/v1/auth/me",
      (client) => client.get("/api/v1/auth/me"),
      { none: 401, session: 200, "read token": 200, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "PATCH /api/v1/memos/:uid",
      (client) => client.patch(`/api/v1/memos/${uid}?updateMask=content`, { content: "changed" }),
      { none: 401, session: 200, "read token": 403, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "Connect CreateMemo",
      (client) => connect(client, "CreateMemo", { memo: { content: "new" } }),
      { none: 401, session: 200, "read token": 403, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    // UserService: stats are public; preferences are the caller's own; tokens and a password are a session's alone.
    [
      "GET /api/v1/users/:u:getStats",
      (client) => client.get("/api/v1/users/owner:getStats"),
      { none: 200, session: 200, "read token": 200, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "GET /api/v1/users:stats",
      (client) => client.get("/api/v1/users:stats"),
      { none: 200, session: 200, "read token": 200, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "GET /api/v1/users (a member: administrators only)",
      (client) => client.get("/api/v1/users"),
      { none: 401, session: 403, "read token": 403, "read-write token": 403, "open ID": 403, "?openId=": 403 },
    ],
    [
      "Connect GetUserSetting",
      (client) => connect(client, "GetUserSetting", { name: "users/owner/settings/GENERAL" }, "UserService"),
      { none: 401, session: 200, "read token": 200, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "PATCH /api/v1/users/:u/settings/GENERAL",
      (client) => client.patch("/api/v1/users/owner/settings/GENERAL?updateMask=locale", { generalSetting: { locale: "fr" } }),
      { none: 401, session: 200, "read token": 403, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "PATCH /api/v1/users/:u (display_name)",
      (client) => client.patch("/api/v1/users/owner?updateMask=display_name", { displayName: "Owner" }),
      { none: 401, session: 200, "read token": 403, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "PATCH /api/v1/users/:u (avatar_url)",
      (client) => client.patch("/api/v1/users/owner?updateMask=avatar_url", { avatarUrl: TINY_PNG }),
      { none: 401, session: 200, "read token": 403, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "GET /file/users/:username/avatar (public, as accounts are)",
      async (client) => {
        await owner.client.patch("/api/v1/users/owner?updateMask=avatar_url", { avatarUrl: TINY_PNG });
        return client.get("/file/users/owner/avatar");
      },
      { none: 200, session: 200, "read token": 200, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "PATCH /api/v1/users/:u (password)",
      (client) => client.patch("/api/v1/users/owner?updateMask=password", { password: PASSWORD }),
      { none: 401, session: 200, "read token": 403, "read-write token": 403, "open ID": 403, "?openId=": 403 },
    ],
    [
      "Connect ListPersonalAccessTokens",
      (client) => connect(client, "ListPersonalAccessTokens", { parent: "users/owner" }, "UserService"),
      { none: 401, session: 200, "read token": 403, "read-write token": 403, "open ID": 403, "?openId=": 403 },
    ],
    [
      "POST /api/v1/users/:u/personalAccessTokens",
      (client) => client.post("/api/v1/users/owner/personalAccessTokens", { description: "matrix" }),
      { none: 401, session: 200, "read token": 403, "read-write token": 403, "open ID": 403, "?openId=": 403 },
    ],
    [
      "DELETE /api/v1/users/:u/personalAccessTokens/:id",
      async (client) => client.delete(`/api/v1/users/owner/personalAccessTokens/${await spareTokenId()}`),
      { none: 401, session: 200, "read token": 403, "read-write token": 403, "open ID": 403, "?openId=": 403 },
    ],
    // MemoService's comments, reactions and relations: reads for everyone, writes for all but a read-only token.
    [
      "Connect ListMemoComments",
      (client) => connect(client, "ListMemoComments", { name: `memos/${uid}` }),
      { none: 200, session: 200, "read token": 200, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "POST /api/v1/memos/:uid/comments",
      (client) => client.post(`/api/v1/memos/${uid}/comments`, { content: "a comment" }),
      { none: 401, session: 200, "read token": 403, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "GET /api/v1/memos/:uid/reactions",
      (client) => client.get(`/api/v1/memos/${uid}/reactions`),
      { none: 200, session: 200, "read token": 200, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "Connect UpsertMemoReaction",
      (client) => connect(client, "UpsertMemoReaction", { name: `memos/${uid}`, reaction: { reactionType: "👍" } }),
      { none: 401, session: 200, "read token": 403, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "DELETE /api/v1/memos/:uid/reactions/:id",
      async (client) => {
        const given = await client.post(`/api/v1/memos/${uid}/reactions`, { reaction: { reactionType: "🎉" } });
        return client.delete(`/api/v1/${given.body?.name ?? `memos/${uid}/reactions/1`}`);
      },
      { none: 401, session: 200, "read token": 403, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "Connect ListMemoRelations",
      (client) => connect(client, "ListMemoRelations", { name: `memos/${uid}` }),
      { none: 200, session: 200, "read token": 200, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "PATCH /api/v1/memos/:uid/relations",
      (client) => client.patch(`/api/v1/memos/${uid}/relations`, { relations: [] }),
      { none: 401, session: 200, "read token": 403, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    // AttachmentService: the caller's own resources; a file by its uid to whoever may read it (its owner here).
    [
      "POST /api/v1/attachments",
      (client) => client.post("/api/v1/attachments", { filename: "a.txt", type: "text/plain", content: "aGk=" }),
      { none: 401, session: 200, "read token": 403, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "Connect ListAttachments",
      (client) => connect(client, "ListAttachments", {}, "AttachmentService"),
      { none: 401, session: 200, "read token": 200, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "GET /file/attachments/:uid/:filename (the owner's, on no memo)",
      async (client) => client.get(`/file/attachments/${await spareResourceUid()}/spare.png`),
      { none: 404, session: 200, "read token": 200, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "DELETE /api/v1/attachments/:uid",
      async (client) => client.delete(`/api/v1/attachments/${await spareResourceUid()}`),
      { none: 401, session: 200, "read token": 403, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "POST /api/v1/attachments:batchDelete",
      async (client) => client.post("/api/v1/attachments:batchDelete", { names: [`attachments/${await spareResourceUid()}`] }),
      { none: 401, session: 200, "read token": 403, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    // MemoService's share links: the author's to make, list and revoke (a write not with a read-only token); a token
    // opens its memo to anyone. Link previews are not served.
    [
      "POST /api/v1/memos/:uid/shares",
      (client) => client.post(`/api/v1/memos/${uid}/shares`, {}),
      { none: 401, session: 200, "read token": 403, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "Connect ListMemoShares",
      (client) => connect(client, "ListMemoShares", { parent: `memos/${uid}` }),
      { none: 401, session: 200, "read token": 200, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "DELETE /api/v1/memos/:uid/shares/:id",
      async (client) => client.delete(`/api/v1/memos/${uid}/shares/${await spareShareId()}`),
      { none: 401, session: 200, "read token": 403, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "GET /api/v1/shares/:token/memo",
      (client) => client.get(`/api/v1/shares/${shareToken}/memo`),
      { none: 200, session: 200, "read token": 200, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "Connect GetSharedMemo",
      (client) => connect(client, "GetSharedMemo", { shareToken }),
      { none: 200, session: 200, "read token": 200, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    // Link previews make the server fetch: signed-in callers only. A private address is refused here (400), which
    // shows the call got past access without reaching out.
    [
      "GET /api/v1/memos/-/linkMetadata (a private address: refused)",
      (client) => client.get("/api/v1/memos/-/linkMetadata?url=http%3A%2F%2F10.1.2.3%2F"),
      { none: 401, session: 400, "read token": 400, "read-write token": 400, "open ID": 400, "?openId=": 400 },
    ],
    [
      "Connect BatchGetLinkMetadata (a POST, so not with a read-only token; a private address: refused)",
      (client) => connect(client, "BatchGetLinkMetadata", { urls: ["http://10.1.2.3/"] }),
      { none: 401, session: 400, "read token": 403, "read-write token": 400, "open ID": 400, "?openId=": 400 },
    ],
    // UserService's webhooks: listed by any credential of the owner's; changed, and their secret read, by a session only.
    [
      "Connect ListUserWebhooks",
      (client) => connect(client, "ListUserWebhooks", { parent: "users/owner" }, "UserService"),
      { none: 401, session: 200, "read token": 200, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "POST /api/v1/users/:u/webhooks",
      (client) => client.post("/api/v1/users/owner/webhooks", { url: "https://hooks.example.com/matrix" }),
      { none: 401, session: 200, "read token": 403, "read-write token": 403, "open ID": 403, "?openId=": 403 },
    ],
    [
      "PATCH /api/v1/users/:u/webhooks/:id",
      async (client) =>
        client.patch(`/api/v1/users/owner/webhooks/${await spareWebhookId()}?updateMask=display_name`, { displayName: "Renamed" }),
      { none: 401, session: 200, "read token": 403, "read-write token": 403, "open ID": 403, "?openId=": 403 },
    ],
    [
      "DELETE /api/v1/users/:u/webhooks/:id",
      async (client) => client.delete(`/api/v1/users/owner/webhooks/${await spareWebhookId()}`),
      { none: 401, session: 200, "read token": 403, "read-write token": 403, "open ID": 403, "?openId=": 403 },
    ],
    [
      "GET /api/v1/users/:u/webhooks/:id:getSigningSecret",
      async (client) => client.get(`/api/v1/users/owner/webhooks/${await spareWebhookId()}:getSigningSecret`),
      { none: 401, session: 200, "read token": 403, "read-write token": 403, "open ID": 403, "?openId=": 403 },
    ],
    // IdentityProviderService, for a member: the list is public, one provider any member's; changes are refused.
    [
      "GET /api/v1/identity-providers",
      (client) => client.get("/api/v1/identity-providers"),
      { none: 200, session: 200, "read token": 200, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "Connect GetIdentityProvider",
      (client) => connect(client, "GetIdentityProvider", { name: `identity-providers/${providerId}` }, "IdentityProviderService"),
      { none: 401, session: 200, "read token": 200, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "POST /api/v1/identity-providers (a member)",
      (client) => client.post("/api/v1/identity-providers", IDENTITY_PROVIDER),
      { none: 401, session: 403, "read token": 403, "read-write token": 403, "open ID": 403, "?openId=": 403 },
    ],
    [
      "PATCH /api/v1/identity-providers/:id (a member)",
      (client) => client.patch(`/api/v1/identity-providers/${providerId}?updateMask=title`, { title: "Taken" }),
      { none: 401, session: 403, "read token": 403, "read-write token": 403, "open ID": 403, "?openId=": 403 },
    ],
    [
      "DELETE /api/v1/identity-providers/:id (a member)",
      (client) => client.delete(`/api/v1/identity-providers/${providerId}`),
      { none: 401, session: 403, "read token": 403, "read-write token": 403, "open ID": 403, "?openId=": 403 },
    ],
    // UserService's notifications: the caller's own inbox; marking and removing are writes.
    [
      "Connect ListUserNotifications",
      (client) => connect(client, "ListUserNotifications", { parent: "users/owner" }, "UserService"),
      { none: 401, session: 200, "read token": 200, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "PATCH /api/v1/users/:u/notifications/:id",
      async (client) => client.patch(`/api/v1/${await spareNotification()}?updateMask=status`, { status: "ARCHIVED" }),
      { none: 401, session: 200, "read token": 403, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "Connect DeleteUserNotification",
      async (client) => connect(client, "DeleteUserNotification", { name: await spareNotification() }, "UserService"),
      { none: 401, session: 200, "read token": 403, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "GET /api/v1/users/:u/notifications (another's: the owner's alone)",
      (client) => client.get("/api/v1/users/host/notifications"),
      { none: 401, session: 403, "read token": 403, "read-write token": 403, "open ID": 403, "?openId=": 403 },
    ],
    // InstanceService: GENERAL and MEMO_RELATED to anyone, AI to members, credentials' settings, changes, the mail
    // test and stats to administrators (a change from a session alone); AIService: a member's call, Unimplemented.
    [
      "GET /api/v1/instance/settings/GENERAL",
      (client) => client.get("/api/v1/instance/settings/GENERAL"),
      { none: 200, session: 200, "read token": 200, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "Connect GetInstanceSetting AI",
      (client) => connect(client, "GetInstanceSetting", { name: "instance/settings/AI" }, "InstanceService"),
      { none: 401, session: 200, "read token": 200, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "GET /api/v1/instance/settings/STORAGE (a member: administrators only)",
      (client) => client.get("/api/v1/instance/settings/STORAGE"),
      { none: 401, session: 403, "read token": 403, "read-write token": 403, "open ID": 403, "?openId=": 403 },
    ],
    [
      "POST /api/v1/instance/settings:batchGet (a read posted: a read-only token's scope is the verb's)",
      (client) => client.post("/api/v1/instance/settings:batchGet", { names: ["instance/settings/GENERAL"] }),
      { none: 200, session: 200, "read token": 403, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "PATCH /api/v1/instance/settings/GENERAL (a member: administrators only)",
      (client) => client.patch("/api/v1/instance/settings/GENERAL?updateMask=disallow_user_registration", { generalSetting: {} }),
      { none: 401, session: 403, "read token": 403, "read-write token": 403, "open ID": 403, "?openId=": 403 },
    ],
    [
      "Connect TestInstanceEmailSetting (a member: administrators only)",
      (client) => connect(client, "TestInstanceEmailSetting", {}, "InstanceService"),
      { none: 401, session: 403, "read token": 403, "read-write token": 403, "open ID": 403, "?openId=": 403 },
    ],
    [
      "GET /api/v1/instance/stats (a member: administrators only)",
      (client) => client.get("/api/v1/instance/stats"),
      { none: 401, session: 403, "read token": 403, "read-write token": 403, "open ID": 403, "?openId=": 403 },
    ],
    [
      "POST /api/v1/ai:transcribe (Unimplemented)",
      (client) => client.post("/api/v1/ai:transcribe", { audio: { content: "AQI=" } }),
      { none: 401, session: 501, "read token": 403, "read-write token": 501, "open ID": 501, "?openId=": 501 },
    ],
    // ShortcutService: the caller's own shortcuts.
    [
      "Connect ListShortcuts",
      (client) => connect(client, "ListShortcuts", { parent: "users/owner" }, "ShortcutService"),
      { none: 401, session: 200, "read token": 200, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "POST /api/v1/users/:u/shortcuts",
      (client) => client.post("/api/v1/users/owner/shortcuts", { title: "Pinned", filter: "pinned" }),
      { none: 401, session: 200, "read token": 403, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    // MemoViewService (memos 0.31's name for shortcuts): the owner's own; a read token reads, does not write.
    [
      "GET /api/v1/users/:u/views",
      (client) => client.get("/api/v1/users/owner/views"),
      { none: 401, session: 200, "read token": 200, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "Connect GetMemoView",
      async (client) => connect(client, "GetMemoView", { name: await spareViewName() }, "MemoViewService"),
      { none: 401, session: 200, "read token": 200, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "POST /api/v1/users/:u/views",
      (client) => client.post("/api/v1/users/owner/views", { title: "Pinned", filter: "pinned" }),
      { none: 401, session: 200, "read token": 403, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "PATCH /api/v1/users/:u/views/:id",
      async (client) => client.patch(`/api/v1/${await spareViewName()}`, { title: "Renamed" }),
      { none: 401, session: 200, "read token": 403, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "Connect DeleteMemoView",
      async (client) => connect(client, "DeleteMemoView", { name: await spareViewName() }, "MemoViewService"),
      { none: 401, session: 200, "read token": 403, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "GET /api/v1/users/:u/views (another's: the owner's alone)",
      (client) => client.get("/api/v1/users/host/views"),
      { none: 401, session: 403, "read token": 403, "read-write token": 403, "open ID": 403, "?openId=": 403 },
    ],
    // The auth part of issue 45: the refresh cookie alone refreshes; a member's CreateUser is a sign-up (closed here)
    // and a member deletes no other account; linked identities are the caller's own, changed from a session only.
    [
      "Connect RefreshToken (no refresh cookie)",
      (client) => connect(client, "RefreshToken", {}, "AuthService"),
      // A read-only token is held to reads first (RefreshToken posts).
      { none: 401, session: 401, "read token": 403, "read-write token": 401, "open ID": 401, "?openId=": 401 },
    ],
    [
      "POST /api/v1/users (a member: a sign-up, closed)",
      (client) => client.post("/api/v1/users", { username: "newcomer", password: PASSWORD }),
      { none: 403, session: 403, "read token": 403, "read-write token": 403, "open ID": 403, "?openId=": 403 },
    ],
    [
      "DELETE /api/v1/users/:u (a member: another account)",
      (client) => client.delete("/api/v1/users/host"),
      { none: 401, session: 403, "read token": 403, "read-write token": 403, "open ID": 403, "?openId=": 403 },
    ],
    [
      "Connect ListLinkedIdentities",
      (client) => connect(client, "ListLinkedIdentities", { parent: "users/owner" }, "UserService"),
      { none: 401, session: 200, "read token": 200, "read-write token": 200, "open ID": 200, "?openId=": 200 },
    ],
    [
      "GET /api/v1/users/:u/linkedIdentities/:id (none linked)",
      (client) => client.get("/api/v1/users/owner/linkedIdentities/1"),
      { none: 401, session: 404, "read token": 404, "read-write token": 404, "open ID": 404, "?openId=": 404 },
    ],
    [
      "Connect CreateLinkedIdentity (no code: refused by field)",
      (client) => connect(client, "CreateLinkedIdentity", { parent: "users/owner", idpName: "identity-providers/1" }, "UserService"),
      { none: 401, session: 400, "read token": 403, "read-write token": 403, "open ID": 403, "?openId=": 403 },
    ],
    [
      "DELETE /api/v1/users/:u/linkedIdentities/:id (none linked)",
      (client) => client.delete("/api/v1/users/owner/linkedIdentities/1"),
      { none: 401, session: 404, "read token": 403, "read-write token": 403, "open ID": 403, "?openId=": 403 },
    ],
  ];

  /** The host's calls, by the host's own credentials: identity providers change by an administrator's session only. */
  const HOST_CALLS: typeof CALLS = [
    [
      "POST /api/v1/identity-providers (the host)",
      (client) => client.post("/api/v1/identity-providers", IDENTITY_PROVIDER),
      { none: 401, session: 200, "read token": 403, "read-write token": 403, "open ID": 403, "?openId=": 403 },
    ],
    [
      "PATCH /api/v1/identity-providers/:id (the host)",
      async (client) => client.patch(`/api/v1/identity-providers/${await spareProviderId()}?updateMask=title`, { title: "Renamed" }),
      { none: 401, session: 200, "read token": 403, "read-write token": 403, "open ID": 403, "?openId=": 403 },
    ],
    [
      "DELETE /api/v1/identity-providers/:id (the host)",
      async (client) => client.delete(`/api/v1/identity-providers/${await spareProviderId()}`),
      { none: 401, session: 200, "read token": 403, "read-write token": 403, "open ID": 403, "?openId=": 403 },
    ],
  ];

  // The credentials that open no v1 call: a share link's token is no credential (as Bearer, an invalid token), and an
  // app's OAuth token is for /mcp alone.
  it("a share link's token (401) and an app's MCP token (403) open no v1 call", async () => {
    const memo = await createMemo(owner, "shared", "PRIVATE");
    const link = await owner.client.post(`/api/memo/${memo.id}/share`, {});
    expect(link.status, link.text).toBe(200);
    const others = {
      "share link": anonymous(t).withToken(link.body.data.token),
      "MCP token": anonymous(t).withToken(await appTokenOf(t, owner)),
    };
    for (const [route, call] of [...CALLS, ...HOST_CALLS]) {
      await expectPolicyStatuses(route, { "share link": 401, "MCP token": 403 }, async (kind) => call(others[kind]));
    }
  });

  const title = (route: string, expected: Record<string, number>) =>
    `${route}: ${Object.entries(expected)
      .map(([kind, status]) => `${kind}=${status}`)
      .join(" ")}`;
  for (const [route, call, expected] of CALLS) {
    it(title(route, expected), async () => {
      await expectPolicyStatuses(route, expected, async (kind) => call(kind === "none" ? anonymous(t) : await callerOf(t, owner, kind)));
    });
  }
  for (const [route, call, expected] of HOST_CALLS) {
    it(title(route, expected), async () => {
      await expectPolicyStatuses(route, expected, async (kind) => call(kind === "none" ? anonymous(t) : await callerOf(t, host, kind)));
    });
  }

  // A v1 sign-in's bearer token is a session's credential: every call answers it as it answers the session. The
  // password change signs the account's other sessions out (the owner's cookie among them), so it comes last.
  it("a v1 sign-in's bearer token: every call as the session", async () => {
    const signedIn = await anonymous(t).post("/api/v1/auth/signin", { passwordCredentials: { username: "owner", password: PASSWORD } });
    expect(signedIn.status, signedIn.text).toBe(200);
    const bearer = anonymous(t).withToken(signedIn.body.accessToken);
    const signsOthersOut = (route: string) => route.includes("(password)");
    const ordered = [...CALLS.filter(([route]) => !signsOthersOut(route)), ...CALLS.filter(([route]) => signsOthersOut(route))];
    for (const [route, call, expected] of ordered) {
      await expectPolicyStatuses(route, { "v1 access token": expected.session }, async () => call(bearer));
    }
    const hostSignedIn = await anonymous(t).post("/api/v1/auth/signin", {
      passwordCredentials: { username: host.user.username, password: PASSWORD },
    });
    const hostBearer = anonymous(t).withToken(hostSignedIn.body.accessToken);
    for (const [route, call, expected] of HOST_CALLS) {
      await expectPolicyStatuses(route, { "v1 access token": expected.session }, async () => call(hostBearer));
    }
  });
});

/** The v1 RPCs only an administrator's session performs, by the kind of the host's credential (and its v1 token). */
describe("v1 account RPCs of an administrator by credential", () => {
  let t: TestApp;
  let host: TestUser;
  let count = 0;
  const fresh = () => `made${++count}`;

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
  });
  afterAll(() => t.close());

  const kinds = ["none", ...CREDENTIAL_KINDS, "v1 access token"] as const;
  type Kind = (typeof kinds)[number];
  async function callerAs(kind: Kind): Promise<Client> {
    if (kind === "none") return anonymous(t);
    if (kind !== "v1 access token") return callerOf(t, host, kind);
    const signedIn = await anonymous(t).post("/api/v1/auth/signin", { passwordCredentials: { username: "host", password: PASSWORD } });
    return anonymous(t).withToken(signedIn.body.accessToken);
  }

  const CALLS: Array<[string, (client: Client) => Promise<{ status: number }>, Record<Kind, number>]> = [
    [
      "POST /api/v1/users (an administrator adds a member; a visitor's sign-up is closed)",
      (client) => client.post("/api/v1/users", { username: fresh(), password: PASSWORD, role: "ADMIN" }),
      { none: 403, session: 200, "read token": 403, "read-write token": 403, "open ID": 403, "?openId=": 403, "v1 access token": 200 },
    ],
    [
      "Connect DeleteUser (a member)",
      async (client) => {
        const member = await createUser(t, host, fresh());
        return client.post("/memos.api.v1.UserService/DeleteUser", { name: `users/${member.user.username}` });
      },
      { none: 401, session: 200, "read token": 403, "read-write token": 403, "open ID": 403, "?openId=": 403, "v1 access token": 200 },
    ],
  ];

  for (const [route, call, expected] of CALLS) {
    it(`${route}: ${Object.entries(expected)
      .map(([kind, status]) => `${kind}=${status}`)
      .join(" ")}`, async () => {
      await expectPolicyStatuses(route, expected, async (kind) => call(await callerAs(kind)));
    });
  }
});

/**
 * GET /api/events by the kind of credential, over real HTTP (the stream never ends, so its status is read and the
 * request aborted): every signed-in credential opens it (what each then hears is events-audience.test.ts's); a
 * visitor, a share link's token and an app's MCP token do not.
 */
describe("the live event stream by credential", () => {
  let t: TestApp;
  let member: TestUser;
  let host: TestUser;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
    member = await createUser(t, host, "member");
    base = await listen(t);
  });
  afterAll(() => t.close());

  async function statusOf(options: { headers?: Record<string, string>; query?: string }): Promise<number> {
    const abort = new AbortController();
    const response = await fetch(`${base}/api/events${options.query ?? ""}`, { headers: options.headers, signal: abort.signal });
    abort.abort();
    return response.status;
  }

  const expected: Record<CredentialKind | "none" | "share link" | "MCP app token", number> = {
    none: 401,
    session: 200,
    "read token": 200,
    "read-write token": 200,
    "open ID": 200,
    "?openId=": 200,
    "share link": 401,
    "MCP app token": 403,
  };
  it(`GET /api/events: ${Object.entries(expected)
    .map(([kind, status]) => `${kind}=${status}`)
    .join(" ")}`, async () => {
    const memo = await createMemo(member, "shared", "PRIVATE");
    const link = await member.client.post(`/api/memo/${memo.id}/share`, {});
    const got: Record<string, number> = {
      none: await statusOf({}),
      "share link": await statusOf({ headers: { authorization: `Bearer ${link.body.data.token}` } }),
      "MCP app token": await statusOf({ headers: { authorization: `Bearer ${await appTokenOf(t, member)}` } }),
    };
    for (const kind of CREDENTIAL_KINDS) got[kind] = await statusOf(await streamOptionsOf(t, member, kind));
    expect(got).toEqual(expected);
  });
});

/**
 * The space routes (issue 47) by the caller's role in the space, then by the owner's credential. A space answers a
 * non-member (an administrator and the host too) as one that does not exist: 404. Each call gets a space of its own
 * (owner, editor, reader), so a deletion, a departure or a transfer spares the next.
 */
describe("space routes by role and by credential", () => {
  let t: TestApp;
  let host: TestUser;
  let seq = 0;
  type Role = "anon" | "owner" | "editor" | "reader" | "outsider" | "admin";
  let users: Record<Exclude<Role, "anon">, TestUser>;
  let extra: TestUser;

  /** A space of the owner's with the editor and the reader, an invitation and the memo of the owner in it. */
  async function freshSpace() {
    const { owner, editor, reader } = users;
    const space = (await owner.client.post("/api/space", { name: `space ${++seq}` })).body.data as { id: number };
    for (const [member, role] of [
      [editor, "editor"],
      [reader, "reader"],
    ] as const)
      expect((await owner.client.post(`/api/space/${space.id}/member`, { username: member.user.username, role })).status).toBe(200);
    const invitation = (await owner.client.post(`/api/space/${space.id}/invitation`, { role: "reader" })).body.data as {
      id: number;
      token: string;
    };
    return { id: space.id, invitation };
  }

  type Call = (client: Client) => Promise<{ status: number }>;
  const CALLS: Array<[string, Call, Record<Role, number>, "read" | "write"]> = [
    ["GET /api/space", (c) => c.get("/api/space"), { anon: 401, owner: 200, editor: 200, reader: 200, outsider: 200, admin: 200 }, "read"],
    [
      "POST /api/space",
      (c) => c.post("/api/space", { name: "new" }),
      { anon: 401, owner: 200, editor: 200, reader: 200, outsider: 200, admin: 200 },
      "write",
    ],
    [
      "GET /api/space/:spaceId",
      async (c) => c.get(`/api/space/${(await freshSpace()).id}`),
      { anon: 401, owner: 200, editor: 200, reader: 200, outsider: 404, admin: 404 },
      "read",
    ],
    [
      "PATCH /api/space/:spaceId",
      async (c) => c.patch(`/api/space/${(await freshSpace()).id}`, { name: "renamed" }),
      { anon: 401, owner: 200, editor: 403, reader: 403, outsider: 404, admin: 404 },
      "write",
    ],
    [
      "DELETE /api/space/:spaceId",
      async (c) => c.delete(`/api/space/${(await freshSpace()).id}?memos=private`),
      { anon: 401, owner: 200, editor: 403, reader: 403, outsider: 404, admin: 404 },
      "write",
    ],
    [
      "POST /api/space/:spaceId/transfer",
      async (c) => c.post(`/api/space/${(await freshSpace()).id}/transfer`, { userId: users.editor.user.id }),
      { anon: 401, owner: 200, editor: 403, reader: 403, outsider: 404, admin: 404 },
      "write",
    ],
    [
      "GET /api/space/:spaceId/memo",
      async (c) => c.get(`/api/space/${(await freshSpace()).id}/memo`),
      { anon: 401, owner: 200, editor: 200, reader: 200, outsider: 404, admin: 404 },
      "read",
    ],
    [
      "POST /api/memo (with spaceId)",
      async (c) => c.post("/api/memo", { content: "to the space", spaceId: (await freshSpace()).id }),
      { anon: 401, owner: 200, editor: 200, reader: 403, outsider: 404, admin: 404 },
      "write",
    ],
    [
      "GET /api/space/:spaceId/member",
      async (c) => c.get(`/api/space/${(await freshSpace()).id}/member`),
      { anon: 401, owner: 200, editor: 200, reader: 200, outsider: 404, admin: 404 },
      "read",
    ],
    [
      "POST /api/space/:spaceId/member",
      async (c) => c.post(`/api/space/${(await freshSpace()).id}/member`, { username: extra.user.username, role: "reader" }),
      { anon: 401, owner: 200, editor: 403, reader: 403, outsider: 404, admin: 404 },
      "write",
    ],
    [
      "PATCH /api/space/:spaceId/member/:userId",
      async (c) => c.patch(`/api/space/${(await freshSpace()).id}/member/${users.reader.user.id}`, { role: "editor" }),
      { anon: 401, owner: 200, editor: 403, reader: 403, outsider: 404, admin: 404 },
      "write",
    ],
    [
      "DELETE /api/space/:spaceId/member/:userId",
      async (c) => c.delete(`/api/space/${(await freshSpace()).id}/member/${users.reader.user.id}`),
      { anon: 401, owner: 200, editor: 403, reader: 403, outsider: 404, admin: 404 },
      "write",
    ],
    [
      "POST /api/space/:spaceId/leave",
      async (c) => c.post(`/api/space/${(await freshSpace()).id}/leave`),
      { anon: 401, owner: 409, editor: 200, reader: 200, outsider: 404, admin: 404 },
      "write",
    ],
    [
      "GET /api/space/:spaceId/invitation",
      async (c) => c.get(`/api/space/${(await freshSpace()).id}/invitation`),
      { anon: 401, owner: 200, editor: 403, reader: 403, outsider: 404, admin: 404 },
      "read",
    ],
    [
      "POST /api/space/:spaceId/invitation",
      async (c) => c.post(`/api/space/${(await freshSpace()).id}/invitation`, { role: "editor" }),
      { anon: 401, owner: 200, editor: 403, reader: 403, outsider: 404, admin: 404 },
      "write",
    ],
    [
      "DELETE /api/space/:spaceId/invitation/:invitationId",
      async (c) => {
        const space = await freshSpace();
        return c.delete(`/api/space/${space.id}/invitation/${space.invitation.id}`);
      },
      { anon: 401, owner: 200, editor: 403, reader: 403, outsider: 404, admin: 404 },
      "write",
    ],
    [
      "POST /api/space-invitation/:token",
      async (c) => c.post(`/api/space-invitation/${(await freshSpace()).invitation.token}`),
      { anon: 401, owner: 200, editor: 200, reader: 200, outsider: 200, admin: 200 },
      "write",
    ],
  ];

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
    users = {
      owner: await createUser(t, host, "owner"),
      editor: await createUser(t, host, "editor"),
      reader: await createUser(t, host, "reader"),
      outsider: await createUser(t, host, "outsider"),
      admin: await createUser(t, host, "admin", "ADMIN"),
    };
    extra = await createUser(t, host, "extra");
  });
  afterAll(() => t.close());

  for (const [route, call, expected] of CALLS) {
    it(`${route} by role: ${Object.entries(expected)
      .map(([role, status]) => `${role}=${status}`)
      .join(" ")}`, async () => {
      await expectPolicyStatuses(route, expected, async (role) => call(role === "anon" ? anonymous(t) : users[role].client));
    });
  }

  it("by the owner's credential: reads for every credential, writes not with a read token; a share link or an app's MCP token opens none", async () => {
    const memo = await createMemo(users.owner, "shared", "PRIVATE");
    const link = (await users.owner.client.post(`/api/memo/${memo.id}/share`, {})).body.data.token as string;
    const mcpToken = await appTokenOf(t, users.owner);
    for (const [route, call, expected, kind] of CALLS) {
      const success = expected.owner;
      const table: Record<CredentialKind | "share link" | "MCP token", number> = {
        session: success,
        "read token": kind === "read" ? success : 403,
        "read-write token": success,
        "open ID": success,
        "?openId=": success,
        "share link": 401,
        "MCP token": 403,
      };
      await expectPolicyStatuses(route, table, async (credential) => {
        if (credential === "share link") return call(anonymous(t).withToken(link));
        if (credential === "MCP token") return call(anonymous(t).withToken(mcpToken));
        return call(await callerOf(t, users.owner, credential));
      });
    }
    expect(CREDENTIAL_KINDS).toEqual(["session", "read token", "read-write token", "open ID", "?openId="]);
  });
});
