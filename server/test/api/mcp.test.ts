// The MCP server's tools, driven by the official SDK client over real HTTP, in both protocol eras (2026-07-28 and
// the 2025 `initialize` handshake): what each tool answers, paging, dates in a time zone, and what it writes.
import { type McpMemoDetail, type McpMemoPage, SERVER_VERSION } from "@memos/common";
import type { Client as McpClient } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemo, signUpHost, type TestUser, uploadResource } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { connectMcp, MCP_ERAS } from "../mcp-client.js";
import { callTool, toolError } from "../mcp-tools.js";

let t: TestApp;
let host: TestUser;
let token: string;
const ids: Record<string, number> = {};
const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);

beforeAll(async () => {
  t = await createTestApp();
  host = await signUpHost(t);
  token = (await host.client.post("/api/access-token", { name: "Claude", scope: "read-write" })).body.data.token;
  const memo = async (name: string, content: string, visibility: "PRIVATE" | "PROTECTED" | "PUBLIC", iso: string) => {
    ids[name] = (await createMemo(host, content, visibility, { createdTs: at(iso) })).id;
  };
  await memo("kickoff", "Project kickoff notes #work\nWe agreed on the budget plan.", "PRIVATE", "2026-11-23T10:00:00Z");
  await memo("groceries", "Grocery list: milk, eggs #home", "PROTECTED", "2026-11-24T08:00:00Z");
  // 00:30 on the 25th in Berlin, the 24th in UTC.
  await memo("review", 'Weekly review #work/meetings "budget plan" approved', "PUBLIC", "2026-11-24T23:30:00Z");
  await memo("archived", "An old idea #idea", "PRIVATE", "2026-11-20T12:00:00Z");
  await memo("pinned", "Pinned reminder: renew passport", "PRIVATE", "2026-11-10T12:00:00Z");
  await memo("linking", `Follow-up of [the kickoff](/m/${ids.kickoff})`, "PRIVATE", "2026-11-25T09:00:00Z");
  expect((await host.client.patch(`/api/memo/${ids.archived}`, { rowStatus: "ARCHIVED" })).status).toBe(200);
  expect((await host.client.post(`/api/memo/${ids.pinned}/organizer`, { pinned: true })).status).toBe(200);
  const file = await uploadResource(host, "plan.pdf", "application/pdf");
  expect((await host.client.post(`/api/memo/${ids.kickoff}/resource`, { resourceId: file.id })).status).toBe(200);
});
afterAll(() => t.close());

describe.each(MCP_ERAS)("the read tools (%s era)", (era) => {
  let mcp: McpClient;
  beforeAll(async () => {
    mcp = await connectMcp(t, token, era);
  });
  afterAll(() => mcp.close());

  it("offers every tool with a description and input and output schemas, and says what it is", async () => {
    const { tools } = await mcp.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      "search_memos",
      "get_memo",
      "list_tags",
      "recent_memos",
      "memos_on_day",
      "create_memo",
      "update_memo",
      "set_memo_state",
      "add_tags",
    ]);
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(40);
      expect(tool.inputSchema.type, tool.name).toBe("object");
      expect(tool.outputSchema?.type, tool.name).toBe("object");
    }
    expect(tools.find((tool) => tool.name === "search_memos")?.annotations?.readOnlyHint).toBe(true);
    expect(tools.find((tool) => tool.name === "create_memo")?.annotations?.readOnlyHint).toBe(false);
    // Our own version, not the memos release v0 clients are told (README, "Versions").
    expect(mcp.getServerVersion()).toMatchObject({ name: "memos", version: SERVER_VERSION });
    // The current revision, and the previous one for 2025 clients.
    expect(mcp.getNegotiatedProtocolVersion()).toBe(era === "modern" ? "2026-07-28" : "2025-11-25");
    expect(mcp.getInstructions()).toMatch(/search_memos/);
  });

  it("searches by words and phrases, newest first, with times, tags and a snippet", async () => {
    const page = await callTool<McpMemoPage>(mcp, "search_memos", { query: '"budget plan"' });
    expect(page.memos.map((memo) => memo.id)).toEqual([ids.review, ids.kickoff]);
    const [review] = page.memos;
    expect(review).toMatchObject({
      uri: `memo://${ids.review}`,
      createdAt: "2026-11-24T23:30:00.000Z",
      visibility: "PUBLIC",
      pinned: false,
      archived: false,
      tags: ["work/meetings"],
      snippet: 'Weekly review #work/meetings "budget plan" approved',
    });
    expect(review!.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/m/${ids.review}$`));
    expect(page.nextCursor).toBeUndefined();
    // Words in any order.
    expect((await callTool<McpMemoPage>(mcp, "search_memos", { query: "eggs milk" })).memos.map((memo) => memo.id)).toEqual([
      ids.groceries,
    ]);
  });

  it("filters by tag (with its children), visibility, pinned, dates and the archive", async () => {
    const search = async (input: object) => (await callTool<McpMemoPage>(mcp, "search_memos", input)).memos.map((memo) => memo.id);
    expect(await search({ tag: "work" })).toEqual([ids.review, ids.kickoff]);
    expect(await search({ tag: "#work/meetings" })).toEqual([ids.review]);
    expect(await search({ visibility: "PROTECTED" })).toEqual([ids.groceries]);
    expect(await search({ pinned: true })).toEqual([ids.pinned]);
    expect(await search({ archived: true })).toEqual([ids.archived]);
    expect(await search({ query: "idea" })).toEqual([]);
    // Dates are whole days (the `to` day included), in UTC or in the time zone given.
    expect(await search({ from: "2026-11-24", to: "2026-11-24" })).toEqual([ids.review, ids.groceries]);
    expect(await search({ from: "2026-11-24", to: "2026-11-24", timeZone: "Europe/Berlin" })).toEqual([ids.groceries]);
    expect(await search({ from: "2026-11-24T09:00:00Z" })).toEqual([ids.linking, ids.review]);
    expect(await search({ to: "2026-11-23T10:00:00Z", tag: "work" })).toEqual([]);
  });

  it("pages with nextCursor, each memo once", async () => {
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await callTool<McpMemoPage>(mcp, "recent_memos", { limit: 2, ...(cursor && { cursor }) });
      expect(page.memos.length).toBeLessThanOrEqual(2);
      seen.push(...page.memos.map((memo) => memo.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    // Newest first by time alone: the pinned memo (the oldest) comes last; the archived one is not listed.
    expect(seen).toEqual([ids.linking, ids.review, ids.groceries, ids.kickoff, ids.pinned]);
    expect(pages).toBe(3);
  });

  it("lists the memos of one day in the user's time zone", async () => {
    const day = async (date: string, timeZone?: string) =>
      (await callTool<McpMemoPage>(mcp, "memos_on_day", { date, ...(timeZone && { timeZone }) })).memos.map((memo) => memo.id);
    expect(await day("2026-11-24")).toEqual([ids.review, ids.groceries]);
    expect(await day("2026-11-25", "Europe/Berlin")).toEqual([ids.linking, ids.review]);
    expect(await day("2026-11-24", "America/Los_Angeles")).toEqual([ids.review, ids.groceries]);
    expect(await day("2026-11-22")).toEqual([]);
  });

  it("reads a memo in full: text, tags, attachments, links and backlinks", async () => {
    const kickoff = await callTool<McpMemoDetail>(mcp, "get_memo", { id: ids.kickoff });
    expect(kickoff).toMatchObject({
      id: ids.kickoff,
      content: "Project kickoff notes #work\nWe agreed on the budget plan.",
      creator: "host",
      tags: ["work"],
      visibility: "PRIVATE",
      backlinks: [{ id: ids.linking, uri: `memo://${ids.linking}`, snippet: `Follow-up of [the kickoff](/m/${ids.kickoff})` }],
    });
    expect(kickoff.links).toBeUndefined();
    expect(kickoff.attachments).toEqual([
      { name: "plan.pdf", type: "application/pdf", size: expect.any(Number), url: expect.stringMatching(/\/o\/r\/\d+\/plan\.pdf$/) },
    ]);
    const linking = await callTool<McpMemoDetail>(mcp, "get_memo", { id: ids.linking });
    expect(linking.links?.map((memo) => memo.id)).toEqual([ids.kickoff]);
    expect(await toolError(mcp, "get_memo", { id: 999_999 })).toMatch(/not found/i);
  });

  it("lists tags with their counts, most used first", async () => {
    const { tags } = await callTool<{ tags: { tag: string; count: number }[] }>(mcp, "list_tags", {});
    expect(tags.slice(0, 1)).toEqual([{ tag: "home", count: 1 }]);
    expect(tags).toEqual(
      expect.arrayContaining([
        { tag: "work", count: 1 },
        { tag: "work/meetings", count: 1 },
      ]),
    );
  });

  it("serves each memo as a Markdown resource", async () => {
    const { resources } = await mcp.listResources();
    expect(resources.map((resource) => resource.uri)).toContain(`memo://${ids.review}`);
    expect(resources.every((resource) => resource.mimeType === "text/markdown")).toBe(true);
    const { contents } = await mcp.readResource({ uri: `memo://${ids.review}` });
    expect(contents).toHaveLength(1);
    expect(contents[0]).toMatchObject({ uri: `memo://${ids.review}`, mimeType: "text/markdown" });
    expect((contents[0] as { text: string }).text).toMatch(/^<!-- memo \d+ by @host, public, created 2026-11-24T23:30:00\.000Z/);
    expect((contents[0] as { text: string }).text).toContain('Weekly review #work/meetings "budget plan" approved');
  });

  it("answers bad input with the field and the rule", async () => {
    expect(await toolError(mcp, "memos_on_day", { date: "last tuesday" })).toMatch(/date/);
    expect(await toolError(mcp, "search_memos", { timeZone: "Mars/Olympus" })).toMatch(/time zone/);
    expect(await toolError(mcp, "search_memos", { from: "2026-11-25", to: "2026-11-20" })).toMatch(/from must be earlier than to/);
    expect(await toolError(mcp, "search_memos", { cursor: "garbage" })).toMatch(/cursor/i);
    // The list's own rules and words, from the memo service (no query string in between).
    expect(await toolError(mcp, "search_memos", { query: "a b c d e f g h i" })).toMatch(/Invalid search: at most 8 words or phrases/);
    expect(await toolError(mcp, "search_memos", { query: "^(unclosed" })).toMatch(/Invalid regular expression/);
    expect(await toolError(mcp, "recent_memos", { limit: 500 })).toMatch(/limit/);
  });
});

describe.each(MCP_ERAS)("the write tools (%s era)", (era) => {
  let mcp: McpClient;
  beforeAll(async () => {
    mcp = await connectMcp(t, token, era);
  });
  afterAll(() => mcp.close());

  it("writes a memo with the user's default visibility, remembering the token", async () => {
    expect((await host.client.post("/api/user/setting", { key: "memoVisibility", value: '"PROTECTED"' })).status).toBe(200);
    const created = await callTool<McpMemoDetail>(mcp, "create_memo", { content: `Written by an assistant (${era}) #ai` });
    expect(created).toMatchObject({
      content: `Written by an assistant (${era}) #ai`,
      visibility: "PROTECTED",
      tags: ["ai"],
      creator: "host",
    });
    const shown = (await host.client.get(`/api/memo/${created.id}`)).body.data;
    expect(shown.accessToken).toEqual({ id: expect.any(Number), name: "Claude" });
    const explicit = await callTool<McpMemoDetail>(mcp, "create_memo", { content: "Public note", visibility: "PUBLIC" });
    expect(explicit.visibility).toBe("PUBLIC");
    expect((await host.client.post("/api/user/setting", { key: "memoVisibility", value: '"PRIVATE"' })).status).toBe(200);
  });

  it("replaces or appends to a memo's text, keeping the old text in its history", async () => {
    const { id } = await callTool<McpMemoDetail>(mcp, "create_memo", { content: "First line" });
    expect((await callTool<McpMemoDetail>(mcp, "update_memo", { id, content: "Second line", mode: "append" })).content).toBe(
      "First line\nSecond line",
    );
    expect((await callTool<McpMemoDetail>(mcp, "update_memo", { id, content: "Rewritten" })).content).toBe("Rewritten");
    const history = (await host.client.get(`/api/memo/${id}/revision`)).body.data;
    expect(JSON.stringify(history)).toContain("First line\\nSecond line");
  });

  it("pins, unpins, archives and restores", async () => {
    const { id } = await callTool<McpMemoDetail>(mcp, "create_memo", { content: "Stateful" });
    expect((await callTool<McpMemoDetail>(mcp, "set_memo_state", { id, action: "pin" })).pinned).toBe(true);
    expect((await callTool<McpMemoDetail>(mcp, "set_memo_state", { id, action: "unpin" })).pinned).toBe(false);
    expect((await callTool<McpMemoDetail>(mcp, "set_memo_state", { id, action: "archive" })).archived).toBe(true);
    expect((await host.client.get(`/api/memo/${id}`)).body.data.rowStatus).toBe("ARCHIVED");
    expect((await callTool<McpMemoDetail>(mcp, "set_memo_state", { id, action: "restore" })).archived).toBe(false);
    expect(await toolError(mcp, "set_memo_state", { id, action: "explode" })).toMatch(/action/);
  });

  it("adds the tags a memo lacks, on a line of their own", async () => {
    const { id } = await callTool<McpMemoDetail>(mcp, "create_memo", { content: "Trip plan #travel" });
    const tagged = await callTool<McpMemoDetail>(mcp, "add_tags", { id, tags: ["#travel", "japan", "travel/2027", "japan"] });
    expect(tagged.content).toBe("Trip plan #travel\n#japan #travel/2027");
    expect(tagged.tags).toEqual(["japan", "travel", "travel/2027"]);
    expect((await callTool<McpMemoDetail>(mcp, "add_tags", { id, tags: ["japan"] })).content).toBe(tagged.content);
    expect(await toolError(mcp, "add_tags", { id, tags: ["two words"] })).toMatch(/Invalid tag: "two words"/);
    expect(await toolError(mcp, "add_tags", { id, tags: [] })).toMatch(/tags/);
  });

  it("refuses content over the limit with the rule", async () => {
    expect(await toolError(mcp, "create_memo", { content: "x".repeat(1024 * 1024 + 1) })).toMatch(/content is too long/);
  });
});
