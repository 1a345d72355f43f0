// The built server's resident memory on a generated instance: idle after start, during and after a mixed load of
// many clients (lists, explore, searches, new memos, stats), and idle again. The server is started as `npm start`
// starts it (scripts/lib/server-flags.mjs) in a process of its own; with `--breakdown` also with `--metrics`, whose
// /metrics splits the figure (V8 heap by space, external memory, reader threads). Prints figures; asserts nothing.
//   npm run -w bench memory -- [--driver sqlite|postgres] [--memos 200000] [--keep DIR] [--clients 100] [--seconds 90]
//     [--server-args="--sqlite-readers 2"] [--node-args="--max-old-space-size=96"] [--server other/dist/main.js]
//     [--breakdown] [--rest 75] [--url http://host:5230]
// With --url it measures a server that is already running (a container: read its memory with `docker stats`), on
// an instance seeded by the same generator (`--keep DIR` then `--seed-only` seeds the folder to mount).
import { type ChildProcess, spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer } from "node:net";
import { join } from "node:path";
import { parseArgs } from "node:util";
import autocannon, { type RequestSpec } from "autocannon";
import { openStore } from "../server/src/store/open.js";
import { SERVER_NODE_FLAGS, serverEnv } from "../scripts/lib/server-flags.mjs";
import { benchConfig, dataSet } from "./data-sets.js";
import { generate, generatedData } from "./generate.js";

const { values: args } = parseArgs({
  options: {
    driver: { type: "string", default: "sqlite" },
    memos: { type: "string", default: "200000" },
    users: { type: "string", default: "20" },
    keep: { type: "string" },
    clients: { type: "string", default: "100" },
    seconds: { type: "string", default: "90" },
    "server-args": { type: "string", default: "" },
    "node-args": { type: "string", default: "" },
    url: { type: "string" },
    /** Another build of the server to measure (a checkout of an earlier commit, built), instead of server/dist. */
    server: { type: "string" },
    "seed-only": { type: "boolean", default: false },
    /** Also start the server with --metrics and print its split of the memory (prom-client costs a few MB itself). */
    breakdown: { type: "boolean", default: false },
    /** How long the server rests after the load before the last reading. */
    rest: { type: "string", default: "75" },
  },
});
const driver = args.driver === "postgres" ? "postgres" : "sqlite";
const memoCount = Number(args.memos);
const ROOT = join(import.meta.dirname, "..");
const MB = 1024 * 1024;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} did not answer`);
}

/** The instance, generated once (or kept from an earlier `--keep` run), and closed again for the server to open. */
async function seed() {
  const place = await dataSet(driver, memoCount, args.users!, args.keep);
  const { store } = await openStore(benchConfig(driver, place.dir, place.dsn));
  const started = performance.now();
  const data = place.reused ? await generatedData(store) : await generate(store, Number(args.users), memoCount);
  if (!place.reused) {
    await place.markGenerated(store);
    console.log(`generated ${memoCount} memos in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  await store.settled();
  await store.close();
  return { place, password: data.password };
}

/**
 * Resident memory of a process from its /proc status, kB → MB: all of it (`VmRSS`), or its own (`RssAnon`: without
 * the node binary's pages, which are mapped from disk and shared).
 */
const rssMb = (pid: number, field: "VmRSS" | "RssAnon" = "VmRSS") =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

/** What the server's /metrics says of its memory and threads. */
async function breakdown(base: string): Promise<string> {
  if (!args.breakdown) return "";
  const response = await fetch(`${base}/metrics`);
  if (!response.ok) return "(no /metrics)";
  const text = await response.text();
  const read = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, "m").exec(text)?.[1] ?? NaN);
  const heapSpaces = [...text.matchAll(/^nodejs_heap_space_size_total_bytes\{space="(\w+)"\} (\S+)$/gm)]
    .map(([, space, bytes]) => `${space} ${(Number(bytes) / MB).toFixed(0)}`)
    .filter((entry) => !entry.endsWith(" 0"))
    .join(", ");
  return [
    `heap ${(read("nodejs_heap_size_used_bytes") / MB).toFixed(0)} used of ${(read("nodejs_heap_size_total_bytes") / MB).toFixed(0)} MB (${heapSpaces})`,
    `external ${(read("nodejs_external_memory_bytes") / MB).toFixed(0)} MB`,
    `reader threads ${read("memos_sqlite_reader_threads")}`,
  ].join("; ");
}

/**
 * Many clients, each going round: explore, its own list, a search, a new memo, stats, a tag's memos; each request
 * as one of the instance's users in turn (a caller's searches take turns, store/search-turns.ts).
 */
async function mixedLoad(base: string, cookies: string[], seconds: number, clients: number) {
  const headers = { "content-type": "application/json" };
  let turn = 0;
  const as = (request: RequestSpec): RequestSpec => ({ ...request, headers: { ...headers, cookie: cookies[turn++ % cookies.length]! } });
  const words = ["garden", "music", "coffee", "meeting", "idea", "学习", "über", "travel"];
  let n = 0;
  const result = await autocannon({
    url: base,
    connections: clients,
    duration: seconds,
    requests: [
      { method: "GET", path: "/api/memo/all?limit=30", setupRequest: as },
      { method: "GET", path: "/api/memo?limit=30", setupRequest: as },
      {
        method: "GET",
        setupRequest: (request) => as({ ...request, path: `/api/memo?text=${encodeURIComponent(words[n++ % words.length]!)}&limit=30` }),
      },
      {
        method: "POST",
        path: "/api/memo",
        setupRequest: (request) =>
          as({ ...request, body: JSON.stringify({ content: `memory bench note ${n++} #bench/load`, visibility: "PRIVATE" }) }),
      },
      { method: "GET", path: "/api/memo/stats?creatorId=2", setupRequest: as },
      { method: "GET", path: "/api/memo?tag=bench/load&limit=30", setupRequest: as },
    ],
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function main() {
  const { place, password } = await seed();
  if (args["seed-only"]) {
    console.log(`seeded: ${place.dsn}`);
    return;
  }
  let server: ChildProcess | null = null;
  let base = args.url?.replace(/\/+$/, "");
  // The load writes memos: a SQLite instance is measured on a copy, so every run starts from the same one.
  const scratch = mkdtempSync(join(tmpdir(), "memos-memory-"));
  const dsn = driver === "sqlite" ? join(scratch, "memos.db") : place.dsn;
  if (driver === "sqlite" && !base) copyFileSync(place.dsn, dsn);
  if (!base) {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const nodeFlags = [...SERVER_NODE_FLAGS, ...args["node-args"]!.split(" ").filter(Boolean)];
    const metrics = args.breakdown ? ["--metrics", "true"] : [];
    const serverArgs = ["--port", String(port), "--addr", "127.0.0.1", "--data", scratch, "--dsn", dsn, ...metrics];
    server = spawn(
      process.execPath,
      [
        ...nodeFlags,
        args.server ?? join(ROOT, "server", "dist", "main.js"),
        ...serverArgs,
        ...args["server-args"]!.split(" ").filter(Boolean),
      ],
      {
        stdio: ["ignore", "ignore", "inherit"],
        env: serverEnv({ ...process.env, MEMOS_MODE: "prod" }),
      },
    );
  }
  const pid = server?.pid;
  const rss = () => (pid === undefined ? "(see docker stats)" : `${rssMb(pid).toFixed(0)} MB (own ${rssMb(pid, "RssAnon").toFixed(0)} MB)`);
  const pause = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  try {
    const started = performance.now();
    await waitFor(`${base}/api/ping`);
    console.log(`${driver}, ${memoCount} memos (${place.dsn}); ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await pause(15);
    console.log(`idle after start:      RSS ${rss()}; ${await breakdown(base)}`);
    const cookies: string[] = [];
    for (let user = 0; user < Number(args.users); user++) {
      const signIn = await fetch(`${base}/api/auth/signin`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: `bench${user}`, password }),
      });
      cookies.push(String(signIn.headers.get("set-cookie")).split(";")[0]!);
    }
    const seconds = Number(args.seconds);
    const clients = Number(args.clients);
    let peak = 0;
    const sampler = setInterval(() => {
      if (pid !== undefined) peak = Math.max(peak, rssMb(pid));
    }, 500);
    const load = await mixedLoad(base, cookies, seconds, clients);
    clearInterval(sampler);
    console.log(
      `${clients} clients, ${seconds} s of mixed load: ${Math.round(load.rps)} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms, errors ${load.errors}`,
    );
    console.log(`right after the load:  RSS ${rss()} (peak ${peak.toFixed(0)} MB); ${await breakdown(base)}`);
    await pause(Number(args.rest));
    console.log(`idle ${args.rest} s later:       RSS ${rss()}; ${await breakdown(base)}`);
  } finally {
    // A server that stopped by itself (a bad flag) has no exit left to wait for.
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill();
      await exited;
    }
    await place.cleanUp();
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
