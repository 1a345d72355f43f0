// The maintenance commands as real child processes (server/src/cli/index.ts through tsx), for tests that stop
// one with SIGKILL at a moment told by the state it leaves on disk, or read its exit code.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const CLI = fileURLToPath(new URL("../src/cli/index.ts", import.meta.url));
/** tsx's loader by its full address: the commands run in a folder of the test's own. */
const ARGS = ["--import", import.meta.resolve("tsx"), CLI];

/** Runs a command to its end: its exit code (null when a signal ended it: which one) and what it printed. */
export function runCli(
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): { status: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [...ARGS, ...args], { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", ...env } });
  return { status: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
}

/**
 * Starts a command and kills it (SIGKILL, as a crash or an OOM kill would) as soon as `when` holds, checked
 * between turns of the event loop (or, when it answers a promise, as soon as it has answered: a query of PostgreSQL's
 * locks). Resolves with whether it was killed (false: it ended first) once it is gone.
 */
export async function killCliWhen(
  args: string[],
  cwd: string,
  when: () => boolean | Promise<boolean>,
): Promise<{ killed: boolean; output: string }> {
  const child: ChildProcess = spawn(process.execPath, [...ARGS, ...args], { cwd, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let ended = false;
  void exited.then(() => (ended = true));
  while (!ended && !(await when())) await new Promise((resolve) => setImmediate(resolve));
  const killed = !ended && child.kill("SIGKILL");
  await exited;
  return { killed, output };
}
