// Activity's bench: on a generated instance every memo has 3 comments, 2 reactions and is referenced by the next
// 2 memos (of every visibility), and the newest public memo by 1,000 more; what a list page's cards ask for 30
// public memos (comment counts, reactions, backlink counts) and one memo's first page of comments are timed for a
// member and a visitor. Last, the worst page for backlink counts: 30 public memos each referenced by the same 500
// private memos (the most a count reads), asked by a visitor. An engine's sizes are all open at once and take
// turns. Each size and engine in a column. Prints figures; asserts nothing.
//   npm run -w bench activity -- --driver sqlite,postgres --memos 1000,100000,1000000
import { parseArgs } from "node:util";
import type { RelationCount } from "@memos/common";
import { sql } from "kysely";
import { buildApp } from "../server/src/app.js";
import type { DatabaseHandle } from "../server/src/store/db.js";
import { openStore } from "../server/src/store/open.js";
import { benchConfig, dataSet } from "./data-sets.js";
import { generate } from "./generate.js";

const { values: args } = parseArgs({
  options: {
    driver: { type: "string", default: "sqlite,postgres" },
    memos: { type: "string", default: "1000,100000" },
    users: { type: "string", default: "20" },
  },
});

const COMMENTS = 3;
const EMOJIS = ["👍", "🎉"];
/** Each memo is referenced by the next BACKLINKS memos; the page's first memo by HUB_BACKLINKS more. */
const BACKLINKS = 2;
const HUB_BACKLINKS = 1000;
const CHUNK = 300;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Comments, reactions and references on every memo, a chunk of memos a statement, many a transaction. */
async function addActivity(store: DatabaseHandle, ids: number[], userIds: number[]) {
  for (let start = 0; start < ids.length; start += CHUNK * 40) {
    await store.db.transaction().execute(async (tx) => {
      for (let at = start; at < Math.min(ids.length, start + CHUNK * 40); at += CHUNK) {
        const chunk = ids.slice(at, at + CHUNK);
        const comments = chunk.flatMap((memo_id) =>
          Array.from({ length: COMMENTS }, (_, i) => ({
            memo_id,
            creator_id: userIds[i % userIds.length]!,
            content: `comment ${i}`,
            created_ts: i,
            updated_ts: i,
          })),
        );
        await tx.insertInto("memo_comment").values(comments).execute();
        const reactions = chunk.flatMap((memo_id, n) =>
          EMOJIS.map((emoji, i) => ({ memo_id, creator_id: userIds[(at + n + i) % userIds.length]!, emoji, created_ts: 0 })),
        );
        await tx.insertInto("memo_reaction").values(reactions).execute();
        const relations = chunk.flatMap((_, n) =>
          Array.from({ length: BACKLINKS }, (_, i) => ids[at + n + i + 1])
            .filter((from) => from !== undefined)
            .map((from) => ({ memo_id: from, related_memo_id: ids[at + n]!, type: "REFERENCE" })),
        );
        if (relations.length > 0) await tx.insertInto("memo_relation").values(relations).execute();
      }
    });
  }
}

/** The most references a card's count reads of one memo (relation.store.ts). */
const COUNT_SCAN = 500;

/** The 30 public memos after `page`, each referenced by the same COUNT_SCAN private memos: their ids. */
async function plantHidden(store: DatabaseHandle, page: number[]): Promise<number[]> {
  const next = (
    await store.db
      .selectFrom("memo")
      .select("id")
      .where("visibility", "=", "PUBLIC")
      .where("row_status", "=", "NORMAL")
      .where("id", "<", page[page.length - 1]!)
      .orderBy("id", "desc")
      .limit(30)
      .execute()
  ).map((row) => row.id);
  const hidden = (
    await store.db.selectFrom("memo").select("id").where("visibility", "=", "PRIVATE").orderBy("id").limit(COUNT_SCAN).execute()
  ).map((row) => row.id);
  const rows = next.flatMap((target) => hidden.map((id) => ({ memo_id: id, related_memo_id: target, type: "REFERENCE" })));
  for (let start = 0; start < rows.length; start += 500)
    await store.db
      .insertInto("memo_relation")
      .values(rows.slice(start, start + 500))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  return next;
}

/** HUB_BACKLINKS memos spread over the whole history reference `hub` (their own visibilities, as generated). */
async function plantHub(store: DatabaseHandle, ids: number[], hub: number) {
  const stride = Math.max(1, Math.floor(ids.length / HUB_BACKLINKS));
  const from = ids.filter((id, i) => i % stride === 0 && id !== hub && id !== hub - 1 && id !== hub - 2).slice(0, HUB_BACKLINKS);
  for (let start = 0; start < from.length; start += 500)
    await store.db
      .insertInto("memo_relation")
      .values(from.slice(start, start + 500).map((id) => ({ memo_id: id, related_memo_id: hub, type: "REFERENCE" })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
}

interface Case {
  name: string;
  run: () => Promise<void>;
}

/** A generated size, its app and what is measured on it; `notes` are figures read once (counts shown). */
async function prepare(driver: "sqlite" | "postgres", memos: number) {
  const place = await dataSet(driver, memos, args.users!, undefined);
  const config = benchConfig(driver, place.dir, place.dsn);
  const { store } = await openStore(config);
  const data = await generate(store, Number(args.users), memos);
  const ids = (await store.db.selectFrom("memo").select("id").orderBy("id").execute()).map((row) => row.id);
  await addActivity(store, ids, data.userIds);
  const page = (
    await store.db
      .selectFrom("memo")
      .select("id")
      .where("visibility", "=", "PUBLIC")
      .where("row_status", "=", "NORMAL")
      .orderBy("id", "desc")
      .limit(30)
      .execute()
  ).map((row) => row.id);
  await plantHub(store, ids, page[0]!);
  const hiddenPage = await plantHidden(store, page);
  if (driver === "postgres") await sql`VACUUM ANALYZE`.execute(store.db);
  await store.settled();
  const app = await buildApp({ config, store }, { responseCache: false });
  const answer = await app.inject({ method: "POST", url: "/api/auth/signin", payload: { username: "bench2", password: data.password } });
  const viewers: Array<[string, Record<string, string>]> = [
    ["member", { cookie: String(answer.headers["set-cookie"]).split(";")[0]! }],
    ["visitor", {}],
  ];
  const memoIds = page.join(",");
  const cards = [
    `/api/memo/comment-count?memoIds=${memoIds}`,
    `/api/reaction?memoIds=${memoIds}`,
    `/api/memo/relation-count?memoIds=${memoIds}`,
  ];
  const urls: Array<[string, string[]]> = [
    ["30 memos' comment counts", [cards[0]!]],
    ["30 memos' reactions", [cards[1]!]],
    ["30 memos' backlink counts", [cards[2]!]],
    ["all three (a page's cards)", cards],
    ["a memo's comments", [`/api/memo/${page[0]}/comment`]],
  ];
  const ask = (asks: string[], headers: Record<string, string>) => async () => {
    for (const url of asks) {
      const response = await app.inject({ method: "GET", url, headers });
      if (response.statusCode !== 200) throw new Error(`${url} → ${response.statusCode} ${response.body}`);
    }
  };
  const notes = new Map<string, string>();
  const cases: Case[] = [];
  for (const [viewer, headers] of viewers) {
    const counts: RelationCount[] = (await app.inject({ method: "GET", url: cards[2]!, headers })).json().data;
    const first = counts.find((entry) => entry.memoId === page[0]);
    notes.set(`${viewer}: the hub's backlink count`, first ? `${first.count}${first.more ? "+" : ""}` : "0");
    for (const [what, asks] of urls) cases.push({ name: `${viewer}: ${what}`, run: ask(asks, headers) });
  }
  const worst = `/api/memo/relation-count?memoIds=${hiddenPage.join(",")}`;
  const shown: unknown[] = (await app.inject({ method: "GET", url: worst })).json().data;
  notes.set(`visitor: memos shown a count of the worst page`, String(shown.length));
  cases.push({ name: `visitor: 30 memos × ${COUNT_SCAN} private backlinks`, run: ask([worst], {}) });
  return {
    notes,
    cases,
    close: async () => {
      await app.close();
      await store.close();
      await place.cleanUp();
    },
  };
}

/**
 * Every size of an engine open at once; within each case the sizes take turns request by request (after 20
 * unmeasured rounds each), so whatever else runs on the machine meanwhile weighs on every size alike.
 */
async function measure(driver: "sqlite" | "postgres", sizes: number[]): Promise<Array<Map<string, string>>> {
  const prepared: Array<Awaited<ReturnType<typeof prepare>>> = [];
  try {
    for (const size of sizes) {
      const at = performance.now();
      prepared.push(await prepare(driver, size));
      console.log(`${driver} ${size}: generated in ${((performance.now() - at) / 1000).toFixed(0)} s`);
    }
    const figures = prepared.map((size) => new Map(size.notes));
    for (const [index, { name }] of prepared[0]!.cases.entries()) {
      for (const size of prepared) for (let i = 0; i < 20; i++) await size.cases[index]!.run();
      const times = prepared.map((): number[] => []);
      for (let round = 0; round < 30; round++)
        for (const [n, size] of prepared.entries()) {
          const at = performance.now();
          await size.cases[index]!.run();
          times[n]!.push(performance.now() - at);
        }
      for (const [n, figure] of figures.entries()) figure.set(`${name}, p50 of 30`, `${median(times[n]!).toFixed(2)} ms`);
    }
    return figures;
  } finally {
    for (const size of prepared) await size.close();
  }
}

async function main() {
  const drivers = args.driver.split(",").map((name) => (name.trim() === "postgres" ? "postgres" : "sqlite"));
  const sizes = args.memos.split(",").map(Number);
  const columns: string[] = [];
  const results: Array<Map<string, string>> = [];
  for (const driver of drivers) {
    columns.push(...sizes.map((size) => `${driver} ${size}`));
    results.push(...(await measure(driver, sizes)));
  }
  console.log(
    `\nActivity: every memo ${COMMENTS} comments, ${EMOJIS.length} reactions, ${BACKLINKS} backlinks; the page's first memo ${HUB_BACKLINKS} more:`,
  );
  console.log("".padEnd(50), ...columns.map((column) => column.padStart(16)));
  for (const name of results[0]!.keys()) console.log(name.padEnd(50), ...results.map((result) => (result.get(name) ?? "").padStart(16)));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
