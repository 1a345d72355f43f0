// HTTP throughput of the built server against a bare `node:http` server sending the identical bytes, with the
// same load tool (autocannon), connections and duration; then the server's memory under mixed load at 30 s and
// 60 s. Each server is a process of its own, and the load comes from this one, so neither competes with the
// load generator for its event loop. Prints figures; asserts nothing.
//   npx tsx bench/throughput.ts [--driver sqlite|postgres] [--seconds 10] [--memos 300] [--server-args "--sqlite-readers 4"] [--node-args "--max-semi-space-size=4"]
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { SERVER_NODE_FLAGS, serverEnv } from "../scripts/lib/server-flags.mjs";

const ROOT = join(import.meta.dirname, "..");
const SERVER = join(ROOT, "server", "dist", "main.js");
const args = Object.fromEntries(
  process.argv.slice(2).flatMap((arg, i, all) => (arg.startsWith("--") ? [[arg.slice(2), all[i + 1] ?? ""]] : [])),
) as Record<string, string>;
const driver = args.driver === "postgres" ? "postgres" : "sqlite";
const seconds = Number(args.seconds ?? 10);
const memoCount = Number(args.memos ?? 300);
const CONNECTIONS = 20;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} did not answer`);
}

function rssKb(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

async function load(url: string, duration: number, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** A bare node:http server answering every request with the captured status, headers and body. */
const BARE = `
const http = require("node:http");
const { body, headers } = JSON.parse(process.env.BARE_RESPONSE);
const bytes = Buffer.from(body, "base64");
http.createServer((req, res) => { res.writeHead(200, headers); res.end(bytes); }).listen(Number(process.env.PORT), "127.0.0.1");
`;

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "memos-throughput-"));
  let dsn = join(dir, "memos.db");
  let dropPg: (() => Promise<void>) | null = null;
  if (driver === "postgres") {
    const name = `memos_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: "postgres://postgres@127.0.0.1:5432/postgres" });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    dsn = `postgres://postgres@127.0.0.1:5432/${name}`;
    dropPg = async () => {
      const client = new pg.Client({ connectionString: "postgres://postgres@127.0.0.1:5432/postgres" });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const extra = (args["server-args"] ?? "").split(" ").filter(Boolean);
  // As `npm start` runs it, plus any flags to try.
  const nodeFlags = [...SERVER_NODE_FLAGS, ...(args["node-args"] ?? "").split(" ").filter(Boolean)];
  const server = spawn(
    process.execPath,
    [...nodeFlags, SERVER, ...extra, "--port", String(port), "--addr", "127.0.0.1", "--data", dir, "--dsn", dsn],
    {
      stdio: ["ignore", "ignore", "inherit"],
      env: serverEnv({ ...process.env, MEMOS_MODE: "prod" }),
    },
  );
  try {
    await waitFor(`${base}/api/ping`);
    const signUp = await fetch(`${base}/api/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "bencher", password: "bench-pass", role: "HOST" }),
    });
    const cookie = String(signUp.headers.get("set-cookie")).split(";")[0]!;
    const words = ["note", "idea", "meeting", "日本語", "über", "café", "#work", "#home/kitchen", "todo", "link https://example.com/page"];
    for (let i = 0; i < memoCount; i++) {
      const content = Array.from({ length: 12 + (i % 30) }, (_, j) => words[(i * 7 + j * 3) % words.length]).join(" ");
      await fetch(`${base}/api/memo`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({ content, visibility: i % 5 === 0 ? "PRIVATE" : "PUBLIC" }),
      });
    }

    // The exact bytes a browser would get for the first page of explore (gzip, as browsers ask for it).
    const explorePath = "/api/memo/all?limit=30";
    const sample = await fetch(`${base}${explorePath}`, { headers: { "accept-encoding": "identity" } });
    const body = Buffer.from(await sample.arrayBuffer());
    const headers = { "content-type": String(sample.headers.get("content-type")) };
    const barePort = await freePort();
    const bare = spawn(process.execPath, ["-e", BARE], {
      stdio: "ignore",
      env: { ...process.env, PORT: String(barePort), BARE_RESPONSE: JSON.stringify({ body: body.toString("base64"), headers }) },
    });
    try {
      await waitFor(`http://127.0.0.1:${barePort}/`);
      console.log(
        `engine ${driver}, ${memoCount} memos, explore page of 30 = ${body.length} bytes; ${CONNECTIONS} connections, ${seconds} s each`,
      );
      const ours = await load(`${base}${explorePath}`, seconds);
      const theirs = await load(`http://127.0.0.1:${barePort}/`, seconds);
      const row = (name: string, r: Awaited<ReturnType<typeof load>>) =>
        console.log(
          `${name.padEnd(28)} ${Math.round(r.rps).toString().padStart(7)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms   errors ${r.errors}`,
        );
      row("memos explore page", ours);
      row("bare node:http, same bytes", theirs);
      console.log(`ratio                        ${((ours.rps / theirs.rps) * 100).toFixed(1)} % (goal ≥ 40 %)`);
    } finally {
      bare.kill();
    }

    // Memory under mixed load: explore, own list, a search, a memo, ping.
    const mixed = [
      "/api/memo/all?limit=30",
      "/api/memo?limit=30",
      "/api/memo/all?text=caf&limit=30",
      `/api/memo/stats?creatorId=1`,
      "/api/ping",
    ];
    const sampleRss = async (duration: number) => {
      await Promise.all(mixed.map((path) => load(`${base}${path}`, duration, { cookie })));
      return rssKb(server);
    };
    const after30 = await sampleRss(30);
    const after60 = await sampleRss(30);
    console.log(
      `server RSS after 30 s of mixed load: ${(after30 / 1024).toFixed(0)} MB; after 60 s: ${(after60 / 1024).toFixed(0)} MB (goal ≤ 150 MB, no growth)`,
    );
  } finally {
    // The server closes its connections before its database is dropped.
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill();
    await exited;
    await dropPg?.();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
