// POST /api/tag/rename: a tag and its children renamed (or merged) in the caller's memos, shortcuts and tag list,
// never in code or links, never in another user's; a dry run writes nothing.
import { extractTags } from "@memos/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymous, createMemo, createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";

describe("POST /api/tag/rename", () => {
  let t: TestApp;
  let host: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
  });
  afterAll(() => t.close());

  let n = 0;
  const freshUser = () => createUser(t, host, `renamer${++n}`);
  const rename = (user: TestUser, body: object) => user.client.post("/api/tag/rename", body);
  const contentOf = async (user: TestUser, id: number): Promise<string> => (await user.client.get(`/api/memo/${id}`)).body.data.content;
  const tagsOf = async (user: TestUser): Promise<string[]> => (await user.client.get("/api/tag")).body.data;
  const shortcut = async (user: TestUser, tags: string[]) => {
    const filters = tags.map((value) => ({ type: "TAG", value: { operator: "CONTAIN", value }, relation: "AND" }));
    const response = await user.client.post("/api/shortcut", { title: tags.join(" "), payload: JSON.stringify(filters) });
    expect(response.status).toBe(200);
    return response.body.data as { id: number; payload: string };
  };
  const tagFiltersOf = async (user: TestUser, id: number): Promise<string[]> => {
    const payload = (await user.client.get(`/api/shortcut/${id}`)).body.data.payload;
    return (JSON.parse(payload) as Array<{ value: { value: string } }>).map((filter) => filter.value.value);
  };

  it("rewrites the tag and its children in every memo of the caller, archived ones too, and answers the counts", async () => {
    const u = await freshUser();
    const plain = await createMemo(u, "#work and #work/a and #workshop");
    const child = await createMemo(u, "deep #work/a/b", "PUBLIC");
    const archived = await createMemo(u, "old #work");
    await u.client.patch(`/api/memo/${archived.id}`, { rowStatus: "ARCHIVED" });
    const untouched = await createMemo(u, "#homework #my/work");

    const response = await rename(u, { from: "work", to: "job" });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { memos: 3, shortcuts: 0, merge: false } });
    expect(await contentOf(u, plain.id)).toBe("#job and #job/a and #workshop");
    expect(await contentOf(u, child.id)).toBe("deep #job/a/b");
    expect(await contentOf(u, archived.id)).toBe("old #job");
    expect(await contentOf(u, untouched.id)).toBe("#homework #my/work");
    expect(await tagsOf(u)).toEqual(["homework", "job", "job/a", "job/a/b", "my/work", "workshop"]);

    // The memo lists and counts follow: the new tag filters the memos, the old one none.
    const listed = await u.client.get("/api/memo", { query: { tag: "job", rowStatus: "NORMAL" } });
    expect(listed.body.data.map((memo: { id: number }) => memo.id).sort()).toEqual([plain.id, child.id].sort());
    expect((await u.client.get("/api/memo", { query: { tag: "work" } })).body.data).toEqual([]);
    const counts = (await u.client.get("/api/tag/count")).body.data as Array<{ name: string; count: number }>;
    expect(counts.filter((tag) => tag.name.startsWith("work") || tag.name.startsWith("job"))).toEqual([
      { name: "job", count: 1 },
      { name: "job/a", count: 1 },
      { name: "job/a/b", count: 1 },
      { name: "workshop", count: 1 },
    ]);
  });

  it("keeps each rewritten memo's former version in its history, so a rename can be undone memo by memo", async () => {
    const u = await freshUser();
    const memo = await createMemo(u, "note #work");
    const other = await createMemo(u, "#work/a");
    const plain = await createMemo(u, "no tag");
    await rename(u, { from: "work", to: "job" });
    const history = async (id: number) =>
      (await u.client.get(`/api/memo/${id}/revision`)).body.data.revisions as Array<{ id: number; content: string; source: string }>;
    const [before] = await history(memo.id);
    expect(before).toMatchObject({ content: "note #work", source: "web" });
    expect((await history(other.id)).map((version) => version.content)).toEqual(["#work/a"]);
    expect(await history(plain.id)).toEqual([]);
    // Restoring the version brings the old text back; the renamed one is kept, written by the rename.
    expect((await u.client.post(`/api/memo/${memo.id}/revision/${before!.id}/restore`)).status).toBe(200);
    expect(await contentOf(u, memo.id)).toBe("note #work");
    expect((await history(memo.id))[0]).toMatchObject({ content: "note #job", source: "rename" });
  });

  it("never rewrites a # in code blocks, inline code or links", async () => {
    const u = await freshUser();
    const content = [
      "#work `#work` [#work](https://x.example/#work) https://y.example/page#work ![#work](a.png)",
      "```",
      "#work in a fence",
      "```",
      "end #work/x",
    ].join("\n");
    const memo = await createMemo(u, content);
    expect((await rename(u, { from: "work", to: "job" })).body.data.memos).toBe(1);
    expect(await contentOf(u, memo.id)).toBe(content.replace(/^#work/, "#job").replace("end #work/x", "end #job/x"));
  });

  it("merges onto a tag the caller has: says so, and the memos carry one tag", async () => {
    const u = await freshUser();
    const both = await createMemo(u, "#work #job");
    const only = await createMemo(u, "#work/a");
    await createMemo(u, "#job/a");
    const preview = await rename(u, { from: "work", to: "job", dryRun: true });
    expect(preview.body).toEqual({ data: { memos: 2, shortcuts: 0, merge: true } });
    expect((await rename(u, { from: "work", to: "job" })).body).toEqual({ data: { memos: 2, shortcuts: 0, merge: true } });
    expect(extractTags(await contentOf(u, both.id))).toEqual(["job"]);
    expect(await contentOf(u, only.id)).toBe("#job/a");
    expect(await tagsOf(u)).toEqual(["job", "job/a"]);
    const counts = (await u.client.get("/api/tag/count")).body.data;
    expect(counts).toEqual([
      { name: "job", count: 1 },
      { name: "job/a", count: 2 },
    ]);
  });

  it("counts a tag only listed, or only under the name, as one the caller has (merge false when the target is only a parent path of nothing)", async () => {
    const u = await freshUser();
    await u.client.post("/api/tag", { name: "listed" });
    expect((await rename(u, { from: "listed", to: "moved" })).body).toEqual({ data: { memos: 0, shortcuts: 0, merge: false } });
    expect(await tagsOf(u)).toEqual(["moved"]);
    // `p` itself is no tag, but `p/x` is under it.
    await createMemo(u, "#p/x");
    expect((await rename(u, { from: "p", to: "moved" })).body).toEqual({ data: { memos: 1, shortcuts: 0, merge: true } });
    expect(await tagsOf(u)).toEqual(["moved", "moved/x"]);
  });

  it("rewrites the tag filters of the caller's shortcuts", async () => {
    const u = await freshUser();
    await createMemo(u, "#work");
    const onTag = await shortcut(u, ["work"]);
    const onChild = await shortcut(u, ["work/a", "other"]);
    const elsewhere = await shortcut(u, ["workshop"]);
    expect((await rename(u, { from: "work", to: "job", dryRun: true })).body.data).toEqual({ memos: 1, shortcuts: 2, merge: false });
    expect((await rename(u, { from: "work", to: "job" })).body.data).toEqual({ memos: 1, shortcuts: 2, merge: false });
    expect(await tagFiltersOf(u, onTag.id)).toEqual(["job"]);
    expect(await tagFiltersOf(u, onChild.id)).toEqual(["job/a", "other"]);
    expect(await tagFiltersOf(u, elsewhere.id)).toEqual(["workshop"]);
  });

  it("renames a tag held by a shortcut alone", async () => {
    const u = await freshUser();
    const saved = await shortcut(u, ["ghost"]);
    expect((await rename(u, { from: "ghost", to: "spirit" })).body.data).toEqual({ memos: 0, shortcuts: 1, merge: false });
    expect(await tagFiltersOf(u, saved.id)).toEqual(["spirit"]);
  });

  it("writes nothing on a dry run", async () => {
    const u = await freshUser();
    const memo = await createMemo(u, "#work #work/a");
    const saved = await shortcut(u, ["work"]);
    const before = await tagsOf(u);
    const response = await rename(u, { from: "work", to: "job", dryRun: true });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ memos: 1, shortcuts: 1, merge: false });
    expect(await contentOf(u, memo.id)).toBe("#work #work/a");
    expect(await tagFiltersOf(u, saved.id)).toEqual(["work"]);
    expect(await tagsOf(u)).toEqual(before);
  });

  it("touches only the caller's memos, shortcuts and tags", async () => {
    const u = await freshUser();
    const other = await freshUser();
    await createMemo(u, "#work");
    const theirs = await createMemo(other, "#work #work/a", "PUBLIC");
    const theirShortcut = await shortcut(other, ["work"]);
    expect((await rename(u, { from: "work", to: "job" })).body.data.memos).toBe(1);
    expect(await contentOf(other, theirs.id)).toBe("#work #work/a");
    expect(await tagFiltersOf(other, theirShortcut.id)).toEqual(["work"]);
    expect(await tagsOf(other)).toEqual(["work", "work/a"]);
    // Another user's tag is not one the caller has.
    expect((await rename(u, { from: "work", to: "x" })).status).toBe(404);
  });

  it("renames a tag into a name under itself once (work → work/old)", async () => {
    const u = await freshUser();
    const memo = await createMemo(u, "#work #work/a");
    expect((await rename(u, { from: "work", to: "work/old" })).body.data).toEqual({ memos: 1, shortcuts: 0, merge: false });
    expect(await contentOf(u, memo.id)).toBe("#work/old #work/old/a");
    expect(await tagsOf(u)).toEqual(["work/old", "work/old/a"]);
  });

  it("renames a child tag alone, leaving its parent and siblings", async () => {
    const u = await freshUser();
    const memo = await createMemo(u, "#work #work/a #work/ab #work/a/x");
    expect((await rename(u, { from: "work/a", to: "done" })).body.data.memos).toBe(1);
    expect(await contentOf(u, memo.id)).toBe("#work #done #work/ab #done/x");
  });

  it("answers 404 for a tag the caller does not have, writing nothing", async () => {
    const u = await freshUser();
    await createMemo(u, "#workshop");
    for (const dryRun of [true, false]) {
      const response = await rename(u, { from: "work", to: "job", dryRun });
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ message: "Tag name not found: work", reason: "tag.not-found", params: { name: "work" } });
    }
    expect(await tagsOf(u)).toEqual(["workshop"]);
  });

  it.each([
    [{ from: "", to: "job" }, "from"],
    [{ from: "a b", to: "job" }, "from"],
    [{ from: "#work", to: "job" }, "from"],
    [{ from: "work", to: "" }, "to"],
    [{ from: "work", to: "a#b" }, "to"],
    [{ from: "work", to: "new line\n" }, "to"],
    [{ from: "work", to: "http://x.example" }, "to"],
    [{ from: "work", to: "x".repeat(257) }, "to"],
    [{ from: "work", to: "work" }, "to"],
    [{ to: "job" }, "from"],
    [{ from: "work" }, "to"],
    [{ from: "work", to: "job", dryRun: "yes" }, "dryRun"],
  ])("refuses %j with 400 naming %s", async (body, field) => {
    const u = await freshUser();
    const memo = await createMemo(u, "#work");
    const response = await rename(u, body);
    expect(response.status).toBe(400);
    expect(response.body.field).toBe(field);
    expect(response.body.message).toMatch(/^Malformatted post tag rename request: /);
    expect(await contentOf(u, memo.id)).toBe("#work");
  });

  it("refuses a name that would make a tag under it longer than a tag can be", async () => {
    const u = await freshUser();
    const long = `work/${"x".repeat(240)}`;
    const memo = await createMemo(u, `#${long}`);
    for (const dryRun of [true, false]) {
      const response = await rename(u, { from: "work", to: "y".repeat(30), dryRun });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ field: "to", reason: "input.too-long", params: { maximum: 256 } });
    }
    expect(await contentOf(u, memo.id)).toBe(`#${long}`);
  });

  it("needs a signed-in caller with a write credential: a read-only token gets 403, a read-write one renames", async () => {
    const u = await freshUser();
    const memo = await createMemo(u, "#work");
    expect((await anonymous(t).post("/api/tag/rename", { from: "work", to: "job" })).status).toBe(401);
    const mint = async (scope: string) => (await u.client.post("/api/access-token", { name: scope, scope })).body.data.token as string;
    const readOnly = anonymous(t).withToken(await mint("read"));
    const refused = await readOnly.post("/api/tag/rename", { from: "work", to: "job", dryRun: true });
    expect(refused.status).toBe(403);
    expect(refused.body.reason).toBe("auth.read-only-token");
    expect(await contentOf(u, memo.id)).toBe("#work");
    const readWrite = anonymous(t).withToken(await mint("read-write"));
    expect((await readWrite.post("/api/tag/rename", { from: "work", to: "job" })).body.data.memos).toBe(1);
    expect(await contentOf(u, memo.id)).toBe("#job");
  });

  it("rewrites thousands of memos, across the pages of its walk (same display times included)", async () => {
    const u = await freshUser();
    const { db } = t.ctx.store;
    const count = 5_300;
    const ts = 1_700_000_000;
    for (let start = 0; start < count; start += 500) {
      const rows = Array.from({ length: Math.min(500, count - start) }, (_, i) => {
        const k = start + i;
        // Ten memos per second: entries tie on display time, so the walk's position needs the memo id too.
        const time = ts + Math.floor(k / 10);
        return {
          creator_id: u.user.id,
          content: `memo ${k} #bulk${k % 3 === 0 ? " #bulk/child" : ""}`,
          visibility: "PRIVATE" as const,
          created_ts: time,
          updated_ts: time,
          display_ts: time,
        };
      });
      const inserted = await db.insertInto("memo").values(rows).returning(["id", "content"]).execute();
      await db
        .insertInto("memo_tag")
        .values(inserted.flatMap((memo) => extractTags(memo.content).map((tag) => ({ memo_id: memo.id, tag }))))
        .execute();
    }
    await createMemo(u, "#bulk2 stays");
    expect((await rename(u, { from: "bulk", to: "heap", dryRun: true })).body.data.memos).toBe(count);
    expect((await rename(u, { from: "bulk", to: "heap" })).body.data).toEqual({ memos: count, shortcuts: 0, merge: false });
    const remaining = await db
      .selectFrom("memo")
      .select("content")
      .where("creator_id", "=", u.user.id)
      .where("content", "like", "%#bulk%")
      .execute();
    expect(remaining.map((row) => row.content)).toEqual(["#bulk2 stays"]);
    const counts = (await u.client.get("/api/tag/count")).body.data;
    expect(counts).toEqual([
      { name: "bulk2", count: 1 },
      { name: "heap", count: count },
      { name: "heap/child", count: Math.ceil(count / 3) },
    ]);
  });
});
