// tsc's incremental state (`--incremental`, a .tsbuildinfo per TypeScript project), kept between runs of `npm test`
// outside the checkout, beside the compiled SQLite module (native-cache.mjs): a fresh clone on the same machine
// then checks only what differs from the last run's sources, 7 s a project instead of 30. tsc compares each file's
// content hash with the state's, so a changed file (and what depends on it) is checked again; a state from another
// TypeScript version is ignored. In the clone the state sits at the same place relative to the sources
// (node_modules/.cache/memos-tsc), since tsc records paths relative to it.
import { copyFileSync, existsSync, mkdirSync, renameSync } from "node:fs";
import { dirname, join } from "node:path";
import { cacheDir } from "./native-cache.mjs";
import { ROOT } from "./util.mjs";

const stateName = (project) => `${project.replace(/\.json$/, "").replaceAll("/", "-")}.tsbuildinfo`;
const localState = (project, root) => join(root, "node_modules", ".cache", "memos-tsc", stateName(project));
const keptState = (project) => join(cacheDir(), "tsc", stateName(project));

/** Copies `from` to `to` through a partial file, so an interrupted copy never leaves half a state. */
function copy(from, to) {
  mkdirSync(dirname(to), { recursive: true });
  const partial = `${to}.${process.pid}.partial`;
  copyFileSync(from, partial);
  renameSync(partial, to);
}

/** tsc's arguments for `project` (a tsconfig path from the root), its state restored from the machine's when missing. */
export function typecheckArgs(project, root = ROOT) {
  const local = localState(project, root);
  try {
    if (!existsSync(local) && existsSync(keptState(project))) copy(keptState(project), local);
  } catch {
    // No kept state to read: a full check.
  }
  return ["-p", project, "--incremental", "--tsBuildInfoFile", local];
}

/** Keeps the state tsc left for `project` for the next clone; an error message when it could not. */
export function keepTypecheckState(project, root = ROOT) {
  const local = localState(project, root);
  if (!existsSync(local)) return `${local} is missing`;
  try {
    copy(local, keptState(project));
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
