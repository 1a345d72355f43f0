// Comments' bench: on a generated instance every memo has 3 comments; a page of 30 public memos' comment counts
// (GET /api/memo/comment-count, what a list's cards ask) and one memo's first page of comments are timed for a
// member and a visitor. Each size and engine in a column. Prints figures; asserts nothing.
//   npm run -w bench comments -- --driver sqlite,postgres --memos 1000,100000
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { buildApp } from "../server/src/app.js";
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

const PER_MEMO = 3;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(driver: "sqlite" | "postgres", memos: number): Promise<Map<string, string>> {
  const place = await dataSet(driver, memos, args.users!, undefined);
  const config = benchConfig(driver, place.dir, place.dsn);
  const { store } = await openStore(config);
  const figures = new Map<string, string>();
  try {
    const data = await generate(store, Number(args.users), memos);
    const ids = (await store.db.selectFrom("memo").select("id").orderBy("id").execute()).map((row) => row.id);
    for (let start = 0; start < ids.length; start += 300) {
      const rows = ids.slice(start, start + 300).flatMap((memo_id) =>
        Array.from({ length: PER_MEMO }, (_, i) => ({
          memo_id,
          creator_id: data.userIds[i % data.userIds.length]!,
          content: `comment ${i}`,
          created_ts: i,
          updated_ts: i,
        })),
      );
      await store.db.insertInto("memo_comment").values(rows).execute();
    }
    if (driver === "postgres") await sql`VACUUM ANALYZE`.execute(store.db);
    await store.settled();
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
    const app = await buildApp({ config, store }, { responseCache: false });
    try {
      const answer = await app.inject({
        method: "POST",
        url: "/api/auth/signin",
        payload: { username: "bench2", password: data.password },
      });
      const viewers: Array<[string, Record<string, string>]> = [
        ["member", { cookie: String(answer.headers["set-cookie"]).split(";")[0]! }],
        ["visitor", {}],
      ];
      const urls: Array<[string, string]> = [
        ["30 memos' counts", `/api/memo/comment-count?memoIds=${page.join(",")}`],
        ["a memo's comments", `/api/memo/${page[0]}/comment`],
      ];
      for (const [name, headers] of viewers)
        for (const [what, url] of urls) {
          for (let i = 0; i < 20; i++) await app.inject({ method: "GET", url, headers });
          const times: number[] = [];
          for (let i = 0; i < 30; i++) {
            const at = performance.now();
            const response = await app.inject({ method: "GET", url, headers });
            times.push(performance.now() - at);
            if (response.statusCode !== 200) throw new Error(`${url} → ${response.statusCode} ${response.body}`);
          }
          figures.set(`${name}: ${what}, p50 of 30`, `${median(times).toFixed(2)} ms`);
        }
    } finally {
      await app.close();
    }
  } finally {
    await store.close();
    await place.cleanUp();
  }
  return figures;
}

async function main() {
  const drivers = args.driver.split(",").map((name) => (name.trim() === "postgres" ? "postgres" : "sqlite"));
  const sizes = args.memos.split(",").map(Number);
  const columns: string[] = [];
  const results: Array<Map<string, string>> = [];
  for (const driver of drivers)
    for (const size of sizes) {
      columns.push(`${driver} ${size}`);
      results.push(await measure(driver, size));
    }
  console.log(`\nComments, ${PER_MEMO} on every memo:`);
  console.log("".padEnd(44), ...columns.map((column) => column.padStart(16)));
  for (const name of results[0]!.keys()) console.log(name.padEnd(44), ...results.map((result) => (result.get(name) ?? "").padStart(16)));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
