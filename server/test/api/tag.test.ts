// /api/tag: the caller's tag list, explicit creation, deletion by URL-encoded name, suggestions, and the tag counts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymous, createMemo, createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";

describe("tags", () => {
  let t: TestApp;
  let host: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
  });
  afterAll(() => t.close());

  let n = 0;
  /** A fresh user per test, so each list starts empty. */
  const freshUser = () => createUser(t, host, `tagger${++n}`);
  const tagsOf = async (user: TestUser): Promise<string[]> => {
    const response = await user.client.get("/api/tag");
    expect(response.status).toBe(200);
    return response.body.data;
  };

  describe("POST /api/tag and GET /api/tag", () => {
    it("creates a tag, answers its name, and lists it once however often it is posted", async () => {
      const u = await freshUser();
      expect(await tagsOf(u)).toEqual([]);
      const response = await u.client.post("/api/tag", { name: "work" });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ data: "work" });
      expect((await u.client.post("/api/tag", { name: "work" })).status).toBe(200);
      await u.client.post("/api/tag", { name: "日本" });
      await u.client.post("/api/tag", { name: "a/b" });
      const list = await tagsOf(u);
      expect(list).toHaveLength(3);
      expect([...list].sort()).toEqual(["a/b", "work", "日本"]);
    });

    it("keeps each user's tags apart", async () => {
      const a = await freshUser();
      const b = await freshUser();
      await a.client.post("/api/tag", { name: "only-a" });
      await b.client.post("/api/tag", { name: "only-b" });
      expect(await tagsOf(a)).toEqual(["only-a"]);
      expect(await tagsOf(b)).toEqual(["only-b"]);
      expect(await tagsOf(host)).not.toContain("only-a");
    });

    it("refuses an empty name with 400 Tag name shouldn't be empty", async () => {
      const u = await freshUser();
      const response = await u.client.post("/api/tag", { name: "" });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: "code=400, message=Tag name shouldn't be empty",
        message: "Tag name shouldn't be empty",
        reason: "tag.invalid-name",
        field: "name",
      });
      expect(await tagsOf(u)).toEqual([]);
    });

    it.each([["a b"], ["a#b"], ["#a"], ["tab\there"], ["line\nbreak"], [" "]])("refuses the invalid name %j with 400", async (name) => {
      const u = await freshUser();
      const response = await u.client.post("/api/tag", { name });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe("Invalid tag name");
      expect(await tagsOf(u)).toEqual([]);
    });

    it.each([
      ["no body", undefined],
      ["no name", {}],
      ["a numeric name", { name: 5 }],
    ])("refuses %s with 400", async (_label, body) => {
      const u = await freshUser();
      const response = await u.client.post("/api/tag", body);
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/^Malformatted post tag request/);
    });

    it("needs a signed-in caller", async () => {
      expect((await anonymous(t).get("/api/tag")).status).toBe(401);
      expect((await anonymous(t).post("/api/tag", { name: "x" })).status).toBe(401);
      expect((await anonymous(t).get("/api/tag/suggestion")).status).toBe(401);
      expect((await anonymous(t).get("/api/tag/count")).status).toBe(401);
      expect((await anonymous(t).delete("/api/tag/x")).status).toBe(401);
    });
  });

  describe("tags from memo content", () => {
    it("lists the tags of the caller's memos, outside code, once each", async () => {
      const u = await freshUser();
      await createMemo(u, "#alpha and #beta/child\n`#not-code`\n```\n#fenced\n```", "PRIVATE");
      await createMemo(u, "#alpha again, and #日本語", "PUBLIC");
      const list = await tagsOf(u);
      expect([...list].sort()).toEqual(["alpha", "beta/child", "日本語"]);
    });

    it("adds the tags of an edited memo", async () => {
      const u = await freshUser();
      const memo = await createMemo(u, "plain", "PRIVATE");
      expect(await tagsOf(u)).toEqual([]);
      await u.client.patch(`/api/memo/${memo.id}`, { content: "now #edited" });
      expect(await tagsOf(u)).toEqual(["edited"]);
    });

    it("filters memos by tag and by its children", async () => {
      const u = await freshUser();
      const parent = await createMemo(u, "#proj", "PRIVATE");
      const child = await createMemo(u, "#proj/sub", "PRIVATE");
      await createMemo(u, "#project", "PRIVATE");
      const response = await u.client.get("/api/memo", { query: { tag: "proj" } });
      expect(response.status).toBe(200);
      expect(response.body.data.map((m: { id: number }) => m.id).sort()).toEqual([parent.id, child.id].sort());
    });
  });

  describe("DELETE /api/tag/:name", () => {
    it.each([["plain"], ["a/b"], ["日本"], ["c++"], ["100%"], ["x?y"], ["we&you"], ["a.b"]])(
      "deletes %j sent URL-encoded and answers true",
      async (name) => {
        const u = await freshUser();
        await u.client.post("/api/tag", { name });
        await u.client.post("/api/tag", { name: "other" });
        const response = await u.client.delete(`/api/tag/${encodeURIComponent(name)}`);
        expect(response.status).toBe(200);
        expect(response.body).toBe(true);
        expect(await tagsOf(u)).toEqual(["other"]);
      },
    );

    it("deletes c++ sent raw in the path", async () => {
      const u = await freshUser();
      await u.client.post("/api/tag", { name: "c++" });
      expect((await u.client.delete("/api/tag/c++")).status).toBe(200);
      expect(await tagsOf(u)).toEqual([]);
    });

    it("answers 404 Tag name not found for a tag the caller does not have", async () => {
      const owner = await freshUser();
      const other = await freshUser();
      await owner.client.post("/api/tag", { name: "owned" });
      const response = await other.client.delete("/api/tag/owned");
      expect(response.status).toBe(404);
      expect(response.body.message).toBe("Tag name not found: owned");
      expect(await tagsOf(owner)).toEqual(["owned"]);
      expect((await other.client.delete(`/api/tag/${encodeURIComponent("日本")}`)).body.message).toBe("Tag name not found: 日本");
    });

    it("leaves memo content alone", async () => {
      const u = await freshUser();
      const memo = await createMemo(u, "keep #me", "PRIVATE");
      expect((await u.client.delete("/api/tag/me")).status).toBe(200);
      expect((await u.client.get(`/api/memo/${memo.id}`)).body.data.content).toBe("keep #me");
    });
  });

  describe("GET /api/tag/suggestion", () => {
    it("suggests tags in the caller's NORMAL memos that are not in their tag list, sorted", async () => {
      const u = await freshUser();
      const other = await freshUser();
      await createMemo(u, "#zeta #alpha #beta", "PRIVATE");
      const archived = await createMemo(u, "#archived-only", "PUBLIC");
      await u.client.patch(`/api/memo/${archived.id}`, { rowStatus: "ARCHIVED" });
      await createMemo(other, "#others-tag", "PUBLIC");
      // Memo tags join the list when saved; removing them from the list makes them suggestions.
      for (const name of ["zeta", "alpha", "archived-only"]) {
        expect((await u.client.delete(`/api/tag/${name}`)).status).toBe(200);
      }
      await other.client.delete("/api/tag/others-tag");

      const response = await u.client.get("/api/tag/suggestion");
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ data: ["alpha", "zeta"] });

      await u.client.post("/api/tag", { name: "alpha" });
      expect((await u.client.get("/api/tag/suggestion")).body.data).toEqual(["zeta"]);
    });

    it("is empty when every memo tag is listed", async () => {
      const u = await freshUser();
      await createMemo(u, "#one #two", "PRIVATE");
      expect((await u.client.get("/api/tag/suggestion")).body).toEqual({ data: [] });
    });
  });

  describe("GET /api/tag/count", () => {
    const countsOf = async (user: TestUser) => {
      const response = await user.client.get("/api/tag/count");
      expect(response.status).toBe(200);
      return response.body.data as { name: string; count: number }[];
    };

    it("counts the caller's NORMAL memos per exact tag, with listed tags no memo uses at 0, sorted", async () => {
      const u = await freshUser();
      const other = await freshUser();
      await createMemo(u, "#work #work/deep", "PRIVATE");
      await createMemo(u, "#work again #work", "PUBLIC");
      const archived = await createMemo(u, "#work #old", "PRIVATE");
      await u.client.patch(`/api/memo/${archived.id}`, { rowStatus: "ARCHIVED" });
      await u.client.post("/api/tag", { name: "empty" });
      await createMemo(other, "#work #theirs", "PUBLIC");

      expect(await countsOf(u)).toEqual([
        { name: "empty", count: 0 },
        { name: "old", count: 0 },
        { name: "work", count: 2 },
        { name: "work/deep", count: 1 },
      ]);
      expect(await countsOf(other)).toEqual([
        { name: "theirs", count: 1 },
        { name: "work", count: 1 },
      ]);
    });

    it("follows edits, deletions and tags removed from the list but still in memos", async () => {
      const u = await freshUser();
      const first = await createMemo(u, "#a #b", "PRIVATE");
      const second = await createMemo(u, "#a", "PRIVATE");
      await u.client.delete("/api/tag/b");
      expect(await countsOf(u)).toEqual([
        { name: "a", count: 2 },
        { name: "b", count: 1 },
      ]);
      await u.client.patch(`/api/memo/${first.id}`, { content: "now #c" });
      await u.client.delete(`/api/memo/${second.id}`);
      expect(await countsOf(u)).toEqual([
        { name: "a", count: 0 },
        { name: "c", count: 1 },
      ]);
    });
  });

  describe("GET /api/tag/count/subtree", () => {
    const subtreesOf = async (user: TestUser) => {
      const response = await user.client.get("/api/tag/count/subtree");
      expect(response.status).toBe(200);
      return response.body.data as { path: string; count: number }[];
    };

    it("counts each parent's whole subtree, a memo with two of its tags once, NORMAL memos of the caller only", async () => {
      const u = await freshUser();
      const other = await freshUser();
      await createMemo(u, "#work/meeting #work/notes", "PRIVATE"); // two tags of work: counted once
      await createMemo(u, "#work/meeting", "PUBLIC");
      await createMemo(u, "#work", "PUBLIC");
      await createMemo(u, "#home/garden/roses", "PRIVATE"); // home and home/garden: one tag under each
      const archived = await createMemo(u, "#work/meeting", "PRIVATE");
      await u.client.patch(`/api/memo/${archived.id}`, { rowStatus: "ARCHIVED" });
      await u.client.post("/api/tag", { name: "idle/child" }); // listed, no memo
      await createMemo(other, "#work/meeting #work/x", "PUBLIC");
      // "workshop" sorts between "work/" and "work0": not under work.
      await createMemo(u, "#workshop", "PUBLIC");

      expect(await subtreesOf(u)).toEqual([
        { path: "home", count: 1 },
        { path: "home/garden", count: 1 },
        { path: "idle", count: 0 },
        { path: "work", count: 3 },
      ]);
      expect(await subtreesOf(other)).toEqual([{ path: "work", count: 1 }]);
    });

    it("follows edits and deletions, and answers a visitor 401", async () => {
      const u = await freshUser();
      const first = await createMemo(u, "#p/a #p/b", "PRIVATE");
      await createMemo(u, "#p/b", "PRIVATE");
      expect(await subtreesOf(u)).toEqual([{ path: "p", count: 2 }]);
      await u.client.delete(`/api/memo/${first.id}`);
      expect(await subtreesOf(u)).toEqual([{ path: "p", count: 1 }]);
      expect((await anonymous(t).get("/api/tag/count/subtree")).status).toBe(401);
    });
  });
});
