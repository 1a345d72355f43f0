// Benchmarks: for each engine and each collection size, generates a data set, then measures the requests the
// home page and the sidebar make in-process (latency percentiles, the sizes taking turns), and prints them side by side with the
// ratio of each p50 to the smallest size's (the promise: at most 1.5× from 1k to 1M). Optionally measures
// HTTP throughput (autocannon) on the largest size. Prints figures; asserts nothing.
//   npm run bench -- --driver sqlite,postgres --sizes 1000,100000,1000000
//   npm run bench -- --driver postgres --memos 20000 --seconds 5      (one size, with HTTP throughput)
//   npm run bench -- --keep ./bench-data ...   (generated data sets kept there, and reused by later runs)
//   npm run bench -- --only "rare word,explore" ...   (the cases whose names hold one of these, no stall test)
//   npm run bench -- --iterations 20 --warm-up 5 ...   (fewer requests per case: quick, noisier)
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { NEXT_CURSOR_HEADER } from "@memos/common";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { buildApp } from "../server/src/app.js";
import type { DatabaseHandle } from "../server/src/store/db.js";
import { listMemosSql } from "../server/src/store/sql/memo/memo.store.js";
import { openStore } from "../server/src/store/open.js";
import { benchConfig, dataSet, dropStatistics } from "./data-sets.js";
import { type GeneratedData, generate, generatedData } from "./generate.js";

const { values: args } = parseArgs({
  options: {
    driver: { type: "string", default: "sqlite" },
    memos: { type: "string" },
    sizes: { type: "string" },
    users: { type: "string", default: "20" },
    seconds: { type: "string", default: "0" },
    iterations: { type: "string", default: "200" },
    "warm-up": { type: "string", default: "50" },
    keep: { type: "string" },
    only: { type: "string" },
  },
});

const DAY = 86_400;
const WEEK = 7 * DAY;
/** Requests of each case before measuring (the smoke test in npm test makes it small). */
const WARM_UP = Number(args["warm-up"]);

/** How the database answers the home page's unpinned walk: it should read an index in display order, not sort. */
async function printHomePlan(store: DatabaseHandle, creatorId: number) {
  const query = (
    await listMemosSql(store.db, store.engine, { creatorId, rowStatus: "NORMAL" }, { pinnedFirst: true, limit: 30, offset: 0 })
  ).walk;
  const explain = store.engine === "sqlite" ? "EXPLAIN QUERY PLAN " : "EXPLAIN ";
  const rows = await store.db.executeQuery({ ...query, sql: explain + query.sql });
  const lines = rows.rows.map((row) => String((row as Record<string, unknown>).detail ?? (row as Record<string, unknown>)["QUERY PLAN"]));
  console.log(`  home query plan:\n    ${lines.join("\n    ")}`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

interface Case {
  name: string;
  /** The URL; a function when it depends on an earlier answer (the cursor of page 1). */
  url: string | (() => Promise<string>);
  signedIn: boolean;
}

interface Measure {
  p50: number;
  p95: number;
  items: number;
  bytes: number;
}

/** A data set opened for measuring: its app, the measured user's cookie and id, and another user's id. */
interface Opened {
  size: number;
  app: FastifyInstance;
  cookie: string;
  own: number;
  other: number;
  close(): Promise<void>;
}

/**
 * Every case on every size, the sizes taking turns request by request (1k, 100k, 1M, 100k, 1M, 1k, …): whatever
 * passes over the machine or the JIT during a case touches each size alike, so the ratios compare the queries.
 */
async function measureSizes(opened: Opened[], iterations: number): Promise<Array<Map<string, Measure>>> {
  const wanted = args.only?.split(",").map((part) => part.trim()) ?? [];
  const chosen = (cases: Case[]) => (wanted.length === 0 ? cases : cases.filter((each) => wanted.some((part) => each.name.includes(part))));
  const casesBySize = opened.map((each) => chosen(casesFor(each.app, each.cookie, each.own, each.other)));
  const results = opened.map(() => new Map<string, Measure>());
  for (const [c, item] of casesBySize[0]!.entries()) {
    const requests = await Promise.all(
      opened.map(async (each, s) => {
        const own = casesBySize[s]![c]!;
        const url = typeof own.url === "string" ? own.url : await own.url();
        return () => each.app.inject({ method: "GET", url, headers: item.signedIn ? { cookie: each.cookie } : {} });
      }),
    );
    // Unmeasured rounds first: the JIT's warm-up would otherwise be paid by the first size alone.
    for (let i = 0; i < WARM_UP; i++) for (const request of requests) await request();
    const times = opened.map((): number[] => []);
    const shapes = opened.map(() => ({ items: 0, bytes: 0 }));
    for (let i = 0; i < iterations; i++) {
      for (let k = 0; k < requests.length; k++) {
        const s = (i + k) % requests.length;
        const started = performance.now();
        const response = await requests[s]!();
        times[s]!.push(performance.now() - started);
        if (i > 0) continue;
        if (response.statusCode !== 200) throw new Error(`${item.name} (${opened[s]!.size}) → ${response.statusCode} ${response.body}`);
        // v0 wraps answers in `data`; v1 answers a message (a list's under `memos`).
        const body = JSON.parse(response.body);
        const data = body.data ?? body.memos ?? body;
        // A list's length, a number as it is, a count's `count` (1 for another object).
        const items = Array.isArray(data)
          ? data.length
          : typeof data === "object" && data !== null
            ? Number(data.count ?? 1)
            : Number(data);
        shapes[s] = { items, bytes: response.body.length };
      }
    }
    for (const [s, sizeTimes] of times.entries()) {
      sizeTimes.sort((a, b) => a - b);
      results[s]!.set(item.name, { p50: percentile(sizeTimes, 50), p95: percentile(sizeTimes, 95), ...shapes[s]! });
    }
  }
  return results;
}

/** The last 31 days' UTC midnights and the one after them, as the calendar asks for a month. */
function monthBounds(): string {
  const today = Math.floor(Date.now() / 1000 / DAY) * DAY;
  return Array.from({ length: 32 }, (_, i) => today - (30 - i) * DAY).join(",");
}

/** v1's ListMemos, a page of 30, with this CEL filter. */
const v1List = (filter: string) => `/api/v1/memos?pageSize=30&filter=${encodeURIComponent(filter)}`;

function casesFor(app: FastifyInstance, cookie: string, own: number, other: number): Case[] {
  const from = Math.floor(Date.now() / 1000) - 12 * WEEK;
  const home = "/api/memo?rowStatus=NORMAL&limit=30";
  const secondPage = async (order = "") => {
    const first = await app.inject({ method: "GET", url: `${home}${order}`, headers: { cookie } });
    const cursor = first.headers[NEXT_CURSOR_HEADER.toLowerCase()];
    return `${home}${order}&cursor=${String(cursor)}`;
  };
  return [
    { name: "home, page 1 (pinned first)", url: home, signedIn: true },
    { name: "home, page 2 by cursor", url: secondPage, signedIn: true },
    { name: "home, page 2 by offset (v0)", url: `${home}&offset=30`, signedIn: true },
    { name: "tag filter (work, with children)", url: `${home}&tag=work`, signedIn: true },
    // The same lists by the last edit (orderBy=updated): the updated-time twins of the display indexes (migration 050).
    { name: "updated order: home, page 1", url: `${home}&orderBy=updated`, signedIn: true },
    { name: "updated order: home, page 2 by cursor", url: () => secondPage("&orderBy=updated"), signedIn: true },
    { name: "updated order: tag filter (work)", url: `${home}&orderBy=updated&tag=work`, signedIn: true },
    { name: "updated order: explore, page 1", url: "/api/memo/all?limit=30&orderBy=updated", signedIn: false },
    { name: "updated order: search, common word (home)", url: `${home}&orderBy=updated&text=note`, signedIn: true },
    { name: "rare tag filter (bench/rare)", url: `${home}&tag=bench%2Frare`, signedIn: true },
    { name: "archived", url: "/api/memo?rowStatus=ARCHIVED&limit=30", signedIn: true },
    { name: "stats, 12-week window", url: `/api/memo/stats?creatorId=${own}&from=${from}`, signedIn: true },
    // v0's heat map: every display time of the account (its answer is the size of the account), from one index.
    { name: "stats, all (v0, no from)", url: `/api/memo/stats?creatorId=${own}`, signedIn: true },
    // The calendar's month view: 31 days (32 local midnights) in one request, an index step per day with memos.
    { name: "calendar, a month", url: `/api/memo/calendar?creatorId=${own}&days=${monthBounds()}`, signedIn: true },
    { name: "amount (own)", url: `/api/memo/amount?userId=${own}`, signedIn: true },
    { name: "amount (everything readable)", url: "/api/memo/amount", signedIn: true },
    { name: "tag suggestion", url: "/api/tag/suggestion", signedIn: true },
    { name: "explore, page 1", url: "/api/memo/all?limit=30", signedIn: false },
    { name: "explore as member, page 1", url: "/api/memo/all?limit=30", signedIn: true },
    // Another user's page as a member sees it: their public and protected memos (half of theirs).
    { name: "a member's view of another user", url: `/api/memo?creatorId=${other}&rowStatus=NORMAL&limit=30`, signedIn: true },
    { name: "search, common word (home)", url: `${home}&text=note`, signedIn: true },
    { name: "search, common word (explore)", url: "/api/memo/all?limit=30&text=note", signedIn: false },
    { name: "search, rare word (explore)", url: "/api/memo/all?limit=30&text=zymurgy", signedIn: false },
    { name: "search, CJK 3 characters", url: `/api/memo/all?limit=30&text=${encodeURIComponent("日本語")}`, signedIn: false },
    { name: "search, CJK 2 characters", url: `/api/memo/all?limit=30&text=${encodeURIComponent("学习")}`, signedIn: false },
    { name: "search, case outside ASCII (ZÜRICH)", url: `/api/memo/all?limit=30&text=${encodeURIComponent("ZÜRICH")}`, signedIn: false },
    // Two words each in 1 memo of 40, side by side in 1 of 100: more than a rare text's matches in a big instance,
    // too few among the newest memos to fill a page.
    {
      name: "search, sparse phrase (garden music)",
      url: `/api/memo/all?limit=30&text=${encodeURIComponent("garden music")}`,
      signedIn: false,
    },
    // The same in another member's list, who wrote 1 memo in 38 (a big instance's many users).
    {
      name: "search, sparse phrase, a member's list",
      url: `/api/memo?creatorId=${other}&rowStatus=NORMAL&limit=30&text=${encodeURIComponent("garden music")}`,
      signedIn: true,
    },
    // The search box's words (search=): each must appear, in any order; the longer drives the index.
    {
      name: "search, two words (music garden)",
      url: `/api/memo/all?limit=30&search=${encodeURIComponent("music garden")}`,
      signedIn: false,
    },
    {
      name: 'search, quoted phrase ("garden music" note)',
      url: `/api/memo/all?limit=30&search=${encodeURIComponent('"garden music" note')}`,
      signedIn: false,
    },
    // How many memos match, counted up to 30: a page's worth of the same steps.
    { name: "count, two words (explore)", url: `/api/memo/all/count?search=${encodeURIComponent("music garden")}`, signedIn: false },
    { name: "search, % and _", url: `/api/memo/all?limit=30&text=${encodeURIComponent("_")}`, signedIn: false },
    // The v1 API (memos' clients): the same walks through CEL filters, and memos' own stats.
    { name: "v1 home, page 1 (creator filter)", url: v1List('creator == "users/bench1"'), signedIn: true },
    { name: "v1 tag filter (work)", url: v1List('creator == "users/bench1" && "work" in tags'), signedIn: true },
    { name: "v1 explore, page 1", url: "/api/v1/memos?pageSize=30", signedIn: false },
    { name: "v1 user stats", url: "/api/v1/users/bench1:getStats", signedIn: true },
    // Property filters check the flags stored with each memo (migration 048): a link is on 1 memo in 12, an open task on 1 in 7.
    { name: "v1 property filter (has_link, creator)", url: v1List('creator == "users/bench1" && has_link'), signedIn: true },
    { name: "v1 property filter (explore, open tasks)", url: v1List("has_incomplete_tasks"), signedIn: false },
  ];
}

/**
 * Does a slow request stall the others? Five clients run a search that must read every memo (a regular
 * expression matching nothing) over and over while another pings; prints the ping's p50/p90.
 */
async function stallTest(base: string) {
  const until = performance.now() + 5000;
  const searches = Array.from({ length: 5 }, async () => {
    let answered = 0;
    while (performance.now() < until) {
      await (await fetch(`${base}/api/memo/all?limit=30&text=${encodeURIComponent("^zz(a|b)+q$")}`)).arrayBuffer();
      answered += 1;
    }
    return answered;
  });
  const pings: number[] = [];
  while (performance.now() < until) {
    const start = performance.now();
    await (await fetch(`${base}/api/ping`)).arrayBuffer();
    pings.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const answered = (await Promise.all(searches)).reduce((a, b) => a + b, 0);
  pings.sort((a, b) => a - b);
  console.log(
    `  stall test: /api/ping p50 ${percentile(pings, 50).toFixed(1)} ms, p90 ${percentile(pings, 90).toFixed(1)} ms while 5 clients ran full-scan searches (${answered} answered in 5 s; goal p90 < 50 ms)`,
  );
}

async function httpThroughput(base: string, cookie: string) {
  console.log(`\n  HTTP throughput, 20 connections, ${args.seconds} s each:`);
  for (const [name, path] of [
    ["ping", "/api/ping"],
    ["explore page of 30", "/api/memo/all?limit=30"],
    ["own list page of 30", "/api/memo?rowStatus=NORMAL&limit=30"],
  ] as const) {
    const result = await autocannon({ url: `${base}${path}`, connections: 20, duration: Number(args.seconds), headers: { cookie } });
    console.log(
      `  ${name.padEnd(24)} ${Math.round(result.requests.average)} req/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors + result.non2xx}`,
    );
  }
}

/** Generates one size (or reuses a kept one), opens its app and signs the measured user in. */
async function openSize(driver: "sqlite" | "postgres", memoCount: number): Promise<Opened> {
  const place = await dataSet(driver, memoCount, args.users!, args.keep);
  const dir = place.dir;
  const config = benchConfig(driver, dir, place.dsn);
  const opening = performance.now();
  const { store, migration } = await openStore(config);
  // A kept data set is migrated as any instance would be on upgrade: how long that took.
  if (place.reused && migration.applied.length > 0) {
    console.log(
      `\n${driver}, ${memoCount} memos: migrations ${migration.applied.join(", ")} applied in ${((performance.now() - opening) / 1000).toFixed(1)} s`,
    );
  }
  const close = async () => {
    await store.close();
    await place.cleanUp();
  };
  try {
    const started = performance.now();
    let data: GeneratedData;
    if (place.reused) {
      data = await generatedData(store);
      console.log(`\n${driver}, ${memoCount} memos of ${data.userIds.length} users: kept from an earlier run (${place.dsn})`);
    } else {
      data = await generate(store, Number(args.users), memoCount);
      // PostgreSQL: a freshly loaded table has no statistics (and autovacuum still to run over a million new rows,
      // GIN pending lists and the counters' dead row versions) until autovacuum gets to it; a real instance has had
      // it. Doing it now keeps it from running, and competing, during the measurements. SQLite instances run
      // without statistics (nothing runs ANALYZE on them), and so do the bench's.
      if (driver === "postgres") await sql`VACUUM ANALYZE`.execute(store.db);
      await place.markGenerated(store);
      console.log(
        `\n${driver}, ${memoCount} memos of ${data.userIds.length} users: generated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    // A server merges the full-text index's segments a moment after writes (SQLite, store/sqlite/fulltext-merger.ts):
    // what the loading left is merged here, before the measurements, as a running instance would have it.
    const merging = performance.now();
    await store.settled();
    const mergedIn = (performance.now() - merging) / 1000;
    if (mergedIn >= 1) console.log(`  full-text index merged in ${mergedIn.toFixed(1)} s`);
    if (driver === "sqlite") await dropStatistics(store);
    const own = data.userIds[1]!;
    await printHomePlan(store, own);

    // Every case repeats one URL: kept answers (http/response-cache.ts) would time a lookup, not the queries.
    const app = await buildApp({ config, store }, { responseCache: false });
    const signIn = await app.inject({ method: "POST", url: "/api/auth/signin", payload: { username: "bench1", password: data.password } });
    const cookie = String(signIn.headers["set-cookie"]).split(";")[0]!;
    return {
      size: memoCount,
      app,
      cookie,
      own,
      other: data.userIds[5]!,
      close: async () => {
        await app.close();
        await close();
      },
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The stall test (and with --seconds, HTTP throughput) on one opened size, served over a real socket. */
async function overHttp(opened: Opened) {
  await opened.app.listen({ host: "127.0.0.1", port: 0 });
  const address = opened.app.server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  console.log(`\n${opened.size} memos over HTTP:`);
  await stallTest(base);
  if (Number(args.seconds) > 0) await httpThroughput(base, opened.cookie);
}

function printTable(driver: string, sizes: number[], results: Array<Map<string, Measure>>) {
  const label = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1000 ? `${n / 1000}k` : String(n));
  console.log(`\n${driver}: latency in ms over ${args.iterations} requests each, p50 / p95, and p50 ratio to ${label(sizes[0]!)}`);
  const head = sizes.map((size, i) => `${label(size)} p50/p95${i > 0 ? " (×)" : ""}`.padStart(i > 0 ? 26 : 18));
  console.log("case".padEnd(36), ...head, "items".padStart(14), "bytes".padStart(16));
  for (const name of results[0]!.keys()) {
    const base = results[0]!.get(name)!;
    const cells = results.map((result, i) => {
      const m = result.get(name)!;
      const figures = `${m.p50.toFixed(2)}/${m.p95.toFixed(2)}`;
      return i === 0 ? figures.padStart(18) : `${figures} (×${(m.p50 / base.p50).toFixed(2)})`.padStart(26);
    });
    const items = results.map((result) => result.get(name)!.items).join("/");
    const bytes = results.map((result) => result.get(name)!.bytes).join("/");
    console.log(name.padEnd(36), ...cells, items.padStart(14), bytes.padStart(16));
  }
}

async function main() {
  const drivers = args.driver.split(",").map((name) => (name.trim() === "postgres" ? "postgres" : "sqlite"));
  const sizes = (args.sizes ?? args.memos ?? "1000,100000").split(",").map((size) => Number(size.trim()));
  if (sizes.some((size) => !Number.isInteger(size) || size <= 0)) throw new Error(`Invalid sizes: ${args.sizes ?? args.memos}`);
  for (const driver of drivers) {
    const opened: Opened[] = [];
    try {
      for (const size of sizes) opened.push(await openSize(driver, size));
      const results = await measureSizes(opened, Number(args.iterations));
      if (args.only === undefined) await overHttp(opened.at(-1)!);
      printTable(driver, sizes, results);
    } finally {
      for (const each of opened) await each.close();
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
