// The official SDK's HTTP handler over this server's tools. Loaded by mcp/endpoint.ts on the first /mcp request: the
// SDK is about 8 MB of heap that an instance nobody connects an assistant to never needs.
import { createMcpHandler, type McpHttpHandler } from "@modelcontextprotocol/server";
import type { McpCall } from "./mcp-call.js";
import { buildMcpServer } from "./mcp-server.js";

export const createSdkHandler = (): McpHttpHandler =>
  createMcpHandler(({ authInfo }) => buildMcpServer(authInfo?.extra?.call as McpCall), { legacy: "stateless" });
