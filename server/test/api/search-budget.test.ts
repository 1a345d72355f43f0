// A search cannot hold the server: past its time budget it answers a clear 400 and everything else keeps
// answering. The budget here is 1 ms, so any search that has to look at 5,000 memos runs past it, on SQLite
// (the reader worker is ended) and PostgreSQL (statement_timeout) alike.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../expect.js";
import { anonymous, createMemo, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { idsOf } from "../memo-helpers.js";

describe("the search time budget", () => {
  let t: TestApp;
  let host: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ searchBudgetMs: 1 });
    host = await signUpHost(t);
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      creator_id: host.user.id,
      content: `note ${i} ${"lorem ipsum dolor sit amet ".repeat(8)}`,
      visibility: "PUBLIC" as const,
      created_ts: 1_600_000_000 + i,
      updated_ts: 1_600_000_000 + i,
      display_ts: 1_600_000_000 + i,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await t.ctx.store.db
        .insertInto("memo")
        .values(rows.slice(i, i + 500))
        .execute();
    await createMemo(host, "the newest", "PUBLIC");
  });
  afterAll(() => t.close());

  it("a regular expression that scans everything is refused with a 400 that says why", async () => {
    for (const url of ["/api/memo/all", "/api/memo"]) {
      const response = await host.client.get(url, { query: { text: "^zz(a|b)+q$" } });
      expectError(response, 400);
      expect(response.body.message).toBe("Search took too long: narrow it down with more words, a tag or a date range");
    }
  });

  it("the server keeps answering afterwards, and lists without a search have no budget", async () => {
    expect((await anonymous(t).get("/api/ping")).status).toBe(200);
    const page = await anonymous(t).get("/api/memo/all", { query: { limit: 3 } });
    expect(page.status).toBe(200);
    expect(idsOf(page)).toHaveLength(3);
    expect((await host.client.get("/api/memo", { query: { limit: 1000, offset: 4000 } })).body.data).toHaveLength(1000);
  });
});
