// The build stage's stand-in image carries the Node the scripts run on as the official node images do: in /usr/local,
// with its headers and npm (npm's package of the Node binary has no npm), and an npmrc that points node-gyp there.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { installNode } from "./base-image.mjs";

const tree = mkdtempSync(join(tmpdir(), "memos-base-tree-"));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

describe("the build stand-in's Node", () => {
  it("is this Node in /usr/local, with its own headers and an npm that runs on it", { timeout: 120_000 }, () => {
    installNode(tree);
    const local = join(tree, "usr", "local");
    const node = join(local, "bin", "node");
    expect(spawnSync(node, ["-p", "process.versions.node"], { encoding: "utf8" }).stdout.trim()).toBe(process.versions.node);
    const header = readFileSync(join(local, "include", "node", "node_version.h"), "utf8");
    expect(header).toContain(`#define NODE_MODULE_VERSION ${process.versions.modules}`);
    // npm's settings from the environment (npx and npm run export them) are not the image's.
    const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith("npm_")));
    const npm = (args: string[]) =>
      spawnSync(node, [join(local, "bin", "npm"), ...args], { encoding: "utf8", env: { ...env, npm_config_userconfig: "/nonexistent" } });
    expect(npm(["--version"]).status).toBe(0);
    expect(npm(["config", "get", "nodedir"]).stdout.trim()).toBe("/usr/local");
  });
});
