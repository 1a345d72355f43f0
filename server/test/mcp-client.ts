// The official MCP client over real HTTP against a test app: `era` picks the 2026-07-28 revision (negotiated with
// `server/discover`) or the 2025 `initialize` handshake.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { TestApp } from "./harness.js";

export type McpEra = "modern" | "legacy";
export const MCP_ERAS: McpEra[] = ["modern", "legacy"];

/** The app's address, listening on a free loopback port (once). */
export async function mcpUrl(t: TestApp): Promise<URL> {
  if (!t.app.server.listening) await t.app.listen({ host: "127.0.0.1", port: 0 });
  const address = t.app.server.address();
  if (address === null || typeof address === "string") throw new Error("not listening");
  return new URL(`http://127.0.0.1:${address.port}/mcp`);
}

export async function connectMcp(t: TestApp, token: string, era: McpEra = "modern", headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: "memos-test", version: "1.0.0" }, era === "modern" ? { versionNegotiation: { mode: "auto" } } : {});
  const transport = new StreamableHTTPClientTransport(await mcpUrl(t), {
    requestInit: { headers: { authorization: `Bearer ${token}`, ...headers } },
  });
  await client.connect(transport);
  return client;
}
