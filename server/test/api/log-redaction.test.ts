// No credential reaches the server log: the lines of failed and slow requests carry their URL with v0's
// `?openId=` (and any other token-like query parameter) redacted, and never a Bearer token or the session cookie.
// The app's real logger writes into an array here.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, multipartBody, signUpHost, type TestUser, uploadResource } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";

describe("the server log", () => {
  const lines: string[] = [];
  let t: TestApp;
  let member: TestUser;
  let token: string;
  let sessionValue: string;
  let lostFile: string;

  beforeAll(async () => {
    // Every request counts as slow (0 ms), so the slow-request line is written for each one.
    t = await createTestApp({ storage: "local", slowRequestMs: 0, logStream: { write: (line) => void lines.push(line) } });
    const host = await signUpHost(t);
    member = await createUser(t, host, "member");
    token = (await member.client.post("/api/access-token", { name: "script", scope: "read" })).body.data.token;
    sessionValue = member.client.cookie!.split("=")[1]!;
    // A file gone from the assets folder: reading it is a 500, our fault, logged.
    const lost = await uploadResource(member, "lost.png", "image/png", Buffer.from("lost"));
    const row = await t.ctx.store.db.selectFrom("resource").select("internal_path").where("id", "=", lost.id).executeTakeFirstOrThrow();
    rmSync(join(t.ctx.config.data, "assets", row.internal_path));
    lostFile = `/o/r/${lost.id}/lost.png`;
  });
  afterAll(() => t.close());

  /** The whole log once a line holds `text` (a request's line is written once its answer is sent). */
  async function logUntil(text: string): Promise<string> {
    for (let tries = 0; tries < 1000; tries++) {
      if (lines.some((line) => line.includes(text))) return lines.join("");
      await new Promise((resolve) => setImmediate(resolve));
    }
    throw new Error(`no line with ${text}: ${lines.join("")}`);
  }

  const secrets = () => ({ openId: member.user.openId, token, session: sessionValue, other: "s3cr3t-of-another-kind" });

  it("redacts the open ID, tokens and cookies of failed and slow requests", async () => {
    const { openId, other } = secrets();
    const failedByOpenId = await t.app.inject({ method: "GET", url: `${lostFile}?openId=${openId}&thumbnail=1` });
    const failedByBearer = await t.app.inject({ method: "GET", url: lostFile, headers: { authorization: `Bearer ${token}` } });
    const failedByCookie = await t.app.inject({ method: "GET", url: lostFile, headers: { cookie: member.client.cookie! } });
    for (const failed of [failedByOpenId, failedByBearer, failedByCookie]) expect(failed.statusCode).toBe(500);

    const slow = await t.app.inject({
      method: "GET",
      url: `/api/memo?openId=${openId}&access_token=${other}&limit=1`,
      headers: { authorization: `Bearer ${token}`, cookie: member.client.cookie! },
    });
    expect(slow.statusCode).toBe(200);
    const refused = await t.app.inject({
      method: "GET",
      url: `/api/user/me?openId=${other}`,
      headers: { cookie: `memos_session=${other}` },
    });
    expect(refused.statusCode).toBe(401);
    const badUrl = await t.app.inject({ method: "GET", url: `/api/memo/%E0%A4%A?openId=${openId}` });
    expect(badUrl.statusCode).toBe(400);
    // An upload: the multipart plugin logs the request's headers at trace level.
    const upload = multipartBody("file", "note.txt", "text/plain", Buffer.from("hello"));
    const uploaded = await t.app.inject({
      method: "POST",
      url: "/api/resource/blob?last=1",
      payload: upload.payload,
      headers: { ...upload.headers, cookie: member.client.cookie! },
    });
    expect(uploaded.statusCode).toBe(200);

    const log = await logUntil("/api/resource/blob?last=1");
    // The lines are there, with the URLs as sent, less their credentials.
    expect(log).toContain("a resource's file is missing from the assets folder");
    expect(log).toContain(`${lostFile}?openId=[redacted]&thumbnail=1`);
    expect(log).toContain("/api/memo?openId=[redacted]&access_token=[redacted]&limit=1");
    expect(log).toContain('"status":500');
    expect(log).toContain('"cookie":"[redacted]"');
    for (const [name, secret] of Object.entries(secrets())) expect(log, name).not.toContain(secret);
  });

  it("redacts a share link's token from the paths of its page and its API", async () => {
    const memo = await member.client.post("/api/memo", { content: "shared", visibility: "PRIVATE" });
    const shared = await member.client.post(`/api/memo/${memo.body.data.id}/share`, {});
    const shareToken: string = shared.body.data.token;
    for (const url of [
      `/s/${shareToken}`,
      `/api/v1/shares/${shareToken}/memo`,
      `/api/share/${shareToken}`,
      `/api/share/${shareToken}/resource/999999`,
    ]) {
      await t.app.inject({ method: "GET", url: `${url}?mark=share` });
    }
    const log = await logUntil("/api/share/[redacted]/resource/999999?mark=share");
    expect(log).toContain("/s/[redacted]?mark=share");
    expect(log).toContain("/api/v1/shares/[redacted]/memo?mark=share");
    expect(log).not.toContain(shareToken);
  });
});
