// Every Vitest suite of the repository. The server's API suites run once per database engine.
import { defineConfig } from "vitest/config";

const serverApi = (engine: "sqlite" | "postgres") => ({
  test: {
    name: `server-api:${engine}`,
    include: ["server/test/**/*.test.ts"],
    env: { MEMOS_TEST_DRIVER: engine },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: "common", include: ["common/src/**/*.test.ts"] } },
      { test: { name: "server-unit", include: ["server/src/**/*.test.ts"] } },
      serverApi("sqlite"),
      serverApi("postgres"),
      {
        extends: "./web/vite.config.ts",
        test: {
          name: "web",
          root: "./web",
          environment: "jsdom",
          include: ["src/**/*.test.{ts,tsx}"],
        },
      },
    ],
  },
});
