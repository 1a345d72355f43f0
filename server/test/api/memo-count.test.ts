// GET /api/memo/count and /api/memo/all/count: how many memos the list shows for the same filter (the search box's
// words included), counted up to 30, by the list's own rules of who sees what, for each credential the list takes.
import { MEMO_COUNT_CAP, type Memo } from "@memos/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../client.js";
import { anonymous, createMemo, createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { allPageIds } from "../memo-helpers.js";

describe("memo counts", () => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let readToken: Client;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpHost(t);
    member = await createUser(t, owner, "member");
    // 3 public, 2 protected, 2 private "login fails on Safari"; 40 public "lunch"; one archived.
    for (const visibility of ["PUBLIC", "PUBLIC", "PUBLIC", "PROTECTED", "PROTECTED", "PRIVATE", "PRIVATE"] as const)
      await createMemo(owner, `login fails on Safari (${visibility})`, visibility);
    for (let i = 0; i < 40; i++) await createMemo(owner, `lunch ${i}`, "PUBLIC");
    const archived = await createMemo(owner, "login fails on Safari, archived", "PUBLIC");
    await owner.client.patch(`/api/memo/${archived.id}`, { rowStatus: "ARCHIVED" });
    const token = await owner.client.post("/api/access-token", { name: "reader", scope: "read" });
    readToken = anonymous(t).withToken(token.body.data.token as string);
  });
  afterAll(() => t.close());

  const count = async (client: Client, url: string, query: Record<string, string | number>) => {
    const response = await client.get(url, { query });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data as { count: number; more: boolean };
  };

  it("counts what the list shows, for the owner's session and a read token", async () => {
    for (const client of [owner.client, readToken]) {
      // Without rowStatus the own list holds the archived memo too, as in v0.
      expect(await count(client, "/api/memo/count", { search: "safari login" })).toEqual({ count: 8, more: false });
      expect(await count(client, "/api/memo/count", { search: "safari login", rowStatus: "NORMAL" })).toEqual({ count: 7, more: false });
      expect(await count(client, "/api/memo/count", { search: '"login fails" safari', visibility: "PUBLIC", rowStatus: "NORMAL" })).toEqual(
        {
          count: 3,
          more: false,
        },
      );
      expect(await count(client, "/api/memo/count", { search: "safari", rowStatus: "ARCHIVED" })).toEqual({ count: 1, more: false });
      expect(await count(client, "/api/memo/count", { search: '"safari login"' })).toEqual({ count: 0, more: false });
      // The same as the list's own length.
      const listed = await allPageIds(client, "/api/memo", { search: "safari login", rowStatus: "NORMAL" });
      expect(listed).toHaveLength(7);
    }
  });

  it("stops at the cap and says more follow", async () => {
    expect(await count(owner.client, "/api/memo/count", { search: "lunch" })).toEqual({ count: MEMO_COUNT_CAP, more: true });
    expect(await count(owner.client, "/api/memo/count", {})).toEqual({ count: MEMO_COUNT_CAP, more: true });
    expect(await count(owner.client, "/api/memo/count", { search: "lunch 3" })).toEqual({ count: 13, more: false }); // 3, 13, 23 and 30…39
  });

  it("a visitor counts public memos only, of a creator or in explore; a member public and protected", async () => {
    const creatorId = owner.user.id;
    expect(await count(anonymous(t), "/api/memo/count", { creatorId, search: "safari login" })).toEqual({ count: 3, more: false });
    expect(await count(anonymous(t), "/api/memo/all/count", { search: "safari login" })).toEqual({ count: 3, more: false });
    expect(await count(member.client, "/api/memo/count", { creatorId, search: "safari login" })).toEqual({ count: 5, more: false });
    expect(await count(member.client, "/api/memo/all/count", { search: "safari login" })).toEqual({ count: 5, more: false });
    // The visitor's list needs a creator, and so does its count.
    const refused = await anonymous(t).get("/api/memo/count", { query: { search: "safari" } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ reason: "memo.list-needs-user", field: "creatorId" });
  });

  it("refuses what the list refuses, naming the field", async () => {
    const many = await owner.client.get("/api/memo/count", { query: { search: "a b c d e f g h i" } });
    expect(many.status).toBe(400);
    expect(many.body).toMatchObject({ reason: "search.too-many-terms", field: "search", params: { maximum: 8 } });
    const regex = await owner.client.get("/api/memo/all/count", { query: { search: "^(" } });
    expect(regex.status).toBe(400);
    expect(regex.body).toMatchObject({ reason: "search.invalid-regex", field: "search" });
  });

  it("a regular expression counts as the list does", async () => {
    expect(await count(owner.client, "/api/memo/count", { search: "^lunch 1\\d$" })).toEqual({ count: 10, more: false });
    const memos = (await owner.client.get("/api/memo", { query: { search: "^lunch 1\\d$" } })).body.data as Memo[];
    expect(memos).toHaveLength(10);
  });
});
