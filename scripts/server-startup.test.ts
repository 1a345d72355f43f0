// What the built server loads when it starts: the packages only some features use (an assistant over MCP, passkeys,
// SSO, two-factor codes, v0.10 passwords, exports, feeds, `^regex` searches, PostgreSQL, metrics) are loaded on first
// use, not at start, for an idle server's memory (README, "Memory"). esbuild's own map of the bundle tells.
import * as esbuild from "esbuild";
import { describe, expect, it } from "vitest";
import { latin1Only, SERVER_BUILD_OPTIONS } from "./build-server.mjs";

const LOADED_ON_FIRST_USE = [
  "@modelcontextprotocol/server",
  "@simplewebauthn/server",
  "openid-client",
  "otpauth",
  "bcryptjs",
  "yaml",
  "yazl",
  "sanitize-html",
  "re2js",
  "pg",
  "prom-client",
];

/** The packages a built entry loads before its first line runs: its static imports, through the chunks they name. */
function packagesAtStart(metafile: esbuild.Metafile, entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (output: string) => {
    if (seen.has(output)) return;
    seen.add(output);
    for (const imported of metafile.outputs[output]?.imports ?? []) {
      if (imported.kind !== "import-statement") continue;
      if (imported.external) packages.add(imported.path);
      else visit(imported.path);
    }
  };
  visit(entry);
  return packages;
}

describe("the server's start", { timeout: 60_000 }, () => {
  it("loads the server's core packages, and the ones a feature alone needs only on that feature's first use", async () => {
    const result = await esbuild.build({ ...SERVER_BUILD_OPTIONS, write: false, metafile: true, logLevel: "silent" });
    const metafile = result.metafile!;
    const main = Object.keys(metafile.outputs).find((output) => output.endsWith("server/dist/main.js"))!;
    const atStart = packagesAtStart(metafile, main);
    expect(atStart).toContain("fastify");
    expect(atStart).toContain("kysely");
    expect(LOADED_ON_FIRST_USE.filter((name) => [...atStart].some((path) => path === name || path.startsWith(`${name}/`)))).toEqual([]);
  });

  it("escapes what esbuild leaves past Latin-1 (in comments), so V8 keeps each source at one byte a character", () => {
    expect(latin1Only("// a … b › c é")).toBe("// a \\u2026 b \\u203a c é");
    expect(latin1Only("plain")).toBe("plain");
  });
});
