// Text search answers exactly what a scan of every memo would, whichever path it takes: common words fill the
// page from the newest memos, rarer ones come through the full-text index (1- and 2-character texts through its
// vocabulary on SQLite, the characters index on PostgreSQL), with case outside ASCII folded as a scan folds it. Pages are walked by cursor and compared with a naive filter.
import { type Memo, parseSearch } from "@memos/common";
import { type KyselyPlugin, type LimitNode, type OperationNode, SelectQueryNode, sql, ValueNode } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../client.js";
import { anonymous, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { allPageIds } from "../memo-helpers.js";
import { RARE_TEXT_MATCHES, SEARCH_WINDOW } from "../../src/store/sql/memo/memo-search.js";
import { listMemos } from "../../src/store/sql/memo/memo.store.js";

const COUNT = 3000;
const BASE_TS = 1_650_000_000;

/** The content of memo `i`: every memo has "common"; the rest follow a fixed pattern so the counts are known. */
function contentOf(i: number): string {
  const parts = [`common note ${i}`];
  if (i % 97 === 0) parts.push("medium"); // ~31 in all, ~20 among the newest 2000: too few for one window
  if (i < 40 && i % 8 === 0) parts.push("rarezz"); // 5, all old: outside the newest window
  if (i < 960 && i % 3 === 0) parts.push("olden"); // 320, all outside the newest window
  if (i < 1500 ? i % 3 === 0 : i % 30 === 0) parts.push("mixd"); // 550: 1 in 30 of the newest, 1 in 3 before
  if (i % 50 === 0) parts.push(i % 100 === 0 ? "Über alles" : "über den Wolken"); // case outside ASCII
  if (i % 60 === 0) parts.push("ΩMEGA"); // Greek, upper case
  if (i % 70 === 0) parts.push("日本語のメモ"); // CJK: 1, 2 and 3 characters
  if (i % 75 === 0) parts.push("本");
  if (i % 80 === 0) parts.push("100% sure_thing");
  if (i % 90 === 0) parts.push('say "hi"');
  // Common, so read in the newest memos' window: half with the Kelvin sign K, which folds to k as well.
  if (i % 5 === 0) parts.push(i % 10 === 0 ? "\u212AÄSE" : "käse");
  // The same for a text all ASCII, which PostgreSQL checks row by row folding ASCII only, the Kelvin sign apart.
  if (i % 6 === 0) parts.push(i % 12 === 0 ? "\u212AELVIN Scale" : "kelvin scale");
  // Neither rare nor common: a few among the newest 2000, the rest older. PostgreSQL looks further along the
  // walk for "sparsa" (13 in the window: the page fills within a few thousand more rows), goes to the index for
  // "tailx" (5: too far at that rate); both continue after the window's last match.
  if (i < 1000 ? i % 5 === 0 : i % 150 === 0) parts.push("sparsa");
  if (i < 1000 ? i % 8 === 0 : i % 400 === 3) parts.push("tailx");
  // Texts with a trigram twice, found through each distinct trigram and checked row by row: rare ("banana", 5),
  // rare outside ASCII ("ääää", 50), old and too many to be rare ("hahaha", 320), each with decoys that hold every
  // trigram of the text but not the text.
  if (i < 40 && i % 8 === 4) parts.push(i === 12 ? "BaNaNa" : "banana");
  if (i % 40 === 4) parts.push("bana nana");
  if (i % 60 === 30) parts.push("ÄäÄä");
  if (i % 90 === 15) parts.push("ÄÄÄ äää");
  if (i < 960 && i % 3 === 1) parts.push("hahaha");
  if (i % 7 === 0) parts.push("haha");
  if (i % 85 === 0) parts.push("Ωz"); // ends the memo: its last two characters
  if (i % 400 === 7) return i % 800 === 7 ? "Qé" : "q"; // memos of one and two characters
  return parts.join(" ");
}

const TERMS = [
  "common",
  "kelvin",
  "KELVIN",
  "scale",
  "medium",
  "rarezz",
  "olden",
  "mixd",
  "sparsa",
  "tailx",
  "über",
  "ÜBER",
  "Über alles",
  "kÄse",
  "ωmega",
  "日本語",
  "日本",
  "本",
  "100%",
  "%",
  "_",
  "e_t",
  'say "hi"',
  "nothing-matches-this",
  "banana",
  "ääää",
  "hahaha",
  // 1 and 2 characters, found through the full-text index's vocabulary or the characters index:
  "Ω",
  "ωZ",
  "z",
  "Q",
  "qÉ",
  "é",
  "%_",
  "_t",
  "本の",
];

/**
 * The search box's words and phrases (`search=`), each required in any order: the longest drives the search, the
 * others are checked on what it finds (and, on SQLite, narrow the full-text query when of 3 characters or more).
 */
const SEARCHES = [
  "note common", // both on every memo: the window fills the page
  '"common note"', // a phrase, as written
  '"note common"', // the same words in another order: no memo
  "common rarezz", // a rare word and a common one
  "medium mixd", // each neither rare nor common, seldom together
  "olden hahaha", // each too many to be rare, never together
  "tailx sparsa", // two sparse words
  "mixd common", // the longer word on every memo, the other on 1 in 30 of the newest: many pages
  "note olden", // a word on every memo, the other only on old ones (outside the window)
  "kÄse SCALE", // case outside ASCII and the Kelvin sign, in two words
  'alles "über"', // a phrase beside a word
  '"Über alles" common', // a phrase of two words
  "über 本", // a word of one character beside a longer one
  "日本 本の", // only short words: none has a trigram
  "sure_thing 100%", // LIKE's wildcards, taken literally
  "banana bana", // a word with a trigram twice, and its own part
  "ωmega z common", // three words, one of one character
  'say "hi', // an unbalanced quote runs to the end
  "nothing-matches-this common",
];

describe("text search equals a full scan", () => {
  let t: TestApp;
  let host: TestUser;
  const memos: { id: number; content: string; displayTs: number }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
    const rows = Array.from({ length: COUNT }, (_, i) => ({
      creator_id: host.user.id,
      content: contentOf(i),
      visibility: "PUBLIC" as const,
      created_ts: BASE_TS + i,
      updated_ts: BASE_TS + i,
      // Ties in display time, so the id breaks them.
      display_ts: BASE_TS + Math.floor(i / 3),
    }));
    for (let i = 0; i < rows.length; i += 500) {
      const inserted = await t.ctx.store.db
        .insertInto("memo")
        .values(rows.slice(i, i + 500))
        .returning(["id", "content", "display_ts"])
        .execute();
      for (const row of inserted) memos.push({ id: row.id, content: row.content, displayTs: Number(row.display_ts) });
    }
  });
  afterAll(() => t.close());

  const walkAll = (client: Client, url: string, text: string) => allPageIds(client, url, { text });

  const naive = (text: string): number[] =>
    memos
      .filter((memo) => memo.content.toLowerCase().includes(text.toLowerCase()))
      .sort((a, b) => b.displayTs - a.displayTs || b.id - a.id)
      .map((memo) => memo.id);

  for (const term of TERMS) {
    it(`"${term}": explore and the own list give every match in order, as a scan would`, async () => {
      const expected = naive(term);
      expect(await walkAll(anonymous(t), "/api/memo/all", term)).toEqual(expected);
      expect(await walkAll(host.client, "/api/memo", term)).toEqual(expected);
      // The first page alone, by offset as v0 clients ask.
      const first = await anonymous(t).get("/api/memo/all", { query: { text: term, limit: 30 } });
      expect((first.body.data as Memo[]).map((memo) => memo.id)).toEqual(expected.slice(0, 30));
      const second = await anonymous(t).get("/api/memo/all", { query: { text: term, limit: 30, offset: 30 } });
      expect((second.body.data as Memo[]).map((memo) => memo.id)).toEqual(expected.slice(30, 60));
    });
  }

  const scanOfSearch = (search: string): number[] => {
    const parsed = parseSearch(search);
    const terms = parsed.kind === "terms" ? parsed.terms.map((term) => term.toLowerCase()) : [];
    return memos
      .filter((memo) => terms.every((term) => memo.content.toLowerCase().includes(term)))
      .sort((a, b) => b.displayTs - a.displayTs || b.id - a.id)
      .map((memo) => memo.id);
  };

  for (const search of SEARCHES) {
    it(`search ${search}: every word and phrase, in any order, as a scan would`, async () => {
      const expected = scanOfSearch(search);
      expect(await allPageIds(anonymous(t), "/api/memo/all", { search })).toEqual(expected);
      expect(await allPageIds(host.client, "/api/memo", { search })).toEqual(expected);
      const second = await anonymous(t).get("/api/memo/all", { query: { search, limit: 30, offset: 30 } });
      expect((second.body.data as Memo[]).map((memo) => memo.id)).toEqual(expected.slice(30, 60));
    });
  }

  it("the searches cover the paths: a page from the window, a rare combination, none at all", () => {
    expect(scanOfSearch("note common").length).toBeGreaterThan(COUNT - 10);
    expect(scanOfSearch('"note common"')).toEqual([]);
    expect(scanOfSearch("olden hahaha")).toEqual([]);
    expect(scanOfSearch("medium mixd").length).toBeGreaterThan(0);
    expect(scanOfSearch("medium mixd").length).toBeLessThan(RARE_TEXT_MATCHES);
    expect(scanOfSearch("mixd common").length).toBeGreaterThan(RARE_TEXT_MATCHES);
    expect(scanOfSearch("note olden").length).toBeGreaterThan(RARE_TEXT_MATCHES);
  });

  it("v0's text stays one substring; text and search together each apply", async () => {
    const v0 = await anonymous(t).get("/api/memo/all", { query: { text: "note common", limit: 30 } });
    expect(v0.body.data).toEqual([]);
    expect(await allPageIds(anonymous(t), "/api/memo/all", { text: "tailx", search: "sparsa" })).toEqual(scanOfSearch("tailx sparsa"));
  });

  it("a search of more than 8 words, or two regular expressions, is a 400 naming the field", async () => {
    const many = await anonymous(t).get("/api/memo/all", { query: { search: "a b c d e f g h i" } });
    expect(many.status).toBe(400);
    expect(many.body).toMatchObject({ reason: "search.too-many-terms", field: "search", params: { maximum: 8 } });
    const regexes = await anonymous(t).get("/api/memo/all", { query: { text: "^a", search: "^b" } });
    expect(regexes.status).toBe(400);
    expect(regexes.body).toMatchObject({ field: "search" });
    const regex = await anonymous(t).get("/api/memo/all", { query: { search: "^common note 1\\d$", limit: 30 } });
    expect((regex.body.data as Memo[]).map((memo) => memo.id)).toEqual(
      memos
        .filter((memo) => /^common note 1\d$/.test(memo.content))
        .sort((a, b) => b.displayTs - a.displayTs || b.id - a.id)
        .map((memo) => memo.id),
    );
  });

  it("the vocabulary covers every path: rare texts, words that fill a page from the window, one that does not", () => {
    const newest = new Set(naive("").slice(0, SEARCH_WINDOW));
    const inWindow = (term: string) => naive(term).filter((id) => newest.has(id)).length;
    // Rare in the instance: read from their matches.
    expect(naive("rarezz")).toHaveLength(5);
    expect(naive("medium").length).toBeLessThanOrEqual(RARE_TEXT_MATCHES);
    expect(inWindow("medium")).toBeGreaterThan(0);
    expect(inWindow("medium")).toBeLessThan(30);
    // Common: a page among the newest memos, densely or sparsely (one in three before, one in thirty lately).
    for (const term of ["common", "kÄse", "mixd"]) {
      expect(naive(term).length).toBeGreaterThan(RARE_TEXT_MATCHES);
      expect(inWindow(term)).toBeGreaterThanOrEqual(30);
    }
    // Too many to be rare, none among the newest: found through the full-text index.
    for (const term of ["olden", "hahaha"]) {
      expect(naive(term).length).toBeGreaterThan(RARE_TEXT_MATCHES);
      expect(inWindow(term)).toBe(0);
    }
    // A trigram twice: the memos holding each of its trigrams are rare, or not, and more than its matches.
    const holdsTrigrams = (term: string, decoy: string) =>
      memos.filter((memo) => memo.content.toLowerCase().includes(term) || memo.content.toLowerCase().includes(decoy)).length;
    expect(naive("banana")).toHaveLength(5);
    expect(holdsTrigrams("banana", "bana nana")).toBeLessThanOrEqual(RARE_TEXT_MATCHES);
    expect(naive("ääää").length).toBeLessThan(holdsTrigrams("ääää", "äää"));
    expect(holdsTrigrams("ääää", "äää")).toBeLessThanOrEqual(RARE_TEXT_MATCHES);
  });

  // The "rare?" question reads up to RARE_TEXT_MATCHES + 1 matches; on PostgreSQL a phrase between rare and common
  // pays more for it than for its page, so a glance at the newest memos comes first.
  it("PostgreSQL asks whether a text is rare only when the newest memos hold none of it", async () => {
    if (t.ctx.store.engine !== "postgres") return;
    // The statements run, searched for the probe (a select of LIMIT RARE_TEXT_MATCHES + 1), which may sit inside
    // a statement of its own (the rare text's page is read with it).
    const probes = new Set<OperationNode>();
    const findProbes = (node: unknown) => {
      if (node === null || typeof node !== "object") return;
      if (SelectQueryNode.is(node as OperationNode) && isProbeLimit((node as SelectQueryNode).limit)) probes.add(node as OperationNode);
      for (const child of Object.values(node)) findProbes(child);
    };
    const isProbeLimit = (limit: LimitNode | undefined) =>
      limit !== undefined && ValueNode.is(limit.limit) && limit.limit.value === RARE_TEXT_MATCHES + 1;
    const recorder: KyselyPlugin = {
      transformQuery: ({ node }) => {
        findProbes(node);
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const db = t.ctx.store.db.withPlugin(recorder);
    const probed = async (text: string) => {
      probes.clear();
      const rows = await listMemos(
        db,
        "postgres",
        { rowStatus: "NORMAL", visibilities: ["PUBLIC"], text },
        { pinnedFirst: false, limit: 30, offset: 0 },
      );
      expect(rows.map((row) => row.id)).toEqual(naive(text).slice(0, 30));
      return probes.size;
    };
    // Among the newest 300: the walk goes on, unasked ("sparsa" has 2 there and 210 in all, "medium" 3 and 31).
    expect(await probed("sparsa")).toBe(0);
    expect(await probed("medium")).toBe(0);
    expect(await probed("common")).toBe(0);
    // None there: asked, and answered from its 5 matches, or (320 matches, all old) through the index.
    expect(await probed("rarezz")).toBe(1);
    expect(await probed("olden")).toBe(1);
  });

  it("a rare text whose matches are all out of the caller's sight gives an empty page, and its writer finds them", async () => {
    const secret = (await host.client.post("/api/memo", { content: "a hushedzz thought", visibility: "PRIVATE" })).body.data as Memo;
    const shared = (await host.client.post("/api/memo", { content: "hushedzz, said aloud", visibility: "PUBLIC" })).body.data as Memo;
    // The oldest of all: not among the newest memos a search looks at first, so found through the "rare?" question.
    expect((await host.client.patch(`/api/memo/${secret.id}`, { createdTs: BASE_TS - 200 })).status).toBe(200);
    expect((await host.client.patch(`/api/memo/${shared.id}`, { createdTs: BASE_TS - 100 })).status).toBe(200);
    try {
      const visitor = await anonymous(t).get("/api/memo/all", { query: { text: "hushedzz", limit: 30 } });
      expect(visitor.status).toBe(200);
      expect((visitor.body.data as Memo[]).map((memo) => memo.id)).toEqual([shared.id]);
      expect((await anonymous(t).get("/api/memo/all", { query: { text: "a hushedzz", limit: 30 } })).body.data).toEqual([]);
      const own = await host.client.get("/api/memo", { query: { text: "hushedzz", limit: 30 } });
      expect((own.body.data as Memo[]).map((memo) => memo.id)).toEqual([shared.id, secret.id]);
    } finally {
      for (const memo of [secret, shared]) await host.client.delete(`/api/memo/${memo.id}`);
    }
  });

  it("each path gives the memos their creator's pin (read apart from the walk)", async () => {
    // The newest match of words found by each path: the window, the glance and its walk, the rare text's
    // candidates, the index.
    const chosen = ["common", "sparsa", "rarezz", "olden"].map((term) => ({ term, id: naive(term)[0]! }));
    for (const { id } of chosen) expect((await host.client.post(`/api/memo/${id}/organizer`, { pinned: true })).status).toBe(200);
    try {
      for (const { term, id } of chosen) {
        const page = (await anonymous(t).get("/api/memo/all", { query: { text: term, limit: 30 } })).body.data as Memo[];
        expect(page[0]!.id).toBe(id);
        expect(page.map((memo) => memo.pinned)).toEqual(page.map((memo) => memo.id === id));
      }
    } finally {
      for (const { id } of chosen) await host.client.post(`/api/memo/${id}/organizer`, { pinned: false });
    }
  });

  /** SQLite: the full-text index agrees with the memos it indexes (keys and trigrams), else an error. */
  async function expectFullTextWhole() {
    if (t.ctx.store.engine !== "sqlite") return;
    await sql`INSERT INTO memo_fts(memo_fts, rank) VALUES ('integrity-check', 1)`.execute(t.ctx.store.db);
  }

  it("a memo whose display time moves is found at its new place, and one edited or deleted leaves the index whole", async () => {
    // An old "olden" memo becomes the newest: the index's key follows its display time, so the search (which
    // finds "olden" through the index) gives it first.
    const moved = memos.find((memo) => memo.content.includes("olden") && memo.id % 2 === 0)!;
    const newest = Math.max(...memos.map((memo) => memo.displayTs)) + 1000;
    expect((await host.client.patch(`/api/memo/${moved.id}`, { createdTs: newest })).status).toBe(200);
    moved.displayTs = newest;
    expect(naive("olden")[0]).toBe(moved.id);
    expect(await walkAll(anonymous(t), "/api/memo/all", "olden")).toEqual(naive("olden"));
    await expectFullTextWhole();

    // New content under the moved key, then a delete: both find the entry they replace.
    moved.content = `${moved.content} renamed`;
    expect((await host.client.patch(`/api/memo/${moved.id}`, { content: moved.content })).status).toBe(200);
    expect(await walkAll(anonymous(t), "/api/memo/all", "olden")).toEqual(naive("olden"));
    const gone = memos.find((memo) => memo.content.includes("olden") && memo.id !== moved.id)!;
    expect((await host.client.delete(`/api/memo/${gone.id}`)).status).toBe(200);
    memos.splice(memos.indexOf(gone), 1);
    expect(await walkAll(anonymous(t), "/api/memo/all", "olden")).toEqual(naive("olden"));
    await expectFullTextWhole();
  });
});
