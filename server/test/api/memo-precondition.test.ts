// PATCH /api/memo/:id with baseUpdatedTs (our addition for offline edits): written only while the memo's
// updatedTs is still the one the change was made on; otherwise 409 and nothing of the patch is written.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../expect.js";
import { createMemo, signUpHost, type TestUser, uploadResource } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";

describe("PATCH /api/memo/:id with baseUpdatedTs", () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpHost(t);
  });
  afterAll(() => t.close());

  /** A memo last changed at `updatedTs` (set in the row, so the test needs no waiting for the clock). */
  async function memoChangedAt(content: string, updatedTs: number) {
    const memo = await createMemo(owner, content);
    await t.ctx.store.db.updateTable("memo").set({ updated_ts: updatedTs }).where("id", "=", memo.id).execute();
    return memo;
  }

  it("writes the patch when the memo is still at that version, and answers its new updatedTs", async () => {
    const memo = await memoChangedAt("v1 #alpha", 1_000_000);
    const response = await owner.client.patch(`/api/memo/${memo.id}`, { content: "v2 #beta", baseUpdatedTs: 1_000_000 });
    expect(response.status).toBe(200);
    expect(response.body.data.content).toBe("v2 #beta");
    expect(response.body.data.updatedTs).toBeGreaterThan(1_000_000);
  });

  it("refuses with 409 when the memo changed since, and writes nothing of the patch", async () => {
    const memo = await memoChangedAt("theirs #kept", 1_000_000);
    const resource = await uploadResource(owner);
    const response = await owner.client.patch(`/api/memo/${memo.id}`, {
      content: "mine #lost",
      visibility: "PUBLIC",
      resourceIdList: [resource.id],
      baseUpdatedTs: 999_999,
    });
    expectError(response, 409, "baseUpdatedTs: the memo was changed after 999999");
    const now = (await owner.client.get(`/api/memo/${memo.id}`)).body.data;
    expect(now).toMatchObject({ content: "theirs #kept", visibility: "PRIVATE", updatedTs: 1_000_000, resourceList: [] });
    const tags = (await owner.client.get("/api/tag")).body.data as string[];
    expect(tags).toContain("kept");
    expect(tags).not.toContain("lost");
  });

  it("without it, a patch is written whatever the version (as v0 clients expect)", async () => {
    const memo = await memoChangedAt("old", 1_000_000);
    const response = await owner.client.patch(`/api/memo/${memo.id}`, { content: "new" });
    expect(response.status).toBe(200);
    expect(response.body.data.content).toBe("new");
  });

  it("refuses a baseUpdatedTs that is not a time in seconds, naming the field", async () => {
    const memo = await createMemo(owner, "x");
    for (const value of ["yesterday", -1, 1.5]) {
      const response = await owner.client.patch(`/api/memo/${memo.id}`, { content: "y", baseUpdatedTs: value });
      expectError(response, 400, /^Malformatted patch memo request: baseUpdatedTs/);
    }
  });
});
