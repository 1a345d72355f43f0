// Spaces through HTTP (issue 47): the owner makes a space and adds members by username or by an invitation link; the
// owner and editors post to it, every member reads its feed (every member's memos, newest first) and comments,
// reacts and is mentioned there; nobody else sees or finds its memos on any read path (the walk below); leaving,
// removal, transfer and deletion give every memo back to its author, never losing one.
import type { Memo, Space, SpaceMember } from "@memos/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../client.js";
import { expectError } from "../expect.js";
import { anonymous, createMemo, createUser, signUpHost, type TestUser } from "../factories.js";
import { connectMcp } from "../mcp-client.js";
import { callTool, toolError } from "../mcp-tools.js";
import { createTestApp, type TestApp } from "../harness.js";

describe("spaces", () => {
  let t: TestApp;
  let host: TestUser;
  let seq = 0;
  const user = (role: "USER" | "ADMIN" = "USER") => createUser(t, host, `sp${++seq}`, role);

  const ok = async <T>(request: Promise<{ status: number; text: string; body: { data?: T } }>): Promise<T> => {
    const response = await request;
    expect(response.status, response.text).toBe(200);
    return response.body.data as T;
  };
  const makeSpace = (owner: TestUser, name = "Family") => ok<Space>(owner.client.post("/api/space", { name }));
  const addMember = (owner: TestUser, spaceId: number, member: TestUser, role: "editor" | "reader") =>
    ok<SpaceMember[]>(owner.client.post(`/api/space/${spaceId}/member`, { username: member.user.username, role }));
  const post = (author: TestUser, spaceId: number, content: string) => createMemo(author, content, "PRIVATE", { spaceId });
  const feed = async (client: Client, spaceId: number, query: Record<string, string | number> = {}) =>
    (await ok<Memo[]>(client.get(`/api/space/${spaceId}/memo`, { query }))).map((memo) => memo.content);

  /** A space of `owner` with an editor and a reader, and a memo of each writer in it. */
  async function family() {
    const owner = await user();
    const editor = await user();
    const reader = await user();
    const space = await makeSpace(owner);
    await addMember(owner, space.id, editor, "editor");
    await addMember(owner, space.id, reader, "reader");
    const marker = `secret${++seq}x`;
    const ownerMemo = await post(owner, space.id, `${marker} by owner #${marker}tag`);
    const editorMemo = await post(editor, space.id, `${marker} by editor`);
    return { owner, editor, reader, space, marker, ownerMemo, editorMemo };
  }

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
  });
  afterAll(() => t.close());

  it("shows every member the feed of every member's memos, newest first; editors post, readers do not", async () => {
    const { owner, editor, reader, space, marker, ownerMemo } = await family();
    expect(ownerMemo.visibility).toBe("PRIVATE");
    expect(ownerMemo.spaceId).toBe(space.id);
    for (const member of [owner, editor, reader]) {
      expect(await feed(member.client, space.id)).toEqual([`${marker} by editor`, `${marker} by owner #${marker}tag`]);
    }
    expectError(await reader.client.post("/api/memo", { content: "not mine to post", spaceId: space.id }), 403, undefined, {
      reason: "auth.forbidden",
    });
    expectError(await owner.client.post("/api/memo", { content: "public?", visibility: "PUBLIC", spaceId: space.id }), 400, undefined, {
      field: "visibility",
    });
    // The feed filters as a list does: by tag, by words; and pages by cursor.
    expect(await feed(reader.client, space.id, { tag: `${marker}tag` })).toEqual([`${marker} by owner #${marker}tag`]);
    expect(await feed(reader.client, space.id, { search: "editor" })).toEqual([`${marker} by editor`]);
    const first = await reader.client.get(`/api/space/${space.id}/memo`, { query: { limit: 1 } });
    const cursor = first.headers["x-next-cursor"] as string;
    expect(cursor).toBeTruthy();
    expect(await feed(reader.client, space.id, { limit: 1, cursor })).toEqual([`${marker} by owner #${marker}tag`]);
    expect((await ok<Space[]>(reader.client.get("/api/space"))).map((mine) => [mine.name, mine.role])).toEqual([["Family", "reader"]]);
  });

  it("lets members read, comment on and react to a space memo, and tells a member mentioned in it", async () => {
    const { owner, editor, reader, space } = await family();
    const outsider = await user();
    const memo = await post(editor, space.id, `hello @${reader.user.username} and @${outsider.user.username}`);
    expect((await reader.client.get(`/api/memo/${memo.id}`)).status).toBe(200);
    expect((await reader.client.post(`/api/memo/${memo.id}/comment`, { content: "seen" })).status).toBe(200);
    expect((await owner.client.post(`/api/memo/${memo.id}/reaction`, { emoji: "👍" })).status).toBe(200);
    const reactions = await ok<{ memoId: number }[]>(reader.client.get("/api/reaction", { query: { memoIds: String(memo.id) } }));
    expect(reactions.map((reaction) => reaction.memoId)).toContain(memo.id);
    const counts = await ok<{ memoId: number; count: number }[]>(
      reader.client.get("/api/memo/comment-count", { query: { memoIds: String(memo.id) } }),
    );
    expect(counts).toEqual([{ memoId: memo.id, count: 1 }]);
    const inbox = async (member: TestUser) => (await ok<{ items: { memoId?: number }[] }>(member.client.get("/api/inbox"))).items;
    expect((await inbox(reader)).some((item) => item.memoId === memo.id)).toBe(true);
    expect((await inbox(outsider)).some((item) => item.memoId === memo.id)).toBe(false);
    // Editing and share links stay the author's.
    expect((await owner.client.patch(`/api/memo/${memo.id}`, { content: "mine now" })).status).toBe(403);
    expect((await owner.client.post(`/api/memo/${memo.id}/share`, {})).status).toBeGreaterThanOrEqual(400);
  });

  it("shows nobody outside the space its memos on any read path, nor its members outside the feed", async () => {
    const { owner, editor, reader, space, marker, ownerMemo } = await family();
    const outsider = await user();
    const admin = await user("ADMIN");
    const alsoPublic = await createMemo(owner, "a public memo of the owner", "PUBLIC", { createdTs: 1_600_000_000 });
    const uid = async (memo: Memo) =>
      (await t.ctx.store.db.selectFrom("memo").select("uid").where("id", "=", memo.id).executeTakeFirstOrThrow()).uid;
    const ownerUid = await uid(ownerMemo);
    const lists = [
      ["/api/memo", { creatorId: owner.user.id, limit: 1000 }],
      ["/api/memo", { creatorId: owner.user.id, search: marker }],
      ["/api/memo/count", { creatorId: owner.user.id, search: marker }],
      ["/api/memo/all", { limit: 1000 }],
      ["/api/memo/all", { search: marker }],
      ["/api/memo/all", { tag: `${marker}tag` }],
      ["/api/memo/all/count", { search: marker }],
      ["/api/memo/ids", { creatorId: owner.user.id }],
      ["/api/memo/stats", { creatorId: owner.user.id }],
      ["/api/memo/calendar", { creatorId: owner.user.id, days: `${ownerMemo.createdTs},${ownerMemo.createdTs + 1}` }],
      [`/u/${owner.user.id}/rss.xml`, {}],
      ["/explore/rss.xml", {}],
      ["/api/v1/memos", { pageSize: 1000 }],
      ["/api/v1/memos", { pageSize: 1000, filter: `content.contains("${marker}")` }],
      [`/api/v1/users/${owner.user.username}/memos`, { pageSize: 1000 }],
      [`/api/memo/${alsoPublic.id}/relation`, {}],
    ] as const;
    const callers: [string, Client][] = [
      ["visitor", anonymous(t)],
      ["outsider", outsider.client],
      ["admin", admin.client],
      ["host", host.client],
      ["reader", reader.client],
      ["editor", editor.client],
    ];
    for (const [who, client] of callers) {
      for (const [path, query] of lists) {
        const response = await client.get(path, { query });
        expect(response.status, `${who} ${path}`).toBeLessThan(500);
        // The owner's memo (the editor's own memo is the editor's to see in their lists).
        expect(response.text, `${who} ${path} ${JSON.stringify(query)}`).not.toContain(`${marker} by owner`);
        if (who !== "editor") expect(response.text, `${who} ${path} ${JSON.stringify(query)}`).not.toContain(marker);
        expect(response.text, `${who} ${path}`).not.toContain(ownerUid);
      }
      // The calendar's day and the heat map hold the memo's time only for its author.
      const stats = await client.get("/api/memo/stats", { query: { creatorId: owner.user.id } });
      if (stats.status === 200) expect(stats.body.data, who).not.toContain(ownerMemo.createdTs);
      const count = await client.get("/api/memo/count", { query: { creatorId: owner.user.id } });
      if (count.status === 200) expect(count.body.data.count, who).toBe(1);
    }
    // One memo by id, its comments, reactions, files and v1 name: members only.
    for (const [who, client] of callers) {
      const member = who === "reader" || who === "editor";
      const single = [
        `/api/memo/${ownerMemo.id}`,
        `/api/memo/${ownerMemo.id}/comment`,
        `/api/memo/${ownerMemo.id}/resource`,
        `/api/memo/${ownerMemo.id}/relation`,
        `/api/v1/memos/${ownerUid}`,
        `/api/v1/memos/${ownerUid}/comments`,
        `/api/v1/memos/${ownerUid}/reactions`,
      ];
      for (const path of single) {
        const response = await client.get(path);
        if (member) expect(response.status, `${who} ${path}`).toBe(200);
        else {
          expect(response.status, `${who} ${path}`).toBeGreaterThanOrEqual(400);
          expect(response.text, `${who} ${path}`).not.toContain(marker);
        }
      }
      const batch = await client.get("/api/reaction", { query: { memoIds: String(ownerMemo.id) } });
      if (!member) expect(batch.text, who).not.toContain(`"memoId":${ownerMemo.id}`);
      // The space itself answers as if it did not exist.
      const feedAnswer = await client.get(`/api/space/${space.id}/memo`);
      if (member) expect(feedAnswer.status).toBe(200);
      else expect(feedAnswer.status, who).toBe(who === "visitor" ? 401 : 404);
    }
    // The author's own lists hold it, as a private memo of theirs.
    const own = await owner.client.get("/api/memo", { query: { limit: 1000 } });
    expect(own.text).toContain(marker);
  });

  it("lets a v1 client of a member read a space memo as PRIVATE and its author edit it in place; public, it leaves the space", async () => {
    const { editor, reader, space, marker, editorMemo } = await family();
    const row = await t.ctx.store.db.selectFrom("memo").select("uid").where("id", "=", editorMemo.id).executeTakeFirstOrThrow();
    const read = await reader.client.get(`/api/v1/memos/${row.uid}`);
    expect(read.status, read.text).toBe(200);
    expect(read.body.visibility).toBe("PRIVATE");
    const edited = await editor.client.patch(`/api/v1/memos/${row.uid}?updateMask=content,visibility`, {
      content: `${marker} by editor, edited`,
      visibility: "PRIVATE",
    });
    expect(edited.status, edited.text).toBe(200);
    expect(await feed(reader.client, space.id)).toContain(`${marker} by editor, edited`);
    const shared = await editor.client.patch(`/api/v1/memos/${row.uid}?updateMask=visibility`, { visibility: "PUBLIC" });
    expect(shared.status, shared.text).toBe(200);
    expect(await feed(reader.client, space.id)).toEqual([`${marker} by owner #${marker}tag`]);
  });

  it("shows a space memo through MCP to its members by id only, and to nobody else at all", async () => {
    const { reader, ownerMemo, marker } = await family();
    const outsider = await user();
    const mcpOf = async (member: TestUser) => {
      const token = await ok<{ token: string }>(member.client.post("/api/access-token", { name: "mcp", scope: "read" }));
      return connectMcp(t, token.token);
    };
    for (const [who, member] of [
      ["outsider", outsider],
      ["reader", reader],
    ] as const) {
      const mcp = await mcpOf(member);
      try {
        for (const [tool, args] of [
          ["search_memos", { query: marker }],
          ["recent_memos", {}],
          ["list_tags", {}],
        ] as const) {
          expect(JSON.stringify(await callTool(mcp, tool, args)), `${who} ${tool}`).not.toContain(marker);
        }
        if (who === "reader") expect(JSON.stringify(await callTool(mcp, "get_memo", { id: ownerMemo.id }))).toContain(marker);
        else expect(await toolError(mcp, "get_memo", { id: ownerMemo.id })).not.toContain(marker);
      } finally {
        await mcp.close().catch(() => undefined);
      }
    }
  });

  it("takes a memo out of its space when its author makes it public or protected", async () => {
    const { owner, reader, space, marker, ownerMemo } = await family();
    const patched = await ok<Memo>(owner.client.patch(`/api/memo/${ownerMemo.id}`, { visibility: "PROTECTED" }));
    expect(patched.spaceId).toBeUndefined();
    expect(await feed(reader.client, space.id)).toEqual([`${marker} by editor`]);
  });

  it("gives a leaving or removed member's memos back to them, and keeps the owner", async () => {
    const { owner, editor, reader, space, marker, editorMemo } = await family();
    expectError(await owner.client.post(`/api/space/${space.id}/leave`), 409, undefined, { reason: "space.owner-stays" });
    expectError(await owner.client.delete(`/api/space/${space.id}/member/${owner.user.id}`), 409, undefined, {
      reason: "space.owner-stays",
    });
    expect((await editor.client.post(`/api/space/${space.id}/leave`)).status).toBe(200);
    expect(await feed(reader.client, space.id)).toEqual([`${marker} by owner #${marker}tag`]);
    const back = await ok<Memo>(editor.client.get(`/api/memo/${editorMemo.id}`));
    expect([back.visibility, back.spaceId]).toEqual(["PRIVATE", undefined]);
    expect((await reader.client.get(`/api/memo/${editorMemo.id}`)).status).toBe(403);
    expect((await editor.client.get(`/api/space/${space.id}/memo`)).status).toBe(404);
    expect((await reader.client.delete(`/api/space/${space.id}/member/${owner.user.id}`)).status).toBe(403);
    expect((await owner.client.delete(`/api/space/${space.id}/member/${reader.user.id}`)).status).toBe(200);
    expect((await reader.client.get(`/api/space/${space.id}`)).status).toBe(404);
  });

  it("changes roles and transfers the space to another member", async () => {
    const { owner, editor, reader, space } = await family();
    const members = await ok<SpaceMember[]>(owner.client.patch(`/api/space/${space.id}/member/${reader.user.id}`, { role: "editor" }));
    expect(members.map((member) => [member.username, member.role])).toEqual(
      [
        [owner.user.username, "owner"],
        [editor.user.username, "editor"],
        [reader.user.username, "editor"],
      ].sort((a, b) => (a[1] === "owner" ? -1 : b[1] === "owner" ? 1 : a[0]!.localeCompare(b[0]!))),
    );
    expectError(await owner.client.post(`/api/space/${space.id}/transfer`, { userId: host.user.id }), 400, undefined, { field: "userId" });
    expect((await ok<Space>(owner.client.post(`/api/space/${space.id}/transfer`, { userId: editor.user.id }))).role).toBe("editor");
    expect((await ok<Space>(editor.client.get(`/api/space/${space.id}`))).role).toBe("owner");
    expect((await owner.client.patch(`/api/space/${space.id}`, { name: "Mine" })).status).toBe(403);
    expect((await ok<Space>(editor.client.patch(`/api/space/${space.id}`, { name: "Ours" }))).name).toBe("Ours");
  });

  it("adds members by invitation links that expire and can be revoked, tokens shown once", async () => {
    const owner = await user();
    const space = await makeSpace(owner, "Club");
    const joiner = await user();
    const link = await ok<{ id: number; token: string; url: string }>(
      owner.client.post(`/api/space/${space.id}/invitation`, { role: "reader" }),
    );
    expect(link.url).toBe(`/space-invitation/${link.token}`);
    const listed = await ok<object[]>(owner.client.get(`/api/space/${space.id}/invitation`));
    expect(JSON.stringify(listed)).not.toContain(link.token);
    expect((await anonymous(t).post(`/api/space-invitation/${link.token}`)).status).toBe(401);
    expect((await ok<Space>(joiner.client.post(`/api/space-invitation/${link.token}`))).role).toBe("reader");
    // A member already keeps their role; the owner too.
    expect((await ok<Space>(owner.client.post(`/api/space-invitation/${link.token}`))).role).toBe("owner");
    expect((await joiner.client.get(`/api/space/${space.id}/invitation`)).status).toBe(403);
    expect((await owner.client.delete(`/api/space/${space.id}/invitation/${link.id}`)).status).toBe(200);
    const late = await user();
    expectError(await late.client.post(`/api/space-invitation/${link.token}`), 404, undefined, { reason: "space.invitation-not-found" });
    expectError(await owner.client.post(`/api/space/${space.id}/invitation`, { role: "editor", expiresTs: 1_000 }), 400, undefined, {
      field: "expiresTs",
    });
    const expiring = await ok<{ id: number; token: string }>(
      owner.client.post(`/api/space/${space.id}/invitation`, { role: "editor", expiresTs: Math.floor(Date.now() / 1000) + 3600 }),
    );
    await t.ctx.store.db.updateTable("space_invitation").set({ expires_ts: 1_000 }).where("id", "=", expiring.id).execute();
    expectError(await late.client.post(`/api/space-invitation/${expiring.token}`), 404, undefined, {
      reason: "space.invitation-not-found",
    });
    expectError(await owner.client.post(`/api/space/${space.id}/member`, { username: "nobody-here", role: "reader" }), 404, undefined, {
      reason: "space.user-not-found",
      field: "username",
    });
  });

  it("deletes a space giving every memo back to its author, as a private memo or to the trash", async () => {
    for (const memos of ["private", "trash"] as const) {
      const { owner, editor, reader, space, ownerMemo, editorMemo } = await family();
      expect((await reader.client.delete(`/api/space/${space.id}`, { query: { memos } })).status).toBe(403);
      expect((await owner.client.delete(`/api/space/${space.id}`)).status).toBe(400);
      expect((await owner.client.delete(`/api/space/${space.id}`, { query: { memos } })).status).toBe(200);
      expect((await owner.client.get(`/api/space/${space.id}`)).status).toBe(404);
      expect(await ok<Space[]>(reader.client.get("/api/space"))).toEqual([]);
      for (const [author, memo] of [
        [owner, ownerMemo],
        [editor, editorMemo],
      ] as const) {
        if (memos === "private") {
          const back = await ok<Memo>(author.client.get(`/api/memo/${memo.id}`));
          expect([back.visibility, back.spaceId]).toEqual(["PRIVATE", undefined]);
        } else {
          const trash = await ok<{ id: number }[]>(author.client.get("/api/trash"));
          expect(JSON.stringify(trash)).toContain(`"id":${memo.id}`);
          expect((await author.client.post(`/api/trash/${memo.id}/restore`)).status).toBe(200);
          expect((await ok<Memo>(author.client.get(`/api/memo/${memo.id}`))).spaceId).toBeUndefined();
        }
        expect((await reader.client.get(`/api/memo/${memo.id}`)).status).toBe(403);
      }
    }
  });

  it("lets go of a space's memos a batch at a time: none is left in it, whatever its size", async () => {
    for (const memos of ["private", "trash"] as const) {
      const { owner, editor, space } = await family();
      const rows = Array.from({ length: 1_100 }, (_, i) => ({
        creator_id: i % 2 === 0 ? owner.user.id : editor.user.id,
        content: `bulk ${i}`,
        visibility: "PRIVATE" as const,
        space_id: space.id,
      }));
      await t.ctx.store.db.insertInto("memo").values(rows).execute();
      expect((await editor.client.post(`/api/space/${space.id}/leave`)).status).toBe(200);
      const left = async (creator: number) =>
        (await t.ctx.store.db.selectFrom("memo").select("id").where("space_id", "=", space.id).where("creator_id", "=", creator).execute())
          .length;
      expect([await left(editor.user.id), await left(owner.user.id)]).toEqual([0, 551]);
      expect((await owner.client.delete(`/api/space/${space.id}`, { query: { memos } })).status).toBe(200);
      for (const table of ["memo", "memo_trash"] as const) {
        expect(await t.ctx.store.db.selectFrom(table).select("creator_id").where("space_id", "=", space.id).execute()).toEqual([]);
      }
      const inTrash = await t.ctx.store.db.selectFrom("memo_trash").select("memo_id").where("creator_id", "=", owner.user.id).execute();
      expect(inTrash.length).toBe(memos === "trash" ? 551 : 0);
    }
  });

  it("deletes the spaces of a deleted account, its members keeping their memos", async () => {
    const { owner, editor, reader, space, editorMemo } = await family();
    expect((await host.client.delete(`/api/user/${owner.user.id}`)).status).toBe(200);
    expect((await reader.client.get(`/api/space/${space.id}`)).status).toBe(404);
    const back = await ok<Memo>(editor.client.get(`/api/memo/${editorMemo.id}`));
    expect([back.visibility, back.spaceId]).toEqual(["PRIVATE", undefined]);
    expect(await t.ctx.store.db.selectFrom("space_member").selectAll().where("space_id", "=", space.id).execute()).toEqual([]);
  });

  it("refuses a bad name, a space of another, and a visitor", async () => {
    const owner = await user();
    expectError(await owner.client.post("/api/space", { name: " " }), 400, undefined, { field: "name" });
    expectError(await owner.client.post("/api/space", { name: "x".repeat(129) }), 400, undefined, { field: "name" });
    expect((await anonymous(t).get("/api/space")).status).toBe(401);
    const other = await makeSpace(await user());
    expectError(await owner.client.get(`/api/space/${other.id}`), 404, undefined, { reason: "space.not-found" });
    expectError(await owner.client.post("/api/memo", { content: "in?", spaceId: other.id }), 404, undefined, { reason: "space.not-found" });
    expectError(await owner.client.get("/api/space/999999/memo"), 404, undefined, { reason: "space.not-found" });
  });
});
