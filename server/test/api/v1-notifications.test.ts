// UserService's notifications over both transports: the inbox as v1 shows it (comments on one's memos and mentions
// of one, with names v1 clients link to), paged by token, marked read (ARCHIVED) and unread, removed; the owner's alone.
import { Code } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UserNotification_Status, UserNotification_Type, UserService } from "../../src/v1/gen/memos/api/v1/user_service_pb.js";
import { connectClient, failure, rest, startV1Instance, type V1Instance } from "../v1-client.js";

let v: V1Instance;
let memo = "";
let comment = "";
let mention = "";

beforeAll(async () => {
  v = await startV1Instance();
  // The member's memo: the host comments on it and reacts to it; the host's public memo names the member.
  memo = (await rest(v.base, "POST", "/api/v1/memos", { token: v.memberToken, body: { content: "my plans", visibility: "PROTECTED" } }))
    .body.name;
  comment = (await rest(v.base, "POST", `/api/v1/${memo}/comments`, { token: v.hostToken, body: { content: "nice plans" } })).body.name;
  await rest(v.base, "POST", `/api/v1/${memo}/reactions`, { token: v.hostToken, body: { reaction: { reactionType: "👍" } } });
  mention = (await rest(v.base, "POST", "/api/v1/memos", { token: v.hostToken, body: { content: "hello @member", visibility: "PUBLIC" } }))
    .body.name;
});
afterAll(() => v.t.close());

const member = () => connectClient(v.base, UserService, { authorization: `Bearer ${v.memberToken}` });

describe("the inbox as notifications", () => {
  it("lists comments and mentions newest first (reactions are ours alone), with names, senders and snippets", async () => {
    const { notifications, nextPageToken } = await member().listUserNotifications({ parent: "users/member" });
    expect(nextPageToken).toBe("");
    expect(notifications).toHaveLength(2);
    const [first, second] = notifications;
    expect(first).toMatchObject({
      name: expect.stringMatching(/^users\/member\/notifications\/\d+$/),
      sender: "users/host",
      status: UserNotification_Status.UNREAD,
      type: UserNotification_Type.MEMO_MENTION,
      payload: { case: "memoMention", value: { memo: mention, memoSnippet: "hello @member", relatedMemo: "" } },
    });
    expect(first?.senderUser).toMatchObject({ name: "users/host", username: "host" });
    expect(second).toMatchObject({
      type: UserNotification_Type.MEMO_COMMENT,
      payload: {
        case: "memoComment",
        value: { memo: comment, relatedMemo: memo, memoSnippet: "nice plans", relatedMemoSnippet: "my plans" },
      },
    });
    expect(Number(first!.createTime!.seconds)).toBeGreaterThan(0);
  });

  it("pages by token over REST, and refuses a token it did not give and a filter", async () => {
    const page = await rest(v.base, "GET", "/api/v1/users/member/notifications?pageSize=1", { token: v.memberToken });
    expect(page.status).toBe(200);
    expect(page.body.notifications).toHaveLength(1);
    expect(page.body.notifications[0]).toMatchObject({ type: "MEMO_MENTION", status: "UNREAD" });
    const next = await rest(v.base, "GET", `/api/v1/users/member/notifications?pageSize=1&pageToken=${page.body.nextPageToken}`, {
      token: v.memberToken,
    });
    expect(next.body.notifications.map((item: { type: string }) => item.type)).toEqual(["MEMO_COMMENT"]);
    expect(next.body.nextPageToken ?? "").toBe("");
    for (const [query, field] of [
      ["pageToken=bogus", "page_token"],
      ["filter=status%3D%3D%22UNREAD%22", "filter"],
    ]) {
      const bad = await rest(v.base, "GET", `/api/v1/users/member/notifications?${query}`, { token: v.memberToken });
      expect([bad.status, bad.body.message], query).toEqual([400, expect.stringMatching(new RegExp(`^invalid ${field}: `))]);
    }
  });

  it("marks one read (ARCHIVED) and unread again, as v0's inbox sees it, by status alone", async () => {
    const [first] = (await member().listUserNotifications({ parent: "users/member" })).notifications;
    const read = await rest(v.base, "PATCH", `/api/v1/${first!.name}`, { token: v.memberToken, body: { status: "ARCHIVED" } });
    expect([read.status, read.body.status]).toEqual([200, "ARCHIVED"]);
    const id = Number(first!.name.split("/").at(-1));
    const inbox = (await v.member.client.get("/api/inbox")).body.data.items as Array<{ id: number; read: boolean }>;
    expect(inbox.find((item) => item.id === id)?.read).toBe(true);
    const unread = await member().updateUserNotification({
      notification: { name: first!.name, status: UserNotification_Status.UNREAD },
      updateMask: { paths: ["status"] },
    });
    expect(unread.status).toBe(UserNotification_Status.UNREAD);
    const cases: Array<[() => Promise<unknown>, RegExp]> = [
      [
        () => member().updateUserNotification({ notification: { name: first!.name, status: 2 }, updateMask: { paths: ["sender"] } }),
        /^invalid update_mask: /,
      ],
      [
        () => member().updateUserNotification({ notification: { name: first!.name }, updateMask: { paths: ["status"] } }),
        /^invalid notification\.status: /,
      ],
      [() => member().updateUserNotification({ notification: { name: first!.name, status: 2 } }), /^invalid update_mask: /],
      [
        () =>
          member().updateUserNotification({
            notification: { name: "users/member/notifications/x", status: 2 },
            updateMask: { paths: ["status"] },
          }),
        /^invalid notification\.name: /,
      ],
    ];
    // Each call made only when awaited, so no refusal goes unhandled meanwhile.
    for (const [call, message] of cases) {
      const refused = await failure(call());
      expect([refused.code, refused.rawMessage]).toEqual([Code.InvalidArgument, expect.stringMatching(message)]);
    }
  });

  it("is its owner's alone: another account, administrators included, is refused; an unknown id is not found", async () => {
    const [first] = (await member().listUserNotifications({ parent: "users/member" })).notifications;
    const host = connectClient(v.base, UserService, { authorization: `Bearer ${v.hostToken}` });
    expect((await failure(host.listUserNotifications({ parent: "users/member" }))).code).toBe(Code.PermissionDenied);
    expect((await failure(host.deleteUserNotification({ name: first!.name }))).code).toBe(Code.PermissionDenied);
    const patch = await rest(v.base, "PATCH", `/api/v1/${first!.name}`, { token: v.hostToken, body: { status: "ARCHIVED" } });
    expect(patch.status).toBe(403);
    expect((await rest(v.base, "GET", "/api/v1/users/member/notifications")).status).toBe(401);
    expect((await failure(member().deleteUserNotification({ name: "users/member/notifications/999999" }))).code).toBe(Code.NotFound);
    // The host's own inbox holds the member's reaction-free life: nothing of v1's kinds.
    expect((await host.listUserNotifications({ parent: "users/host" })).notifications).toEqual([]);
  });

  it("removes one, which then is not found", async () => {
    const before = (await member().listUserNotifications({ parent: "users/member" })).notifications;
    const gone = await rest(v.base, "DELETE", `/api/v1/${before[0]!.name}`, { token: v.memberToken });
    expect(gone.status).toBe(200);
    const after = (await member().listUserNotifications({ parent: "users/member" })).notifications;
    expect(after.map((item) => item.name)).toEqual(before.slice(1).map((item) => item.name));
    expect((await rest(v.base, "DELETE", `/api/v1/${before[0]!.name}`, { token: v.memberToken })).status).toBe(404);
  });
});
