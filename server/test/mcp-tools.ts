// Calling MCP tools in tests: a tool's structured answer (failing the test on an error result), or the words of its
// refusal (an error result, or a JSON-RPC error for a tool the token does not get).
import type { Client } from "@modelcontextprotocol/client";
import { expect } from "vitest";

type ToolCall = Awaited<ReturnType<Client["callTool"]>>;

const textOf = (result: ToolCall) =>
  ((result.content ?? []) as { type: string; text?: string }[]).map((part) => (part.type === "text" ? part.text : "")).join("\n");

export async function callTool<T>(client: Client, name: string, args: object): Promise<T> {
  const result = await client.callTool({ name, arguments: args as Record<string, unknown> });
  expect(result.isError, `${name}: ${textOf(result)}`).toBeFalsy();
  // The same answer as text, for clients that read only text.
  expect(JSON.parse(textOf(result))).toEqual(result.structuredContent);
  return result.structuredContent as T;
}

export async function toolError(client: Client, name: string, args: object): Promise<string> {
  try {
    const result = await client.callTool({ name, arguments: args as Record<string, unknown> });
    expect(result.isError, `${name} should have failed: ${textOf(result).slice(0, 300)}`).toBe(true);
    return textOf(result);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
