// Starts the import's reading thread from TypeScript source (the tests, `npm run dev`): tsx compiles it as it loads.
// The built server starts server/dist/import-reader.js instead (scripts/build-server.mjs).
import { tsImport } from "tsx/esm/api";

await tsImport("./reader.worker.ts", import.meta.url);
