// The v1 API over Connect with the official client, binary protobuf, as the memos web app and memogram call it:
// the instance, a password sign-in (its session cookie) and a token, a memo's life through CreateMemo, GetMemo,
// UpdateMemo with a mask, ListMemos pages and DeleteMemo, and Connect's error codes for bad input and no credential.
import { create } from "@bufbuild/protobuf";
import { Code } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuthService } from "../../src/v1/gen/memos/api/v1/auth_service_pb.js";
import { State } from "../../src/v1/gen/memos/api/v1/common_pb.js";
import { InstanceService } from "../../src/v1/gen/memos/api/v1/instance_service_pb.js";
import { MemoSchema, MemoService, Visibility } from "../../src/v1/gen/memos/api/v1/memo_service_pb.js";
import { User_Role } from "../../src/v1/gen/memos/api/v1/user_service_pb.js";
import { PASSWORD, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { connectClient, failure, listen, personalToken } from "../v1-client.js";

let t: TestApp;
let base: string;
let host: TestUser;
let bearer: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  host = await signUpHost(t, "host");
  bearer = { authorization: `Bearer ${await personalToken(host.client)}` };
  base = await listen(t);
});
afterAll(() => t.close());

describe("signing in", () => {
  it("answers the profile, signs in with a password into a session cookie that then identifies the caller, and signs out", async () => {
    const profile = await connectClient(base, InstanceService).getInstanceProfile({});
    expect(profile).toMatchObject({ version: "0.30.0", needsSetup: false, admin: { username: "host", role: User_Role.ADMIN } });

    let cookie = "";
    const auth = connectClient(base, AuthService);
    const signedIn = await auth.signIn(
      { credentials: { case: "passwordCredentials", value: { username: "host", password: PASSWORD } } },
      { onHeader: (headers) => (cookie = headers.get("set-cookie")?.split(";")[0] ?? "") },
    );
    expect(signedIn.user?.name).toBe("users/host");
    expect(cookie).toMatch(/^memos_session=/);
    const session = connectClient(base, AuthService, { cookie });
    expect((await session.getCurrentUser({})).user?.username).toBe("host");
    await session.signOut({});
    expect((await failure(session.getCurrentUser({}))).code).toBe(Code.Unauthenticated);

    const wrong = await failure(
      auth.signIn({ credentials: { case: "passwordCredentials", value: { username: "host", password: "nope-nope" } } }),
    );
    expect([wrong.code, wrong.rawMessage]).toEqual([Code.InvalidArgument, "unmatched username and password"]);
  });
});

describe("a memo's life", () => {
  it("creates, reads, updates by mask, pages and deletes, as memogram does", async () => {
    const memos = connectClient(base, MemoService, bearer);
    const created = await memos.createMemo({ memo: { content: "From the bot #telegram", visibility: Visibility.PROTECTED } });
    expect(created).toMatchObject({ state: State.NORMAL, creator: "users/host", visibility: Visibility.PROTECTED, tags: ["telegram"] });
    expect((await memos.getMemo({ name: created.name })).content).toBe("From the bot #telegram");

    const updated = await memos.updateMemo({
      memo: create(MemoSchema, { name: created.name, visibility: Visibility.PUBLIC, pinned: true, content: "not in the mask" }),
      updateMask: { paths: ["visibility", "pinned"] },
    });
    expect(updated).toMatchObject({ visibility: Visibility.PUBLIC, pinned: true, content: "From the bot #telegram" });

    await memos.createMemo({ memo: { content: "second" } });
    await memos.createMemo({ memo: { content: "third" } });
    const first = await memos.listMemos({ pageSize: 2 });
    expect(first.memos.map((memo) => memo.content)).toEqual(["third", "second"]);
    const second = await memos.listMemos({ pageSize: 2, pageToken: first.nextPageToken });
    expect(second.memos.map((memo) => memo.content)).toEqual(["From the bot #telegram"]);
    expect(second.nextPageToken).toBe("");

    // The same call in Connect's JSON flavour.
    const json = connectClient(base, MemoService, bearer, false);
    expect((await json.getMemo({ name: created.name })).pinned).toBe(true);

    await memos.deleteMemo({ name: created.name });
    expect((await failure(memos.getMemo({ name: created.name }))).code).toBe(Code.NotFound);
  });
});

describe("refusals", () => {
  it("answers bad input InvalidArgument naming the field, and no credential Unauthenticated", async () => {
    const memos = connectClient(base, MemoService, bearer);
    const cases: Array<[() => Promise<unknown>, RegExp]> = [
      [() => memos.getMemo({ name: "memos/" }), /^invalid name: /],
      [() => memos.getMemo({ name: "users/host" }), /^invalid name: /],
      [() => memos.listMemos({ pageToken: "garbage" }), /^invalid page_token: /],
      [() => memos.listMemos({ state: 7 as State }), /^invalid state: /],
      [() => memos.listMemos({ filter: 'creator == "users/host" &&' }), /^invalid filter: syntax error at line 1, column \d+/],
      [() => memos.createMemo({ memo: { content: "x", visibility: 42 as Visibility } }), /^invalid memo\.visibility: /],
      [() => memos.createMemo({ memoId: "-bad-", memo: { content: "x" } }), /^invalid memo_id: /],
      [() => memos.createMemo({ memo: { content: "x".repeat(1024 * 1024 + 1) } }), /^invalid memo\.content: /],
    ];
    for (const [call, message] of cases) {
      const error = await failure(call());
      expect([error.code, error.rawMessage]).toEqual([Code.InvalidArgument, expect.stringMatching(message)]);
    }
    const noMask = await failure(
      memos.updateMemo({ memo: { name: (await memos.createMemo({ memo: { content: "y" } })).name, content: "z" } }),
    );
    expect([noMask.code, noMask.rawMessage]).toEqual([Code.InvalidArgument, "invalid update_mask: update mask is required"]);
    const unknown = await failure(memos.getMemo({ name: "memos/unknown-uid" }));
    expect([unknown.code, unknown.rawMessage]).toEqual([Code.NotFound, "memo not found"]);

    // Bytes that are no protobuf message: Connect's own InvalidArgument, never a 5xx.
    const garbage = await fetch(`${base}/memos.api.v1.MemoService/GetMemo`, {
      method: "POST",
      headers: { ...bearer, "content-type": "application/proto" },
      body: new Uint8Array([0xff, 0xff, 0xff, 0xff]),
    });
    expect([garbage.status, (await garbage.json()).code]).toEqual([400, "invalid_argument"]);

    const anonymous = connectClient(base, MemoService);
    expect((await failure(anonymous.createMemo({ memo: { content: "x" } }))).code).toBe(Code.Unauthenticated);
    expect((await anonymous.listMemos({})).memos).toEqual([]);
  });

  it("answers a procedure it does not serve Connect's unimplemented (HTTP 501), never our plain 404", async () => {
    for (const path of ["/memos.api.v1.MemoService/NoSuchMethod", "/memos.api.v1.NoSuchService/Get"]) {
      const response = await fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
      expect([response.status, await response.json()]).toEqual([
        501,
        { code: "unimplemented", message: `${path.slice(1)} is not served by this server` },
      ]);
    }
  });
});
