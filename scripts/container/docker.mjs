// The Docker daemon for the container test: is it there, and if not, start Debian's dockerd as this machine allows
// it (no bridge, no iptables: containers run with --network host, so every byte stays on loopback).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, openSync } from "node:fs";
import { join } from "node:path";

/** Runs the docker CLI; never throws. */
export function docker(args, options = {}) {
  const result = spawnSync("docker", args, { encoding: "utf8", maxBuffer: 1 << 26, ...options });
  return {
    status: result.status ?? (result.error ? 127 : 1),
    stdout: result.stdout ?? "",
    stderr: result.stderr ?? String(result.error ?? ""),
  };
}

/** Runs the docker CLI; throws with its output unless it exits 0. Resolves with stdout. */
export function dockerOrThrow(args, options = {}) {
  const result = docker(args, options);
  if (result.status !== 0)
    throw new Error(`docker ${args.join(" ")} exited with ${result.status}:\n${(result.stderr || result.stdout).trim()}`);
  return result.stdout;
}

export const dockerOk = () => docker(["version", "--format", "{{.Server.Version}}"], { timeout: 20_000 }).status === 0;

const which = (name) => (spawnSync("/bin/sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).stdout ?? "").trim() || null;

/**
 * Resolves with null when the daemon answers (started here if needed), or with why it cannot: no docker CLI or
 * dockerd, not root, or a daemon that did not come up (its log is named).
 */
export async function ensureDaemon({ logDir, deadlineMs = 60_000 } = {}) {
  if (!which("docker")) return "no docker command (apt-get install docker.io)";
  if (dockerOk()) return null;
  const dockerd = which("dockerd") ?? (existsSync("/usr/sbin/dockerd") ? "/usr/sbin/dockerd" : null);
  if (!dockerd) return "no dockerd (apt-get install docker.io)";
  if (process.getuid?.() !== 0) return "the Docker daemon is not running, and starting it needs root";
  mkdirSync(logDir, { recursive: true });
  const logFile = join(logDir, "dockerd.log");
  const out = openSync(logFile, "a");
  const child = spawn(dockerd, ["--bridge=none", "--iptables=false", "--ip6tables=false"], { stdio: ["ignore", out, out], detached: true });
  child.unref();
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    if (dockerOk()) return null;
    if (child.exitCode !== null) return `dockerd exited with ${child.exitCode}; see ${logFile}`;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return `dockerd did not answer within ${deadlineMs / 1000} s; see ${logFile}`;
}
