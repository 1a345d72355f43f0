// GET /api/system/project-info: the About dialog's GitHub news, read by the server from a (fake, loopback) GitHub at
// most once a day, and not at all once the host turned it off.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { anonymous, createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, TEST_DRIVER, type TestApp } from "../harness.js";

interface FakeGithub {
  url: string;
  paths: string[];
  failing: boolean;
  server: Server;
}

async function fakeGithub(): Promise<FakeGithub> {
  const fake: FakeGithub = { url: "", paths: [], failing: false, server: createServer() };
  fake.server.on("request", (request, response) => {
    fake.paths.push(request.url ?? "");
    if (fake.failing) {
      response.writeHead(503).end();
      return;
    }
    const body =
      request.url === "/repos/usememos/memos"
        ? { stargazers_count: 4242 }
        : { tag_name: "v0.10.2", html_url: "https://github.com/usememos/memos/releases/tag/v0.10.2" };
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => fake.server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  return fake;
}

describe(`project info [${TEST_DRIVER}]`, () => {
  let github: FakeGithub;
  let t: TestApp;
  let host: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    github = await fakeGithub();
    t = await createTestApp({ projectInfoUrl: github.url });
    host = await signUpHost(t);
    member = await createUser(t, host, "member");
  });
  afterAll(async () => {
    await t.close();
    github.server.close();
  });
  afterEach(() => vi.useRealTimers());

  it("answers anyone with the stars and the latest release, asking GitHub once a day however often it is asked", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const expected = {
      enabled: true,
      stars: 4242,
      latestTag: "v0.10.2",
      latestUrl: "https://github.com/usememos/memos/releases/tag/v0.10.2",
    };
    for (const client of [anonymous(t), member.client, host.client, anonymous(t)]) {
      const response = await client.get("/api/system/project-info");
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual(expected);
    }
    expect(github.paths.sort()).toEqual(["/repos/usememos/memos", "/repos/usememos/memos/releases/latest"]);

    vi.setSystemTime(Date.now() + 23 * 3_600_000);
    await anonymous(t).get("/api/system/project-info");
    expect(github.paths).toHaveLength(2);
    vi.setSystemTime(Date.now() + 2 * 3_600_000);
    github.failing = true;
    // A day on: asked again; GitHub failing leaves the news out, never an error.
    const failed = await anonymous(t).get("/api/system/project-info");
    expect([failed.status, failed.body.data]).toEqual([200, { enabled: true }]);
    expect(github.paths).toHaveLength(4);
    github.failing = false;
  });

  it("asks GitHub nothing once the host turned it off, and says so", async () => {
    const refused = await member.client.post("/api/system/setting", { name: "disableProjectInfo", value: "true" });
    expect(refused.status).toBe(403);
    const wrong = await host.client.post("/api/system/setting", { name: "disableProjectInfo", value: '"yes"' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain("disableProjectInfo must be a JSON boolean");

    const off = await host.client.post("/api/system/setting", { name: "disableProjectInfo", value: "true" });
    expect(off.status).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 3 * 24 * 3_600_000);
    const before = github.paths.length;
    const response = await anonymous(t).get("/api/system/project-info");
    expect(response.body.data).toEqual({ enabled: false });
    expect(github.paths).toHaveLength(before);

    await host.client.post("/api/system/setting", { name: "disableProjectInfo", value: "false" });
    expect((await anonymous(t).get("/api/system/project-info")).body.data.enabled).toBe(true);
    expect(github.paths.length).toBe(before + 2);
  });
});
