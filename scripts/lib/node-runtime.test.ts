// The Node the scripts run on (scripts/lib/node-runtime.mjs): the supported range read as semver reads it, who
// switches to the pinned Node and why, and node-gyp pointed at the headers of the Node that loads the module.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import semver from "semver";
import { afterEach, describe, expect, it } from "vitest";
import { headersDir, inRange, nodeEnv, PINNED_NODE_VERSION, pinnedNodeDir, reasonToSwitch, supportedRange } from "./node-runtime.mjs";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A Node install prefix whose headers say module ABI `abi`; the path of its (absent) bin/node. */
function prefixWithHeaders(abi: string): string {
  const prefix = mkdtempSync(join(tmpdir(), "memos-node-prefix-"));
  folders.push(prefix);
  mkdirSync(join(prefix, "include", "node"), { recursive: true });
  writeFileSync(join(prefix, "include", "node", "node_version.h"), `#define NODE_MAJOR_VERSION 20\n#define NODE_MODULE_VERSION ${abi}\n`);
  return join(prefix, "bin", "node");
}

describe("the supported Node range", () => {
  it("is Node 22 from 22.13 and every line from 24, and holds the pinned Node, an even (LTS) line", () => {
    expect(supportedRange()).toBe("^22.13.0 || >=24");
    expect(inRange(PINNED_NODE_VERSION, supportedRange())).toBe(true);
    expect(semver.major(PINNED_NODE_VERSION) % 2).toBe(0);
  });

  it("is read as semver reads it", () => {
    const ranges = [supportedRange(), "^20.19.0 || ^22.13.0 || >=24", ">=18", "22.23.5", ">=22.12"];
    const versions = ["18.0.0", "20.18.9", "20.19.0", "20.20.2", "21.7.3", "22.12.0", "22.13.0", "22.23.5", "23.11.1", "24.0.0", "26.12.1"];
    for (const range of ranges)
      for (const version of versions)
        expect([range, version, inRange(version, range)]).toEqual([range, version, semver.satisfies(version, range)]);
  });

  it("refuses a form it cannot read, instead of guessing", () => {
    expect(() => inRange("22.13.0", "~22.13.0")).toThrow(/cannot read "~22.13.0"/);
  });
});

describe("switching to the pinned Node", () => {
  it("happens for a Node outside the range, or when MEMOS_NODE=pinned asks; never from the pinned Node itself", () => {
    const other = "/opt/node/bin/node";
    expect(reasonToSwitch({}, "20.20.2", other)).toBe("Node 20.20.2 is outside the supported ^22.13.0 || >=24 (engines.node)");
    expect(reasonToSwitch({}, "23.11.1", other)).toMatch(/^Node 23.11.1 is outside/);
    expect(reasonToSwitch({}, "22.13.0", other)).toBeNull();
    expect(reasonToSwitch({}, "24.22.3", other)).toBeNull();
    expect(reasonToSwitch({ MEMOS_NODE: "pinned" }, "24.22.3", other)).toBe("MEMOS_NODE=pinned");
    const pinned = join(pinnedNodeDir(), "bin", "node");
    expect(reasonToSwitch({ MEMOS_NODE: "pinned" }, "20.20.2", pinned)).toBeNull();
  });
});

describe("the environment of a Node's children", () => {
  it("puts that Node first in PATH, so npm, its install scripts and every tool's `env node` run on it", () => {
    const env = nodeEnv("/opt/node-22/bin/node", { PATH: "/usr/bin:/bin" });
    expect(env.PATH).toBe(["/opt/node-22/bin", "/usr/bin", "/bin"].join(delimiter));
  });

  it("compiles against that Node's own headers, over an npmrc's nodedir of another Node's (the machine's /usr)", () => {
    const node = prefixWithHeaders(process.versions.modules);
    expect(headersDir(node)).toBe(dirname(dirname(node)));
    expect(nodeEnv(node, { PATH: "/usr/bin", npm_config_nodedir: "/usr" }).npm_config_nodedir).toBe(dirname(dirname(node)));
  });

  it("names no headers of another module ABI: node-gyp then fetches the right ones rather than build a module that cannot load", () => {
    const node = prefixWithHeaders("115");
    expect(headersDir(node, "127")).toBeNull();
    expect(headersDir(node, "115")).toBe(dirname(dirname(node)));
    expect(nodeEnv(node, { PATH: "/usr/bin", npm_config_nodedir: "/usr" }).npm_config_nodedir).toBe("");
  });
});
