// What happens around a memo through v1, on both transports: comments (our comments, shown as memos with a parent,
// read, edited and deleted by their own names too), reactions one by one (on a memo and on a comment), and relations
// (our references, which the text makes: setting one writes a link into the text). The same rows v0 shows.
import { Code } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoRelation_Type, MemoService, Visibility } from "../../src/v1/gen/memos/api/v1/memo_service_pb.js";
import type { TestUser } from "../factories.js";
import type { TestApp } from "../harness.js";
import { connectClient, failure, rest, startV1Instance } from "../v1-client.js";

let t: TestApp;
let base: string;
let host: TestUser;
let hostToken: string;
let memberToken: string;

beforeAll(async () => {
  ({ t, base, host, hostToken, memberToken } = await startV1Instance());
});
afterAll(() => t.close());

/** A memo of the host's through v1; its name. */
async function hostMemo(content: string, visibility = "PUBLIC"): Promise<string> {
  const created = await rest(base, "POST", "/api/v1/memos", { token: hostToken, body: { content, visibility } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.name;
}

describe("comments", () => {
  it("are written, paged, read, edited and deleted as memos with a parent, and are v0's comments", async () => {
    const memo = await hostMemo("Discuss #plans");
    const first = await rest(base, "POST", `/api/v1/${memo}/comments`, { token: memberToken, body: { content: "First! #reply" } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ parent: memo, creator: "users/member", visibility: "PUBLIC", state: "NORMAL", tags: ["reply"] });
    expect(first.body.name).toMatch(/^memos\/[A-Za-z0-9]{22}$/);
    const member = connectClient(base, MemoService, { authorization: `Bearer ${memberToken}` });
    const second = await member.createMemoComment({ name: memo, commentId: "my-comment", comment: { content: "Second" } });
    expect(second.name).toBe("memos/my-comment");

    const page = await rest(base, "GET", `/api/v1/${memo}/comments?pageSize=1`);
    expect(page.body.memos.map((item: { content: string }) => item.content)).toEqual(["First! #reply"]);
    const next = await rest(base, "GET", `/api/v1/${memo}/comments?pageSize=1&pageToken=${page.body.nextPageToken}`);
    expect([next.body.memos.map((item: { name: string }) => item.name), next.body.nextPageToken]).toEqual([["memos/my-comment"], ""]);

    // By its own name: read, edited by its author only, deleted by the memo's author.
    expect((await rest(base, "GET", `/api/v1/${first.body.name}`)).body).toMatchObject({ content: "First! #reply", parent: memo });
    const edited = await member.updateMemo({
      memo: { name: "memos/my-comment", content: "Second, edited" },
      updateMask: { paths: ["content"] },
    });
    expect(edited).toMatchObject({ content: "Second, edited", parent: memo });
    const byOther = await rest(base, "PATCH", "/api/v1/memos/my-comment", { token: hostToken, body: { content: "not mine" } });
    expect([byOther.status, byOther.body.code]).toEqual([403, 7]);
    const pinning = await rest(base, "PATCH", "/api/v1/memos/my-comment?updateMask=pinned", { token: memberToken, body: { pinned: true } });
    expect([pinning.status, pinning.body.message]).toEqual([400, expect.stringMatching(/^invalid update_mask: /)]);

    const v0 = await host.client.get(
      `/api/memo/${(await t.ctx.store.db.selectFrom("memo").select("id").where("uid", "=", memo.slice(6)).executeTakeFirstOrThrow()).id}/comment`,
    );
    expect(v0.body.data.comments.map((comment: { content: string }) => comment.content)).toEqual(["First! #reply", "Second, edited"]);

    expect((await rest(base, "DELETE", "/api/v1/memos/my-comment", { token: hostToken })).status).toBe(200);
    expect((await rest(base, "GET", "/api/v1/memos/my-comment")).status).toBe(404);
  });

  it("follow the memo's rules and refuse bad input naming the field", async () => {
    const secret = await hostMemo("secret", "PRIVATE");
    const member = connectClient(base, MemoService, { authorization: `Bearer ${memberToken}` });
    expect((await failure(member.createMemoComment({ name: secret, comment: { content: "peek" } }))).code).toBe(Code.PermissionDenied);
    expect((await failure(member.listMemoComments({ name: secret }))).code).toBe(Code.PermissionDenied);
    const memo = await hostMemo("open");
    const cases: Array<[() => Promise<unknown>, Code, RegExp]> = [
      [
        () => member.createMemoComment({ name: memo, commentId: "-bad", comment: { content: "x" } }),
        Code.InvalidArgument,
        /^invalid comment_id: /,
      ],
      [
        () => member.createMemoComment({ name: memo, comment: { content: "x".repeat(1024 * 1024 + 1) } }),
        Code.InvalidArgument,
        /^invalid comment\.content: /,
      ],
      [() => member.createMemoComment({ name: memo }), Code.InvalidArgument, /^invalid comment: /],
      [() => member.createMemoComment({ name: memo, commentId: memo.slice(6), comment: { content: "x" } }), Code.AlreadyExists, /taken/],
      [() => member.listMemoComments({ name: memo, pageToken: "nope" }), Code.InvalidArgument, /^invalid page_token: /],
      [() => member.listMemoComments({ name: memo, orderBy: "create_time desc" }), Code.InvalidArgument, /^invalid order_by: /],
      [() => connectClient(base, MemoService).createMemoComment({ name: memo, comment: { content: "x" } }), Code.Unauthenticated, /./],
    ];
    for (const [call, code, message] of cases) {
      const error = await failure(call());
      expect([error.code, error.rawMessage]).toEqual([code, expect.stringMatching(message)]);
    }
  });
});

describe("reactions", () => {
  it("are given once, listed one by one, and taken back by who gave them, on a memo and on a comment", async () => {
    const memo = await hostMemo("React to me");
    const member = connectClient(base, MemoService, { authorization: `Bearer ${memberToken}` });
    const thumbs = await member.upsertMemoReaction({ name: memo, reaction: { reactionType: "👍" } });
    expect(thumbs).toMatchObject({ creator: "users/member", contentId: memo, reactionType: "👍" });
    expect(thumbs.name).toMatch(new RegExp(`^${memo}/reactions/\\d+$`));
    expect((await member.upsertMemoReaction({ name: memo, reaction: { reactionType: "👍" } })).name).toBe(thumbs.name);
    const heart = await rest(base, "POST", `/api/v1/${memo}/reactions`, { token: hostToken, body: { reaction: { reactionType: "❤️" } } });
    expect(heart.status, JSON.stringify(heart.body)).toBe(200);

    const page = await rest(base, "GET", `/api/v1/${memo}/reactions?pageSize=1`);
    expect(page.body.reactions).toEqual([expect.objectContaining({ name: thumbs.name, creator: "users/member", reactionType: "👍" })]);
    const rest2 = await rest(base, "GET", `/api/v1/${memo}/reactions?pageSize=1&pageToken=${page.body.nextPageToken}`);
    expect([rest2.body.reactions.map((reaction: { reactionType: string }) => reaction.reactionType), rest2.body.nextPageToken]).toEqual([
      ["❤️"],
      "",
    ]);

    const notMine = await rest(base, "DELETE", `/api/v1/${heart.body.name}`, { token: memberToken });
    expect([notMine.status, notMine.body.code]).toEqual([403, 7]);
    await member.deleteMemoReaction({ name: thumbs.name });
    expect((await failure(member.deleteMemoReaction({ name: thumbs.name }))).code).toBe(Code.NotFound);
    expect((await rest(base, "GET", `/api/v1/${memo}/reactions`)).body.reactions).toHaveLength(1);

    const comment = await member.createMemoComment({ name: memo, comment: { content: "a comment" } });
    const onComment = await connectClient(base, MemoService, { authorization: `Bearer ${hostToken}` }).upsertMemoReaction({
      name: comment.name,
      reaction: { reactionType: "🎉" },
    });
    expect(onComment.name).toMatch(new RegExp(`^${comment.name}/reactions/\\d+$`));
    expect((await rest(base, "GET", `/api/v1/${comment.name}/reactions`)).body.reactions).toEqual([
      expect.objectContaining({ creator: "users/host", reactionType: "🎉" }),
    ]);

    const bad = await rest(base, "POST", `/api/v1/${memo}/reactions`, {
      token: memberToken,
      body: { reaction: { reactionType: "not an emoji" } },
    });
    expect([bad.status, bad.body.message]).toEqual([400, expect.stringMatching(/^invalid reaction\.reaction_type: /)]);
    const badName = await rest(base, "DELETE", `/api/v1/${memo}/reactions/x`, { token: memberToken });
    expect([badName.status, badName.body.message]).toEqual([400, expect.stringMatching(/^invalid name: /)]);
    const anonymous = await rest(base, "POST", `/api/v1/${memo}/reactions`, { body: { reaction: { reactionType: "👍" } } });
    expect(anonymous.status).toBe(401);
  });
});

describe("relations", () => {
  it("lists the text's references both ways, and sets one by writing a link into the text", async () => {
    const target = await hostMemo("The target memo");
    const source = await hostMemo("The source memo");
    const hostClient = connectClient(base, MemoService, { authorization: `Bearer ${hostToken}` });
    const set = await rest(base, "PATCH", `/api/v1/${source}/relations`, {
      token: hostToken,
      body: {
        relations: [
          { relatedMemo: { name: target }, type: "REFERENCE" },
          { relatedMemo: { name: source }, type: "REFERENCE" },
        ],
      },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const written = await hostClient.getMemo({ name: source });
    expect(written.content).toMatch(/^The source memo\n\n\[The target memo\]\(\/m\/\d+\)$/);
    // Setting it again adds nothing.
    await hostClient.setMemoRelations({ name: source, relations: [{ relatedMemo: { name: target }, type: MemoRelation_Type.REFERENCE }] });
    expect((await hostClient.getMemo({ name: source })).content).toBe(written.content);

    const expected = {
      memo: { name: source, snippet: "The source memo The target memo" },
      relatedMemo: { name: target },
      type: "REFERENCE",
    };
    expect((await rest(base, "GET", `/api/v1/${source}/relations`)).body).toMatchObject({ relations: [expected], nextPageToken: "" });
    expect((await rest(base, "GET", `/api/v1/${target}/relations`)).body.relations).toEqual([
      expect.objectContaining({ memo: expect.objectContaining({ name: source }) }),
    ]);

    const member = connectClient(base, MemoService, { authorization: `Bearer ${memberToken}` });
    expect((await failure(member.setMemoRelations({ name: source, relations: [] }))).code).toBe(Code.PermissionDenied);
    const own = await member.createMemo({ memo: { content: "mine", visibility: Visibility.PUBLIC } });
    const secret = await hostMemo("secret", "PRIVATE");
    const hidden = await failure(member.setMemoRelations({ name: own.name, relations: [{ relatedMemo: { name: secret } }] }));
    expect(hidden.code).toBe(Code.PermissionDenied);
    const bad = await failure(member.setMemoRelations({ name: own.name, relations: [{ relatedMemo: { name: "users/x" } }] }));
    expect([bad.code, bad.rawMessage]).toEqual([
      Code.InvalidArgument,
      expect.stringMatching(/^invalid relations\[0\]\.related_memo\.name: /),
    ]);
  });
});
