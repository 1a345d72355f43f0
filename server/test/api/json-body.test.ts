// How the server reads request bodies: empty, malformed, prototype-polluting, and JSON without its header.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymous, signUpHost } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";

describe("request bodies", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signIn = (payload: string, contentType = "application/json") =>
    anonymous(t).post("/api/auth/signin", payload, { headers: { "content-type": contentType } });

  it("answers an empty JSON body with the route's own message", async () => {
    const response = await signIn("");
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^Malformatted signin request/);
    expect(response.body.error).toBe(`code=400, message=${response.body.message}`);
  });

  it("refuses malformed JSON with 400", async () => {
    const response = await signIn("{bad");
    expect(response.status).toBe(400);
    expect(typeof response.body.message).toBe("string");
  });

  it("refuses a __proto__ key instead of polluting objects", async () => {
    const response = await signIn('{"__proto__":{"polluted":true},"username":"a","password":"b"}');
    expect(response.status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("refuses a JSON body over the limit with 413, and a memo over 1 MiB with 400", async () => {
    const host = await signUpHost(t, "bodyhost");
    const huge = await host.client.post("/api/memo", { content: "x".repeat(5 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe("Request body is too large: this request takes at most 4 MiB");
    const long = await host.client.post("/api/memo", { content: "x".repeat(1024 * 1024 + 1) });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/^Malformatted post memo request: content/);
    expect((await host.client.get("/api/memo")).body.data).toEqual([]);
  });

  it("reads JSON sent as text/plain, as scripts often do", async () => {
    const response = await signIn('{"username":"nobody","password":"whatever"}', "text/plain");
    expect(response.status).toBe(401);
    expect(response.body.message).toBe("User not found with username nobody");
  });
});
