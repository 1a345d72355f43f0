// Opening a memos 0.22 … 0.31 database in place, on both engines: a copy is kept (SQLite: the file beside it;
// PostgreSQL: memos' tables in the schema memos_<version>), everything comes over and works through our API and v1
// (old passwords, uids, comments, reactions, attachments' bytes, places), a restart changes nothing.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Memo, memoPropertyFlags } from "@memos/common";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../../src/store/open.js";
import { anonymous, signIn } from "../factories.js";
import { createTestApp, TEST_DRIVER, type TestApp } from "../harness.js";
import { backupsIn, dump } from "../legacy-v010-fixture.js";
import {
  buildMemosDatabase,
  buildMemosPostgres,
  COMMENT_FILE,
  LOCAL_FILE,
  MEMOS,
  MEMOS_PAT,
  OLIVE_AVATAR,
  PASSWORDS,
  PHOTO,
  SHARE_TOKEN,
  schemaVersionOf,
} from "../memos-fixture/build.js";
import { dumpPgSchema } from "../memos-fixture/dump.js";
import { createPgDatabase, type PgDatabase } from "../pg-database.js";
import { MEMOS_MINORS } from "../memos-fixture/schemas.js";
import { signInAtOAuth2, startOAuth2Server } from "../oauth2-provider.js";
import { getRaw } from "../raw.js";
import { Browser, meOf } from "../sso-fixture.js";
import { listen, rest } from "../v1-client.js";

/**
 * PostgreSQL converts every version but 0.29 and 0.30: their schema and rows are 0.28's in memos' PostgreSQL (only the
 * version recorded differs), so they would test nothing 0.28 does not (memos-inplace-killed.test.ts converts 0.30 there).
 */
const MINORS = TEST_DRIVER === "postgres" ? MEMOS_MINORS.filter((minor) => minor !== 29 && minor !== 30) : MEMOS_MINORS;

describe.each(MINORS)(`opening a memos 0.%i ${TEST_DRIVER} database in place`, (minor) => {
  let dir: string;
  let file: string;
  let pg: PgDatabase | undefined;
  let original: Record<string, unknown[]>;
  let t: TestApp;
  const kept = `memos_prod.db.bak-memos-${schemaVersionOf(minor)}`;
  const keptSchema = `memos_${schemaVersionOf(minor).replaceAll(".", "_")}`;
  // Private targets allowed: the converted identity provider is pointed at an OAuth 2 server on loopback.
  const start = () =>
    createTestApp(
      pg ? { driver: "postgres", dsn: pg.dsn, data: dir, oidcAllowPrivate: true } : { sqliteFile: file, data: dir, oidcAllowPrivate: true },
    );
  const current = () => (pg ? dumpPgSchema(pg.dsn, "public") : dump(file));

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `memos-inplace-${minor}-`));
    file = join(dir, "memos_prod.db");
    if (TEST_DRIVER === "postgres") {
      pg = await createPgDatabase("memos_inplace");
      await buildMemosPostgres(pg.dsn, dir, minor);
    } else await buildMemosDatabase(file, minor);
    original = await current();
    t = await start();
  });
  afterAll(async () => {
    await t?.close();
    await pg?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("keeps the untouched original (SQLite: beside the file; PostgreSQL: in its own schema), and none of memos' tables among ours", async () => {
    if (pg) {
      expect(await dumpPgSchema(pg.dsn, keptSchema)).toEqual(original);
      expect(backupsIn(dir)).toEqual([]);
    } else {
      expect(backupsIn(dir)).toEqual([kept]);
      expect(dump(join(dir, kept))).toEqual(original);
    }
    const now = await current();
    expect(Object.keys(now).filter((name) => name.startsWith("memos_old_") || ["reaction", "idp", "inbox"].includes(name))).toEqual([]);
    expect(now).toHaveProperty("schema_migration");
  });

  it("signs every user in with their old password; the first admin is our host", async () => {
    for (const [username, role] of [
      ["olive", "HOST"],
      ["adam", "ADMIN"],
      ["ursula", "USER"],
    ] as const) {
      const response = await anonymous(t).post("/api/auth/signin", { username, password: PASSWORDS[username] });
      expect(response.status, username).toBe(200);
      expect(response.body.data).toMatchObject({ username, role });
    }
    expect((await anonymous(t).post("/api/auth/signin", { username: "olive", password: "wrong" })).status).toBe(401);
    expect((await anonymous(t).post("/api/auth/signin", { username: "gone", password: "gone-old-secret" })).status).toBe(403);
  });

  it("keeps memos 0.26+ personal access tokens working", async () => {
    const me = await anonymous(t).withToken(MEMOS_PAT).get("/api/user/me");
    if (minor < 26) {
      expect(me.status).toBe(401);
      return;
    }
    expect(me.status).toBe(200);
    expect(me.body.data.username).toBe("ursula");
    const ursula = await signIn(t, "ursula", PASSWORDS.ursula);
    expect((await ursula.get("/api/access-token")).body.data).toEqual([expect.objectContaining({ name: "scripts", scope: "read-write" })]);
  });

  it("lists the memos with their visibility, archive, pins, tags and times; comments are not memos", async () => {
    const olive = await signIn(t, "olive", PASSWORDS.olive);
    const ursula = await signIn(t, "ursula", PASSWORDS.ursula);
    const mine = (await olive.get("/api/memo")).body.data as Memo[];
    const hers = (await ursula.get("/api/memo")).body.data as Memo[];
    const seen = new Map([...mine, ...hers].map((memo) => [memo.id, memo]));
    for (const memo of MEMOS.filter((m) => !m.commentOn)) {
      expect(seen.get(memo.id), `memo ${memo.id}`).toMatchObject({
        content: memo.content,
        visibility: memo.visibility,
        rowStatus: memo.rowStatus,
        createdTs: memo.createdTs,
        updatedTs: memo.updatedTs,
        pinned: memo.pinned,
      });
    }
    expect(seen.has(4)).toBe(false);
    // Places come from memos' payload; 0, 0 is a place known by name only.
    expect([1, 3, 5].map((id) => seen.get(id)?.location)).toEqual([
      { placeholder: "Lisbon", latitude: 38.72, longitude: -9.14 },
      { placeholder: "The office", latitude: null, longitude: null },
      null,
    ]);
    const places = (await olive.get("/api/memo/place")).body.data;
    expect(places.places.map((place: { id: number }) => place.id)).toEqual([1]);
    const travel = (await olive.get("/api/memo", { query: { tag: "travel" } })).body.data as Memo[];
    expect(travel.map((m) => m.id).sort()).toEqual([1, 2]);
    const explore = (await anonymous(t).get("/api/memo/all")).body.data as Memo[];
    expect(explore.map((m) => m.id)).toEqual([1]);
    // Each memo's property flags are written with it, as every write path does (v1's stats and filters read them).
    const flags = await t.ctx.store.db.selectFrom("memo").select(["id", "content", "property_flags"]).execute();
    expect(flags.map((row) => [row.id, row.property_flags])).toEqual(flags.map((row) => [row.id, memoPropertyFlags(row.content)]));
  });

  it("turns the COMMENT memo into a comment with its file and reaction", async () => {
    const body = (await anonymous(t).get("/api/memo/1/comment")).body.data;
    expect(body.comments).toHaveLength(1);
    expect(body.comments[0]).toMatchObject({
      memoId: 1,
      content: "Looks lovely!",
      creator: { id: 3, username: "ursula" },
      createdTs: 1_700_000_600,
      resourceList: [expect.objectContaining({ id: 4, filename: "reply.txt" })],
      reactions: [expect.objectContaining({ emoji: "🔥", count: 1 })],
    });
    const reactions = (await anonymous(t).get("/api/reaction", { query: { memoIds: "1" } })).body.data;
    expect(reactions).toEqual([expect.objectContaining({ memoId: 1, emoji: "👍", count: 1 })]);
  });

  it("serves the attachments' bytes: from the database, from the data folder, and keeps the link", async () => {
    const ursula = await signIn(t, "ursula", PASSWORDS.ursula);
    const photo = await getRaw(t, ursula, "/o/r/1/photo.png");
    expect(photo.statusCode).toBe(200);
    expect(Buffer.compare(photo.rawPayload, PHOTO)).toBe(0);
    const note = await getRaw(t, ursula, "/o/r/2/note.txt");
    expect(note.statusCode).toBe(200);
    expect(note.rawPayload.toString()).toBe(LOCAL_FILE.toString());
    const reply = await getRaw(t, null, "/o/r/4/reply.txt");
    expect(Buffer.compare(reply.rawPayload, COMMENT_FILE)).toBe(0);
    const memo = (await anonymous(t).get("/api/memo/1")).body.data as Memo;
    expect(memo.resourceList).toEqual([expect.objectContaining({ id: 3, externalLink: "https://example.com/site.png" })]);
  });

  it("keeps the v1 names: memos/{uid} of a memo and of a comment", async () => {
    const base = await listen(t);
    const memo = await rest(base, "GET", "/api/v1/memos/olive-first-memo");
    expect(memo.status).toBe(200);
    expect(memo.body).toMatchObject({
      name: "memos/olive-first-memo",
      pinned: true,
      visibility: "PUBLIC",
      location: { placeholder: "Lisbon", latitude: 38.72, longitude: -9.14 },
    });
    expect(memo.body.tags.sort()).toEqual(["food", "travel"]);
    const comment = await rest(base, "GET", "/api/v1/memos/ursula-comment");
    expect(comment.status).toBe(200);
    expect(comment.body).toMatchObject({ name: "memos/ursula-comment", parent: "memos/olive-first-memo" });
  });

  it("brings an avatar memos kept as an image's data: URL over, served where memos served it; one that is no image stays behind", async () => {
    const olive = await getRaw(t, null, "/file/users/olive/avatar");
    expect([olive.statusCode, olive.headers["content-type"]]).toEqual([200, "image/png"]);
    expect(Buffer.compare(olive.rawPayload, Buffer.from(OLIVE_AVATAR.split(",")[1]!, "base64"))).toBe(0);
    expect((await anonymous(t).get("/api/user/name/olive")).body.data.avatarUrl).toBe("/file/users/olive/avatar");
    expect((await getRaw(t, null, "/file/users/ursula/avatar")).statusCode).toBe(404);
  });

  it("keeps preferences, webhooks, saved views, the inbox, share links and the instance settings", async () => {
    const ursula = await signIn(t, "ursula", PASSWORDS.ursula);
    const settings = Object.fromEntries(
      ((await ursula.get("/api/user/me")).body.data.userSettingList as { key: string; value: string }[]).map((s) => [s.key, s.value]),
    );
    expect(settings).toMatchObject({ locale: '"fr"', appearance: '"dark"', memoVisibility: '"PROTECTED"' });
    const db = t.ctx.store.db;
    expect(await db.selectFrom("webhook").select(["user_id", "url"]).execute()).toEqual([
      { user_id: 1, url: "https://hooks.example.com/memos" },
    ]);
    const shortcuts = await db.selectFrom("shortcut").select(["creator_id", "title"]).execute();
    expect(shortcuts).toEqual(minor >= 24 ? [{ creator_id: 3, title: "Work" }] : []);
    expect(await db.selectFrom("inbox_item").select(["user_id", "kind", "memo_id", "actor_id"]).execute()).toEqual([
      { user_id: 1, kind: "comment", memo_id: 1, actor_id: 3 },
    ]);
    if (minor >= 27) {
      const shared = await anonymous(t).get(`/api/share/${SHARE_TOKEN}`);
      expect(shared.status).toBe(200);
    }
    const status = (await anonymous(t).get("/api/status")).body.data;
    expect(status).toMatchObject({ allowSignUp: false, additionalStyle: "body { color: teal; }" });
    expect(status.customizedProfile).toMatchObject({ name: "Olive's memos", description: "Moved over" });
  });

  it("brings memos' OAuth 2 provider over with its secret and links (before 0.28: by username), and signs the linked user in through it", async () => {
    const olive = await signIn(t, "olive", PASSWORDS.olive);
    const providers = (await olive.get("/api/identity-provider")).body.data;
    expect(providers).toEqual([
      expect.objectContaining({
        type: "OAUTH2",
        name: "Company SSO",
        authUrl: "https://sso.example.com/auth",
        tokenUrl: "https://sso.example.com/token",
        userInfoUrl: "https://sso.example.com/me",
        clientId: "cid",
        hasSecret: true,
        scopes: "openid",
        usernameClaim: "sub",
        createUsers: true,
        enabled: true,
      }),
    ]);
    expect(JSON.stringify(providers)).not.toContain('"secret"');
    const subject = minor >= 28 ? "ursula@sso" : "ursula";
    const ursula = await signIn(t, "ursula", PASSWORDS.ursula);
    expect((await ursula.get("/api/user/me/identity")).body.data).toEqual([
      expect.objectContaining({ providerName: "Company SSO", subject }),
    ]);
    // The provider's URLs pointed at a real OAuth 2 server on loopback (the secret kept): its account signs in as Ursula.
    const server = await startOAuth2Server(["http://memos.test/auth/oidc/callback"], { there: { sub: subject } });
    try {
      const id = providers[0].id as number;
      const repointed = await olive.patch(`/api/identity-provider/${id}`, {
        authUrl: `${server.base}/authorize`,
        tokenUrl: `${server.base}/token`,
        userInfoUrl: `${server.base}/user`,
        clientId: server.clientId,
        clientSecret: server.clientSecret,
      });
      expect(repointed.status, repointed.text).toBe(200);
      const profile = (await anonymous(t).get("/api/status")).body.data.customizedProfile;
      const setting = { name: "customizedProfile", value: JSON.stringify({ ...profile, externalUrl: "http://memos.test" }) };
      expect((await olive.post("/api/system/setting", setting)).status).toBe(200);
      const browser = new Browser({ t, providerId: id });
      const me = await meOf({ t }, await browser.callback(await signInAtOAuth2(await browser.start(), "there")));
      expect([me.id, me.username]).toEqual([3, "ursula"]);
    } finally {
      await server.close();
    }
  });

  it("keeps the counters and indexes as a row-by-row copy would (PostgreSQL makes them after the copy)", async () => {
    const db = t.ctx.store.db;
    const counts = await db
      .selectFrom("memo_count")
      .select(["creator_id", "row_status", "visibility", "n"])
      .orderBy(["creator_id", "row_status", "visibility"])
      .execute();
    const recounted = await db
      .selectFrom("memo")
      .select(["creator_id", "row_status", "visibility", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy(["creator_id", "row_status", "visibility"])
      .orderBy(["creator_id", "row_status", "visibility"])
      .execute();
    expect(counts.map((row) => ({ ...row, n: Number(row.n) }))).toEqual(recounted.map((row) => ({ ...row, n: Number(row.n) })));
    const tagCounts = await db
      .selectFrom("memo_tag_count")
      .select(["creator_id", "tag", "n"])
      .where("n", ">", 0)
      .orderBy(["creator_id", "tag"])
      .execute();
    const tagRecount = await db
      .selectFrom("memo_tag")
      .innerJoin("memo", "memo.id", "memo_tag.memo_id")
      .select(["memo.creator_id", "memo_tag.tag", (eb) => eb.fn.countAll<number>().as("n")])
      .where("memo.row_status", "=", "NORMAL")
      .groupBy(["memo.creator_id", "memo_tag.tag"])
      .orderBy(["memo.creator_id", "memo_tag.tag"])
      .execute();
    expect(tagCounts.map((row) => ({ ...row, n: Number(row.n) }))).toEqual(tagRecount.map((row) => ({ ...row, n: Number(row.n) })));
    const tags = await db
      .selectFrom("memo_tag")
      .innerJoin("memo", "memo.id", "memo_tag.memo_id")
      .select(["memo_tag.creator_id as tagCreator", "memo.creator_id", "memo_tag.display_ts", "memo.display_ts as memoDisplay"])
      .execute();
    for (const tag of tags) expect([tag.tagCreator, Number(tag.display_ts)]).toEqual([tag.creator_id, Number(tag.memoDisplay)]);
    if (pg) {
      const fresh = await createTestApp({ driver: "postgres" });
      try {
        const indexesOf = (of: TestApp) =>
          sql<{ indexdef: string }>`SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() ORDER BY indexname`.execute(
            of.ctx.store.db,
          );
        expect((await indexesOf(t)).rows).toEqual((await indexesOf(fresh)).rows);
      } finally {
        await fresh.close();
      }
    }
  });

  it("continues ids after the old rows: new users, memos, comments and attachments", async () => {
    const olive = await signIn(t, "olive", PASSWORDS.olive);
    const memo = await olive.post("/api/memo", { content: "written after the move #travel" });
    expect(memo.status).toBe(200);
    expect(memo.body.data.id).toBeGreaterThan(5);
    const comment = await olive.post("/api/memo/1/comment", { content: "a new comment" });
    expect(comment.status).toBe(200);
    const user = await olive.post("/api/user", { username: "newcomer", password: "new-pass-1" });
    expect(user.status).toBe(200);
    expect(user.body.data.id).toBeGreaterThan(4);
    const travel = (await olive.get("/api/memo", { query: { tag: "travel" } })).body.data as Memo[];
    expect(travel.map((m) => m.id)).toContain(memo.body.data.id);
  });

  it("changes nothing when opened again", async () => {
    await t.close();
    const before = await current();
    const { store, migration, converted } = await openStore(pg ? { driver: "postgres", dsn: pg.dsn } : { driver: "sqlite", dsn: file });
    await store.close();
    expect(converted).toBeNull();
    expect(migration).toEqual({ applied: [], backup: null });
    expect(await current()).toEqual(before);
    expect(backupsIn(dir)).toEqual(pg ? [] : [kept]);
    t = await start();
    expect((await anonymous(t).post("/api/auth/signin", { username: "ursula", password: PASSWORDS.ursula })).status).toBe(200);
  });
});
