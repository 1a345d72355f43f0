// A memo's history through HTTP: every change of content or visibility keeps the version it replaced, with when
// and through what; its author alone reads and restores versions, on every credential; the host's rule thins them.
import type { MemoRevision } from "@memos/common";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CREDENTIAL_KINDS, callerOf } from "../credential-kinds.js";
import { expectError } from "../expect.js";
import { anonymous, createMemo, createUser, signUpHost, type TestUser, uploadResource } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { importArchive } from "../import-client.js";

describe("memo history", () => {
  let t: TestApp;
  let host: TestUser;
  let seq = 0;
  const member = (role: "USER" | "ADMIN" = "USER") => createUser(t, host, `hist${++seq}`, role);
  const revisionsOf = async (owner: TestUser, memoId: number, query = ""): Promise<MemoRevision[]> => {
    const response = await owner.client.get(`/api/memo/${memoId}/revision${query}`);
    expect(response.status, response.text).toBe(200);
    return response.body.data.revisions;
  };

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
  });
  afterAll(() => t.close());

  it("keeps each replaced version of content and visibility, newest first, saying what wrote it", async () => {
    const owner = await member();
    const memo = await createMemo(owner, "first draft #idea", "PRIVATE");
    expect(await revisionsOf(owner, memo.id)).toEqual([]);
    expect((await owner.client.patch(`/api/memo/${memo.id}`, { content: "second draft #idea" })).status).toBe(200);
    const token = await owner.client.post("/api/access-token", { name: "script", scope: "read-write" });
    const bot = anonymous(t).withToken(token.body.data.token);
    expect((await bot.patch(`/api/memo/${memo.id}`, { visibility: "PUBLIC" })).status).toBe(200);
    // Pins and archiving are not versions.
    await owner.client.post(`/api/memo/${memo.id}/organizer`, { pinned: true });
    await owner.client.patch(`/api/memo/${memo.id}`, { rowStatus: "ARCHIVED" });
    await owner.client.patch(`/api/memo/${memo.id}`, { rowStatus: "NORMAL" });
    // A patch that changes nothing of the text or visibility is not one either.
    await owner.client.patch(`/api/memo/${memo.id}`, { content: "second draft #idea", visibility: "PUBLIC" });
    const revisions = await revisionsOf(owner, memo.id);
    expect(revisions.map((r) => [r.content, r.visibility, r.source])).toEqual([
      ["second draft #idea", "PRIVATE", "web"],
      ["first draft #idea", "PRIVATE", "web"],
    ]);
    expect(revisions[0]!.replacedTs).toBeGreaterThanOrEqual(revisions[0]!.createdTs);
    // The token's change is what wrote the current version: the next change keeps it, naming the token.
    await owner.client.patch(`/api/memo/${memo.id}`, { content: "third" });
    const [latest] = await revisionsOf(owner, memo.id);
    expect(latest).toMatchObject({ content: "second draft #idea", visibility: "PUBLIC", source: "token", accessToken: { name: "script" } });
    const one = await owner.client.get(`/api/memo/${memo.id}/revision/${latest!.id}`);
    expect(one.body.data).toEqual(latest);
  });

  it("restores a version as a new change, which itself can be undone", async () => {
    const owner = await member();
    const memo = await createMemo(owner, "original #old", "PUBLIC");
    await owner.client.patch(`/api/memo/${memo.id}`, { content: "rewritten #new", visibility: "PRIVATE" });
    const [original] = await revisionsOf(owner, memo.id);
    const restored = await owner.client.post(`/api/memo/${memo.id}/revision/${original!.id}/restore`);
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body.data).toMatchObject({ content: "original #old", visibility: "PUBLIC" });
    const tags = await owner.client.get("/api/memo", { query: { tag: "old" } });
    expect(tags.body.data.map((m: { id: number }) => m.id)).toEqual([memo.id]);
    const after = await revisionsOf(owner, memo.id);
    expect(after.map((r) => [r.content, r.source])).toEqual([
      ["rewritten #new", "web"],
      ["original #old", "web"],
    ]);
    const undo = await owner.client.post(`/api/memo/${memo.id}/revision/${after[0]!.id}/restore`);
    expect(undo.body.data.content).toBe("rewritten #new");
    expect((await revisionsOf(owner, memo.id))[0]).toMatchObject({ content: "original #old", source: "restore" });
  });

  it("pages the versions with `before`", async () => {
    const owner = await member();
    const memo = await createMemo(owner, "v0");
    for (let i = 1; i <= 5; i++) await owner.client.patch(`/api/memo/${memo.id}`, { content: `v${i}` });
    const first = await owner.client.get(`/api/memo/${memo.id}/revision?limit=2`);
    expect(first.body.data.revisions.map((r: MemoRevision) => r.content)).toEqual(["v4", "v3"]);
    const second = await owner.client.get(`/api/memo/${memo.id}/revision?limit=2&before=${first.body.data.next}`);
    expect(second.body.data.revisions.map((r: MemoRevision) => r.content)).toEqual(["v2", "v1"]);
    const last = await owner.client.get(`/api/memo/${memo.id}/revision?limit=2&before=${second.body.data.next}`);
    expect(last.body.data).toMatchObject({ next: null });
    expect(last.body.data.revisions.map((r: MemoRevision) => r.content)).toEqual(["v0"]);
    expectError(await owner.client.get(`/api/memo/${memo.id}/revision?limit=0`), 400, /limit/);
    expectError(await owner.client.get(`/api/memo/${memo.id}/revision?before=x`), 400, /before/);
  });

  it("reaches the author on every credential and nobody else: a public memo made private leaks no old text", async () => {
    const owner = await member();
    const other = await member();
    const admin = await member("ADMIN");
    const memo = await createMemo(owner, "was public", "PUBLIC");
    await owner.client.patch(`/api/memo/${memo.id}`, { content: "now private", visibility: "PRIVATE" });
    const [kept] = await revisionsOf(owner, memo.id);
    for (const kind of CREDENTIAL_KINDS) {
      const caller = await callerOf(t, owner, kind);
      const list = await caller.get(`/api/memo/${memo.id}/revision`);
      expect(list.status, kind).toBe(200);
      expect(list.body.data.revisions[0].content).toBe("was public");
    }
    for (const client of [other.client, admin.client, host.client]) {
      expectError(await client.get(`/api/memo/${memo.id}/revision`), 404, undefined, { reason: "revision.not-found" });
      expectError(await client.get(`/api/memo/${memo.id}/revision/${kept!.id}`), 404, undefined, { reason: "revision.not-found" });
      expectError(await client.post(`/api/memo/${memo.id}/revision/${kept!.id}/restore`), 404, undefined, {
        reason: "revision.not-found",
      });
    }
    expectError(await anonymous(t).get(`/api/memo/${memo.id}/revision`), 401);
    // A version of another memo is not found under this one.
    const mine = await createMemo(owner, "mine");
    expectError(await owner.client.get(`/api/memo/${mine.id}/revision/${kept!.id}`), 404, undefined, { reason: "revision.not-found" });
  });

  it("restores only from a session or a read-write token", async () => {
    const owner = await member();
    const memo = await createMemo(owner, "a");
    await owner.client.patch(`/api/memo/${memo.id}`, { content: "b" });
    const [kept] = await revisionsOf(owner, memo.id);
    const reader = await callerOf(t, owner, "read token");
    expectError(await reader.post(`/api/memo/${memo.id}/revision/${kept!.id}/restore`), 403, undefined, { reason: "auth.read-only-token" });
    const writer = await callerOf(t, owner, "read-write token");
    expect((await writer.post(`/api/memo/${memo.id}/revision/${kept!.id}/restore`)).body.data.content).toBe("a");
  });

  it("keeps nothing when the host turns history off, and thins by the host's windows", async () => {
    const owner = await member();
    const memo = await createMemo(owner, "one");
    const set = (value: unknown) => host.client.post("/api/system/setting", { name: "memoHistory", value: JSON.stringify(value) });
    expectError(await set({ enabled: true, keepAllDays: -1, dailyDays: 365 }), 400, /memoHistory\.keepAllDays/);
    expect((await set({ enabled: false, keepAllDays: 30, dailyDays: 365 })).status).toBe(200);
    await owner.client.patch(`/api/memo/${memo.id}`, { content: "two" });
    expect(await revisionsOf(owner, memo.id)).toEqual([]);
    // Keep-all of 0 days: versions replaced the same day are one.
    expect((await set({ enabled: true, keepAllDays: 0, dailyDays: 365 })).status).toBe(200);
    await owner.client.patch(`/api/memo/${memo.id}`, { content: "three" });
    await owner.client.patch(`/api/memo/${memo.id}`, { content: "four" });
    expect((await revisionsOf(owner, memo.id)).map((r) => r.content)).toEqual(["three"]);
    expect((await set({ enabled: true, keepAllDays: 30, dailyDays: 365 })).status).toBe(200);
  });

  it("404s the history of a memo in the trash and of one that does not exist", async () => {
    const owner = await member();
    const memo = await createMemo(owner, "x");
    await owner.client.delete(`/api/memo/${memo.id}`);
    expectError(await owner.client.get(`/api/memo/${memo.id}/revision`), 404, undefined, { reason: "revision.not-found" });
    expectError(await owner.client.get("/api/memo/999999/revision"), 404, undefined, { reason: "revision.not-found" });
  });

  it("the export carries the history (history.jsonl) and the import brings it back, file links included", async () => {
    const owner = await member();
    const file = await uploadResource(owner, "pic.png");
    const memo = await createMemo(owner, `first ![](/o/r/${file.id}/pic.png)`, "PUBLIC", { resourceIdList: [file.id] });
    await owner.client.patch(`/api/memo/${memo.id}`, { content: "second", visibility: "PRIVATE" });
    await owner.client.patch(`/api/memo/${memo.id}`, { content: "third" });
    const archive = await t.app.inject({ method: "GET", url: "/api/export", headers: { cookie: owner.client.cookie! } });
    const files = unzipSync(new Uint8Array(archive.rawPayload));
    const lines = strFromU8(files["history.jsonl"]!)
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => [line.memo, line.content, line.visibility, line.source])).toEqual([
      [memo.id, `first ![](/o/r/${file.id}/pic.png)`, "PUBLIC", "web"],
      [memo.id, "second", "PRIVATE", "web"],
    ]);
    expect(lines[0]).toMatchObject({ created: expect.stringMatching(/Z$/), replaced: expect.stringMatching(/Z$/) });
    const manifest = JSON.parse(strFromU8(files["manifest.json"]!));
    expect(manifest.counts.versions).toBe(2);

    const other = await member();
    const imported = await importArchive(other.client, Buffer.from(archive.rawPayload));
    expect(imported.status, imported.text).toBe(200);
    const [copy] = (await other.client.get("/api/memo")).body.data;
    expect(copy.content).toBe("third");
    const [newFile] = (await other.client.get("/api/resource")).body.data;
    const versions = await revisionsOf(other, copy.id);
    expect(versions.map((r) => [r.content, r.visibility, r.source])).toEqual([
      ["second", "PRIVATE", "web"],
      [`first ![](/o/r/${newFile.id}/pic.png)`, "PUBLIC", "web"],
    ]);
    // Importing the same archive again adds neither the memo nor its versions twice.
    await importArchive(other.client, Buffer.from(archive.rawPayload));
    expect(await revisionsOf(other, copy.id)).toHaveLength(2);
  });

  it("the host's export of the instance holds the host's own history and nobody else's", async () => {
    const owner = await member();
    const memo = await createMemo(owner, "private draft");
    await owner.client.patch(`/api/memo/${memo.id}`, { content: "private final" });
    const archive = await t.app.inject({ method: "GET", url: "/api/export?scope=instance", headers: { cookie: host.client.cookie! } });
    const files = unzipSync(new Uint8Array(archive.rawPayload));
    const histories = Object.keys(files).filter((path) => path.endsWith("history.jsonl"));
    expect(histories).toEqual(["users/host/history.jsonl"]);
    expect(Object.values(files).some((bytes) => strFromU8(bytes).includes("private draft"))).toBe(false);
  });
});
