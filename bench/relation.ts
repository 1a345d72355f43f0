// Links between memos' bench: on a generated instance, a public memo of bench1 is referenced by `--backlinks`
// memos (spread over every user's history, a third each public, protected and private, the references planted in
// their texts and memo_relation) and references 100 memos itself; GET /api/memo/:id/relation is timed for its
// author, another member and a visitor (who may see a third of them), first page and a later one. An engine's sizes
// are all open at once and take turns. Each size and engine in a column. Prints figures; asserts nothing.
//   npm run -w bench relation -- --driver sqlite,postgres --memos 1000,100000 --backlinks 1000 [--hidden: all private]
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
    memos: { type: "string", default: "1000,100000" },
    backlinks: { type: "string", default: "1000" },
    users: { type: "string", default: "20" },
    // "private": every backlink private, so a visitor reads them all and is shown none (the worst case).
    hidden: { type: "boolean", default: false },
  },
});

const VISIBILITIES = ["PUBLIC", "PROTECTED", "PRIVATE"] as const;

/** Makes `count` memos (spread evenly over all) reference a public memo of `userId`, which references 100: its id. */
async function plant(store: DatabaseHandle, userId: number, count: number): Promise<number> {
  const target = await store.db
    .selectFrom("memo")
    .select("id")
    .where("creator_id", "=", userId)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirstOrThrow();
  await store.db.updateTable("memo").set({ visibility: "PUBLIC", row_status: "NORMAL" }).where("id", "=", target.id).execute();
  const ids = (await store.db.selectFrom("memo").select("id").where("id", "!=", target.id).orderBy("id").execute()).map((row) => row.id);
  const stride = Math.max(1, Math.floor(ids.length / count));
  const chosen = ids.filter((_, i) => i % stride === 0).slice(0, count);
  for (let start = 0; start < chosen.length; start += 500) {
    const batch = chosen.slice(start, start + 500);
    await store.db.transaction().execute(async (tx) => {
      for (const [i, visibility] of VISIBILITIES.entries()) {
        const some = args.hidden ? (visibility === "PRIVATE" ? batch : []) : batch.filter((_, position) => (start + position) % 3 === i);
        if (some.length === 0) continue;
        await tx
          .updateTable("memo")
          .set({ content: sql`content || ${` /m/${target.id}`}`, visibility, row_status: "NORMAL" })
          .where("id", "in", some)
          .execute();
      }
      await tx
        .insertInto("memo_relation")
        .values(batch.map((id) => ({ memo_id: id, related_memo_id: target.id, type: "REFERENCE" })))
        .execute();
    });
  }
  const linked = ids.slice(-100);
  await store.db
    .updateTable("memo")
    .set({ content: sql`content || ${linked.map((id) => ` /m/${id}`).join("")}` })
    .where("id", "=", target.id)
    .execute();
  await store.db
    .insertInto("memo_relation")
    .values(linked.map((id) => ({ memo_id: target.id, related_memo_id: id, type: "REFERENCE" })))
    .execute();
  return target.id;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Case {
  name: string;
  run: () => Promise<void>;
}

/** A generated size with its planted memo, its app and what is measured on it; `notes` are read once. */
async function prepare(driver: "sqlite" | "postgres", memos: number, backlinks: number) {
  const place = await dataSet(driver, memos, args.users!, undefined);
  const config = benchConfig(driver, place.dir, place.dsn);
  const { store } = await openStore(config);
  const data = await generate(store, Number(args.users), memos);
  const target = await plant(store, data.userIds[1]!, backlinks);
  if (driver === "postgres") await sql`VACUUM ANALYZE`.execute(store.db);
  await store.settled();
  const app = await buildApp({ config, store }, { responseCache: false });
  const signIn = async (username: string) => {
    const answer = await app.inject({ method: "POST", url: "/api/auth/signin", payload: { username, password: data.password } });
    return String(answer.headers["set-cookie"]).split(";")[0]!;
  };
  const viewers: Array<[string, Record<string, string>]> = [
    ["author", { cookie: await signIn("bench1") }],
    ["another member", { cookie: await signIn("bench2") }],
    ["visitor", {}],
  ];
  const notes = new Map<string, string>();
  const cases: Case[] = [];
  for (const [name, headers] of viewers) {
    const first = await app.inject({ method: "GET", url: `/api/memo/${target}/relation`, headers });
    if (first.statusCode !== 200) throw new Error(`relation → ${first.statusCode} ${first.body}`);
    const body: { data: { links: unknown[]; backlinks: unknown[]; next: number | null } } = first.json();
    notes.set(`${name}: links / backlinks on the page`, `${body.data.links.length} / ${body.data.backlinks.length}`);
    const ask = (url: string) => async () => {
      const answer = await app.inject({ method: "GET", url, headers });
      if (answer.statusCode !== 200) throw new Error(`${url} → ${answer.statusCode} ${answer.body}`);
    };
    cases.push({ name: `${name}: first page`, run: ask(`/api/memo/${target}/relation`) });
    cases.push({ name: `${name}: next page`, run: ask(`/api/memo/${target}/relation?before=${body.data.next ?? target}`) });
  }
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
async function measure(driver: "sqlite" | "postgres", sizes: number[], backlinks: number): Promise<Array<Map<string, string>>> {
  const prepared: Array<Awaited<ReturnType<typeof prepare>>> = [];
  try {
    for (const size of sizes) prepared.push(await prepare(driver, size, backlinks));
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
  const backlinks = Number(args.backlinks);
  const columns: string[] = [];
  const results: Array<Map<string, string>> = [];
  for (const driver of drivers) {
    columns.push(...sizes.map((size) => `${driver} ${size}`));
    results.push(...(await measure(driver, sizes, backlinks)));
  }
  console.log(
    `\nGET /api/memo/:id/relation of a memo with ${backlinks} backlinks (${args.hidden ? "all private" : "a third each public, protected, private"}) and 100 links:`,
  );
  console.log("".padEnd(44), ...columns.map((column) => column.padStart(16)));
  for (const name of results[0]!.keys()) console.log(name.padEnd(44), ...results.map((result) => (result.get(name) ?? "").padStart(16)));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
