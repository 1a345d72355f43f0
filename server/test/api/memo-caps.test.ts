// The memo caps (1 MiB of UTF-8, 1,000 tags) hold for every writer, not only for a request's own text: an MCP append
// or tagging, a tag rename, a bulk edit and an import compose texts on the server, and each meets the caps in the
// write path (server/src/services/memo-revise.ts), refused with the route's reason and words and nothing written.
import { MAX_MEMO_CONTENT_BYTES, MAX_MEMO_TAGS, type MemoRevision } from "@memos/common";
import type { Client as McpClient } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../expect.js";
import { createMemo, createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { allMemos, importArchive } from "../import-client.js";
import { note, PNG, zip } from "../import-fixtures.js";
import { connectMcp } from "../mcp-client.js";
import { toolError } from "../mcp-tools.js";

/** `count` distinct tags, `#<prefix>0 #<prefix>1 …`. */
const tags = (count: number, prefix = "t") => Array.from({ length: count }, (_, i) => `#${prefix}${i}`).join(" ");
const TOO_LONG = `content is too long, maximum is ${MAX_MEMO_CONTENT_BYTES} bytes`;
const TOO_MANY_TAGS = `content has too many tags, maximum is ${MAX_MEMO_TAGS}`;

describe("the memo caps, whoever writes the text", { timeout: 120_000 }, () => {
  let t: TestApp;
  let host: TestUser;
  let seq = 0;
  const member = () => createUser(t, host, `capped${++seq}`);
  const contentOf = async (user: TestUser, id: number): Promise<string> => (await user.client.get(`/api/memo/${id}`)).body.data.content;
  const versionsOf = async (user: TestUser, id: number): Promise<MemoRevision[]> =>
    (await user.client.get(`/api/memo/${id}/revision`)).body.data.revisions;

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
  });
  afterAll(() => t.close());

  describe("MCP", () => {
    let owner: TestUser;
    let mcp: McpClient;
    beforeAll(async () => {
      owner = await member();
      const token = (await owner.client.post("/api/access-token", { name: "assistant", scope: "read-write" })).body.data.token;
      mcp = await connectMcp(t, token);
    });
    afterAll(() => mcp.close());

    it("update_memo: an append that takes the text past 1 MiB is a tool error with the cap's words; the text stays", async () => {
      const text = "x".repeat(MAX_MEMO_CONTENT_BYTES - 100);
      const memo = await createMemo(owner, text);
      expect(await toolError(mcp, "update_memo", { id: memo.id, content: "y".repeat(200), mode: "append" })).toContain(TOO_LONG);
      expect(await contentOf(owner, memo.id)).toBe(text);
      expect(await versionsOf(owner, memo.id)).toEqual([]);
    });

    it("add_tags: tags that take the memo past 1,000 are a tool error with the cap's words; the text stays", async () => {
      const text = tags(MAX_MEMO_TAGS - 5);
      const memo = await createMemo(owner, text);
      expect(await toolError(mcp, "add_tags", { id: memo.id, tags: Array.from({ length: 10 }, (_, i) => `more${i}`) })).toContain(
        TOO_MANY_TAGS,
      );
      expect(await contentOf(owner, memo.id)).toBe(text);
      expect((await owner.client.get("/api/tag")).body.data).not.toContain("more0");
    });
  });

  it("a tag rename that would take a memo past 1 MiB is refused whole, naming the memo; nothing is renamed", async () => {
    const owner = await member();
    const fullText = `${"x".repeat(MAX_MEMO_CONTENT_BYTES - 10)} #a`;
    const full = await createMemo(owner, fullText);
    const small = await createMemo(owner, "small #a");
    const response = await owner.client.post("/api/tag/rename", { from: "a", to: "a-much-longer-name" });
    expectError(response, 400, `to: the rename would take memo ${full.id} past its cap: ${TOO_LONG}`, {
      reason: "memo.content-too-long",
      field: "to",
    });
    expect(response.body.params).toEqual({ maximum: MAX_MEMO_CONTENT_BYTES });
    expect(await contentOf(owner, full.id)).toBe(fullText);
    expect(await contentOf(owner, small.id)).toBe("small #a");
    expect(await versionsOf(owner, small.id)).toEqual([]);
    expect((await owner.client.get("/api/tag")).body.data).toEqual(["a"]);
    // A name that fits renames both.
    expect((await owner.client.post("/api/tag/rename", { from: "a", to: "b" })).body.data).toMatchObject({ memos: 2 });
  });

  it("restoring a version past the caps (stored before every writer met them) is refused with the cap's words", async () => {
    const owner = await member();
    const memo = await createMemo(owner, "current");
    const { id } = await t.ctx.store.db
      .insertInto("memo_revision")
      .values({
        memo_id: memo.id,
        creator_id: owner.user.id,
        content: "x".repeat(MAX_MEMO_CONTENT_BYTES + 1),
        visibility: "PRIVATE",
        created_ts: memo.createdTs - 60,
        replaced_ts: memo.createdTs,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const response = await owner.client.post(`/api/memo/${memo.id}/revision/${id}/restore`);
    expectError(response, 400, `content: ${TOO_LONG}`, { reason: "memo.content-too-long", field: "content" });
    expect(response.body.params).toEqual({ maximum: MAX_MEMO_CONTENT_BYTES });
    expect(await contentOf(owner, memo.id)).toBe("current");
    expect((await versionsOf(owner, memo.id)).map((version) => version.id)).toEqual([id]);
  });

  it("a bulk edit whose added tags take a memo past 1,000 tags refuses that memo and writes the rest", async () => {
    const owner = await member();
    const fullText = tags(MAX_MEMO_TAGS);
    const full = await createMemo(owner, fullText);
    const small = await createMemo(owner, "small");
    const answer = await owner.client.post("/api/memo/batch", { ids: [full.id, small.id], action: "addTags", tags: ["extra"] });
    expect(answer.body.data).toEqual({ changed: 1, refused: [{ id: full.id, reason: "memo.too-many-tags" }] });
    expect(await contentOf(owner, full.id)).toBe(fullText);
    expect(await contentOf(owner, small.id)).toBe("small\n#extra");
  });

  it("an import measures a note with its links to the archive's files as they will be stored, not as the plan's short tokens", async () => {
    const owner = await member();
    // 30,000 embeds of one image with a name outside ASCII: 18 bytes each in the note, about 40 once stored as
    // `/o/r/<id>/%E8%AA%9E…` (the plan holds each as a token of 8 bytes): 540 kB of note, 1.3 MB of memo.
    const embeds = "![](語語語.png) ".repeat(30_000);
    const response = await importArchive(
      owner.client,
      zip({ "notes/linked.md": note(embeds), "notes/語語語.png": PNG, "notes/fine.md": note("a note that fits") }),
    );
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toMatchObject({
      memos: 1,
      problems: [{ file: "notes/linked.md", reason: `the note is longer than ${MAX_MEMO_CONTENT_BYTES} bytes, the most a memo holds` }],
    });
    const stored = await allMemos(owner.client);
    expect(stored.map((memo) => memo.content)).toEqual([expect.stringContaining("a note that fits")]);
  });
});
