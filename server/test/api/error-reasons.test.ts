// Each kind of failure answers its reason (common/src/api/reasons.ts) beside v0's `error` and `message`, with the
// field and params a client shows it by: one request per status the API answers, on each engine. (The shared
// test client also checks that every error answer of every API test carries a known reason of its status.)
import { MAX_MEMO_CONTENT_BYTES } from "@memos/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../expect.js";
import { anonymous, createMemo, createUser, PASSWORD, signUpHost, type TestUser, uploadBlob } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";

let t: TestApp;
let host: TestUser;
let member: TestUser;

beforeAll(async () => {
  t = await createTestApp({ maxUploadMb: 1 });
  host = await signUpHost(t);
  member = await createUser(t, host, "member");
});
afterAll(() => t.close());

describe("400", () => {
  it("a value of the wrong type names its field", async () => {
    const response = await host.client.post("/api/memo", { content: 42 });
    expectError(response, 400, /^Malformatted post memo request: content: /, { reason: "input.invalid", field: "content" });
    expect(response.body.params).toBeUndefined();
  });

  it("a text over its cap says the cap", async () => {
    const response = await anonymous(t).post("/api/auth/signin", { username: "u".repeat(300), password: PASSWORD });
    expectError(response, 400, undefined, { reason: "input.too-long", field: "username" });
    expect(response.body.params).toEqual({ maximum: 256 });
  });

  it("memo content over its cap has its own reason, with the cap in bytes", async () => {
    const response = await host.client.post("/api/memo", { content: "x".repeat(MAX_MEMO_CONTENT_BYTES + 1) });
    expectError(response, 400, undefined, { reason: "memo.content-too-long", field: "content" });
    expect(response.body.params).toEqual({ maximum: MAX_MEMO_CONTENT_BYTES });
  });

  it("a body that is not JSON is malformed, without a field", async () => {
    const response = await host.client.post("/api/memo", "{not json", { headers: { "content-type": "application/json" } });
    expectError(response, 400, "Malformatted JSON body", { reason: "input.malformed" });
    expect(response.body.field).toBeUndefined();
  });

  it("a wrong current password names currentPassword", async () => {
    const response = await member.client.patch(`/api/user/${member.user.id}`, { password: "new-password", currentPassword: "not-it" });
    expectError(response, 400, "Invalid user patch format: currentPassword: the current password is incorrect", {
      reason: "user.current-password-incorrect",
      field: "currentPassword",
    });
  });

  it("a path id that is not one names the parameter", async () => {
    expectError(await host.client.get("/api/memo/abc"), 400, "ID is not a number: abc", { reason: "input.invalid", field: "memoId" });
  });
});

describe("401, 403", () => {
  it("no credential", async () => {
    expectError(await anonymous(t).get("/api/user/me"), 401, "Missing user in session", { reason: "auth.unauthenticated" });
  });

  it("a wrong password", async () => {
    expectError(await anonymous(t).post("/api/auth/signin", { username: "member", password: "wrong-pass" }), 401, "Incorrect password", {
      reason: "auth.incorrect-password",
    });
  });

  it("a session-only change by an access token", async () => {
    const created = await member.client.post("/api/access-token", { name: "script", scope: "read-write" });
    const token = anonymous(t).withToken(created.body.data.token);
    expectError(await token.post("/api/access-token", { name: "another", scope: "read" }), 403, /^Only a signed-in session may/, {
      reason: "auth.session-only",
    });
  });

  it("someone else's private memo", async () => {
    const memo = await createMemo(host, "mine", "PRIVATE");
    expectError(await member.client.get(`/api/memo/${memo.id}`), 403, "this memo is private only", { reason: "memo.private" });
  });
});

describe("404, 409, 413, 429", () => {
  it("a memo that does not exist", async () => {
    expectError(await host.client.get("/api/memo/99999"), 404, "Memo ID not found: 99999", { reason: "memo.not-found" });
  });

  it("a path that does not exist", async () => {
    expectError(await host.client.get("/api/nothing-here"), 404, "Not Found", { reason: "route.not-found" });
  });

  it("a taken username, with the name for the message", async () => {
    const response = await host.client.post("/api/user", { username: "member", password: PASSWORD });
    expectError(response, 409, "Username already exists: member", { reason: "user.username-taken", field: "username" });
    expect(response.body.params).toEqual({ username: "member" });
  });

  it("an upload over the limit", async () => {
    expectError(
      await uploadBlob(host, "file", "big.bin", "application/octet-stream", Buffer.alloc(1024 * 1024 + 1)),
      413,
      "Upload file overload max size",
      {
        reason: "upload.too-large",
      },
    );
  });

  it("a JSON body over its route's limit (4 MiB for a memo)", async () => {
    const response = await host.client.post("/api/memo", { content: "x".repeat(5 * 1024 * 1024) });
    expectError(response, 413, "Request body is too large: this request takes at most 4 MiB", { reason: "input.too-large" });
    expect(response.body.params).toEqual({ maximum: 4 * 1024 * 1024 });
  });

  it("too many failed sign-ins, with the seconds to wait", async () => {
    const guessed = await createUser(t, host, "guessed");
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await anonymous(t).post("/api/auth/signin", { username: guessed.user.username, password: `guess-${attempt}` })).status).toBe(
        401,
      );
    }
    const response = await anonymous(t).post("/api/auth/signin", { username: guessed.user.username, password: PASSWORD });
    expectError(response, 429, undefined, { reason: "rate.limited" });
    expect(response.body.params).toEqual({ seconds: Number(response.headers["retry-after"]) });
  });
});
