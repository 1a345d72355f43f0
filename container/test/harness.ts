// What the container scenarios share: is Docker here (or required), the image (built by `npm test` beforehand, or
// here), containers run as a user would run them but on the host's network, and waits on their state.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { docker, dockerOrThrow, ensureDaemon } from "../../scripts/container/docker.mjs";
import { prepareContainerImage } from "../../scripts/container/prepare.mjs";

export const REQUIRED = process.env.MEMOS_TEST_CONTAINER === "require";

/**
 * Why Docker cannot run here (null when it can): `npm test` says so through MEMOS_TEST_CONTAINER_UNAVAILABLE, which
 * it learned while preparing the image; a direct run asks the daemon (starting it when root).
 */
export const unavailable: string | null =
  process.env.MEMOS_TEST_CONTAINER_IMAGE !== undefined
    ? null
    : (process.env.MEMOS_TEST_CONTAINER_UNAVAILABLE ?? (await ensureDaemon({ logDir: "/tmp/memos-container" })));

if (unavailable && REQUIRED) throw new Error(`Docker is required (MEMOS_TEST_CONTAINER=require) but not available: ${unavailable}`);
if (unavailable) console.log(`NOTICE: Docker is not available (${unavailable}): the container suite is skipped`);

/** The image under test: built by `npm test` / `npm run test:container` before this runs, or built here. */
export async function testImage(): Promise<string> {
  if (process.env.MEMOS_TEST_CONTAINER_IMAGE) return process.env.MEMOS_TEST_CONTAINER_IMAGE;
  const result = await prepareContainerImage();
  if ("image" in result && result.image) return result.image;
  throw new Error(result.failed ?? result.unavailable ?? "the image could not be built");
}

export const uniqueName = (prefix: string) => `${prefix}-${randomBytes(4).toString("hex")}`;

/** A TCP port free on this machine now (containers run on the host's network and listen on it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

const created: { containers: string[]; volumes: string[] } = { containers: [], volumes: [] };

/** Removes what the scenarios made (containers first: a volume in use cannot go). */
export function removeCreated() {
  if (created.containers.length > 0) docker(["rm", "-f", "-v", ...created.containers]);
  if (created.volumes.length > 0) docker(["volume", "rm", "-f", ...created.volumes]);
}

export function createVolume(): string {
  const name = uniqueName("memos-test");
  dockerOrThrow(["volume", "create", name]);
  created.volumes.push(name);
  return name;
}

export const volumePath = (volume: string) => dockerOrThrow(["volume", "inspect", "--format", "{{.Mountpoint}}", volume]).trim();

export interface RunOptions {
  image: string;
  port: number;
  /** `-v` arguments: `name:/var/opt/memos` or `/host/path:/var/opt/memos`. */
  volumes: string[];
  env?: Record<string, string>;
  /** `--read-only` with a tmpfs on /tmp. */
  readOnly?: boolean;
  /**
   * How often Docker runs the health check ("1s" unless given). Each check is a `node -e` process in the container,
   * 30–40 MiB that `docker stats` counts while it runs: a test reading the memory asks less often.
   */
  healthInterval?: string;
}

/** `docker run -d` as a user would, on the host's network, with the health check asked every second. */
export function runContainer({ image, port, volumes, env = {}, readOnly = false, healthInterval = "1s" }: RunOptions): string {
  const args = [
    "run",
    "-d",
    "--network",
    "host",
    "--health-interval",
    healthInterval,
    "--health-start-period",
    "60s",
    "-e",
    `MEMOS_PORT=${port}`,
  ];
  for (const volume of volumes) args.push("-v", volume);
  for (const [key, value] of Object.entries(env)) args.push("-e", `${key}=${value}`);
  if (readOnly) args.push("--read-only", "--tmpfs", "/tmp");
  const id = dockerOrThrow([...args, image]).trim();
  created.containers.push(id);
  return id;
}

export const adoptContainer = (id: string) => created.containers.push(id);

interface ContainerState {
  Status: string;
  Running: boolean;
  ExitCode: number;
  Health?: { Status: string };
}

export const stateOf = (id: string): ContainerState => JSON.parse(dockerOrThrow(["inspect", "--format", "{{json .State}}", id]));

export const logsOf = (id: string) => {
  const result = docker(["logs", id]);
  return `${result.stdout}${result.stderr}`;
};

/** Polls `fn` until it returns a value other than undefined, or fails with `describe()` at the deadline. */
async function waitFor<T>(fn: () => T | undefined | Promise<T | undefined>, what: () => string, deadlineMs = 90_000): Promise<T> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what()}`);
    // Each look is a docker CLI call (tens of milliseconds of CPU): twice a second is enough.
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Waits for Docker's health check to call the container healthy; fails at once if it stops or turns unhealthy. */
export function waitHealthy(id: string): Promise<void> {
  return waitFor(
    () => {
      const state = stateOf(id);
      if (!state.Running) throw new Error(`the container stopped (exit code ${state.ExitCode}):\n${logsOf(id)}`);
      if (state.Health?.Status === "unhealthy") throw new Error(`the container is unhealthy:\n${logsOf(id)}`);
      return state.Health?.Status === "healthy" ? true : undefined;
    },
    () => `container ${id.slice(0, 12)} to be healthy (${stateOf(id).Health?.Status ?? "no health check"}):\n${logsOf(id)}`,
  ).then(() => {});
}

/** Sends SIGTERM as `docker stop` would and resolves with the exit code once the container stopped. */
export function stopWithSigterm(id: string): number {
  dockerOrThrow(["kill", "--signal", "SIGTERM", id]);
  return Number(dockerOrThrow(["wait", id]).trim());
}

const MiB = 1024 * 1024;

/** The container's memory use as `docker stats` reports it, in MiB: the server's own memory plus the part of the
 * kernel's cache of the files it read (the Node binary, the web app) that the kernel counts as active, which varied
 * from 6 to 50 MiB between machines and loads for the same server. */
export function dockerStatsMiB(id: string): number {
  const usage = dockerOrThrow(["stats", "--no-stream", "--format", "{{.MemUsage}}", id]).split("/")[0]!.trim();
  const match = /^([\d.]+)\s*([KMG]i?B)$/.exec(usage);
  if (!match) throw new Error(`unexpected docker stats output: ${usage}`);
  const factor = { KiB: 1 / 1024, MiB: 1, GiB: 1024, KB: 1 / 1024, MB: 1, GB: 1024 }[match[2]!] ?? 1;
  return Math.round(Number(match[1]) * factor);
}

/** The container's memory cgroup as its main process sees it, or null when the path is not readable from here. */
function memoryStatOf(pid: number): Map<string, number> | null {
  const lines = readFileSync(`/proc/${pid}/cgroup`, "utf8").trim().split("\n");
  const v1 = lines.map((line) => line.split(":")).find(([, controllers]) => controllers?.split(",").includes("memory"));
  const candidates = v1
    ? [`/sys/fs/cgroup/memory${v1[2]}`]
    : lines.filter((line) => line.startsWith("0::")).map((line) => `/sys/fs/cgroup${line.slice(3)}`);
  for (const folder of candidates) {
    const file = join(folder, "memory.stat");
    if (!existsSync(file)) continue;
    const stat = new Map<string, number>();
    for (const row of readFileSync(file, "utf8").trim().split("\n")) {
      const [key, value] = row.split(" ");
      if (key && value) stat.set(key, Number(value));
    }
    return stat;
  }
  return null;
}

/**
 * The server's own memory in MiB, what the memory promise is about (docs/operator-guide.md#memory): the container
 * cgroup's anonymous memory (`total_rss` on cgroup v1, `anon` on v2), without the kernel's file cache, which
 * `docker stats` partly counts and the kernel gives back on demand. Where the cgroup is not readable from the host,
 * the main process's own anonymous memory (`RssAnon`).
 */
export function ownMemoryMiB(id: string): number {
  const pid = Number(dockerOrThrow(["inspect", "--format", "{{.State.Pid}}", id]).trim());
  if (!(pid > 0)) throw new Error(`container ${id.slice(0, 12)} has no running process`);
  const stat = memoryStatOf(pid);
  const bytes = stat?.get("total_rss") ?? stat?.get("anon");
  if (bytes !== undefined) return Math.round(bytes / MiB);
  const anon = /^RssAnon:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!anon) throw new Error(`no RssAnon in /proc/${pid}/status`);
  return Math.round(Number(anon[1]) / 1024);
}

/** A small client of the server's v0 API, as a script would use it: JSON in, `{data}` out, a Bearer token. */
export class Api {
  constructor(
    readonly base: string,
    private token?: string,
  ) {}

  async call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; data: T }> {
    const headers: Record<string, string> = {};
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(`${this.base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    const json = text && response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text;
    return { status: response.status, data: (json as { data?: T })?.data ?? (json as T) };
  }

  /** Signs up (the first account is the host) and keeps its open ID as the token. */
  async signUp(username: string, password: string) {
    const { status, data } = await this.call<{ id: number; openId: string }>("POST", "/api/auth/signup", {
      username,
      password,
      role: "HOST",
    });
    if (status !== 200) throw new Error(`sign-up answered ${status}: ${JSON.stringify(data)}`);
    this.token = data.openId;
    return data;
  }

  useToken(token: string) {
    this.token = token;
  }

  /** The Authorization header of this client, for requests made with fetch directly (uploads, downloads). */
  get headers(): Record<string, string> {
    return this.token ? { authorization: `Bearer ${this.token}` } : {};
  }

  async createMemo(content: string): Promise<number> {
    const { status, data } = await this.call<{ id: number }>("POST", "/api/memo", { content });
    if (status !== 200) throw new Error(`POST /api/memo answered ${status}: ${JSON.stringify(data)}`);
    return data.id;
  }

  async memoContents(): Promise<string[]> {
    const { status, data } = await this.call<{ content: string }[]>("GET", "/api/memo?limit=1000");
    if (status !== 200) throw new Error(`GET /api/memo answered ${status}: ${JSON.stringify(data)}`);
    return data.map((memo) => memo.content);
  }
}
