// Private share links through HTTP: the author makes, lists and revokes `/s/<token>` links; a link opens its one
// memo and that memo's files to anyone, without a session, and nothing else; expiry, revocation and the trash end
// it with one 404; tokens are stored hashed; nobody but the author (not an admin) manages links.
import { createHash } from "node:crypto";
import type { CreatedMemoShare, MemoShare } from "@memos/common";
import { CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CREDENTIAL_KINDS, callerOf } from "../credential-kinds.js";
import { expectError } from "../expect.js";
import { anonymous, createMemo, createUser, signUpHost, type TestUser, uploadResource } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";

const NOT_FOUND = { reason: "share.not-found" } as const;

describe("private share links", () => {
  let t: TestApp;
  let host: TestUser;
  let seq = 0;
  const member = (role: "USER" | "ADMIN" = "USER") => createUser(t, host, `share${++seq}`, role);
  const makeLink = async (owner: TestUser, memoId: number, body: object = {}): Promise<CreatedMemoShare> => {
    const response = await owner.client.post(`/api/memo/${memoId}/share`, body);
    expect(response.status, response.text).toBe(200);
    return response.body.data;
  };
  const linksOf = async (owner: TestUser, memoId: number): Promise<MemoShare[]> => {
    const response = await owner.client.get(`/api/memo/${memoId}/share`);
    expect(response.status, response.text).toBe(200);
    return response.body.data;
  };
  const open = (token: string) => anonymous(t).get(`/api/share/${token}`);
  const now = () => Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
  });
  afterAll(() => t.close());

  it("makes a link shown once, lists it without its token, and opens the memo to a visitor, noindex", async () => {
    const owner = await member();
    const memo = await createMemo(owner, "a private note #secret", "PRIVATE");
    const expiresTs = now() + 7 * 86_400;
    const created = await makeLink(owner, memo.id, { expiresTs });
    expect(Object.keys(created).sort()).toEqual(["expiresTs", "id", "token", "url"]);
    expect(created).toMatchObject({ expiresTs, url: `/s/${created.token}` });
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [listed] = await linksOf(owner, memo.id);
    expect(listed).toEqual({ id: created.id, memoId: memo.id, createdTs: expect.any(Number), expiresTs, lastOpenedTs: null });
    expect(JSON.stringify(await linksOf(owner, memo.id))).not.toContain(created.token);

    const opened = await open(created.token);
    expect(opened.status, opened.text).toBe(200);
    expect(opened.headers["x-robots-tag"]).toMatch(/noindex/);
    expect(opened.body.data).toMatchObject({ id: memo.id, content: "a private note #secret", visibility: "PRIVATE", pinned: false });
    expect((await linksOf(owner, memo.id))[0]!.lastOpenedTs).toBeGreaterThanOrEqual(listed!.createdTs);
    // The page itself is the web app, noindex too.
    const page = await anonymous(t).get(`/s/${created.token}`);
    expect(page.headers["x-robots-tag"]).toMatch(/noindex/);
  });

  it("stores only the token's SHA-256", async () => {
    const owner = await member();
    const memo = await createMemo(owner, "hashed");
    const { id, token } = await makeLink(owner, memo.id);
    const row = await t.ctx.store.db.selectFrom("memo_share").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("answers the same 404 for an unknown, revoked or expired token", async () => {
    const owner = await member();
    const memo = await createMemo(owner, "short-lived", "PROTECTED");
    const revoked = await makeLink(owner, memo.id);
    const expiring = await makeLink(owner, memo.id, { expiresTs: now() + 3600 });
    const kept = await makeLink(owner, memo.id);
    expect((await open(revoked.token)).status).toBe(200);

    expect((await owner.client.delete(`/api/memo/${memo.id}/share/${revoked.id}`)).status).toBe(200);
    await t.ctx.store.db
      .updateTable("memo_share")
      .set({ expires_ts: now() - 1 })
      .where("id", "=", expiring.id)
      .execute();
    const answers = await Promise.all([open(revoked.token), open(expiring.token), open("x".repeat(43)), open("nope")]);
    for (const answer of answers) expectError(answer, 404, "Share link not found", NOT_FOUND);
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    // The list holds the live link only; revoking twice, or a link of another memo, is 404.
    expect((await linksOf(owner, memo.id)).map((link) => link.id)).toEqual([kept.id]);
    expectError(await owner.client.delete(`/api/memo/${memo.id}/share/${revoked.id}`), 404, undefined, NOT_FOUND);
    const other = await createMemo(owner, "other");
    expectError(await owner.client.delete(`/api/memo/${other.id}/share/${kept.id}`), 404, undefined, NOT_FOUND);
    expect((await open(kept.token)).status).toBe(200);
  });

  it("refuses an expiry in the past, naming the field", async () => {
    const owner = await member();
    const memo = await createMemo(owner, "x");
    expectError(await owner.client.post(`/api/memo/${memo.id}/share`, { expiresTs: now() - 10 }), 400, /expiresTs/, { field: "expiresTs" });
    expectError(await owner.client.post(`/api/memo/${memo.id}/share`, { expiresTs: "soon" }), 400, /expiresTs/);
  });

  it("keeps working when the visibility changes; the trash ends it, a restore brings it back, a purge deletes it", async () => {
    const owner = await member();
    const memo = await createMemo(owner, "moving", "PRIVATE");
    const link = await makeLink(owner, memo.id);
    await owner.client.patch(`/api/memo/${memo.id}`, { visibility: "PUBLIC" });
    await owner.client.patch(`/api/memo/${memo.id}`, { visibility: "PROTECTED" });
    expect((await open(link.token)).body.data.visibility).toBe("PROTECTED");
    await owner.client.patch(`/api/memo/${memo.id}`, { rowStatus: "ARCHIVED" });
    expect((await open(link.token)).body.data.rowStatus).toBe("ARCHIVED");
    await owner.client.patch(`/api/memo/${memo.id}`, { rowStatus: "NORMAL" });

    expect((await owner.client.delete(`/api/memo/${memo.id}`)).status).toBe(200);
    expectError(await open(link.token), 404, "Share link not found", NOT_FOUND);
    expect((await owner.client.post(`/api/trash/${memo.id}/restore`)).status).toBe(200);
    expect((await open(link.token)).status).toBe(200);

    await owner.client.delete(`/api/memo/${memo.id}`);
    expect((await owner.client.delete(`/api/trash/${memo.id}`)).status).toBe(200);
    const rows = await t.ctx.store.db.selectFrom("memo_share").select("id").where("memo_id", "=", memo.id).execute();
    expect(rows).toEqual([]);
  });

  it("is managed by the author alone: another member, an admin and the host get 404, a visitor 401", async () => {
    const owner = await member();
    const memo = await createMemo(owner, "mine", "PUBLIC");
    const link = await makeLink(owner, memo.id);
    for (const other of [await member(), await member("ADMIN"), host]) {
      expectError(await other.client.get(`/api/memo/${memo.id}/share`), 404, undefined, { reason: "memo.not-found" });
      expectError(await other.client.post(`/api/memo/${memo.id}/share`, {}), 404, undefined, { reason: "memo.not-found" });
      expectError(await other.client.delete(`/api/memo/${memo.id}/share/${link.id}`), 404, undefined, { reason: "memo.not-found" });
    }
    expectError(await anonymous(t).get(`/api/memo/${memo.id}/share`), 401);
    expectError(await anonymous(t).post(`/api/memo/${memo.id}/share`, {}), 401);
    expect((await open(link.token)).status).toBe(200);
  });

  it("lets the author list on every credential, and make and revoke with all but a read token", async () => {
    const owner = await member();
    const memo = await createMemo(owner, "credentials");
    for (const kind of CREDENTIAL_KINDS) {
      const caller = await callerOf(t, owner, kind);
      expect((await caller.get(`/api/memo/${memo.id}/share`)).status, kind).toBe(200);
      const made = await caller.post(`/api/memo/${memo.id}/share`, {});
      if (kind === "read token") {
        expectError(made, 403, undefined, { reason: "auth.read-only-token" });
        const link = await makeLink(owner, memo.id);
        expectError(await caller.delete(`/api/memo/${memo.id}/share/${link.id}`), 403, undefined, { reason: "auth.read-only-token" });
        continue;
      }
      expect(made.status, `${kind}: ${made.text}`).toBe(200);
      expect((await caller.delete(`/api/memo/${memo.id}/share/${made.body.data.id}`)).status, kind).toBe(200);
    }
  });

  it("reaches one memo and its files: not other memos, not other files, not the author, and authenticates nothing", async () => {
    const owner = await member();
    const photo = await uploadResource(owner, "photo.png", "image/png", Buffer.from("shared-bytes"));
    const elsewhere = await uploadResource(owner, "other.png", "image/png", Buffer.from("other-bytes"));
    const memo = await createMemo(owner, "with a photo", "PRIVATE", { resourceIdList: [photo.id] });
    await createMemo(owner, "another private one", "PRIVATE", { resourceIdList: [elsewhere.id] });
    const { token } = await makeLink(owner, memo.id);

    const opened = (await open(token)).body.data;
    expect(opened.resourceList.map((r: { id: number }) => r.id)).toEqual([photo.id]);
    expect(opened.creator).toMatchObject({ id: owner.user.id, email: "", openId: "" });
    expect(opened.accessToken).toBeUndefined();

    const file = await anonymous(t).get(`/api/share/${token}/resource/${photo.id}`);
    expect(file.status).toBe(200);
    expect(file.text).toBe("shared-bytes");
    expect(file.headers["x-robots-tag"]).toMatch(/noindex/);
    expectError(await anonymous(t).get(`/api/share/${token}/resource/${elsewhere.id}`), 404, "Share link not found", NOT_FOUND);
    expectError(await anonymous(t).get(`/api/share/nope/resource/${photo.id}`), 404, "Share link not found", NOT_FOUND);
    // The visitor's own routes stay closed: the file routes, the memo, the author's lists.
    expect((await anonymous(t).get(`/o/r/${photo.id}/photo.png`)).status).toBe(404);
    expect((await anonymous(t).get(`/api/memo/${memo.id}`)).status).toBe(403);

    // A share token is no credential: as Bearer or as the session cookie it authenticates nothing.
    for (const client of [anonymous(t).withToken(token), anonymous(t).withCookie(`memos_session=${token}`)]) {
      expect((await client.get("/api/user/me")).status).toBe(401);
      expect([401, 403]).toContain((await client.get(`/api/memo/${memo.id}`)).status);
      expect((await client.post("/api/memo", { content: "written with a share token" })).status).toBe(401);
      expect((await client.get(`/api/memo/${memo.id}/share`)).status).toBe(401);
    }
  });

  it("deletes a user's links with the user", async () => {
    const owner = await member();
    const memo = await createMemo(owner, "goes with its author");
    const { token } = await makeLink(owner, memo.id);
    expect((await host.client.delete(`/api/user/${owner.user.id}`)).status).toBe(200);
    expectError(await open(token), 404, "Share link not found", NOT_FOUND);
    expect(await t.ctx.store.db.selectFrom("memo_share").select("id").where("creator_id", "=", owner.user.id).execute()).toEqual([]);
  });

  it("finds a token and a memo's links through an index, never a scan", async () => {
    const { db, engine } = t.ctx.store;
    const byToken = db.selectFrom("memo_share").selectAll().where("token_hash", "=", "x").compile();
    const byMemo = db
      .selectFrom("memo_share")
      .selectAll()
      .where("memo_id", "=", 1)
      .where((eb) => eb.or([eb("expires_ts", "is", null), eb("expires_ts", ">", 0)]))
      .orderBy("id", "desc")
      .compile();
    if (engine === "sqlite") {
      const plan = async (query: CompiledQuery) =>
        (await db.executeQuery(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]))).rows
          .map((row) => String((row as { detail: string }).detail))
          .join("\n");
      expect(await plan(byToken)).toMatch(/SEARCH memo_share USING INDEX sqlite_autoindex_memo_share/);
      const memoPlan = await plan(byMemo);
      expect(memoPlan).toMatch(/SEARCH memo_share USING INDEX idx_memo_share_memo \(memo_id=\?\)/);
      expect(memoPlan).not.toMatch(/TEMP B-TREE/);
    } else {
      const indexes = await db.executeQuery<{ indexdef: string }>(
        CompiledQuery.raw("SELECT indexdef FROM pg_indexes WHERE tablename = 'memo_share' ORDER BY indexname"),
      );
      const defs = indexes.rows.map((row) => row.indexdef).join("\n");
      expect(defs).toMatch(/UNIQUE INDEX .* \(token_hash\)/);
      expect(defs).toMatch(/INDEX idx_memo_share_memo .* \(memo_id, id\)/);
    }
  });
});
