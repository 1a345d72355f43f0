// Rules on a single request's values live in the route's schema (common/src/api/schemas/<area>.ts), never in a service:
// each refusal below is a 400 with v0's words, the field it names and its reason, and nothing is written.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymous, createMemo, createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";

const PAYLOAD = "[]";

describe("validation at the edge", () => {
  let t: TestApp;
  let alice: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    const host = await signUpHost(t);
    alice = await createUser(t, host, "alice");
  });
  afterAll(() => t.close());

  function expectRefusal(response: { status: number; body: unknown }, message: string, field: string, reason = "input.invalid"): void {
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message, field, reason });
  }

  it("memo list: visibility and rowStatus are checked values, a duration runs forwards, a cursor is not mixed with offset", async () => {
    const list = (query: Record<string, string | number>) => alice.client.get("/api/memo", { query });
    expectRefusal(await list({ visibility: "PUBLIC,SECRET" }), "Invalid visibility: SECRET", "visibility");
    expectRefusal(await list({ rowStatus: "GONE" }), "Invalid rowStatus: GONE", "rowStatus");
    expectRefusal(await list({ from: 200, to: 100 }), "Invalid duration: from must be earlier than to", "from");
    expectRefusal(await list({ cursor: "bTEuMC4xLjE", offset: 10 }), "Invalid cursor: it cannot be combined with offset", "cursor");
    // Empty values are absent, as in v0; spaces around list items are allowed.
    await createMemo(alice, "a public memo", "PUBLIC");
    const fine = await list({ visibility: " PUBLIC , PRIVATE", rowStatus: "", from: 0, to: 4_000_000_000 });
    expect(fine.status).toBe(200);
    expect(fine.body.data.map((memo: { content: string }) => memo.content)).toContain("a public memo");
  });

  it("memo create and patch: a created time in the future is refused and nothing is written", async () => {
    const future = Math.floor(Date.now() / 1000) + 3600;
    const before = (await alice.client.get("/api/memo")).body.data.length;
    const created = await alice.client.post("/api/memo", { content: "from the future", createdTs: future });
    expectRefusal(created, "Invalid created datetime: it is in the future", "createdTs", "memo.created-in-future");
    expect((await alice.client.get("/api/memo")).body.data.length).toBe(before);
    const memo = await createMemo(alice, "now");
    const patched = await alice.client.patch(`/api/memo/${memo.id}`, { createdTs: future });
    expectRefusal(patched, "Invalid created datetime: it is in the future", "createdTs", "memo.created-in-future");
    // A minute of clock drift is tolerated.
    expect((await alice.client.patch(`/api/memo/${memo.id}`, { createdTs: Math.floor(Date.now() / 1000) + 30 })).status).toBe(200);
  });

  it("shortcuts: a blank title or a payload that is not JSON, on create and on patch", async () => {
    expectRefusal(
      await alice.client.post("/api/shortcut", { title: "  ", payload: PAYLOAD }),
      "Malformatted post shortcut request: Title is required",
      "title",
    );
    expectRefusal(
      await alice.client.post("/api/shortcut", { title: "Work", payload: "{not json" }),
      "Malformatted post shortcut request: payload must be JSON text",
      "payload",
    );
    const shortcut = (await alice.client.post("/api/shortcut", { title: "Work", payload: PAYLOAD })).body.data;
    expectRefusal(
      await alice.client.patch(`/api/shortcut/${shortcut.id}`, { title: "" }),
      "Malformatted patch shortcut request: Title is required",
      "title",
    );
    expectRefusal(
      await alice.client.patch(`/api/shortcut/${shortcut.id}`, { payload: "nope" }),
      "Malformatted patch shortcut request: payload must be JSON text",
      "payload",
    );
    // Someone else's shortcut is judged first: 404 before any 400 about the body.
    expect((await anonymous(t).patch(`/api/shortcut/${shortcut.id}`, { title: "" })).status).toBe(401);
    expect((await alice.client.get(`/api/shortcut/${shortcut.id}`)).body.data.title).toBe("Work");
  });

  it("resources: an external link is http(s), a file name survives the file-name rule", async () => {
    const post = (body: object) => alice.client.post("/api/resource", body);
    expectRefusal(
      await post({ filename: "x.png", externalLink: "javascript:alert(1)" }),
      "Malformatted post resource request: externalLink must be an http(s) URL",
      "externalLink",
    );
    expectRefusal(
      await post({ filename: "../..", externalLink: "https://example.com/x.png" }),
      "Invalid filename.",
      "filename",
      "resource.invalid-filename",
    );
    const linked = await post({ filename: "folder/b.png", externalLink: "https://example.com/x.png" });
    expect(linked.status).toBe(200);
    expect(linked.body.data.filename).toBe("b.png");
    expectRefusal(
      await alice.client.patch(`/api/resource/${linked.body.data.id}`, { filename: "../escape" }),
      "Invalid filename.",
      "filename",
      "resource.invalid-filename",
    );
  });
});
