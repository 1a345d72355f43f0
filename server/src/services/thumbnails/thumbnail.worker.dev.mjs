// Starts the thumbnail thread from TypeScript source (the tests, `npm run dev`): tsx compiles it as it loads.
// The built server starts server/dist/thumbnail-maker.js instead (scripts/build-server.mjs).
import { tsImport } from "tsx/esm/api";

await tsImport("./thumbnail.worker.ts", import.meta.url);
