// The tag rename's bench: on a generated instance, a tag planted on `--tagged` memos of the measured user (spread
// over their history, one in ten also carrying a child tag) is renamed through POST /api/tag/rename over HTTP,
// while another client pings the server and reads a page of memos: how long the preview and the rename take, and
// whether other requests stall meanwhile. Each engine in a column, side by side. Prints figures; asserts nothing.
//   npm run -w bench rename -- --driver sqlite,postgres --memos 200000 --tagged 100000
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { buildApp } from "../server/src/app.js";
import type { DatabaseHandle } from "../server/src/store/db.js";
import { openStore } from "../server/src/store/open.js";
import { benchConfig, dataSet } from "./data-sets.js";
import { generate } from "./generate.js";

const { values: args } = parseArgs({
  options: {
    driver: { type: "string", default: "sqlite,postgres" },
    memos: { type: "string", default: "200000" },
    tagged: { type: "string", default: "100000" },
    users: { type: "string", default: "20" },
  },
});

const FROM = "bench/moving";
const TO = "bench/moved";

/** Plants `#bench/moving` (and on one in ten `#bench/moving/child`) on `count` of the user's memos, spread evenly. */
async function plant(store: DatabaseHandle, userId: number, count: number): Promise<number> {
  const ids = (await store.db.selectFrom("memo").select("id").where("creator_id", "=", userId).orderBy("id").execute()).map(
    (row) => row.id,
  );
  const stride = Math.max(1, Math.floor(ids.length / count));
  const chosen = ids.filter((_, i) => i % stride === 0).slice(0, count);
  for (let start = 0; start < chosen.length; start += 500) {
    const batch = chosen.slice(start, start + 500);
    await store.db.transaction().execute(async (tx) => {
      await tx
        .updateTable("memo")
        .set({ content: sql`content || ${` #${FROM}`} || CASE WHEN id % 10 = 0 THEN ${` #${FROM}/child`} ELSE '' END` })
        .where("id", "in", batch)
        .execute();
      const rows = batch.flatMap((id) => [{ memo_id: id, tag: FROM }, ...(id % 10 === 0 ? [{ memo_id: id, tag: `${FROM}/child` }] : [])]);
      await tx.insertInto("memo_tag").values(rows).execute();
    });
  }
  return chosen.length;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Pings and reads a page while `work` runs: the latencies of each, sorted. */
async function alongside(base: string, cookie: string, work: Promise<unknown>) {
  let done = false;
  void work.finally(() => {
    done = true;
  });
  const timed = async (path: string, headers: Record<string, string>, into: number[]) => {
    while (!done) {
      const started = performance.now();
      await (await fetch(`${base}${path}`, { headers })).arrayBuffer();
      into.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const pings: number[] = [];
  const pages: number[] = [];
  await Promise.all([timed("/api/ping", {}, pings), timed("/api/memo?rowStatus=NORMAL&limit=30", { cookie }, pages), work]);
  return { pings: pings.sort((a, b) => a - b), pages: pages.sort((a, b) => a - b) };
}

async function measure(driver: "sqlite" | "postgres", memos: number, tagged: number): Promise<Map<string, string>> {
  const place = await dataSet(driver, memos, args.users!, undefined);
  const config = benchConfig(driver, place.dir, place.dsn);
  const { store } = await openStore(config);
  const figures = new Map<string, string>();
  try {
    const started = performance.now();
    const data = await generate(store, Number(args.users), memos);
    if (driver === "postgres") await sql`VACUUM ANALYZE`.execute(store.db);
    const own = data.userIds[1]!;
    const planted = await plant(store, own, tagged);
    if (driver === "postgres") await sql`VACUUM ANALYZE`.execute(store.db);
    await store.settled();
    console.log(
      `${driver}: ${memos} memos generated, #${FROM} on ${planted} of bench1's, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const app = await buildApp({ config, store }, { responseCache: false });
    await app.listen({ host: "127.0.0.1", port: 0 });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    try {
      const signIn = await fetch(`${base}/api/auth/signin`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "bench1", password: data.password }),
      });
      const cookie = String(signIn.headers.get("set-cookie")).split(";")[0]!;
      const post = (body: object) =>
        fetch(`${base}/api/tag/rename`, {
          method: "POST",
          headers: { cookie, "content-type": "application/json" },
          body: JSON.stringify(body),
        });

      const previews: number[] = [];
      for (let i = 0; i < 5; i++) {
        const at = performance.now();
        const answer = await post({ from: FROM, to: TO, dryRun: true });
        previews.push(performance.now() - at);
        if (!answer.ok) throw new Error(`preview → ${answer.status} ${await answer.text()}`);
      }
      previews.sort((a, b) => a - b);

      let took = 0;
      let answer: unknown;
      const renaming = (async () => {
        const at = performance.now();
        const response = await post({ from: FROM, to: TO });
        answer = await response.json();
        took = performance.now() - at;
        if (!response.ok) throw new Error(`rename → ${response.status} ${JSON.stringify(answer)}`);
      })();
      const { pings, pages } = await alongside(base, cookie, renaming);
      const left = await store.db
        .selectFrom("memo_tag")
        .select(sql<number>`count(*)`.as("n"))
        .where("tag", "=", FROM)
        .executeTakeFirstOrThrow();

      figures.set("memos renamed", String((answer as { data: { memos: number } }).data.memos));
      figures.set("preview (dry run), p50 of 5", `${percentile(previews, 50).toFixed(0)} ms`);
      figures.set("rename", `${(took / 1000).toFixed(1)} s`);
      figures.set("per memo", `${((took * 1000) / planted).toFixed(0)} µs`);
      figures.set(
        "/api/ping meanwhile, p50 / p90 / max",
        pings.length ? `${percentile(pings, 50).toFixed(1)} / ${percentile(pings, 90).toFixed(1)} / ${pings.at(-1)!.toFixed(1)} ms` : "–",
      );
      figures.set(
        "a page of 30 meanwhile, p50 / p90 / max",
        pages.length ? `${percentile(pages, 50).toFixed(1)} / ${percentile(pages, 90).toFixed(1)} / ${pages.at(-1)!.toFixed(1)} ms` : "–",
      );
      figures.set(`entries of #${FROM} left`, String(Number(left.n)));
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
  const memos = Number(args.memos);
  const tagged = Number(args.tagged);
  const results: Array<Map<string, string>> = [];
  for (const driver of drivers) results.push(await measure(driver, memos, tagged));
  console.log(`\nRename of a tag on ${tagged} memos (of ${memos}), in one transaction:`);
  console.log("".padEnd(42), ...drivers.map((driver) => driver.padStart(26)));
  for (const name of results[0]!.keys()) console.log(name.padEnd(42), ...results.map((result) => (result.get(name) ?? "").padStart(26)));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
