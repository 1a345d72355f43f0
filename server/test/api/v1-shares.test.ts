// The v1 MemoService's share links on both transports: the author makes one (its name ending in the token, the one
// time it shows), lists them by id, revokes by either name; a visitor opens the memo by the token, and nothing once
// it is revoked or expired; nobody but the author manages them; link previews answer Unimplemented.
import { Code } from "@connectrpc/connect";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoService } from "../../src/v1/gen/memos/api/v1/memo_service_pb.js";
import { createMemo, type TestUser } from "../factories.js";
import type { TestApp } from "../harness.js";
import { connectClient, failure, rest, startV1Instance } from "../v1-client.js";

let t: TestApp;
let base: string;
let member: TestUser;
let memberToken: string;
let hostToken: string;

beforeAll(async () => {
  ({ t, base, member, memberToken, hostToken } = await startV1Instance());
});
afterAll(() => t.close());

/** A private memo of the member's: its v1 name. */
async function privateMemo(content: string): Promise<string> {
  const memo = await createMemo(member, content, "PRIVATE");
  const { uid } = await t.ctx.store.db.selectFrom("memo").select("uid").where("id", "=", memo.id).executeTakeFirstOrThrow();
  return `memos/${uid}`;
}

const tokenOf = (shareName: string) => shareName.split("/").at(-1)!;

describe("share links", () => {
  it("makes one shown once, lists it by id, opens the memo to a visitor, and revokes it by either name", async () => {
    const memo = await privateMemo("shared by link");
    const created = await rest(base, "POST", `/api/v1/${memo}/shares`, { token: memberToken, body: {} });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.name).toMatch(new RegExp(`^${memo}/shares/[A-Za-z0-9_-]{43}$`));
    expect(created.body.createTime).toEqual(expect.any(String));
    expect(created.body.expireTime).toBeUndefined();
    const token = tokenOf(created.body.name);

    const visitor = await rest(base, "GET", `/api/v1/shares/${token}/memo`);
    expect([visitor.status, visitor.body.name, visitor.body.content]).toEqual([200, memo, "shared by link"]);
    const overConnect = await connectClient(base, MemoService).getSharedMemo({ shareToken: token });
    expect(overConnect.content).toBe("shared by link");

    const memos = connectClient(base, MemoService, { authorization: `Bearer ${memberToken}` });
    const second = await memos.createMemoShare({ parent: memo, memoShare: {} });
    const listed = await memos.listMemoShares({ parent: memo });
    expect(listed.memoShares).toHaveLength(2);
    for (const share of listed.memoShares) expect(share.name).toMatch(new RegExp(`^${memo}/shares/\\d+$`));
    expect(listed.memoShares.map((share) => share.name).join()).not.toContain(token);

    // Revoked by the name its creation gave (the token), and by the name the list gave (the id).
    await memos.deleteMemoShare({ name: created.body.name });
    expect((await failure(memos.getSharedMemo({ shareToken: token }))).code).toBe(Code.NotFound);
    const left = (await memos.listMemoShares({ parent: memo })).memoShares;
    expect(left).toHaveLength(1);
    expect((await rest(base, "DELETE", `/api/v1/${left[0]!.name}`, { token: memberToken })).status).toBe(200);
    expect((await rest(base, "GET", `/api/v1/shares/${tokenOf(second.name)}/memo`)).status).toBe(404);
    expect((await memos.listMemoShares({ parent: memo })).memoShares).toEqual([]);
  });

  it("keeps an expiry, and an expired link opens nothing", async () => {
    const memo = await privateMemo("for an hour");
    const memos = connectClient(base, MemoService, { authorization: `Bearer ${memberToken}` });
    const inAnHour = Date.now() + 3_600_000;
    const share = await memos.createMemoShare({ parent: memo, memoShare: { expireTime: timestampFromMs(inAnHour) } });
    expect(Number(share.expireTime?.seconds)).toBe(Math.floor(inAnHour / 1000));
    await t.ctx.store.db
      .updateTable("memo_share")
      .set({ expires_ts: Math.floor(Date.now() / 1000) - 1 })
      .execute();
    expect((await failure(memos.getSharedMemo({ shareToken: tokenOf(share.name) }))).code).toBe(Code.NotFound);
  });

  it("are the author's alone, and refuse bad input naming the field", async () => {
    const memo = await privateMemo("not yours");
    const own = await connectClient(base, MemoService, { authorization: `Bearer ${memberToken}` }).createMemoShare({ parent: memo });
    const host = connectClient(base, MemoService, { authorization: `Bearer ${hostToken}` });
    expect((await failure(host.listMemoShares({ parent: memo }))).code).toBe(Code.NotFound);
    expect((await failure(host.createMemoShare({ parent: memo }))).code).toBe(Code.NotFound);
    expect((await failure(host.deleteMemoShare({ name: own.name }))).code).toBe(Code.NotFound);

    const cases: Array<[string, string, unknown, RegExp]> = [
      ["POST", `/api/v1/${memo}/shares`, { expireTime: "2001-01-01T00:00:00Z" }, /^invalid memo_share\.expire_time: /],
      ["DELETE", `/api/v1/${memo}/shares/not-a-share`, undefined, /^invalid name: /],
      ["GET", "/api/v1/memos/bad_uid!/shares", undefined, /^invalid parent: /],
    ];
    for (const [method, path, body, message] of cases) {
      const answer = await rest(base, method, path, { token: memberToken, body });
      expect([answer.status, answer.body.message], `${method} ${path}`).toEqual([400, expect.stringMatching(message)]);
    }
    const noToken = await failure(connectClient(base, MemoService).getSharedMemo({ shareToken: "" }));
    expect([noToken.code, noToken.rawMessage]).toEqual([Code.InvalidArgument, expect.stringMatching(/^invalid share_token: /)]);
  });
});
