// A memo's place (migration 049) through every way in and out: our JSON (create, patch, list, validation naming the
// field), its history (a change of place is a version; a restore brings the place back), the trash, our export and
// import, the v1 API (Memo.location on create, masked and unmasked updates, 0, 0 as no coordinates, `has_location`)
// and MCP's memo; on both engines.
import type { Memo, MemoLocation, MemoRevision } from "@memos/common";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../expect.js";
import { createMemo, createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { importArchive } from "../import-client.js";
import { connectMcp } from "../mcp-client.js";
import { callTool } from "../mcp-tools.js";
import { listen, personalToken, rest } from "../v1-client.js";

const EIFFEL: MemoLocation = { placeholder: "Eiffel Tower", latitude: 48.8584, longitude: 2.2945 };
const KYOTO: MemoLocation = { placeholder: "Kyoto", latitude: 35.0116, longitude: 135.7681 };
const NAME_ONLY: MemoLocation = { placeholder: "Grandma's kitchen", latitude: null, longitude: null };

let t: TestApp;
let host: TestUser;
let seq = 0;
const member = () => createUser(t, host, `place${++seq}`);

beforeAll(async () => {
  t = await createTestApp();
  host = await signUpHost(t);
});
afterAll(() => t.close());

const get = async (owner: TestUser, id: number): Promise<Memo> => (await owner.client.get(`/api/memo/${id}`)).body.data;

describe("a memo's place in our API", () => {
  it("is kept on create, answered by one memo and by the list, and null without one", async () => {
    const owner = await member();
    const placed = await createMemo(owner, "lunch up high", "PRIVATE", { location: EIFFEL });
    const named = await createMemo(owner, "soup", "PRIVATE", { location: { placeholder: "Grandma's kitchen" } });
    const none = await createMemo(owner, "nowhere in particular");
    expect([placed.location, named.location, none.location]).toEqual([EIFFEL, NAME_ONLY, null]);
    expect((await get(owner, placed.id)).location).toEqual(EIFFEL);
    const list: Memo[] = (await owner.client.get("/api/memo")).body.data;
    expect(new Map(list.map((memo) => [memo.id, memo.location]))).toEqual(
      new Map([
        [placed.id, EIFFEL],
        [named.id, NAME_ONLY],
        [none.id, null],
      ]),
    );
  });

  it("is changed by a patch, cleared by null, and left as it is when the patch leaves it out", async () => {
    const owner = await member();
    const memo = await createMemo(owner, "travels", "PRIVATE", { location: EIFFEL });
    expect((await owner.client.patch(`/api/memo/${memo.id}`, { content: "travels, edited" })).body.data.location).toEqual(EIFFEL);
    expect((await owner.client.patch(`/api/memo/${memo.id}`, { location: KYOTO })).body.data.location).toEqual(KYOTO);
    expect((await owner.client.patch(`/api/memo/${memo.id}`, { location: null })).body.data.location).toBeNull();
    const row = await t.ctx.store.db.selectFrom("memo").selectAll().where("id", "=", memo.id).executeTakeFirstOrThrow();
    expect([row.location_placeholder, row.location_latitude, row.location_longitude]).toEqual([null, null, null]);
  });

  it("refuses a place it cannot keep with a 400 naming the field, and writes nothing", async () => {
    const owner = await member();
    const memo = await createMemo(owner, "stays", "PRIVATE", { location: EIFFEL });
    const cases: Array<[unknown, RegExp]> = [
      [{ placeholder: "x", latitude: 91, longitude: 0 }, /location\.latitude: must be between -90 and 90/],
      [{ placeholder: "x", latitude: 0, longitude: -180.5 }, /location\.longitude: must be between -180 and 180/],
      [{ placeholder: "x", latitude: 10 }, /location\.longitude: latitude and longitude go together/],
      [{ placeholder: "  " }, /location\.placeholder: a place needs a name or coordinates/],
      [{ placeholder: "x".repeat(257) }, /location\.placeholder: too long/],
      [{ placeholder: "x", latitude: "48", longitude: 2 }, /location\.latitude/],
      ["Paris", /location/],
    ];
    for (const [location, message] of cases) {
      expectError(await owner.client.patch(`/api/memo/${memo.id}`, { location }), 400, message);
      expectError(await owner.client.post("/api/memo", { content: "new", location }), 400, message);
    }
    expect((await get(owner, memo.id)).location).toEqual(EIFFEL);
    // The database holds the ranges itself, for a row written around the store.
    const write = t.ctx.store.db.updateTable("memo").set({ location_latitude: 95 }).where("id", "=", memo.id).execute();
    await expect(write).rejects.toThrow(/CHECK|check/);
  });

  it("is part of a memo's version: a change of place is kept in the history, and a restore brings the place back", async () => {
    const owner = await member();
    const memo = await createMemo(owner, "moving", "PRIVATE", { location: EIFFEL });
    await owner.client.patch(`/api/memo/${memo.id}`, { location: KYOTO });
    await owner.client.patch(`/api/memo/${memo.id}`, { location: null });
    const revisions: MemoRevision[] = (await owner.client.get(`/api/memo/${memo.id}/revision`)).body.data.revisions;
    expect(revisions.map((revision) => revision.location)).toEqual([KYOTO, EIFFEL]);
    const restored = await owner.client.post(`/api/memo/${memo.id}/revision/${revisions[1]!.id}/restore`, {});
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body.data.location).toEqual(EIFFEL);
  });

  it("waits in the trash with the memo and comes back with it", async () => {
    const owner = await member();
    const memo = await createMemo(owner, "binned", "PRIVATE", { location: KYOTO });
    expect((await owner.client.delete(`/api/memo/${memo.id}`)).status).toBe(200);
    const trashed = await t.ctx.store.db.selectFrom("memo_trash").selectAll().where("memo_id", "=", memo.id).executeTakeFirstOrThrow();
    expect([trashed.location_placeholder, trashed.location_latitude, trashed.location_longitude]).toEqual(["Kyoto", 35.0116, 135.7681]);
    const back = await owner.client.post(`/api/trash/${memo.id}/restore`, {});
    expect(back.status, back.text).toBe(200);
    expect((await get(owner, memo.id)).location).toEqual(KYOTO);
  });

  it("goes out in the export (front matter and history) and comes back with the import", async () => {
    const owner = await member();
    const memo = await createMemo(owner, "exported place", "PRIVATE", { location: NAME_ONLY });
    await owner.client.patch(`/api/memo/${memo.id}`, { location: EIFFEL });
    await createMemo(owner, "no place here");
    const archive = await t.app.inject({ method: "GET", url: "/api/export", headers: { cookie: owner.client.cookie! } });
    const files = unzipSync(new Uint8Array(archive.rawPayload));
    const markdown = Object.entries(files)
      .filter(([path]) => path.endsWith(".md"))
      .map(([, bytes]) => strFromU8(bytes));
    expect(markdown.find((text) => text.includes("exported place"))).toMatch(
      /location:\n {2}name: Eiffel Tower\n {2}latitude: 48\.8584\n {2}longitude: 2\.2945\n/,
    );
    expect(markdown.find((text) => text.includes("no place here"))).not.toMatch(/location:/);
    const history = JSON.parse(strFromU8(files["history.jsonl"]!).trim());
    expect(history.location).toEqual({ name: "Grandma's kitchen" });

    const other = await member();
    const imported = await importArchive(other.client, Buffer.from(archive.rawPayload));
    expect(imported.status, imported.text).toBe(200);
    const copies: Memo[] = (await other.client.get("/api/memo")).body.data;
    expect(copies.find((copy) => copy.content === "exported place")?.location).toEqual(EIFFEL);
    expect(copies.find((copy) => copy.content === "no place here")?.location).toBeNull();
    const copy = copies.find((one) => one.content === "exported place")!;
    const versions: MemoRevision[] = (await other.client.get(`/api/memo/${copy.id}/revision`)).body.data.revisions;
    expect(versions.map((version) => version.location)).toEqual([NAME_ONLY]);
  });
});

describe("a memo's place in the v1 API", () => {
  let base: string;
  let owner: TestUser;
  let token: string;
  beforeAll(async () => {
    base = await listen(t);
    owner = await member();
    token = await personalToken(owner.client);
  });
  const uidOf = async (id: number) =>
    (await t.ctx.store.db.selectFrom("memo").select("uid").where("id", "=", id).executeTakeFirstOrThrow()).uid;

  it("creates and answers Memo.location; a place known by name only is at 0, 0 there, and 0, 0 sent is no coordinates", async () => {
    const created = await rest(base, "POST", "/api/v1/memos", {
      token,
      body: { content: "v1 place", location: { placeholder: "Tower", latitude: 48.8584, longitude: 2.2945 } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.location).toEqual({ placeholder: "Tower", latitude: 48.8584, longitude: 2.2945 });
    const named = await rest(base, "POST", "/api/v1/memos", {
      token,
      body: { content: "v1 name only", location: { placeholder: "Home", latitude: 0, longitude: 0 } },
    });
    expect(named.body.location).toEqual({ placeholder: "Home", latitude: 0, longitude: 0 });
    const id = Number((await owner.client.get("/api/memo")).body.data.find((memo: Memo) => memo.content === "v1 name only").id);
    expect((await get(owner, id)).location).toEqual({ placeholder: "Home", latitude: null, longitude: null });
    const none = await rest(base, "POST", "/api/v1/memos", { token, body: { content: "v1 nowhere" } });
    expect(none.body.location).toBeUndefined();
  });

  it("updates it by the mask `location` (an empty one clears it) and by a PATCH without a mask", async () => {
    const memo = await createMemo(owner, "v1 update", "PRIVATE", { location: EIFFEL });
    const name = `memos/${await uidOf(memo.id)}`;
    const masked = await rest(base, "PATCH", `/api/v1/${name}?updateMask=location`, {
      token,
      body: { location: { placeholder: "Kyoto", latitude: 35.0116, longitude: 135.7681 } },
    });
    expect(masked.status, JSON.stringify(masked.body)).toBe(200);
    expect((await get(owner, memo.id)).location).toEqual(KYOTO);
    // A mask naming other fields leaves the place as it is.
    await rest(base, "PATCH", `/api/v1/${name}?updateMask=content`, { token, body: { content: "v1 update, edited" } });
    expect((await get(owner, memo.id)).location).toEqual(KYOTO);
    const unmasked = await rest(base, "PATCH", `/api/v1/${name}`, {
      token,
      body: { location: { placeholder: "Tower", latitude: 48.8584, longitude: 2.2945 } },
    });
    expect(unmasked.status, JSON.stringify(unmasked.body)).toBe(200);
    expect((await get(owner, memo.id)).location).toEqual({ ...EIFFEL, placeholder: "Tower" });
    const cleared = await rest(base, "PATCH", `/api/v1/${name}?updateMask=location`, { token, body: {} });
    expect(cleared.status).toBe(200);
    expect(cleared.body.location).toBeUndefined();
    expect((await get(owner, memo.id)).location).toBeNull();
  });

  it("refuses coordinates out of range as InvalidArgument naming memo.location's field", async () => {
    const refused = await rest(base, "POST", "/api/v1/memos", {
      token,
      body: { content: "v1 bad place", location: { placeholder: "x", latitude: 120, longitude: 1 } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/memo\.location\.latitude/);
  });

  it("filters by has_location", async () => {
    const other = await member();
    const otherToken = await personalToken(other.client);
    await createMemo(other, "filtered placed", "PRIVATE", { location: KYOTO });
    await createMemo(other, "filtered named", "PRIVATE", { location: { placeholder: "Somewhere" } });
    await createMemo(other, "filtered none");
    const contents = async (filter: string) => {
      const answer = await rest(base, "GET", `/api/v1/memos?filter=${encodeURIComponent(filter)}`, { token: otherToken });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.memos.map((memo: { content: string }) => memo.content).sort();
    };
    expect(await contents("has_location")).toEqual(["filtered named", "filtered placed"]);
    expect(await contents("!has_location")).toEqual(["filtered none"]);
    expect(await contents("has_location == false")).toEqual(["filtered none"]);
  });
});

describe("a memo's place through MCP", () => {
  it("is in the memo's detail, with its coordinates", async () => {
    const owner = await member();
    const memo = await createMemo(owner, "mcp place", "PRIVATE", { location: EIFFEL });
    const mcp = await connectMcp(t, await personalToken(owner.client));
    try {
      const detail = await callTool<{ location?: unknown }>(mcp, "get_memo", { id: memo.id });
      expect(detail.location).toEqual({ name: "Eiffel Tower", latitude: 48.8584, longitude: 2.2945 });
    } finally {
      await mcp.close();
    }
  });
});
