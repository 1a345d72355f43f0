// The bench's own command works: several sizes in one run, on each engine (the command of
// docs/developer-guide.md#benchmarks, at tiny sizes). Each size of a run has its own data set: on PostgreSQL they
// once shared one database name, so generating the second size dropped the first and the run ended in a 400.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { describe, expect, it } from "vitest";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const PG_DSN = process.env.MEMOS_TEST_PG_DSN ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_DSN, connectionTimeoutMillis: 3000 });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const engines = ["sqlite", "postgres"] as const;
const pgAvailable = (await postgresReachable()) || process.env.MEMOS_TEST_PG === "require";

describe.each(engines)("npm run bench on %s", (engine) => {
  it.skipIf(engine === "postgres" && !pgAvailable)("measures two sizes side by side", () => {
    const run = spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "bench/run.ts",
        "--driver",
        engine,
        "--sizes",
        "200,400",
        "--iterations",
        "2",
        "--warm-up",
        "1",
        "--only",
        "home,explore",
      ],
      { cwd: ROOT, encoding: "utf8", timeout: 120_000 },
    );
    expect(run.status, run.stderr || run.stdout).toBe(0);
    expect(run.stdout).toContain(`${engine}: latency in ms`);
    // Each case has a figure for both sizes, with the ratio to the first.
    const row = run.stdout.split("\n").find((line) => line.startsWith("home, page 1"));
    expect(row).toMatch(/\d+\.\d+\/\d+\.\d+ +\d+\.\d+\/\d+\.\d+ \(×\d+\.\d+\)/);
  });

  it.skipIf(engine === "postgres" && !pgAvailable)("runs the bulk-edit bench (npm run -w bench bulk)", () => {
    const run = spawnSync(
      process.execPath,
      ["--import", "tsx", "bench/bulk-edit.ts", "--driver", engine, "--memos", "300", "--ids", "100"],
      {
        cwd: ROOT,
        encoding: "utf8",
        timeout: 120_000,
      },
    );
    expect(run.status, run.stderr || run.stdout).toBe(0);
    // Every action changed the selection (the measured user writes half of the memos; the trash takes all 100).
    expect(run.stdout).toMatch(/^trash +\d+ +100 +\d+\.\d$/m);
    expect(run.stdout).toMatch(/^webhook deliveries queued: [1-9]\d*$/m);
  });
});
