// The tools that write, for a read-write token: a new memo, an edit (replace or append), pin/archive/restore, tags.
// Each goes through the memo service as the API does, so history, webhooks, mentions and the token the change was
// made with are kept alike. An edit names the version it read (`baseUpdatedTs`): a change made meanwhile is a
// refusal, never overwritten.
import { extractTags, isValidTagName, MCP_TOOLS, type Memo, readsAsTag } from "@memos/common";
import { presentMcpDetail } from "../presenters/mcp.presenter.js";
import { createMemo, getMemo, patchMemo, pinMemo } from "../services/memo.service.js";
import type { McpCall } from "./mcp-call.js";
import { type ToolHandlers, toolResult } from "./tool-result.js";

const detail = (call: McpCall, memo: Memo) => toolResult(MCP_TOOLS.get_memo.output, presentMcpDetail(memo, call.origin));

/** The text with `addition` on a line of its own after it. */
const appended = (content: string, addition: string) => (content.trim() === "" ? addition : `${content.replace(/\s+$/, "")}\n${addition}`);

export const writeTools = (call: McpCall): Pick<ToolHandlers, "create_memo" | "update_memo" | "set_memo_state" | "add_tags"> => ({
  create_memo: async ({ content, visibility }) => detail(call, await createMemo(call.ctx, call.viewer, { content, visibility })),

  update_memo: async ({ id, content, mode }) => {
    const memo = await getMemo(call.ctx, call.viewer, id);
    const text = mode === "append" ? appended(memo.content, content) : content;
    return detail(call, await patchMemo(call.ctx, call.viewer, id, { content: text, baseUpdatedTs: memo.updatedTs }));
  },

  set_memo_state: async ({ id, action }) => {
    if (action === "pin" || action === "unpin") return detail(call, await pinMemo(call.ctx, call.viewer, id, { pinned: action === "pin" }));
    const rowStatus = action === "archive" ? "ARCHIVED" : "NORMAL";
    return detail(call, await patchMemo(call.ctx, call.viewer, id, { rowStatus }));
  },

  add_tags: async ({ id, tags }) => {
    const names = [...new Set(tags.map((tag) => tag.trim().replace(/^#/, "")))];
    const refused = names.find((name) => !isValidTagName(name) || !readsAsTag(name));
    if (refused !== undefined) throw new Error(`Invalid tag: ${JSON.stringify(refused)} (no spaces or #; nested tags with /)`);
    const memo = await getMemo(call.ctx, call.viewer, id);
    const has = new Set(extractTags(memo.content));
    const missing = names.filter((name) => !has.has(name));
    if (missing.length === 0) return detail(call, memo);
    const content = appended(memo.content, missing.map((name) => `#${name}`).join(" "));
    return detail(call, await patchMemo(call.ctx, call.viewer, id, { content, baseUpdatedTs: memo.updatedTs }));
  },
});
