// GET /api/memo/calendar: a month of a creator's memos by day in one request, each day's count and first memo's
// opening words, by the heat map's rules of who sees what.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CREDENTIAL_KINDS, callerOf } from "../credential-kinds.js";
import { expectError } from "../expect.js";
import { anonymous, createMemo, createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { appTokenOf } from "../oauth-flow.js";

const DAY = 86_400;
/** Three days of a month long ago, at its (UTC) midnights. */
const START = 1_700_006_400;
const bounds = [START, START + DAY, START + 2 * DAY, START + 3 * DAY];

describe("GET /api/memo/calendar", () => {
  let t: TestApp;
  let host: TestUser;
  let owner: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
    owner = await createUser(t, host, "calendar-owner");
    // Day one: three memos; the earliest is private, the next one public and in Markdown.
    await createMemo(owner, "Late in the day", "PUBLIC", { createdTs: START + 20_000 });
    await createMemo(owner, "Secret breakfast plans", "PRIVATE", { createdTs: START + 3_600 });
    await createMemo(owner, "## Morning **run** by the [river](https://example.com)", "PUBLIC", { createdTs: START + 7_200 });
    // Day three: one long memo; day two: none. Outside the window: one more.
    await createMemo(owner, `A long day of writing ${"words and more words ".repeat(10)}`, "PUBLIC", { createdTs: START + 2 * DAY + 60 });
    await createMemo(owner, "Before the window", "PUBLIC", { createdTs: START - 60 });
  });
  afterAll(() => t.close());

  const calendar = (client: TestUser["client"] | ReturnType<typeof anonymous>, days = bounds.join(",")) =>
    client.get("/api/memo/calendar", { query: { creatorId: owner.user.id, days } });

  it("answers each day's count and its first memo in a few plain words, in one request", async () => {
    // A whole month (32 bounds of 10 digits) fits in the query.
    const month = Array.from({ length: 32 }, (_, i) => START + i * DAY).join(",");
    expect((await calendar(owner.client, month)).body.data).toHaveLength(31);
    const response = await calendar(owner.client);
    expect(response.status, response.text).toBe(200);
    const [one, two, three] = response.body.data;
    expect(response.body.data).toHaveLength(3);
    expect(one).toMatchObject({ fromTs: START, count: 3, first: { snippet: "Secret breakfast plans" } });
    expect(two).toEqual({ fromTs: START + DAY, count: 0, first: null });
    expect(three.count).toBe(1);
    expect(three.first.snippet.length).toBeLessThanOrEqual(61);
    expect(three.first.snippet).toMatch(/^A long day of writing words and more words .*…$/);
  });

  it("counts and opens only what the caller may read: a visitor sees the public memos", async () => {
    const [one] = (await calendar(anonymous(t))).body.data;
    expect(one).toMatchObject({ count: 2, first: { snippet: "Morning run by the river" } });
  });

  it("by credential: the owner's every kind counts the private memo; another member's, a share link's, only the public", async () => {
    const dayOne = async (client: Parameters<typeof calendar>[0]) => {
      const response = await calendar(client);
      expect(response.status, response.text).toBe(200);
      const [one] = response.body.data;
      return { count: one.count, snippet: one.first?.snippet };
    };
    const own = { count: 3, snippet: "Secret breakfast plans" };
    const publicOnly = { count: 2, snippet: "Morning run by the river" };
    const other = await createUser(t, host, "calendar-other");
    for (const kind of CREDENTIAL_KINDS) {
      expect(await dayOne(await callerOf(t, owner, kind)), `owner's ${kind}`).toEqual(own);
      expect(await dayOne(await callerOf(t, other, kind)), `another member's ${kind}`).toEqual(publicOnly);
    }
    // A share link opens its one memo, and is no credential here: as Bearer it is an invalid token (401), as the
    // session cookie no session, so a visitor's answer (the private memo it shares is neither counted nor opened).
    const secret = (await owner.client.get("/api/memo", { query: { creatorId: owner.user.id } })).body.data.find(
      (memo: { content: string }) => memo.content === "Secret breakfast plans",
    );
    const link = await owner.client.post(`/api/memo/${secret.id}/share`, {});
    expect(link.status, link.text).toBe(200);
    const token = link.body.data.token as string;
    expectError(await calendar(anonymous(t).withToken(token)), 401, "Invalid access token");
    expect(await dayOne(anonymous(t).withCookie(`memos_session=${token}`))).toEqual(publicOnly);
    // An app's OAuth token (MCP) is refused everywhere but /mcp.
    expectError(await calendar(anonymous(t).withToken(await appTokenOf(t, owner))), 403);
  });

  it("refuses a query without a creator or with days out of order (400 naming the field)", async () => {
    expectError(await anonymous(t).get("/api/memo/calendar", { query: { days: bounds.join(",") } }), 400, undefined, {
      field: "creatorId",
    });
    for (const days of [
      `${START}`,
      `${START + DAY},${START}`,
      "yesterday,today",
      Array.from({ length: 44 }, (_, i) => START + i).join(","),
    ]) {
      const response = await calendar(owner.client, days);
      expectError(response, 400, /^Malformatted memo calendar query: days/);
    }
  });
});
