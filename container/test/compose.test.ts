// compose.yaml's two profiles, started with this machine's Compose. The daemon here has no bridge, so the test runs
// a copy of the file whose memos services join the host's network (without their port mappings, which the host's
// network refuses, and with the health check asked every second); the postgres profile's memos is pointed at this
// machine's PostgreSQL (a throwaway database) instead of the profile's postgres service, whose image needs a registry.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parse, stringify } from "yaml";
import { dockerOrThrow } from "../../scripts/container/docker.mjs";
import {
  Api,
  adoptContainer,
  freePort,
  REQUIRED,
  removeCreated,
  stateOf,
  testImage,
  uniqueName,
  unavailable,
  waitHealthy,
} from "./harness.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");
const PG_DSN = process.env.MEMOS_TEST_PG_DSN ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PG_REQUIRED = process.env.MEMOS_TEST_PG === "require";

/** `docker compose` (v2) when the CLI has the plugin, else Debian 12's `docker-compose` (v1), else null. */
function composeCommand(): string[] | null {
  if (spawnSync("docker", ["compose", "version"], { stdio: "ignore" }).status === 0) return ["docker", "compose"];
  if (spawnSync("docker-compose", ["version"], { stdio: "ignore" }).status === 0) return ["docker-compose"];
  return null;
}

const compose = unavailable === null ? composeCommand() : null;
if (unavailable === null && !compose) {
  const why = "neither `docker compose` nor docker-compose is installed (apt-get install docker-compose)";
  if (REQUIRED) throw new Error(`Compose is required (MEMOS_TEST_CONTAINER=require): ${why}`);
  console.log(`NOTICE: ${why}: compose.yaml is not tried`);
}

async function postgresError(): Promise<string | null> {
  const client = new pg.Client({ connectionString: PG_DSN, connectionTimeoutMillis: 5000 });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("SELECT 1");
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: PG_DSN });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

interface ComposeService {
  ports?: unknown;
  network_mode?: string;
  healthcheck?: Record<string, unknown>;
  environment?: Record<string, string>;
  build?: unknown;
}

describe.skipIf(unavailable !== null || !compose)("compose.yaml", () => {
  const project = uniqueName("memostest");
  const dir = mkdtempSync(join(tmpdir(), "memos-compose-"));
  const file = join(dir, "compose.yaml");
  let env: NodeJS.ProcessEnv | undefined;

  const composeArgs = (args: string[]) => [...compose!.slice(1), "-p", project, "-f", file, "--project-directory", ROOT, ...args];
  const run = (...args: string[]) => {
    const result = spawnSync(compose![0]!, composeArgs(args), { cwd: ROOT, env, encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${compose!.join(" ")} ${args.join(" ")} exited with ${result.status}:\n${result.stderr}`);
    return result.stdout;
  };
  const containerOf = (service: string) => {
    const id = run("ps", "-q", service).trim();
    if (!id) throw new Error(`no container for ${service}`);
    adoptContainer(id);
    return id;
  };
  /** compose.yaml with `service` on the host's network, on `port`, with `environment` added. */
  const writeComposeFile = (service: string, port: number, environment: Record<string, string> = {}) => {
    const config = parse(readFileSync(join(ROOT, "compose.yaml"), "utf8"), { merge: true }) as { services: Record<string, ComposeService> };
    const target = config.services[service]!;
    delete target.ports;
    delete target.build;
    target.network_mode = "host";
    target.healthcheck = { ...target.healthcheck, interval: "1s" };
    target.environment = { ...target.environment, MEMOS_PORT: String(port), ...environment };
    writeFileSync(file, stringify(config));
  };

  beforeAll(async () => {
    env = { ...process.env, MEMOS_IMAGE: await testImage() };
  }, 30 * 60_000);
  afterAll(() => {
    if (env)
      spawnSync(compose![0]!, composeArgs(["--profile", "sqlite", "--profile", "postgres", "down", "-v"]), {
        cwd: ROOT,
        env,
        stdio: "ignore",
      });
    removeCreated();
    rmSync(dir, { recursive: true, force: true });
  });

  test("the sqlite profile: memos alone, with a read-only root and its data in a named volume", async () => {
    const port = await freePort();
    writeComposeFile("memos", port);
    run("--profile", "sqlite", "up", "-d", "--no-build");
    const id = containerOf("memos");
    await waitHealthy(id);
    const api = new Api(`http://127.0.0.1:${port}`);
    await api.signUp("composer", "compose-secret-1");
    await api.createMemo("kept in the memos-data volume");
    expect(await api.memoContents()).toEqual(["kept in the memos-data volume"]);
    const mounts: { Destination: string; Type: string; Name: string }[] = JSON.parse(
      dockerOrThrow(["inspect", "--format", "{{json .Mounts}}", id]),
    );
    expect(mounts.find((mount) => mount.Destination === "/var/opt/memos")).toMatchObject({ Type: "volume", Name: `${project}_memos-data` });
    expect(JSON.parse(dockerOrThrow(["inspect", "--format", "{{json .HostConfig.ReadonlyRootfs}}", id]))).toBe(true);
    run("--profile", "sqlite", "stop");
    expect(stateOf(id).ExitCode).toBe(0);
    run("--profile", "sqlite", "down", "-v");
  });

  test("the postgres profile: memos on PostgreSQL, stopped and started again with nothing lost", async (context) => {
    const pgError = await postgresError();
    if (pgError !== null) {
      if (PG_REQUIRED) expect.fail(`PostgreSQL is required but not reachable at ${PG_DSN}: ${pgError}`);
      console.log(`NOTICE: PostgreSQL not reachable (${pgError}): the compose postgres profile is not tried`);
      context.skip();
    }
    const database = uniqueName("memos_compose").replace("-", "_");
    await adminQuery(`CREATE DATABASE ${database}`);
    try {
      const port = await freePort();
      const dsn = new URL(PG_DSN);
      dsn.pathname = `/${database}`;
      writeComposeFile("memos-postgres", port, { MEMOS_DSN: dsn.toString() });
      // --no-deps: this machine's PostgreSQL stands in for the postgres service.
      run("--profile", "postgres", "up", "-d", "--no-build", "--no-deps", "memos-postgres");
      const id = containerOf("memos-postgres");
      await waitHealthy(id);
      const api = new Api(`http://127.0.0.1:${port}`);
      await api.signUp("pgoperator", "compose-secret-2");
      await api.createMemo("kept in PostgreSQL");
      run("--profile", "postgres", "stop", "memos-postgres");
      expect(stateOf(id).ExitCode).toBe(0);
      run("--profile", "postgres", "up", "-d", "--no-build", "--no-deps", "memos-postgres");
      await waitHealthy(containerOf("memos-postgres"));
      expect(await api.memoContents()).toEqual(["kept in PostgreSQL"]);
      run("--profile", "postgres", "down", "-v");
    } finally {
      await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    }
  });
});
