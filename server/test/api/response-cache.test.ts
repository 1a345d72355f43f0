// The list answers kept in memory (http/response-cache.ts): a repeated request costs no query, and every committed
// write — ours at once, another connection's (another server process, on PostgreSQL) once it is told — makes the
// next answer fresh. Each viewer has answers of their own. A PostgreSQL process that cannot hear of other
// processes' writes keeps nothing.
import Database from "better-sqlite3";
import pg from "pg";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { anonymous, createMemo, createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, TEST_DRIVER, type TestApp } from "../harness.js";
import { idsOf } from "../memo-helpers.js";
import { installQueryCounter } from "../query-counter.js";

describe("kept list answers", () => {
  let t: TestApp;
  let host: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
    member = await createUser(t, host, "member");
  });
  afterAll(() => t.close());

  /** The answer and how many statements producing it cost. */
  async function counted(run: () => ReturnType<TestUser["client"]["get"]>) {
    const counter = installQueryCounter(t);
    try {
      const response = await run();
      return { response, queries: counter.count };
    } finally {
      counter.uninstall();
    }
  }

  /**
   * PostgreSQL: our own writes' notifications arrive a moment after the writes, and each moves the data version
   * (a kept answer is then computed again, which is right but not what a test of a repeat measures). Notifications
   * arrive in commit order: once a NOTIFY sent after the writes is heard, theirs have been too.
   */
  async function settled(): Promise<void> {
    if (t.ctx.store.engine !== "postgres") return;
    const heard = () => Number(t.ctx.store.dataVersion()?.split(".")[1] ?? -1);
    // First the listener must be up: its start moves the count too, and a NOTIFY sent before it was listening would
    // be heard (or not) after the wait below had already ended on the start's move.
    await vi.waitFor(() => expect(heard()).toBeGreaterThanOrEqual(0), { timeout: 10_000, interval: 5 });
    const before = heard();
    await sql`NOTIFY memos_data`.execute(t.ctx.store.db);
    await vi.waitFor(() => expect(heard()).toBeGreaterThan(before), { timeout: 10_000, interval: 5 });
  }

  const explore = (query: Record<string, string | number> = {}) => anonymous(t).get("/api/memo/all", { query });
  const contents = (response: { body: { data: Array<{ content: string }> } }) => response.body.data.map((memo) => memo.content);

  it("serves a repeated request again, with its headers, without a query", async () => {
    await createMemo(host, "kept one", "PUBLIC");
    await createMemo(host, "kept two", "PUBLIC");
    await createMemo(host, "kept three", "PUBLIC");
    await settled();
    const first = await counted(() => explore({ limit: 2 }));
    const again = await counted(() => explore({ limit: 2 }));
    expect(first.queries).toBeGreaterThan(0);
    expect(again.response.status).toBe(200);
    expect(again.response.text).toBe(first.response.text);
    expect(again.response.headers["content-type"]).toBe(first.response.headers["content-type"]);
    expect(first.response.headers["x-next-cursor"]).toEqual(expect.any(String));
    expect(again.response.headers["x-next-cursor"]).toBe(first.response.headers["x-next-cursor"]);
    expect(again.queries).toBe(0);
  });

  it("computes an answer asked for many times at once only once, and every asker gets it", async () => {
    await createMemo(host, "burst one", "PUBLIC");
    await settled();
    const single = await counted(() => explore({ limit: 4 }));
    await createMemo(host, "burst two", "PUBLIC"); // a new data version: the next answer is computed afresh
    await settled();
    const counter = installQueryCounter(t);
    let burst: Awaited<ReturnType<typeof explore>>[];
    try {
      burst = await Promise.all(Array.from({ length: 10 }, () => explore({ limit: 4 })));
    } finally {
      counter.uninstall();
    }
    for (const response of burst) {
      expect(response.status).toBe(200);
      expect(response.text).toBe(burst[0]!.text);
    }
    expect(contents(burst[0]!)).toContain("burst two");
    expect(counter.count).toBe(single.queries);
  });

  it("answers fresh after each kind of write", async () => {
    const memo = await createMemo(host, "before the edit", "PUBLIC");
    expect(contents(await explore())).toContain("before the edit");

    await host.client.patch(`/api/memo/${memo.id}`, { content: "after the edit" });
    const edited = contents(await explore());
    expect(edited).toContain("after the edit");
    expect(edited).not.toContain("before the edit");

    await host.client.patch(`/api/user/${host.user.id}`, { nickname: "Renamed Host" });
    const renamed = (await explore()).body.data.find((each: { id: number }) => each.id === memo.id);
    expect(renamed.creator.nickname).toBe("Renamed Host");

    await host.client.patch(`/api/memo/${memo.id}`, { rowStatus: "ARCHIVED" });
    expect(idsOf(await explore())).not.toContain(memo.id);

    await host.client.patch(`/api/memo/${memo.id}`, { rowStatus: "NORMAL" });
    expect(idsOf(await explore())).toContain(memo.id);
    await host.client.delete(`/api/memo/${memo.id}`);
    expect(idsOf(await explore())).not.toContain(memo.id);
  });

  it("keeps each viewer's answer apart", async () => {
    const members = await createMemo(host, "for members only", "PROTECTED");
    const own = await createMemo(member, "the member's private note", "PRIVATE");
    // Asked in both orders, each viewer gets their own view.
    expect(idsOf(await explore())).not.toContain(members.id);
    expect(idsOf(await member.client.get("/api/memo/all"))).toContain(members.id);
    expect(idsOf(await explore())).not.toContain(members.id);

    expect(idsOf(await member.client.get("/api/memo"))).toContain(own.id);
    expect(idsOf(await host.client.get("/api/memo", { query: { creatorId: member.user.id } }))).not.toContain(own.id);
    expect(idsOf(await member.client.get("/api/memo", { query: { creatorId: member.user.id } }))).toContain(own.id);
  });

  it("keeps an answer under the route the router matched: each spelling of a request is the same answer, for its viewer", async () => {
    const own = await createMemo(member, "spelled either way", "PRIVATE");
    await settled();
    const query = { creatorId: member.user.id };
    const plain = await counted(() => member.client.get("/api/memo", { query }));
    expect(idsOf(plain.response as Parameters<typeof idsOf>[0])).toContain(own.id);
    // What a kept answer costs the member: the session's lookup only.
    const kept = await counted(() => member.client.get("/api/memo", { query }));
    expect(kept.queries).toBeLessThan(plain.queries);
    for (const spelling of ["/%61pi/memo", "/api/memo/", "/api/%6Demo"]) {
      const again = await counted(() => member.client.get(spelling, { query }));
      expect(again.response.text, spelling).toBe(plain.response.text);
      expect(again.queries, spelling).toBe(kept.queries);
      // A visitor asking the same spelling gets a visitor's answer, never the member's kept one.
      expect(idsOf(await anonymous(t).get(spelling, { query })), spelling).not.toContain(own.id);
    }
  });

  it("keeps no refusal: an error is answered again, and a signed-out session stops seeing its answers", async () => {
    expect((await anonymous(t).get("/api/memo/all", { query: { limit: -1 } })).status).toBe(400);
    expect((await anonymous(t).get("/api/memo/all", { query: { limit: -1 } })).status).toBe(400);

    const visitor = await createUser(t, host, "leaver");
    await createMemo(visitor, "leaver's own", "PRIVATE");
    expect((await visitor.client.get("/api/memo")).status).toBe(200);
    await visitor.client.post("/api/auth/signout", {});
    // Signed out, the cookie is anonymous: its own list is not served again (a visitor must name a creator).
    expect((await visitor.client.get("/api/memo")).status).toBe(400);
  });

  it.runIf(TEST_DRIVER === "sqlite")("notices a write made by another connection to the file", async () => {
    const before = await explore();
    const outside = new Database(t.ctx.store.sqliteFile!);
    try {
      const now = Math.floor(Date.now() / 1000);
      outside
        .prepare("INSERT INTO memo (creator_id, content, visibility, created_ts, updated_ts, display_ts) VALUES (?, ?, 'PUBLIC', ?, ?, ?)")
        .run(host.user.id, "written from outside", now + 10, now + 10, now + 10);
    } finally {
      outside.close();
    }
    const after = await explore();
    expect(contents(after)).toContain("written from outside");
    expect(contents(before)).not.toContain("written from outside");
  });

  /** Another process's connection to the same PostgreSQL database. */
  async function outsidePostgres<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: t.ctx.config.dsn });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  }

  /** Asks until the answer holds `text` (another process's write is heard of a moment after its commit). */
  async function exploreUntil(text: string) {
    for (let tries = 0; tries < 100; tries++) {
      const answer = await explore();
      if (contents(answer).includes(text)) return answer;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`explore never showed ${text}`);
  }

  it.runIf(TEST_DRIVER === "postgres")("hears of a write by another process, and keeps nothing while it cannot hear", async () => {
    const insert = (client: pg.Client, content: string) => {
      const now = Math.floor(Date.now() / 1000) + 100;
      return client.query(
        "INSERT INTO memo (creator_id, content, visibility, created_ts, updated_ts, display_ts) VALUES ($1, $2, 'PUBLIC', $3, $3, $3)",
        [host.user.id, content, now],
      );
    };
    await settled();
    await explore();
    expect((await counted(() => explore())).queries).toBe(0);
    await outsidePostgres((client) => insert(client, "written by another process"));
    await exploreUntil("written by another process");

    // The listening connection is cut: until it is back, every answer is computed (none kept, none served).
    await outsidePostgres((client) =>
      client.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%'"),
    );
    for (let tries = 0; tries < 100 && t.ctx.store.dataVersion() !== null; tries++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(t.ctx.store.dataVersion()).toBeNull();
    expect((await counted(() => explore())).queries).toBeGreaterThan(0);
    expect((await counted(() => explore())).queries).toBeGreaterThan(0);
    await outsidePostgres((client) => insert(client, "written while no one listened"));
    expect(contents(await explore())).toContain("written while no one listened");
    // It listens again, and keeps answers again.
    for (let tries = 0; tries < 300 && t.ctx.store.dataVersion() === null; tries++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(t.ctx.store.dataVersion()).not.toBeNull();
    await explore();
    expect((await counted(() => explore())).queries).toBe(0);
    await outsidePostgres((client) => insert(client, "written after it came back"));
    await exploreUntil("written after it came back");
  });
});
