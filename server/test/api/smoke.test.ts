import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemo, signUpHost } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";

describe("smoke", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("signs up a host and writes a memo that lists back", async () => {
    const host = await signUpHost(t);
    const memo = await createMemo(host, "hello #world", "PUBLIC");
    const list = await host.client.get("/api/memo");
    expect(list.status).toBe(200);
    expect(list.body.data.map((m: { id: number }) => m.id)).toEqual([memo.id]);
    const tags = await host.client.get("/api/tag");
    expect(tags.body.data).toEqual(["world"]);
  });
});
