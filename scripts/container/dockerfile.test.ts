// The Dockerfile repeats what lives elsewhere (it cannot import): npm start's Node flags and environment, and the
// list of workspaces whose manifests `npm ci` needs. These checks fail when one side changes alone.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { SERVER_MALLOC_ENV, SERVER_NODE_FLAGS } from "../lib/server-flags.mjs";

const ROOT = join(import.meta.dirname, "../..");
const dockerfile = readFileSync(join(ROOT, "Dockerfile"), "utf8");
const workspaces: string[] = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).workspaces;

describe("Dockerfile", () => {
  test("starts the server with npm start's Node flags and its malloc settings", () => {
    const entrypoint = /^ENTRYPOINT (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(entrypoint).toBeDefined();
    expect(JSON.parse(entrypoint!)).toEqual(["node", ...SERVER_NODE_FLAGS, "/app/server/dist/main.js"]);
    for (const [name, value] of Object.entries(SERVER_MALLOC_ENV))
      expect(dockerfile).toMatch(new RegExp(`^\\s+${name}=${value} \\\\$`, "m"));
  });

  test("copies every workspace's package.json before npm ci, and lists them all for the server's dependencies", () => {
    for (const workspace of workspaces) expect(dockerfile).toContain(`COPY ${workspace}/package.json ${workspace}/`);
    const loop = /for workspace in ([\w ]+); do/.exec(dockerfile)?.[1]?.split(" ");
    expect(loop?.sort()).toEqual([...workspaces].sort());
  });

  test("keeps the data where memos v0.10 kept it, and the health check on /healthz", () => {
    expect(dockerfile).toMatch(/MEMOS_DATA=\/var\/opt\/memos/);
    expect(dockerfile).toMatch(/^VOLUME \/var\/opt\/memos$/m);
    expect(dockerfile).toMatch(/^EXPOSE 5230$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK [^\n]*\\\n\s+CMD \["node", "-e", "[^\n]*\/healthz/m);
  });
});
