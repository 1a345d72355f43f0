// /api/shortcut: a user's saved filters, private to their owner.
import type { Shortcut } from "@memos/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymous, createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";

const PAYLOAD = JSON.stringify([{ type: "TAG", value: { operator: "CONTAIN", value: "work" }, relation: "AND" }]);
const SHORTCUT_KEYS = ["id", "rowStatus", "creatorId", "createdTs", "updatedTs", "title", "payload"];

describe("shortcuts", () => {
  let t: TestApp;
  let host: TestUser;
  let alice: TestUser;
  let bobby: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
    alice = await createUser(t, host, "alice");
    bobby = await createUser(t, host, "bobby");
  });
  afterAll(() => t.close());

  async function create(owner: TestUser, title: string, payload = PAYLOAD): Promise<Shortcut> {
    const response = await owner.client.post("/api/shortcut", { title, payload });
    if (response.status !== 200) throw new Error(`shortcut creation failed: ${response.text}`);
    return response.body.data;
  }

  describe("POST /api/shortcut", () => {
    it("creates a NORMAL shortcut owned by the caller, in the wire's shape", async () => {
      const response = await alice.client.post("/api/shortcut", { title: "Work", payload: PAYLOAD });
      expect(response.status).toBe(200);
      const shortcut = response.body.data as Shortcut;
      expect(Object.keys(shortcut)).toEqual(SHORTCUT_KEYS);
      expect(shortcut).toMatchObject({ rowStatus: "NORMAL", creatorId: alice.user.id, title: "Work", payload: PAYLOAD });
      expect(shortcut.createdTs).toBe(shortcut.updatedTs);
      expect(shortcut.createdTs).toBeGreaterThan(1_600_000_000);
      expect(shortcut.createdTs).toBeLessThan(10_000_000_000);
    });

    it("ignores server-only keys", async () => {
      const response = await alice.client.post("/api/shortcut", {
        title: "Sneaky",
        payload: "[]",
        creatorId: bobby.user.id,
        id: 1,
        rowStatus: "ARCHIVED",
        updatedTs: 5,
      });
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ creatorId: alice.user.id, rowStatus: "NORMAL" });
      expect(response.body.data.updatedTs).not.toBe(5);
    });

    it.each([
      ["no body", undefined],
      ["a missing title", { payload: "[]" }],
      ["an empty title", { title: "", payload: "[]" }],
      ["a blank title", { title: "   ", payload: "[]" }],
      ["a missing payload", { title: "x" }],
      ["a payload that is not JSON", { title: "x", payload: "not json" }],
      ["a payload that is not a string", { title: "x", payload: [] }],
      ["a title that is not a string", { title: 5, payload: "[]" }],
    ])("refuses %s with 400 Malformatted post shortcut request", async (_label, body) => {
      const response = await alice.client.post("/api/shortcut", body);
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/^Malformatted post shortcut request/);
      expect(response.body.error).toBe(`code=400, message=${response.body.message}`);
    });

    it("needs a signed-in caller", async () => {
      expect((await anonymous(t).post("/api/shortcut", { title: "x", payload: "[]" })).status).toBe(401);
    });
  });

  describe("GET /api/shortcut", () => {
    it("lists only the caller's shortcuts, newest first, archived ones included", async () => {
      const u = await createUser(t, host, "lister");
      const older = await create(u, "older");
      const middle = await create(u, "middle");
      const newest = await create(u, "newest");
      await create(alice, "not lister's");
      await t.ctx.store.db.updateTable("shortcut").set({ created_ts: 1_000 }).where("id", "=", older.id).execute();
      await t.ctx.store.db.updateTable("shortcut").set({ created_ts: 2_000 }).where("id", "=", newest.id).execute();
      await t.ctx.store.db.updateTable("shortcut").set({ created_ts: 2_000 }).where("id", "=", middle.id).execute();
      await u.client.patch(`/api/shortcut/${middle.id}`, { rowStatus: "ARCHIVED" });

      const response = await u.client.get("/api/shortcut", { query: { creatorId: alice.user.id } });
      expect(response.status).toBe(200);
      const list = response.body.data as Shortcut[];
      // created_ts descending; a tie goes to the newer id.
      expect(list.map((s) => s.title)).toEqual(["newest", "middle", "older"]);
      expect(list.map((s) => s.rowStatus)).toEqual(["NORMAL", "ARCHIVED", "NORMAL"]);
      expect(list.every((s) => s.creatorId === u.user.id)).toBe(true);
    });

    it("is empty for a user with none, and needs a signed-in caller", async () => {
      expect((await bobby.client.get("/api/shortcut")).body).toEqual({ data: [] });
      expect((await anonymous(t).get("/api/shortcut")).status).toBe(401);
    });
  });

  describe("GET /api/shortcut/:id", () => {
    it("returns the owner's shortcut; anyone else gets 404", async () => {
      const shortcut = await create(alice, "mine");
      const own = await alice.client.get(`/api/shortcut/${shortcut.id}`);
      expect(own.status).toBe(200);
      expect(own.body.data).toEqual(shortcut);
      const other = await bobby.client.get(`/api/shortcut/${shortcut.id}`);
      expect(other.status).toBe(404);
      expect(other.body.data).toBeUndefined();
      expect((await host.client.get(`/api/shortcut/${shortcut.id}`)).status).toBe(404);
      expect((await anonymous(t).get(`/api/shortcut/${shortcut.id}`)).status).toBe(401);
    });

    it("answers 404 for an unknown id and 400 for a non-numeric one", async () => {
      const unknown = await alice.client.get("/api/shortcut/999999");
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe("Shortcut ID not found: 999999");
      for (const bad of ["abc", "1.5", "-1", "0"]) {
        const response = await alice.client.get(`/api/shortcut/${bad}`);
        expect(response.status).toBe(400);
        expect(response.body.message).toBe(`ID is not a number: ${bad}`);
      }
    });
  });

  describe("PATCH /api/shortcut/:id", () => {
    it("changes the title and payload and moves updatedTs forward", async () => {
      const shortcut = await create(alice, "before");
      await t.ctx.store.db.updateTable("shortcut").set({ updated_ts: 1_000 }).where("id", "=", shortcut.id).execute();
      const payload = JSON.stringify([{ type: "TEXT", value: { operator: "CONTAIN", value: "x" }, relation: "OR" }]);
      const response = await alice.client.patch(`/api/shortcut/${shortcut.id}`, { title: "after", payload });
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({
        id: shortcut.id,
        title: "after",
        payload,
        rowStatus: "NORMAL",
        createdTs: shortcut.createdTs,
      });
      expect(response.body.data.updatedTs).toBeGreaterThan(1_000);
      expect((await alice.client.get(`/api/shortcut/${shortcut.id}`)).body.data).toEqual(response.body.data);
    });

    it("pins (ARCHIVED) and unpins (NORMAL) without touching the rest", async () => {
      const shortcut = await create(alice, "pin me");
      const pinned = await alice.client.patch(`/api/shortcut/${shortcut.id}`, { rowStatus: "ARCHIVED" });
      expect(pinned.status).toBe(200);
      expect(pinned.body.data).toMatchObject({ rowStatus: "ARCHIVED", title: "pin me", payload: PAYLOAD });
      const unpinned = await alice.client.patch(`/api/shortcut/${shortcut.id}`, { rowStatus: "NORMAL" });
      expect(unpinned.body.data.rowStatus).toBe("NORMAL");
    });

    it("ignores null and server-only keys", async () => {
      const shortcut = await create(alice, "keep");
      const response = await alice.client.patch(`/api/shortcut/${shortcut.id}`, {
        title: null,
        creatorId: bobby.user.id,
        updatedTs: 3,
        id: 1,
      });
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ id: shortcut.id, title: "keep", creatorId: alice.user.id });
      expect(response.body.data.updatedTs).not.toBe(3);
    });

    it.each([
      ["an empty title", { title: "" }],
      ["a payload that is not JSON", { payload: "{oops" }],
      ["an unknown row status", { rowStatus: "DELETED" }],
      ["a non-string title", { title: 1 }],
    ])("refuses %s with 400 and changes nothing", async (_label, body) => {
      const shortcut = await create(alice, "unchanged");
      const response = await alice.client.patch(`/api/shortcut/${shortcut.id}`, body);
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/^Malformatted patch shortcut request/);
      expect((await alice.client.get(`/api/shortcut/${shortcut.id}`)).body.data).toEqual(shortcut);
    });

    it("lets only the owner change it: others get 404", async () => {
      const shortcut = await create(alice, "alice's");
      expect((await bobby.client.patch(`/api/shortcut/${shortcut.id}`, { title: "bobby's" })).status).toBe(404);
      expect((await host.client.patch(`/api/shortcut/${shortcut.id}`, { rowStatus: "ARCHIVED" })).status).toBe(404);
      expect((await alice.client.get(`/api/shortcut/${shortcut.id}`)).body.data).toEqual(shortcut);
      expect((await alice.client.patch("/api/shortcut/999999", { title: "x" })).status).toBe(404);
      expect((await alice.client.patch("/api/shortcut/abc", { title: "x" })).status).toBe(400);
      expect((await anonymous(t).patch(`/api/shortcut/${shortcut.id}`, { title: "x" })).status).toBe(401);
    });
  });

  describe("DELETE /api/shortcut/:id", () => {
    it("deletes the owner's shortcut and answers true", async () => {
      const shortcut = await create(alice, "delete me");
      expect((await bobby.client.delete(`/api/shortcut/${shortcut.id}`)).status).toBe(404);
      expect((await alice.client.get(`/api/shortcut/${shortcut.id}`)).status).toBe(200);
      const response = await alice.client.delete(`/api/shortcut/${shortcut.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toBe(true);
      expect((await alice.client.get(`/api/shortcut/${shortcut.id}`)).status).toBe(404);
      expect((await alice.client.get("/api/shortcut")).body.data.map((s: Shortcut) => s.id)).not.toContain(shortcut.id);
      expect((await alice.client.delete(`/api/shortcut/${shortcut.id}`)).status).toBe(404);
      expect((await alice.client.delete("/api/shortcut/abc")).status).toBe(400);
      expect((await anonymous(t).delete(`/api/shortcut/${shortcut.id}`)).status).toBe(401);
    });
  });
});
