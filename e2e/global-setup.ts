// Starts the shared memos server for the whole run (prod mode, a fresh data folder, the built web app),
// signs up its host through the API, and hands the address and the host's credentials to the workers
// through environment variables. The function it returns is the global teardown: it stops the server.
import { request } from "@playwright/test";
import { MemosApi } from "./support/api";
import { HOST, ENV } from "./support/env";
import { serverLabel, startServer } from "./support/server";

export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServer();
  const context = await request.newContext();
  try {
    await new MemosApi(context, server.url).signUp(HOST, "HOST");
  } catch (error) {
    await server.stop();
    throw error;
  } finally {
    await context.dispose();
  }
  process.env[ENV.baseURL] = server.url;
  console.log(`[e2e] memos (${serverLabel()}) at ${server.url}, data in ${server.dataDir}`);
  return () => server.stop();
}
