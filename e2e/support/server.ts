// Starts the real memos server (built bundle when fresh, else from source with tsx) in prod mode on a free
// port with a throwaway data folder, serving the built web app. Used by the global setup and by spec files
// that need an instance of their own (for example one without a host).
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ENV } from "./env";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const WEB_DIST = join(ROOT, "web", "dist");
const BUNDLE = join(ROOT, "server", "dist", "main.js");
const START_TIMEOUT_MS = 60_000;
const PID_FILE = "server.pid";

export interface MemosServer {
  url: string;
  dataDir: string;
  stop: () => Promise<void>;
}

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** The bundle inlines @memos/common, so it is fresh only when newer than both source trees. */
function serverCommand(): { command: string; args: string[]; label: string } {
  if (existsSync(BUNDLE)) {
    const bundleTime = statSync(BUNDLE).mtimeMs;
    const sourceTime = Math.max(newestMtime(join(ROOT, "server", "src")), newestMtime(join(ROOT, "common", "src")));
    if (bundleTime >= sourceTime) return { command: process.execPath, args: [BUNDLE], label: "server/dist/main.js" };
  }
  const tsx = join(ROOT, "node_modules", "tsx", "dist", "cli.mjs");
  return { command: process.execPath, args: [tsx, join(ROOT, "server", "src", "main.ts")], label: "tsx server/src/main.ts" };
}

function assertWebBuilt(): void {
  if (!existsSync(join(WEB_DIST, "index.html"))) {
    throw new Error(`web/dist/index.html is missing: build the web app first (cd web && npx vite build, or npm run build)`);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

async function waitForPing(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`memos server exited with code ${child.exitCode} while starting:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/ping`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((wake) => setTimeout(wake, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`memos server did not answer /api/ping within ${START_TIMEOUT_MS / 1000} s:\n${output()}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(force);
      done();
    });
    child.kill("SIGTERM");
  });
}

/** Starts a fresh server (with `extraArgs`, flags of its own); `stop()` ends it and deletes its data folder. */
export async function startServer(extraArgs: string[] = []): Promise<MemosServer> {
  assertWebBuilt();
  const dataDir = mkdtempSync(join(process.env[ENV.runDir] ?? tmpdir(), "memos-e2e-"));
  // Served from a copy, so a rebuild of web/dist during the run can't pull the assets from under a test.
  const webDist = join(dataDir, "web-dist");
  cpSync(WEB_DIST, webDist, { recursive: true });
  const port = await freePort();
  const { command, args } = serverCommand();
  const child = spawn(
    command,
    // Webhooks may reach loopback: the webhook spec's receiver listens on 127.0.0.1.
    [
      ...args,
      "--mode",
      "prod",
      "--addr",
      "127.0.0.1",
      "--port",
      String(port),
      "--data",
      join(dataDir, "data"),
      "--web-dist",
      webDist,
      "--webhook-allow-private",
      "true",
      ...extraArgs,
    ],
    // The About news asks a closed loopback port unless a test passes --project-info-url: nothing leaves the machine.
    {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, MEMOS_TRUST_PROXY: "false", MEMOS_PROJECT_INFO_URL: "http://127.0.0.1:9" },
    },
  );
  // stop() deletes the folder; one left at the end of the run names a server nobody stopped (serversLeftRunning).
  writeFileSync(join(dataDir, PID_FILE), String(child.pid));
  let log = "";
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForPing(url, child, () => log);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    dataDir,
    stop: async () => {
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const serverLabel = (): string => serverCommand().label;

/**
 * Servers started in `runDir` that are still running (their data folder is left): each is ended here, and their
 * folders are named, so that the run can fail instead of leaving them behind.
 */
export function serversLeftRunning(runDir: string): string[] {
  const left = readdirSync(runDir).filter((name) => existsSync(join(runDir, name, PID_FILE)));
  for (const name of left) {
    try {
      process.kill(Number(readFileSync(join(runDir, name, PID_FILE), "utf8")), "SIGKILL");
    } catch {
      // it ended meanwhile
    }
  }
  return left;
}
