// Searches one caller can make expensive on purpose: a member stores memos of 1 MiB, and anyone searches them
// with long texts. A search's text has a cap; the longest text costs about what a short one does (no trigram
// read once per repeat, no regular expression run per character); and while one caller's slow searches are in
// flight, another caller's search answers at once (store/search-turns.ts).
import type { Memo } from "@memos/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../client.js";
import { expectError } from "../expect.js";
import { anonymous, createMemo, createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { idsOf } from "../memo-helpers.js";

const MIB = 1024 * 1024;
/** The longest text a search may have. */
const MAX_TEXT = 256;
/**
 * Each search statement may run this long. Long next to what the searches below cost once fixed (milliseconds),
 * short next to what they cost before (seconds for each 1 MiB memo).
 */
const BUDGET_MS = 3000;
/** Memos that end with the hostile text: checking one costs its length times the text's, on both engines. */
const ENDING_WITH_B = 6;

describe("hostile searches", { timeout: 120_000 }, () => {
  let t: TestApp;
  let member: TestUser;
  let other: TestUser;
  let allA: Memo;
  let umlauts: Memo;
  const endingWithB: Memo[] = [];
  let hello: Memo;

  beforeAll(async () => {
    // Three readers, as a server has by default: searches may hold two.
    t = await createTestApp({ sqliteReaders: 3, searchBudgetMs: BUDGET_MS });
    const host = await signUpHost(t);
    member = await createUser(t, host, "member");
    other = await createUser(t, host, "other");
    allA = await createMemo(member, "a".repeat(MIB), "PUBLIC");
    for (let i = 0; i < ENDING_WITH_B; i++) endingWithB.push(await createMemo(member, `${"a".repeat(MIB - 1)}b`, "PUBLIC"));
    umlauts = await createMemo(member, `${"ä".repeat(MIB / 2 - 1)}b`, "PUBLIC");
    hello = await createMemo(other, "hello world", "PRIVATE");
  });
  afterAll(() => t.close());

  const search = (client: Client, url: string, text: string) => client.get(url, { query: { text, limit: 30 } });

  it("a text longer than the cap is refused, naming the field: the review's 1,024 characters of `a` too", async () => {
    for (const text of ["a".repeat(MAX_TEXT + 1), "a".repeat(1024), `^${"a".repeat(MAX_TEXT)}`]) {
      for (const url of ["/api/memo/all", "/api/memo"]) {
        const response = await search(url === "/api/memo" ? member.client : anonymous(t), url, text);
        expectError(response, 400);
        expect(response.body.message).toBe(`Malformatted memo list query: text: too long, maximum length is ${MAX_TEXT} characters`);
      }
    }
  });

  it("the longest text of `a` against memos of 1 MiB of `a` answers within the budget, with the memos that hold it", async () => {
    // FTS5 read the memo's million `aaa` positions once per trigram of the phrase: 254 times, seconds per memo.
    const response = await search(anonymous(t), "/api/memo/all", "a".repeat(MAX_TEXT));
    expect(response.status, response.text).toBe(200);
    expect(idsOf(response)).toEqual(
      [...endingWithB]
        .reverse()
        .map((memo) => memo.id)
        .concat(allA.id),
    );
  });

  it("the longest text with case outside ASCII against a memo of 1 MiB answers within the budget", async () => {
    // RE2 ran its NFA over each of the memo's characters with a state per character of the text: many seconds.
    const response = await search(anonymous(t), "/api/memo/all", `${"Ä".repeat(MAX_TEXT - 1)}B`);
    expect(response.status, response.text).toBe(200);
    expect(idsOf(response)).toEqual([umlauts.id]);
  });

  it("while three hostile searches of one caller are in flight, another user's search answers in under a second", async () => {
    // Each hostile search checks memos of 1 MiB for a text found only at their end: a second or more each.
    const hostileText = `${"a".repeat(MAX_TEXT - 1)}b`;
    const settled: number[] = [];
    // Three different URLs: the same one asked at once is computed once (http/response-cache.ts).
    const hostile = [0, 1, 2].map((i) =>
      anonymous(t)
        .get("/api/memo/all", { query: { text: hostileText, limit: 30 + i } })
        .then((response) => {
          settled.push(i);
          return response;
        }),
    );
    // All three are taken in: one runs, two wait for their caller's turn.
    await expect.poll(() => t.ctx.store.searchTurns.inFlight(), { timeout: 10_000, interval: 5 }).toBe(3);
    const started = performance.now();
    const answer = await search(other.client, "/api/memo", "hello");
    const elapsed = performance.now() - started;
    expect(answer.status, answer.text).toBe(200);
    expect(idsOf(answer)).toEqual([hello.id]);
    expect(elapsed).toBeLessThan(1000);
    // The hostile searches were still in flight when it answered.
    expect(settled.length).toBeLessThan(3);
    // Each answers, or is refused as too long (running, or waiting for the caller's earlier ones): never a 5xx.
    for (const response of await Promise.all(hostile)) {
      if (response.status === 200) expect(idsOf(response)).toEqual([...endingWithB].reverse().map((memo) => memo.id));
      else expect(response.body.message).toBe("Search took too long: narrow it down with more words, a tag or a date range");
    }
  });
});
