// A tool's answer: its structured output, and the same as JSON text for clients that read only text.
import type { McpToolName } from "@memos/common";
import type { MCP_TOOLS } from "@memos/common";
import type { CallToolResult } from "@modelcontextprotocol/server";
import type { z } from "zod";

export function toolResult<S extends z.ZodType>(_schema: S, value: z.output<S>): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: value as Record<string, unknown> };
}

/** Every tool's handler, typed by its input. */
export type ToolHandlers = {
  [N in McpToolName]: (input: z.output<(typeof MCP_TOOLS)[N]["input"]>) => Promise<CallToolResult>;
};
