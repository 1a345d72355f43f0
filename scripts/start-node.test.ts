// `npm start` started by a Node outside engines.node (as the machine's Node 20): the server it runs is on the pinned
// Node, and better-sqlite3 loads in it. Where this machine has no such Node, MEMOS_NODE=pinned asks for the same
// switch from the test's own.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { inRange, PINNED_NODE_VERSION, pinnedNodeDir, supportedRange } from "./lib/node-runtime.mjs";

const ROOT = join(import.meta.dirname, "..");
const pinnedBin = join(pinnedNodeDir(), "bin");
/** PATH without the pinned Node, as a shell whose `node` is the machine's has it. */
const PATH = (process.env.PATH ?? "").split(delimiter).filter((dir) => dir !== pinnedBin);

/** A Node on this machine outside the supported range (the system's Node 20 here), or null. */
function outOfRangeNode(): string | null {
  const candidates = [...PATH.map((dir) => join(dir, "node")), "/usr/bin/node", "/usr/local/bin/node"].filter(existsSync);
  for (const node of candidates) {
    const probe = spawnSync(node, ["-p", "process.versions.node"], { encoding: "utf8" });
    if (probe.status === 0 && !inRange(probe.stdout.trim(), supportedRange())) return node;
  }
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

const data = mkdtempSync(join(tmpdir(), "memos-start-node-"));
let child: ChildProcess | null = null;

afterAll(async () => {
  if (child?.pid && child.exitCode === null) {
    const exited = new Promise((resolve) => child?.once("exit", resolve));
    process.kill(-child.pid, "SIGTERM");
    await exited;
  }
  rmSync(data, { recursive: true, force: true });
});

describe("npm start", () => {
  it("runs the server on the pinned Node when started by an older one, with SQLite loaded in it", { timeout: 8 * 60_000 }, async () => {
    const starter = outOfRangeNode() ?? process.execPath;
    const port = await freePort();
    let output = "";
    child = spawn(starter, ["scripts/start.mjs", "--port", String(port), "--data", data, "--metrics", "true"], {
      cwd: ROOT,
      env: { ...process.env, PATH: [dirname(starter), ...PATH].join(delimiter), MEMOS_NODE: "pinned" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));

    const base = `http://127.0.0.1:${port}`;
    await vi.waitFor(
      async () => {
        if (child?.exitCode !== null) throw new Error(`npm start exited with ${child?.exitCode}:\n${output}`);
        // /readyz answers 200 once the database (SQLite, through better-sqlite3) is open and migrated.
        expect((await fetch(`${base}/readyz`).catch(() => null))?.status).toBe(200);
      },
      { timeout: 7 * 60_000, interval: 500 },
    );
    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics).toMatch(new RegExp(`nodejs_version_info\\{version="v${PINNED_NODE_VERSION.replaceAll(".", "\\.")}"`));
    expect(output).toContain(`running on Node ${PINNED_NODE_VERSION}`);
  });
});
