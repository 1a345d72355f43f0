// What the built server loads when it starts: the packages only some features use (an assistant over MCP, passkeys,
// SSO, two-factor codes, v0.10 passwords, exports, feeds, `^regex` searches, v1 filters, PostgreSQL, metrics) are loaded on first
// use, not at start, for an idle server's memory (docs/operator-guide.md#memory). esbuild's own map of the bundle tells.
import { decode } from "@jridgewell/sourcemap-codec";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as esbuild from "esbuild";
import { describe, expect, it } from "vitest";
import { latin1Only, packageName, SERVER_BUILD_OPTIONS, withoutPackageMappings } from "./build-server.mjs";

const LOADED_ON_FIRST_USE = [
  "@modelcontextprotocol/server",
  "@simplewebauthn/server",
  "openid-client",
  "otpauth",
  "bcryptjs",
  "yazl",
  "sanitize-html",
  "re2js",
  "pg",
  "prom-client",
  "@bufbuild/cel",
];

/**
 * The packages a built entry loads before its first line runs: those bundled into it and into the chunks its static
 * imports name, and the ones those import from node_modules.
 */
function packagesAtStart(metafile: esbuild.Metafile, entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const add = (path: string) => {
    const name = packageName(path);
    if (name) packages.add(name);
  };
  const visit = (output: string) => {
    if (seen.has(output)) return;
    seen.add(output);
    for (const input of Object.keys(metafile.outputs[output]?.inputs ?? {})) if (input.includes("node_modules")) add(input);
    for (const imported of metafile.outputs[output]?.imports ?? []) {
      if (imported.kind !== "import-statement") continue;
      if (imported.external) add(imported.path);
      else visit(imported.path);
    }
  };
  visit(entry);
  return packages;
}

describe("the server's start", { timeout: 60_000 }, () => {
  it("loads the server's core packages, and the ones a feature alone needs only on that feature's first use", async () => {
    // yaml is not among those: @fastify/swagger (the OpenAPI document, at start) loads it.
    const result = await esbuild.build({ ...SERVER_BUILD_OPTIONS, write: false, metafile: true, logLevel: "silent" });
    const metafile = result.metafile!;
    const main = Object.keys(metafile.outputs).find((output) => output.endsWith("server/dist/main.js"))!;
    const atStart = packagesAtStart(metafile, main);
    expect(atStart).toContain("fastify");
    expect(atStart).toContain("kysely");
    expect(atStart).toContain("yaml");
    expect(LOADED_ON_FIRST_USE.filter((name) => atStart.has(name))).toEqual([]);
  });

  it("maps the bundle's positions in our sources, and leaves the bundled packages' code unmapped", async () => {
    const result = await esbuild.build({ ...SERVER_BUILD_OPTIONS, write: false, logLevel: "silent" });
    const file = (suffix: string) => result.outputFiles.find((output) => output.path.endsWith(suffix))!.text;
    const code = file("server/dist/main.js");
    const full = JSON.parse(file("server/dist/main.js.map"));
    const map = withoutPackageMappings(full);
    expect(full.sources.some((source: string) => source.includes("node_modules/fastify/"))).toBe(true);
    expect(map.sources.filter((source: string) => source.includes("node_modules/"))).toEqual([]);
    expect(map.mappings.length).toBeLessThan(full.mappings.length / 3);
    /** The source and line a position of main.js maps to (lines from 1), or null where nothing is mapped. */
    const original = (offset: number) => {
      const before = code.slice(0, offset).split("\n");
      const segments = decode(map.mappings)[before.length - 1] ?? [];
      const segment = segments.filter((s) => s[0] <= before.at(-1)!.length).at(-1);
      return segment && segment.length > 1 ? { source: map.sources[segment[1]!], line: segment[2]! + 1 } : null;
    };
    const appLines = readFileSync(join(import.meta.dirname, "..", "server", "src", "app.ts"), "utf8").split("\n");
    const buildAppLine = appLines.findIndex((line) => line.startsWith("export async function buildApp(")) + 1;
    expect(original(code.indexOf("async function buildApp("))).toEqual({ source: "../src/app.ts", line: buildAppLine });
    // fastify's own factory, bundled: unmapped.
    expect(original(code.indexOf("function fastify("))).toBeNull();
  });

  it("escapes what esbuild leaves past Latin-1 (in comments), so V8 keeps each source at one byte a character", () => {
    expect(latin1Only("// a … b › c é")).toBe("// a \\u2026 b \\u203a c é");
    expect(latin1Only("plain")).toBe("plain");
  });
});
