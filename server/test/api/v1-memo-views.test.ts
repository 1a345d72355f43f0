// The v1 MemoViewService (memos 0.31 and later) on both transports: our shortcuts named users/{user}/views/{id}, a
// view's filter read as ListMemos reads it before it is saved; each view its creator's alone.
import { Code } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoService } from "../../src/v1/gen/memos/api/v1/memo_service_pb.js";
import { MemoViewService } from "../../src/v1/gen/memos/api/v1/memo_view_service_pb.js";
import { ShortcutService } from "../../src/v1/gen/memos/api/v1/shortcut_service_pb.js";
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

describe("memo views", () => {
  it("are our shortcuts under memos' newer names, on both transports", async () => {
    const payload = JSON.stringify([{ type: "TAG", value: { operator: "CONTAIN", value: "work" }, relation: "AND" }]);
    expect((await host.client.post("/api/shortcut", { title: "Work", payload })).status).toBe(200);
    const views = connectClient(base, MemoViewService, { authorization: `Bearer ${hostToken}` });
    const listed = await views.listMemoViews({ parent: "users/host" });
    expect(listed.memoViews).toEqual([expect.objectContaining({ title: "Work", filter: 'tag in ["work"]' })]);
    expect(listed.memoViews[0]!.name).toMatch(/^users\/host\/views\/\d+$/);

    const filter = 'pinned && content.contains("plan")';
    const checkedOnly = await views.createMemoView({ parent: "users/host", memoView: { title: "Try", filter }, validateOnly: true });
    expect(checkedOnly).toMatchObject({ name: "", title: "Try", filter });
    expect((await views.listMemoViews({ parent: "users/host" })).memoViews).toHaveLength(1);

    // REST: the body is the view; the answer is grpc-gateway's JSON.
    const created = await rest(base, "POST", "/api/v1/users/host/views", { token: hostToken, body: { title: "Pinned plans", filter } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const name = created.body.name as string;
    expect(created.body).toEqual({ name: expect.stringMatching(/^users\/host\/views\/\d+$/), title: "Pinned plans", filter });
    expect((await views.getMemoView({ name })).filter).toBe(filter);
    const listedRest = await rest(base, "GET", "/api/v1/users/host/views", { token: hostToken });
    expect(listedRest.body.memoViews).toHaveLength(2);

    // The same row through ShortcutService and our own API.
    const shortcuts = connectClient(base, ShortcutService, { authorization: `Bearer ${hostToken}` });
    const id = name.split("/").at(-1);
    expect((await shortcuts.getShortcut({ name: `users/host/shortcuts/${id}` })).title).toBe("Pinned plans");
    expect((await host.client.get("/api/shortcut")).body.data).toHaveLength(2);

    // Its filter is one ListMemos takes.
    const memos = connectClient(base, MemoService, { authorization: `Bearer ${hostToken}` });
    await expect(memos.listMemos({ filter })).resolves.toBeDefined();

    // REST without a mask: the fields the body holds; Connect with one.
    const renamed = await rest(base, "PATCH", `/api/v1/${name}`, { token: hostToken, body: { title: "Plans" } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toEqual({ name, title: "Plans", filter });
    const refiltered = await views.updateMemoView({ memoView: { name, filter: "pinned" }, updateMask: { paths: ["filter"] } });
    expect(refiltered).toMatchObject({ name, title: "Plans", filter: "pinned" });

    expect((await rest(base, "DELETE", `/api/v1/${name}`, { token: hostToken })).status).toBe(200);
    expect((await failure(views.getMemoView({ name }))).code).toBe(Code.NotFound);
    expect((await failure(views.deleteMemoView({ name }))).code).toBe(Code.NotFound);
  });

  it("are their creator's alone, and refuse bad input naming the field", async () => {
    const views = connectClient(base, MemoViewService, { authorization: `Bearer ${hostToken}` });
    const own = await views.createMemoView({ parent: "users/host", memoView: { title: "Mine", filter: "pinned" } });
    const member = connectClient(base, MemoViewService, { authorization: `Bearer ${memberToken}` });
    expect((await failure(member.listMemoViews({ parent: "users/host" }))).code).toBe(Code.PermissionDenied);
    expect((await failure(member.createMemoView({ parent: "users/host", memoView: { title: "x", filter: "pinned" } }))).code).toBe(
      Code.PermissionDenied,
    );
    expect((await failure(member.getMemoView({ name: own.name }))).code).toBe(Code.NotFound);
    expect((await failure(member.deleteMemoView({ name: own.name }))).code).toBe(Code.NotFound);
    const spoofed = own.name.replace("users/host", "users/member");
    expect((await failure(member.getMemoView({ name: spoofed }))).code).toBe(Code.NotFound);
    expect((await views.getMemoView({ name: own.name })).title).toBe("Mine");

    const cases: Array<[() => Promise<unknown>, RegExp]> = [
      [() => views.createMemoView({ parent: "users/host", memoView: { title: " ", filter: "pinned" } }), /^invalid memo_view\.title: /],
      [() => views.createMemoView({ parent: "users/host" }), /^invalid memo_view: /],
      [() => views.createMemoView({ parent: "users/host", memoView: { title: "x", filter: "" } }), /^invalid memo_view\.filter: /],
      [() => views.createMemoView({ parent: "users/host", memoView: { title: "x", filter: "pinned &&" } }), /^invalid memo_view\.filter: /],
      [
        () => views.createMemoView({ parent: "users/host", memoView: { title: "x", filter: "colour == 1" }, validateOnly: true }),
        /^invalid memo_view\.filter: /,
      ],
      [() => views.getMemoView({ name: "users/host/views/abc" }), /^invalid name: /],
      [() => views.getMemoView({ name: "users/host/shortcuts/1" }), /^invalid name: /],
      [() => views.listMemoViews({ parent: "host" }), /^invalid parent: /],
      [
        () => views.updateMemoView({ memoView: { name: own.name, title: "x" }, updateMask: { paths: ["colour"] } }),
        /^invalid update_mask: /,
      ],
      [() => views.updateMemoView({ memoView: { name: own.name, title: "x" } }), /^invalid update_mask: /],
      [
        () => views.updateMemoView({ memoView: { name: own.name, filter: "" }, updateMask: { paths: ["filter"] } }),
        /^invalid memo_view\.filter: /,
      ],
    ];
    for (const [call, message] of cases) {
      const error = await failure(call());
      expect([error.code, error.rawMessage]).toEqual([Code.InvalidArgument, expect.stringMatching(message)]);
    }
    const badRest = await rest(base, "POST", "/api/v1/users/host/views", { token: hostToken, body: { title: "x", filter: "(" } });
    expect([badRest.status, badRest.body.message]).toEqual([400, expect.stringMatching(/^invalid memo_view\.filter: /)]);
    expect((await views.getMemoView({ name: own.name })).filter).toBe("pinned");
  });
});
