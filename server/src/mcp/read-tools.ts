// The tools that read: search, a memo in full, tags, the latest memos, one day's memos. Each answers what the
// memo list and the memo page would show the token's user, through the same services.
import { MCP_MAX_PAGE, MCP_TOOLS, type McpMemoPage, type MemosOnDayInput, type SearchMemosInput } from "@memos/common";
import { presentMcpDetail, presentMcpSummary } from "../presenters/mcp.presenter.js";
import { getMemo, listMemos } from "../services/memo.service.js";
import { getMemoRelation } from "../services/relation.service.js";
import { countTags } from "../services/tag.service.js";
import { listInput } from "./list-query.js";
import type { McpCall } from "./mcp-call.js";
import { type ToolHandlers, toolResult } from "./tool-result.js";

async function memoPage(call: McpCall, input: SearchMemosInput): Promise<McpMemoPage> {
  const page = await listMemos(call.ctx, call.viewer, listInput(input), call.caller, { pinnedFirst: false });
  return {
    memos: page.memos.map((memo) => presentMcpSummary(memo, call.origin)),
    ...(page.nextCursor && { nextCursor: page.nextCursor }),
  };
}

export const readTools = (
  call: McpCall,
): Pick<ToolHandlers, "search_memos" | "get_memo" | "list_tags" | "recent_memos" | "memos_on_day"> => ({
  search_memos: async (input) => toolResult(MCP_TOOLS.search_memos.output, await memoPage(call, input)),

  get_memo: async ({ id }) => {
    const memo = await getMemo(call.ctx, call.viewer, id);
    const relation = await getMemoRelation(call.ctx, call.viewer, id, {});
    return toolResult(MCP_TOOLS.get_memo.output, presentMcpDetail(memo, call.origin, relation));
  },

  list_tags: async () => {
    const counts = await countTags(call.ctx, call.viewer);
    const tags = counts
      .filter(({ count }) => count > 0)
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
      .map(({ name, count }) => ({ tag: name, count }));
    return toolResult(MCP_TOOLS.list_tags.output, { tags });
  },

  recent_memos: async (input) => toolResult(MCP_TOOLS.recent_memos.output, await memoPage(call, input)),

  memos_on_day: async ({ date, timeZone, cursor }: MemosOnDayInput) =>
    toolResult(MCP_TOOLS.memos_on_day.output, await memoPage(call, { from: date, to: date, timeZone, cursor, limit: MCP_MAX_PAGE })),
});
