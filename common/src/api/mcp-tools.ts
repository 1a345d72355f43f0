// The MCP server's tools (`/mcp`): each one's name, description, input and structured output. The server registers
// them from here (server/src/mcp/), and the docs list them from here, so a tool is described once. Descriptions are
// written for the assistant that reads them: what the tool answers, and how to page.
import { z } from "zod";
import { VISIBILITIES } from "../domain/constants.js";
import { isTimeZone } from "../domain/time-zone.js";
import { INPUT_LIMITS } from "./input-limits.js";
import { memoCreateSchema } from "./schemas/memo.js";

/** The most memos one page of a tool holds, and the page size when none is asked. */
export const MCP_MAX_PAGE = 50;
export const MCP_DEFAULT_PAGE = 20;
/** The most tags `add_tags` takes at once. */
export const MCP_MAX_ADD_TAGS = 20;

const memoId = z.int().min(1).max(2_147_483_647).describe("The memo's id (from search_memos, recent_memos, memos_on_day)");
const limit = z.int().min(1).max(MCP_MAX_PAGE).optional().describe(`How many memos (1–${MCP_MAX_PAGE}, default ${MCP_DEFAULT_PAGE})`);
const timeZone = z
  .string()
  .max(64)
  .refine(isTimeZone, "an IANA time zone such as Europe/Berlin")
  .optional()
  .describe("The user's IANA time zone (e.g. Europe/Berlin) for dates; UTC when left out");
/** `2026-11-24`, or an ISO 8601 time with its offset (`2026-11-24T09:00:00+01:00`). */
const dateOrTime = z
  .string()
  .max(40)
  .refine(
    (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) || (/^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))),
    "a date (2026-11-24) or an ISO 8601 time (2026-11-24T09:00:00Z)",
  );
const visibility = z.enum(VISIBILITIES);

export const searchMemosInput = z.object({
  query: z
    .string()
    .max(INPUT_LIMITS.searchText)
    .optional()
    .describe('Words and "quoted phrases" that must all appear, in any order (as the search box reads them)'),
  tag: z.string().max(INPUT_LIMITS.tag).optional().describe("Only memos with this tag (without #; a parent tag includes its children)"),
  from: dateOrTime.optional().describe("Only memos from this date or time on (a date starts at midnight in `timeZone`)"),
  to: dateOrTime.optional().describe("Only memos up to this date (inclusive) or before this time"),
  timeZone,
  visibility: visibility.optional().describe("Only memos of this visibility"),
  pinned: z.boolean().optional().describe("Only pinned (true) or unpinned (false) memos"),
  archived: z.boolean().optional().describe("Search the archive instead of the active memos"),
  cursor: z.string().max(200).optional().describe("`nextCursor` of the previous page"),
  limit,
});
export type SearchMemosInput = z.infer<typeof searchMemosInput>;

export const recentMemosInput = z.object({ limit, cursor: z.string().max(200).optional().describe("`nextCursor` of the previous page") });
export type RecentMemosInput = z.infer<typeof recentMemosInput>;

export const memosOnDayInput = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "a date such as 2026-11-24")
    .describe("The day, as YYYY-MM-DD"),
  timeZone,
  cursor: z.string().max(200).optional().describe("`nextCursor` of the previous page"),
});
export type MemosOnDayInput = z.infer<typeof memosOnDayInput>;

export const getMemoInput = z.object({ id: memoId });

export const createMemoInput = z.object({
  content: memoCreateSchema.shape.content.describe("The memo's Markdown text; #tags in it become its tags"),
  visibility: visibility
    .optional()
    .describe("PRIVATE (only the user), PROTECTED (signed-in members) or PUBLIC (anyone); the user's default when left out"),
});
export type CreateMemoInput = z.infer<typeof createMemoInput>;

export const updateMemoInput = z.object({
  id: memoId,
  content: memoCreateSchema.shape.content.describe("The new text, or the text to add"),
  mode: z.enum(["replace", "append"]).optional().describe("replace the text (the default), or append to it on a new line"),
});
export type UpdateMemoInput = z.infer<typeof updateMemoInput>;

export const MEMO_STATE_ACTIONS = ["pin", "unpin", "archive", "restore"] as const;
export const setMemoStateInput = z.object({
  id: memoId,
  action: z.enum(MEMO_STATE_ACTIONS).describe("pin or unpin it; archive it, or restore it from the archive"),
});
export type SetMemoStateInput = z.infer<typeof setMemoStateInput>;

export const addTagsInput = z.object({
  id: memoId,
  tags: z
    .array(z.string().min(1).max(INPUT_LIMITS.tag))
    .min(1)
    .max(MCP_MAX_ADD_TAGS)
    .describe("Tags to add, with or without #; nested tags with / (work/meetings). Tags it has already are skipped"),
});
export type AddTagsInput = z.infer<typeof addTagsInput>;

const isoTime = z.string().describe("ISO 8601, UTC");
export const mcpMemoSummary = z.object({
  id: z.int(),
  uri: z.string().describe("memo://<id>, the memo as a resource"),
  url: z.string().describe("The memo's page in the web app"),
  createdAt: isoTime,
  updatedAt: isoTime,
  visibility,
  pinned: z.boolean(),
  archived: z.boolean(),
  tags: z.array(z.string()),
  snippet: z.string().describe("The start of its text"),
});
export type McpMemoSummary = z.infer<typeof mcpMemoSummary>;

export const mcpMemoPage = z.object({
  memos: z.array(mcpMemoSummary),
  nextCursor: z.string().optional().describe("Pass as `cursor` for the next page; absent on the last page"),
});
export type McpMemoPage = z.infer<typeof mcpMemoPage>;

const relatedMemo = z.object({ id: z.int(), uri: z.string(), snippet: z.string() });
export const mcpMemoDetail = mcpMemoSummary.omit({ snippet: true }).extend({
  content: z.string().describe("The whole Markdown text"),
  creator: z.string().describe("The username of who wrote it"),
  attachments: z.array(z.object({ name: z.string(), type: z.string(), size: z.int(), url: z.string() })),
  links: z.array(relatedMemo).describe("Memos its text links to (that the user may see)").optional(),
  backlinks: z.array(relatedMemo).describe("Memos linking to it, newest first (at most 50)").optional(),
  location: z
    .object({ name: z.string(), latitude: z.number().nullable(), longitude: z.number().nullable() })
    .describe("The place it was written about or at, when it has one: a name and, when known, coordinates in degrees")
    .optional(),
});
export type McpMemoDetail = z.infer<typeof mcpMemoDetail>;

export const mcpTagList = z.object({
  tags: z.array(z.object({ tag: z.string(), count: z.int().describe("How many of the user's memos carry it") })),
});

/** Every tool: its description and schemas; `write` tools need a read-write token. */
export const MCP_TOOLS = {
  search_memos: {
    title: "Search memos",
    description:
      "Search the user's memos by words, tag, dates, visibility, pinned or archived; newest first. Returns ids, times, tags and a snippet of each; call get_memo for the whole text. Page with `nextCursor`.",
    input: searchMemosInput,
    output: mcpMemoPage,
    write: false,
  },
  get_memo: {
    title: "Read a memo",
    description:
      "One memo in full: its Markdown text, tags, visibility, attachments (names and links), and the memos it links to and that link to it.",
    input: getMemoInput,
    output: mcpMemoDetail,
    write: false,
  },
  list_tags: {
    title: "List tags",
    description: "The user's tags with how many memos carry each, most used first.",
    input: z.object({}),
    output: mcpTagList,
    write: false,
  },
  recent_memos: {
    title: "Recent memos",
    description: "The user's latest memos, newest first (pinned ones in their place by time). Page with `nextCursor`.",
    input: recentMemosInput,
    output: mcpMemoPage,
    write: false,
  },
  memos_on_day: {
    title: "Memos of a day",
    description:
      'The memos the user wrote on one day (e.g. "last Tuesday": work out the date first), newest first. Give the user\'s time zone for their midnight; UTC otherwise.',
    input: memosOnDayInput,
    output: mcpMemoPage,
    write: false,
  },
  create_memo: {
    title: "Write a memo",
    description:
      "Write a new memo in the user's account. Markdown; #tags in the text become tags. Visibility is the user's default unless given. Returns the new memo.",
    input: createMemoInput,
    output: mcpMemoDetail,
    write: true,
  },
  update_memo: {
    title: "Edit a memo",
    description:
      "Replace a memo's text, or append to it (mode: append). Only the user's own memos. The previous text stays in the memo's history.",
    input: updateMemoInput,
    output: mcpMemoDetail,
    write: true,
  },
  set_memo_state: {
    title: "Pin, archive or restore a memo",
    description: "Pin or unpin a memo, archive it, or restore it from the archive. Only the user's own memos.",
    input: setMemoStateInput,
    output: mcpMemoDetail,
    write: true,
  },
  add_tags: {
    title: "Tag a memo",
    description: "Add tags to a memo (appended to its text as #tags). Only the user's own memos.",
    input: addTagsInput,
    output: mcpMemoDetail,
    write: true,
  },
} as const;

export type McpToolName = keyof typeof MCP_TOOLS;
export const MCP_TOOL_NAMES = Object.keys(MCP_TOOLS) as McpToolName[];
