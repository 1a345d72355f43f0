// Starts the shared memos server for the whole run (prod mode, a fresh data folder, the built web app),
// signs up its host through the API, and hands the address and the host's credentials to the workers
// through environment variables. The function it returns is the global teardown: it stops the server, and fails the
// run if any spec's own server is still running (they keep their data in the run's folder until stopped).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "@playwright/test";
import { MemosApi } from "./support/api";
import { HOST, ENV } from "./support/env";
import { serverLabel, serversLeftRunning, startServer } from "./support/server";

export default async function globalSetup(): Promise<() => Promise<void>> {
  const runDir = mkdtempSync(join(tmpdir(), "memos-e2e-run-"));
  process.env[ENV.runDir] = runDir;
  const server = await startServer();
  const context = await request.newContext();
  try {
    await new MemosApi(context, server.url).signUp(HOST, "HOST");
  } catch (error) {
    await server.stop();
    rmSync(runDir, { recursive: true, force: true });
    throw error;
  } finally {
    await context.dispose();
  }
  process.env[ENV.baseURL] = server.url;
  console.log(`[e2e] memos (${serverLabel()}) at ${server.url}, data in ${server.dataDir}`);
  return async () => {
    await server.stop();
    const left = serversLeftRunning(runDir);
    rmSync(runDir, { recursive: true, force: true });
    if (left.length > 0) throw new Error(`servers left running at the end of the run (a spec did not stop them): ${left.join(", ")}`);
  };
}
