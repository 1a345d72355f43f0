// Unpacks one package of the npm registry into a folder of the build cache (npm checks the tarball's integrity):
// the pinned Node binary, and the Node and pnpm that build memos' own web client. Node built-ins only: this runs
// before `npm ci`.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./util.mjs";

/**
 * Unpacks `spec` (`name@version`) into `dir` unless `dir` holds `marker` (a file the package ships) already.
 * Returns an error message when npm or tar failed, null otherwise.
 */
export function unpackRegistryPackage(spec, dir, marker) {
  if (existsSync(join(dir, marker))) return null;
  // Unpacked beside its final place and renamed, so a run stopped halfway never leaves half a package to be used.
  const partial = `${dir}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const packed = spawnSync(npm, ["pack", spec, "--pack-destination", partial, "--silent"], { cwd: ROOT, encoding: "utf8" });
  const tarball = packed.stdout?.trim().split("\n").at(-1);
  if (packed.status !== 0 || !tarball) return `npm pack ${spec} failed: ${(packed.stderr ?? "").trim().split("\n").at(-1)}`;
  const unpacked = spawnSync("tar", ["-xzf", join(partial, tarball), "-C", partial, "--strip-components=1"], { encoding: "utf8" });
  if (unpacked.status !== 0) return `could not unpack ${tarball}: ${unpacked.stderr}`;
  rmSync(join(partial, tarball), { force: true });
  rmSync(dir, { recursive: true, force: true });
  renameSync(partial, dir);
  return null;
}
