// One MCP server per request (the protocol's stateless serving): the tools the token may use, and each memo as a
// `memo://<id>` resource. The SDK validates every call's input against the tool's schema before it runs, and turns
// what a tool throws into an error result with its message.
import { MCP_TOOL_NAMES, MCP_TOOLS, SERVER_VERSION } from "@memos/common";
import { McpServer, ResourceTemplate } from "@modelcontextprotocol/server";
import { mayUseMcpTool } from "../policies/mcp.policy.js";
import { memoMarkdown, memoUri } from "../presenters/mcp.presenter.js";
import { getMemo, listMemos } from "../services/memo.service.js";
import type { McpCall } from "./mcp-call.js";
import { readTools } from "./read-tools.js";
import type { ToolHandlers } from "./tool-result.js";
import { writeTools } from "./write-tools.js";

const INSTRUCTIONS =
  "The user's notes in memos: short Markdown memos with #tags. Find them with search_memos, recent_memos or memos_on_day (ids, times, tags, a snippet), then read one in full with get_memo. Times are UTC; give the user's time zone for dates.";

/** How many memos `resources/list` offers: the latest (search for the rest). */
const LISTED_RESOURCES = 50;

export function buildMcpServer(call: McpCall): McpServer {
  const server = new McpServer({ name: "memos", title: "memos", version: SERVER_VERSION }, { instructions: INSTRUCTIONS });
  const handlers: ToolHandlers = { ...readTools(call), ...writeTools(call) };
  for (const name of MCP_TOOL_NAMES) {
    if (!mayUseMcpTool(call.viewer, name)) continue;
    const tool = MCP_TOOLS[name];
    const handler = handlers[name] as (input: unknown) => ReturnType<ToolHandlers[typeof name]>;
    server.registerTool(
      name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: tool.output,
        annotations: { readOnlyHint: !tool.write, destructiveHint: false, openWorldHint: false },
      },
      (input: unknown) => handler(input),
    );
  }
  server.registerResource(
    "memo",
    new ResourceTemplate("memo://{id}", {
      list: async () => {
        const query = { limit: LISTED_RESOURCES, rowStatus: "NORMAL" as const };
        const { memos } = await listMemos(call.ctx, call.viewer, query, call.caller, { pinnedFirst: false });
        return {
          resources: memos.map((memo) => ({
            uri: memoUri(memo.id),
            name: `memo ${memo.id}`,
            title: memo.content.replace(/\s+/g, " ").trim().slice(0, 80) || `memo ${memo.id}`,
            mimeType: "text/markdown",
          })),
        };
      },
    }),
    { title: "A memo", description: "One memo as Markdown", mimeType: "text/markdown" },
    async (uri, variables) => {
      const id = Number(variables.id);
      if (!/^\d{1,10}$/.test(String(variables.id)) || id < 1) throw new Error(`Not a memo: ${uri.href}`);
      const memo = await getMemo(call.ctx, call.viewer, id);
      return { contents: [{ uri: uri.href, mimeType: "text/markdown", text: memoMarkdown(memo, call.origin) }] };
    },
  );
  return server;
}
