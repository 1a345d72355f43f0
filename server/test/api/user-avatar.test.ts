// Avatars: set by v1's UpdateUser (`avatar_url`, a data: URL, as memos' clients send it) or our PATCH /api/user/:id
// (`avatarUrl`), kept as bytes, named in both APIs' user as /file/users/{username}/avatar (memos' address) and served
// there; cleared by an empty value; only PNG, JPEG, GIF and WebP whose bytes are what their type says, up to the cap.
import { Code } from "@connectrpc/connect";
import { INPUT_LIMITS } from "@memos/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UserService } from "../../src/v1/gen/memos/api/v1/user_service_pb.js";
import { createUser, type TestUser } from "../factories.js";
import type { TestApp } from "../harness.js";
import { connectClient, failure, rest, startV1Instance } from "../v1-client.js";

let t: TestApp;
let base: string;
let host: TestUser;
let member: TestUser;
let hostToken: string;
let memberToken: string;

const PNG_BYTES = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString("base64")}`;
const GIF_BYTES = Buffer.concat([Buffer.from("GIF89a"), Buffer.alloc(20)]);

beforeAll(async () => {
  ({ t, base, host, member, hostToken, memberToken } = await startV1Instance());
});
afterAll(() => t.close());

describe("avatars", () => {
  it("are set through v1, named in both APIs' user, served at memos' address, and cleared by an empty value", async () => {
    const users = connectClient(base, UserService, { authorization: `Bearer ${memberToken}` });
    const updated = await users.updateUser({
      user: { name: "users/member", avatarUrl: dataUrl("image/png", PNG_BYTES) },
      updateMask: { paths: ["avatar_url"] },
    });
    expect(updated.avatarUrl).toBe("/file/users/member/avatar");
    expect((await users.getUser({ name: "users/member" })).avatarUrl).toBe("/file/users/member/avatar");
    expect((await host.client.get(`/api/user/${member.user.id}`)).body.data.avatarUrl).toBe("/file/users/member/avatar");
    expect((await host.client.get("/api/user")).body.data.find((user: { id: number }) => user.id === member.user.id).avatarUrl).toBe(
      "/file/users/member/avatar",
    );

    const served = await fetch(`${base}/file/users/member/avatar`);
    expect([served.status, served.headers.get("content-type"), served.headers.get("x-content-type-options")]).toEqual([
      200,
      "image/png",
      "nosniff",
    ]);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG_BYTES);
    const again = await fetch(`${base}/file/users/member/avatar`, { headers: { "if-none-match": served.headers.get("etag")! } });
    expect(again.status).toBe(304);

    // A client sending back the user it read (the served address) changes nothing.
    const echoed = await rest(base, "PATCH", "/api/v1/users/member?updateMask=display_name,avatar_url", {
      token: memberToken,
      body: { displayName: "Member", avatarUrl: "/file/users/member/avatar" },
    });
    expect([echoed.status, echoed.body.avatarUrl]).toEqual([200, "/file/users/member/avatar"]);

    // Replaced through our own API, then cleared.
    const replaced = await member.client.patch(`/api/user/${member.user.id}`, { avatarUrl: dataUrl("image/gif", GIF_BYTES) });
    expect([replaced.status, replaced.body.data.avatarUrl]).toEqual([200, "/file/users/member/avatar"]);
    const gif = await fetch(`${base}/file/users/member/avatar`);
    expect([gif.headers.get("content-type"), gif.headers.get("etag") === served.headers.get("etag")]).toEqual(["image/gif", false]);
    const cleared = await rest(base, "PATCH", "/api/v1/users/member?updateMask=avatar_url", {
      token: memberToken,
      body: { avatarUrl: "" },
    });
    expect([cleared.status, cleared.body.avatarUrl ?? ""]).toEqual([200, ""]);
    expect((await fetch(`${base}/file/users/member/avatar`)).status).toBe(404);
    expect((await fetch(`${base}/file/users/nobody/avatar`)).status).toBe(404);
  });

  it("take only the images they should, naming the field", async () => {
    const users = connectClient(base, UserService, { authorization: `Bearer ${hostToken}` });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const tooLarge = Buffer.concat([PNG_BYTES, Buffer.alloc(INPUT_LIMITS.avatarBytes)]);
    const cases: Array<[string, RegExp]> = [
      ["https://example.com/me.png", /expected a data:image/],
      [dataUrl("image/svg+xml", svg), /image\/svg\+xml is not taken/],
      [dataUrl("image/png", GIF_BYTES), /not a image\/png image/],
      ["data:image/png;base64,iVBORw0KGgo", /cut short/],
      [dataUrl("image/png", tooLarge), /avatar_url: /],
    ];
    for (const [avatarUrl, message] of cases) {
      const error = await failure(users.updateUser({ user: { name: "users/host", avatarUrl }, updateMask: { paths: ["avatar_url"] } }));
      expect([error.code, error.rawMessage]).toEqual([Code.InvalidArgument, expect.stringMatching(/^invalid user\.avatar_url: /)]);
      expect(error.rawMessage).toMatch(message);
    }
    const v0 = await host.client.patch(`/api/user/${host.user.id}`, { avatarUrl: dataUrl("image/svg+xml", svg) });
    expect([v0.status, v0.body.field]).toEqual([400, "avatarUrl"]);
    expect((await users.getUser({ name: "users/host" })).avatarUrl).toBe("");
  });

  it("go with their account", async () => {
    const { id } = (await createUser(t, host, "leaving")).user;
    expect((await host.client.patch(`/api/user/${id}`, { avatarUrl: dataUrl("image/png", PNG_BYTES) })).status).toBe(200);
    expect((await fetch(`${base}/file/users/leaving/avatar`)).status).toBe(200);
    expect((await host.client.delete(`/api/user/${id}`)).status).toBe(200);
    const rows = await t.ctx.store.db.selectFrom("user_avatar").select("user_id").where("user_id", "=", id).execute();
    expect(rows).toEqual([]);
  });
});
