// Raw byte access for file routes: app.inject's response with rawPayload, as one caller (anonymous or a Client).
import type { LightMyRequestResponse } from "fastify";
import type { Client } from "./client.js";
import type { TestApp } from "./harness.js";

export function getRaw(
  t: TestApp,
  caller: Client | null,
  url: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const cookie = caller?.cookie;
  return t.app.inject({ method: "GET", url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
}
