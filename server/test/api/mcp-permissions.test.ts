// The memo permission matrix (permissions.test.ts) through MCP: caller × memo kind × tool, each caller by a
// read-write access token. A tool shows what the v0 API shows the token's user and nothing else: others read a
// shared NORMAL memo, never a private or an archived one; the searches list the user's own memos only; only the
// creator changes a memo; anyone who may read it may pin it for themself. Admins and the host gain nothing. A
// member's app (a token got through OAuth, "member app") gets exactly what the member's own token gets.
import type { McpMemoPage, Visibility } from "@memos/common";
import type { Client as McpClient } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemo, createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { connectMcp } from "../mcp-client.js";
import { appTokenOf } from "../oauth-flow.js";

type Caller = "owner" | "member" | "member app" | "admin" | "host";
type Kind = `${Visibility}/${"NORMAL" | "ARCHIVED"}`;
type Tool = "get_memo" | "resource" | "search" | "update_memo" | "add_tags" | "archive" | "pin";
const CALLERS: Caller[] = ["owner", "member", "member app", "admin", "host"];
const TOOLS: Tool[] = ["get_memo", "resource", "search", "update_memo", "add_tags", "archive", "pin"];
const KINDS: Kind[] = ["PUBLIC/NORMAL", "PROTECTED/NORMAL", "PRIVATE/NORMAL", "PUBLIC/ARCHIVED", "PROTECTED/ARCHIVED", "PRIVATE/ARCHIVED"];

/** What each caller gets: the owner everything; the others by the memo's kind. */
function expected(caller: Caller, kind: Kind, tool: Tool): boolean {
  if (caller === "owner") return true;
  const sharedNormal = kind === "PUBLIC/NORMAL" || kind === "PROTECTED/NORMAL";
  return sharedNormal && (tool === "get_memo" || tool === "resource" || tool === "pin");
}

let t: TestApp;
let owner: TestUser;
const clients = {} as Record<Caller, McpClient>;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  const host = await signUpHost(t);
  owner = await createUser(t, host, "owner");
  const member = await createUser(t, host, "member");
  const users: Record<Exclude<Caller, "member app">, TestUser> = {
    owner,
    host,
    member,
    admin: await createUser(t, host, "admin", "ADMIN"),
  };
  for (const [caller, user] of Object.entries(users) as [Caller, TestUser][]) {
    const token = (await user.client.post("/api/access-token", { name: "assistant", scope: "read-write" })).body.data.token;
    clients[caller] = await connectMcp(t, token);
  }
  clients["member app"] = await connectMcp(t, await appTokenOf(t, member));
});
afterAll(async () => {
  for (const client of Object.values(clients)) await client.close();
  await t.close();
});

/** Whether the tool did it: answered (and, for a search, found the memo) without an error. */
async function perform(client: McpClient, tool: Tool, kind: Kind): Promise<{ done: boolean; text: string }> {
  const [visibility, rowStatus] = kind.split("/") as [Visibility, "NORMAL" | "ARCHIVED"];
  const marker = `marker${++seq}x`;
  const { id } = await createMemo(owner, `${marker} original`, visibility);
  if (rowStatus === "ARCHIVED") expect((await owner.client.patch(`/api/memo/${id}`, { rowStatus: "ARCHIVED" })).status).toBe(200);
  if (tool === "resource") {
    try {
      const { contents } = await client.readResource({ uri: `memo://${id}` });
      return { done: true, text: JSON.stringify(contents) };
    } catch (error) {
      return { done: false, text: String(error) };
    }
  }
  const args = {
    get_memo: { id },
    search: { query: marker, archived: rowStatus === "ARCHIVED" },
    update_memo: { id, content: `${marker} edited` },
    add_tags: { id, tags: ["taken"] },
    archive: { id, action: rowStatus === "ARCHIVED" ? "restore" : "archive" },
    pin: { id, action: "pin" },
  }[tool];
  const name = { search: "search_memos", archive: "set_memo_state", pin: "set_memo_state" }[tool as string] ?? tool;
  const result = await client.callTool({ name, arguments: args });
  const text = JSON.stringify(result.content);
  if (result.isError) return { done: false, text };
  if (tool === "search") return { done: (result.structuredContent as McpMemoPage).memos.some((memo) => memo.id === id), text };
  return { done: true, text };
}

describe("MCP permission matrix", () => {
  for (const kind of KINDS)
    for (const tool of TOOLS)
      it(`${kind} ${tool}: ${CALLERS.map((caller) => `${caller}=${expected(caller, kind, tool) ? "Y" : "N"}`).join(" ")}`, async () => {
        for (const caller of CALLERS) {
          const { done, text } = await perform(clients[caller], tool, kind);
          expect(done, `${caller} ${tool} on a ${kind} memo: ${text.slice(0, 300)}`).toBe(expected(caller, kind, tool));
          // A refusal never carries the memo's text.
          if (!done) expect(text, `${caller} ${tool}`).not.toMatch(/marker\d+x/);
        }
      });
});
