// Small helpers the repository scripts share. Node built-ins only: these run before `npm ci`.
import { spawn } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (scripts/lib/../..). */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** A one-line status message, prefixed so it stands apart from the tools' own output. */
export function say(message) {
  console.log(`[memos] ${message}`);
}

/**
 * Runs a command with inherited stdio from the repository root and resolves with its exit code
 * (128 + signal number when killed by a signal). `timeoutMs` kills the whole process group.
 * `stopWithParent` sends SIGTERM to the child when our parent goes away: `npm start` stopped with a SIGTERM
 * to npm kills npm's shell but not us, which would leave the server running without its supervisor.
 */
export function run(command, args, { env = process.env, cwd = ROOT, timeoutMs = 0, stopWithParent = false } = {}) {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { cwd, env, stdio: "inherit", detached: process.platform !== "win32" });
    let timedOut = false;
    const timer =
      timeoutMs > 0
        ? setTimeout(() => {
            timedOut = true;
            say(`${command} ${args.join(" ")} took longer than ${Math.round(timeoutMs / 1000)} s: stopping it`);
            killTree(child, "SIGTERM");
            setTimeout(() => killTree(child, "SIGKILL"), 10_000).unref();
          }, timeoutMs)
        : null;
    // Ctrl-C in a terminal reaches the whole foreground group; a signal sent to us alone must be passed on.
    const forward = (signal) => killTree(child, signal);
    process.on("SIGINT", forward);
    process.on("SIGTERM", forward);
    const parent = process.ppid;
    const watch = stopWithParent
      ? setInterval(() => {
          if (process.ppid === parent) return;
          say("the parent process exited: stopping");
          clearInterval(watch);
          killTree(child, "SIGTERM");
        }, 1000)
      : null;
    const finish = (code) => {
      if (timer) clearTimeout(timer);
      if (watch) clearInterval(watch);
      process.off("SIGINT", forward);
      process.off("SIGTERM", forward);
      resolvePromise(timedOut ? 124 : code);
    };
    child.on("error", (error) => {
      console.error(`[memos] could not run ${command}: ${error.message}`);
      finish(127);
    });
    child.on("exit", (code, signal) => finish(code ?? 128 + signalNumber(signal)));
  });
}

function killTree(child, signal) {
  try {
    if (process.platform === "win32") child.kill(signal);
    else process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

function signalNumber(signal) {
  return { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 }[signal] ?? 1;
}

/** `npx`-style path to a binary installed in node_modules/.bin. */
export function bin(name) {
  return join(ROOT, "node_modules", ".bin", process.platform === "win32" ? `${name}.cmd` : name);
}

/**
 * A signature of a set of source paths (files or folders, walked recursively): the newest mtime, the
 * number of files and their total size. Any edit, addition or removal changes it.
 */
export function sourceSignature(paths) {
  let newest = 0;
  let files = 0;
  let bytes = 0;
  const visit = (path) => {
    let info;
    try {
      info = statSync(path);
    } catch {
      return;
    }
    if (info.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (entry === "node_modules" || entry === "dist") continue;
        visit(join(path, entry));
      }
      return;
    }
    newest = Math.max(newest, info.mtimeMs);
    files += 1;
    bytes += info.size;
  };
  for (const path of paths) visit(path);
  return `${Math.floor(newest)}:${files}:${bytes}`;
}
