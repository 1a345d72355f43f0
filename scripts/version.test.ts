// Our own version is one declaration (SERVER_VERSION in common/src/domain/version.ts) that every package of the
// workspace and the lock file repeat, and the README's "Versions" section names it beside the memos version v0
// clients are told. A release that bumps one and forgets another fails here.
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { SERVER_VERSION, V0_API_VERSION } from "@memos/common";
import { describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const readJson = (path: string) => JSON.parse(readFileSync(join(ROOT, path), "utf8"));

describe("the server's own version", () => {
  const root = readJson("package.json");

  it("is the root package's version, and every workspace's", () => {
    expect(root.version).toBe(SERVER_VERSION);
    for (const workspace of root.workspaces as string[]) {
      expect({ workspace, version: readJson(`${workspace}/package.json`).version }).toEqual({ workspace, version: SERVER_VERSION });
    }
  });

  it("is what the lock file records for the workspace's packages", () => {
    const lock = readJson("package-lock.json");
    expect(lock.version).toBe(SERVER_VERSION);
    for (const path of ["", ...(root.workspaces as string[])]) {
      expect({ path, version: lock.packages[path].version }).toEqual({ path, version: SERVER_VERSION });
    }
  });

  it("is told apart from the memos version v0 clients read, in the README", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const section = readme.split(/^### Versions$/m)[1]?.split(/^#{2,3} /m)[0] ?? "";
    expect(section).toContain(SERVER_VERSION);
    expect(section).toContain(V0_API_VERSION);
  });
});
