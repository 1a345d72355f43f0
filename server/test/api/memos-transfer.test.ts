// `npm run transfer -- --from <memos database>`: a memos 0.22 … 0.31 MySQL/MariaDB database (MariaDB runs beside the
// tests), or a memos database on this run's engine left as it is, copied into ours, verified kind by kind, and then
// working through our API and v1.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Memo } from "@memos/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transferFromMemos } from "../../src/cli/transfer.js";
import type { MemosTransferOutcome } from "../../src/store/memos-import/transfer-memos.js";
import { anonymous, signIn } from "../factories.js";
import { createTestApp, TEST_DRIVER, type TestApp } from "../harness.js";
import { dump } from "../legacy-v010-fixture.js";
import {
  buildMemosDatabase,
  buildMemosMysql,
  buildMemosPostgres,
  COMMENT_FILE,
  LOCAL_FILE,
  MEMOS,
  PASSWORDS,
  PHOTO,
} from "../memos-fixture/build.js";
import { createMysqlDatabase, mysqlUnavailable } from "../memos-fixture/mysql-server.js";
import { dumpPgSchema } from "../memos-fixture/dump.js";
import { createPgDatabase, type PgDatabase } from "../pg-database.js";
import { getRaw } from "../raw.js";
import { listen, rest } from "../v1-client.js";

const noMysql = await mysqlUnavailable();

describe.skipIf(noMysql !== null).each([22, 26, 31] as const)(`transferring a memos 0.%i MySQL database into ${TEST_DRIVER}`, (minor) => {
  let dir: string;
  let mysqlDb: { dsn: string; drop(): Promise<void> };
  let pg: PgDatabase | undefined;
  let outcome: MemosTransferOutcome;
  let t: TestApp;
  const target = () => (pg ? { driver: "postgres" as const, dsn: pg.dsn } : { driver: "sqlite" as const, dsn: join(dir, "memos_prod.db") });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `memos-mysql-${minor}-`));
    mysqlDb = await createMysqlDatabase("memos_transfer");
    await buildMemosMysql(mysqlDb.dsn, dir, minor);
    if (TEST_DRIVER === "postgres") pg = await createPgDatabase("memos_from_mysql");
    outcome = (await transferFromMemos(mysqlDb.dsn, target()))!;
    t = await createTestApp(pg ? { driver: "postgres", dsn: pg.dsn, data: dir } : { sqliteFile: target().dsn, data: dir });
  });
  afterAll(async () => {
    await t?.close();
    await mysqlDb?.drop();
    await pg?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("copies every kind and verifies users, memos, attachments and reactions by count and digest", () => {
    expect(outcome.ok).toBe(true);
    expect(outcome.from).toBe(`0.${minor}.0`);
    expect(outcome.counts).toMatchObject({ users: 4, memos: 4, comments: 1, reactions: 2, attachments: 4, webhooks: 1 });
    expect(outcome.comparison.map((row) => [row.kind, row.source.count, row.target.count, row.same])).toEqual([
      ["users", 4, 4, true],
      ["memos", 5, 5, true],
      ["attachments", 4, 4, true],
      ["reactions", 2, 2, true],
    ]);
  });

  it("keeps passwords, memo times (memos' TIMESTAMPs), pins, comments and attachment bytes", async () => {
    const olive = await signIn(t, "olive", PASSWORDS.olive);
    const ursula = await signIn(t, "ursula", PASSWORDS.ursula);
    const seen = new Map(
      [...((await olive.get("/api/memo")).body.data as Memo[]), ...((await ursula.get("/api/memo")).body.data as Memo[])].map((m) => [
        m.id,
        m,
      ]),
    );
    for (const memo of MEMOS.filter((m) => !m.commentOn))
      expect(seen.get(memo.id), `memo ${memo.id}`).toMatchObject({
        content: memo.content,
        createdTs: memo.createdTs,
        updatedTs: memo.updatedTs,
        pinned: memo.pinned,
        rowStatus: memo.rowStatus,
      });
    const comments = (await anonymous(t).get("/api/memo/1/comment")).body.data.comments;
    expect(comments).toEqual([expect.objectContaining({ content: "Looks lovely!", createdTs: 1_700_000_600 })]);
    const photo = await getRaw(t, ursula, "/o/r/1/photo.png");
    expect(Buffer.compare(photo.rawPayload, PHOTO)).toBe(0);
    expect((await getRaw(t, ursula, "/o/r/2/note.txt")).rawPayload.toString()).toBe(LOCAL_FILE.toString());
    expect(Buffer.compare((await getRaw(t, null, "/o/r/4/reply.txt")).rawPayload, COMMENT_FILE)).toBe(0);
    const v1 = await rest(await listen(t), "GET", "/api/v1/memos/ursula-comment");
    expect(v1.body).toMatchObject({ name: "memos/ursula-comment", parent: "memos/olive-first-memo" });
  });

  it("refuses a target that already has accounts, writing nothing", async () => {
    const before = await t.ctx.store.db.selectFrom("memo").select("id").execute();
    await expect(transferFromMemos(mysqlDb.dsn, target())).rejects.toThrow(/already has accounts/);
    expect(await t.ctx.store.db.selectFrom("memo").select("id").execute()).toEqual(before);
  });
});

describe(`transferring a memos 0.30 ${TEST_DRIVER} database, left as it is, into a new one of ours`, () => {
  let dir: string;
  let source: PgDatabase | undefined;
  let target: PgDatabase | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "memos-transfer-same-"));
    if (TEST_DRIVER === "postgres") {
      source = await createPgDatabase("memos_source");
      target = await createPgDatabase("memos_target");
      await buildMemosPostgres(source.dsn, dir, 30);
    } else await buildMemosDatabase(join(dir, "memos_prod.db"), 30);
  });
  afterAll(async () => {
    await source?.drop();
    await target?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("copies and verifies every kind, and only reads the memos database", async () => {
    const from = source ? source.dsn : join(dir, "memos_prod.db");
    const to = target ? { driver: "postgres" as const, dsn: target.dsn } : { driver: "sqlite" as const, dsn: join(dir, "ours.db") };
    const before = source ? await dumpPgSchema(source.dsn, "public") : dump(from);
    const outcome = await transferFromMemos(from, to);
    expect(outcome).toMatchObject({ ok: true, from: "0.30.0", counts: expect.objectContaining({ memos: 4, comments: 1 }) });
    expect(source ? await dumpPgSchema(source.dsn, "public") : dump(from)).toEqual(before);
    const t = await createTestApp(target ? { driver: "postgres", dsn: target.dsn, data: dir } : { sqliteFile: to.dsn, data: dir });
    try {
      expect((await anonymous(t).post("/api/auth/signin", { username: "ursula", password: PASSWORDS.ursula })).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it("answers null for a database that is ours, so transfer copies it as before", async () => {
    const ours = target ? target.dsn : join(dir, "ours.db");
    expect(await transferFromMemos(ours, { driver: "sqlite", dsn: join(dir, "other.db") })).toBeNull();
  });
});
