// The server (server/src/main.ts through tsx) as a real child process on a test app's database, for tests that stop
// it with SIGKILL in the middle of its work, at a moment told by the state it leaves in the database.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import type { TestApp } from "./harness.js";

const MAIN = fileURLToPath(new URL("../src/main.ts", import.meta.url));

/** A port nobody listens on now (the child listens on it a moment later). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

export interface ServerChild {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Resolves once the server listens (its start's own work, the trash sweeper's first round, may run before). */
  listening: Promise<void>;
  /**
   * SIGKILLs the server (as a crash or an OOM kill would) as soon as `when` holds, asked again and again; resolves
   * once it is gone, with whether it was killed (false: it ended first) and what it printed.
   */
  killWhen(when: () => Promise<boolean>): Promise<{ killed: boolean; output: string }>;
}

/** Starts a server on `t`'s database and data folder. */
export async function startServerChild(t: TestApp): Promise<ServerChild> {
  const { config } = t.ctx;
  const port = await freePort();
  const args = [
    ...["--mode", "prod", "--addr", "127.0.0.1", "--port", String(port)],
    ...["--data", config.data, "--driver", config.driver, "--dsn", config.dsn, "--sqlite-readers", "1"],
  ];
  const child: ChildProcess = spawn(process.execPath, ["--import", import.meta.resolve("tsx"), MAIN, ...args], {
    cwd: config.data,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let ended = false;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  void exited.then(() => (ended = true));
  const listening = new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("is running at")) resolve();
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    void exited.then(() => reject(new Error(`the server ended before it listened:\n${output}`)));
  });
  listening.catch(() => {});
  return {
    url: `http://127.0.0.1:${port}`,
    listening,
    async killWhen(when) {
      while (!ended && !(await when()));
      const killed = !ended && child.kill("SIGKILL");
      await exited;
      return { killed, output };
    },
  };
}
