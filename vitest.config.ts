// Every Vitest suite of the repository. The server's API suites run once per database engine.
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const serverApi = (engine: "sqlite" | "postgres") => ({
  test: {
    name: `server-api:${engine}`,
    include: ["server/test/**/*.test.ts"],
    env: { MEMOS_TEST_DRIVER: engine },
    globalSetup: ["./server/test/global-setup.ts"],
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default leaves a core idle (one worker on a 2-core machine); the suites wait on I/O enough to
    // use them all.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      // Checks of the repository itself: citations of our docs, the Node versions the lockfile's packages support.
      { test: { name: "repo", include: ["scripts/**/*.test.ts"] } },
      // Unit files share a worker's modules (no mocks, no module state between files): importing them anew for
      // every file was half of these projects' time.
      { test: { name: "common", include: ["common/src/**/*.test.ts"], isolate: false } },
      // Some unit files migrate real databases (migrate.test.ts): a busy machine needs more than the 5/10 s defaults.
      {
        test: { name: "server-unit", include: ["server/src/**/*.test.ts"], isolate: false, testTimeout: 30_000, hookTimeout: 60_000 },
      },
      serverApi("sqlite"),
      { test: { name: "bench", include: ["bench/**/*.test.ts"], testTimeout: 180_000 } },
      serverApi("postgres"),
      // The Dockerfile's image and compose.yaml, run in Docker (container/test): `npm test` builds the image while the
      // other suites run, then runs this project on its own; a first build (base images, npm ci) takes minutes.
      {
        test: {
          name: "container",
          include: ["container/test/**/*.test.ts"],
          testTimeout: 5 * 60_000,
          hookTimeout: 30 * 60_000,
        },
      },
      {
        extends: "./web/vite.config.ts",
        test: {
          name: "web",
          root: "./web",
          environment: "jsdom",
          include: ["src/**/*.test.{ts,tsx}", "vite/**/*.test.ts"],
          // Files share their worker's modules, as in the unit projects: a fresh jsdom and React for every file was
          // 70 of the project's 90 s. src/test/setup.ts resets the shared stores, storage and document per file.
          isolate: false,
          setupFiles: [fileURLToPath(new URL("./web/src/test/setup.ts", import.meta.url))],
          // A dialog's first render loads its chunk and the locale: seconds on a busy 2-core machine.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
