// The v1 API's generated code (server/src/v1/gen) is what `npm run proto` makes of server/proto today: generated
// afresh into a temporary folder with the same buf configuration and compared file by file, so a .proto changed
// without regenerating (or a generated file edited by hand) fails here.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const SERVER = join(ROOT, "server");
const GENERATED = join(SERVER, "src/v1/gen");

/** Every file under `dir`, as paths relative to it, sorted. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

const scratch = mkdtempSync(join(tmpdir(), "memos-proto-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// buf takes a few seconds on a busy machine: more than the project's default limit.
it("server/src/v1/gen is the code server/proto generates", { timeout: 60_000 }, () => {
  // buf finds protoc-gen-es on the PATH, as `npm run proto` gives it.
  const bin = join(ROOT, "node_modules/.bin");
  execFileSync(join(bin, "buf"), ["generate", "--output", scratch], {
    cwd: SERVER,
    env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ""}` },
    stdio: "pipe",
  });
  const fresh = join(scratch, "src/v1/gen");
  expect(filesUnder(GENERATED)).toEqual(filesUnder(fresh));
  for (const file of filesUnder(fresh)) {
    expect(readFileSync(join(GENERATED, file), "utf8"), `${file} is stale: run npm run proto`).toBe(
      readFileSync(join(fresh, file), "utf8"),
    );
  }
});
