// Types of build-server.mjs for the TypeScript that imports it (scripts/server-startup.test.ts).
import type { BuildOptions } from "esbuild";

export const SERVER_BUILD_OPTIONS: BuildOptions;
export function latin1Only(text: string): string;
export function buildServer(): Promise<string>;
