// Types of build-server.mjs for the TypeScript that imports it (scripts/server-startup.test.ts,
// scripts/container/prune-modules.test.ts).
import type { BuildOptions } from "esbuild";

export interface SourceMap {
  version: number;
  sources: string[];
  names: string[];
  mappings: string;
  [key: string]: unknown;
}

export const SERVER_BUILD_OPTIONS: BuildOptions;
export function latin1Only(text: string): string;
export function packageName(specifier: string): string | null;
export function withoutPackageMappings(map: SourceMap): SourceMap;
export function buildServer(outdir?: string): Promise<string>;
