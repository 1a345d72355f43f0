// The v1 ShortcutService (memos 0.30) on both transports: our shortcuts, their filters said in CEL; a CEL filter saved
// through v1 kept as given; each shortcut its creator's alone.
import { Code } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

describe("shortcuts", () => {
  it("lists ours in CEL, keeps a v1 filter as given, and changes and deletes by name", async () => {
    const payload = JSON.stringify([{ type: "TAG", value: { operator: "CONTAIN", value: "work" }, relation: "AND" }]);
    expect((await host.client.post("/api/shortcut", { title: "Work", payload })).status).toBe(200);
    const shortcuts = connectClient(base, ShortcutService, { authorization: `Bearer ${hostToken}` });
    const listed = await shortcuts.listShortcuts({ parent: "users/host" });
    expect(listed.shortcuts).toEqual([expect.objectContaining({ title: "Work", filter: 'tag in ["work"]' })]);
    expect(listed.shortcuts[0]!.name).toMatch(/^users\/host\/shortcuts\/\d+$/);

    const filter = 'pinned && content.contains("plan")';
    expect((await shortcuts.createShortcut({ parent: "users/host", shortcut: { title: "Try", filter }, validateOnly: true })).name).toBe(
      "",
    );
    const created = await shortcuts.createShortcut({ parent: "users/host", shortcut: { title: "Pinned plans", filter } });
    expect(created).toMatchObject({ title: "Pinned plans", filter });
    expect((await shortcuts.getShortcut({ name: created.name })).filter).toBe(filter);
    expect((await host.client.get("/api/shortcut")).body.data).toHaveLength(2);

    // REST without a mask: the fields the body holds.
    const renamed = await rest(base, "PATCH", `/api/v1/${created.name}`, { token: hostToken, body: { title: "Plans" } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toEqual({ name: created.name, title: "Plans", filter });

    expect((await rest(base, "DELETE", `/api/v1/${created.name}`, { token: hostToken })).status).toBe(200);
    expect((await failure(shortcuts.getShortcut({ name: created.name }))).code).toBe(Code.NotFound);
  });

  it("are their creator's alone, and refuse bad input naming the field", async () => {
    const shortcuts = connectClient(base, ShortcutService, { authorization: `Bearer ${hostToken}` });
    const own = await shortcuts.createShortcut({ parent: "users/host", shortcut: { title: "Mine", filter: "pinned" } });
    const member = connectClient(base, ShortcutService, { authorization: `Bearer ${memberToken}` });
    expect((await failure(member.listShortcuts({ parent: "users/host" }))).code).toBe(Code.PermissionDenied);
    expect((await failure(member.getShortcut({ name: own.name }))).code).toBe(Code.NotFound);
    const spoofed = own.name.replace("users/host", "users/member");
    expect((await failure(member.getShortcut({ name: spoofed }))).code).toBe(Code.NotFound);

    const cases: Array<[() => Promise<unknown>, RegExp]> = [
      [() => shortcuts.createShortcut({ parent: "users/host", shortcut: { title: " ", filter: "" } }), /^invalid shortcut\.title: /],
      [() => shortcuts.createShortcut({ parent: "users/host" }), /^invalid shortcut: /],
      [
        () => shortcuts.createShortcut({ parent: "users/host", shortcut: { title: "x", filter: "x".repeat(70_000) } }),
        /^invalid shortcut\.filter: /,
      ],
      [() => shortcuts.getShortcut({ name: "users/host/shortcuts/abc" }), /^invalid name: /],
      [
        () => shortcuts.updateShortcut({ shortcut: { name: own.name, title: "x" }, updateMask: { paths: ["colour"] } }),
        /^invalid update_mask: /,
      ],
      [() => shortcuts.updateShortcut({ shortcut: { name: own.name, title: "x" } }), /^invalid update_mask: /],
    ];
    for (const [call, message] of cases) {
      const error = await failure(call());
      expect([error.code, error.rawMessage]).toEqual([Code.InvalidArgument, expect.stringMatching(message)]);
    }
  });
});
