// What the global setup hands to the workers, and the shared server's host account.
import type { Credentials } from "./api";

/** Set by the global setup for the workers: the shared server, and the folder every server of the run keeps its data in. */
export const ENV = { baseURL: "MEMOS_E2E_BASE_URL", runDir: "MEMOS_E2E_RUN_DIR" } as const;

/** The host of the shared server (signed up by the global setup). */
export const HOST: Credentials = { username: "e2ehost", password: "host-secret" };

export function sharedBaseURL(): string {
  const url = process.env[ENV.baseURL];
  if (!url)
    throw new Error(`${ENV.baseURL} is not set: run the suite through e2e/playwright.config.ts (its global setup starts the server)`);
  return url;
}
