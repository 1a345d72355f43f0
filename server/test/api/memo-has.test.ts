// GET /api/memo?has=…: the memos whose text has every property asked (the search box's `has:task`), read from the
// flags each memo keeps; a value that is no property is a 400 naming `has`.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../expect.js";
import { createMemo, createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { idsOf } from "../memo-helpers.js";

describe("the list's `has` filter", () => {
  let t: TestApp;
  let owner: TestUser;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const host = await signUpHost(t);
    owner = await createUser(t, host, "hasser");
    const contents = {
      task: "- [x] done task",
      todo: "- [ ] open task and `code`",
      link: "read https://example.com",
      plain: "nothing special",
    };
    for (const [name, content] of Object.entries(contents)) ids[name] = (await createMemo(owner, content)).id;
  });
  afterAll(() => t.close());

  it("keeps the memos with every property asked, newest first, with the search words too", async () => {
    const list = async (query: Record<string, string>) =>
      idsOf(await owner.client.get("/api/memo", { query: { rowStatus: "NORMAL", ...query } }));
    expect(await list({ has: "hasTaskList" })).toEqual([ids.todo, ids.task]);
    expect(await list({ has: "hasTaskList,hasCode" })).toEqual([ids.todo]);
    expect(await list({ has: "hasIncompleteTasks" })).toEqual([ids.todo]);
    expect(await list({ has: "hasLink" })).toEqual([ids.link]);
    expect(await list({ has: "hasTaskList", search: "done" })).toEqual([ids.task]);
    expect(await list({ has: "" })).toHaveLength(4);
    const counted = await owner.client.get("/api/memo/count", { query: { has: "hasTaskList" } });
    expect(counted.body.data.count).toBe(2);
  });

  it("refuses a value that is no property, naming has", async () => {
    expectError(await owner.client.get("/api/memo", { query: { has: "hasTaskList,hasPictures" } }), 400, /Invalid has: hasPictures/, {
      field: "has",
    });
  });
});
