// The v1 UserService's webhooks on both transports: the caller's own (`users/{u}/webhooks/{id}`), made and changed
// from a session, sent every memo's creation, change and deletion and signed with the secret only the owner's
// session may read; a URL naming a private address refused unless the host allows it; bad input named by field.
import { createHmac } from "node:crypto";
import { Code } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UserService } from "../../src/v1/gen/memos/api/v1/user_service_pb.js";
import { createMemo, type TestUser } from "../factories.js";
import type { TestApp } from "../harness.js";
import { connectClient, failure, rest, startV1Instance } from "../v1-client.js";
import { FAST } from "../webhook-api.js";
import { eventually, type Receiver, startReceiver } from "../webhook-receiver.js";

describe("webhooks through v1", () => {
  let t: TestApp;
  let base: string;
  let member: TestUser;
  let memberToken: string;
  let hostToken: string;
  let receiver: Receiver;

  beforeAll(async () => {
    ({ t, base, member, memberToken, hostToken } = await startV1Instance({ webhookAllowPrivate: true, webhook: FAST }));
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it("a session makes one that is sent memo events, signed with the secret only the owner's session reads", async () => {
    const cookie = member.client.cookie!;
    const created = await rest(base, "POST", "/api/v1/users/member/webhooks", { cookie, body: { url: receiver.url } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ url: receiver.url, displayName: `127.0.0.1:${receiver.port}`, signingSecretSet: true });
    expect(created.body.name).toMatch(/^users\/member\/webhooks\/\d+$/);
    expect(created.body.signingSecret ?? "").toBe("");
    expect(created.body.createTime).toEqual(expect.any(String));

    const secret = await rest(base, "GET", `/api/v1/${created.body.name}:getSigningSecret`, { cookie });
    expect(secret.status).toBe(200);
    expect(secret.body.signingSecret).toMatch(/^whsec_/);
    const byToken = await failure(
      connectClient(base, UserService, { authorization: `Bearer ${memberToken}` }).getUserWebhookSigningSecret({ name: created.body.name }),
    );
    expect(byToken.code).toBe(Code.PermissionDenied);

    await createMemo(member, "sent to the webhook", "PRIVATE");
    const delivery = await eventually(() => receiver.received.find((request) => request.headers["x-memos-event"] === "memo.created"));
    const expected = `sha256=${createHmac("sha256", secret.body.signingSecret).update(delivery.raw).digest("hex")}`;
    expect(delivery.headers["x-memos-signature"]).toBe(expected);

    // Listed by a token too (without a secret), on Connect.
    const listed = await connectClient(base, UserService, { authorization: `Bearer ${memberToken}` }).listUserWebhooks({
      parent: "users/member",
    });
    expect(listed.webhooks.map((webhook) => [webhook.name, webhook.signingSecret])).toEqual([[created.body.name, ""]]);
  });

  it("changes by mask from a session (a new secret when asked), deletes, and is its owner's alone", async () => {
    const webhooks = connectClient(base, UserService, { cookie: member.client.cookie! });
    const made = await webhooks.createUserWebhook({
      parent: "users/member",
      webhook: { url: "https://hooks.example.com/a", displayName: "Mine", signingSecret: "whsec_chosen" },
    });
    expect((await webhooks.getUserWebhookSigningSecret({ name: made.name })).signingSecret).toBe("whsec_chosen");
    const changed = await webhooks.updateUserWebhook({
      webhook: { name: made.name, url: "https://hooks.example.com/b", displayName: "ignored", signingSecret: "" },
      updateMask: { paths: ["url", "signing_secret"] },
    });
    expect([changed.url, changed.displayName]).toEqual(["https://hooks.example.com/b", "Mine"]);
    expect((await webhooks.getUserWebhookSigningSecret({ name: made.name })).signingSecret).not.toBe("whsec_chosen");
    // REST PATCH without a mask: the body's fields.
    const renamed = await rest(base, "PATCH", `/api/v1/${made.name}`, { cookie: member.client.cookie!, body: { displayName: "Renamed" } });
    expect([renamed.status, renamed.body.displayName]).toEqual([200, "Renamed"]);

    // Connect without a mask: what the webhook holds (memos' rule), the secret kept when empty.
    const secretBefore = (await webhooks.getUserWebhookSigningSecret({ name: made.name })).signingSecret;
    const whole = await webhooks.updateUserWebhook({
      webhook: { name: made.name, url: "https://hooks.example.com/c", displayName: "Whole" },
    });
    expect([whole.url, whole.displayName]).toEqual(["https://hooks.example.com/c", "Whole"]);
    expect((await webhooks.getUserWebhookSigningSecret({ name: made.name })).signingSecret).toBe(secretBefore);

    const byToken = connectClient(base, UserService, { authorization: `Bearer ${memberToken}` });
    const tokenChange = await failure(
      byToken.updateUserWebhook({ webhook: { name: made.name, url: "https://x.example" }, updateMask: { paths: ["url"] } }),
    );
    expect(tokenChange.code).toBe(Code.PermissionDenied);

    const host = connectClient(base, UserService, { authorization: `Bearer ${hostToken}` });
    expect((await failure(host.listUserWebhooks({ parent: "users/member" }))).code).toBe(Code.PermissionDenied);
    expect((await failure(host.deleteUserWebhook({ name: made.name }))).code).toBe(Code.NotFound);
    expect((await failure(host.getUserWebhookSigningSecret({ name: made.name.replace("member", "host") }))).code).toBe(Code.NotFound);

    expect((await rest(base, "DELETE", `/api/v1/${made.name}`, { cookie: member.client.cookie! })).status).toBe(200);
    expect((await failure(webhooks.deleteUserWebhook({ name: made.name }))).code).toBe(Code.NotFound);
  });

  it("refuses bad input naming the field, and cloud metadata addresses even here", async () => {
    const cookie = member.client.cookie!;
    const cases: Array<[string, string, unknown, RegExp]> = [
      ["POST", "/api/v1/users/member/webhooks", { url: "ftp://example.com" }, /^invalid webhook\.url: /],
      ["POST", "/api/v1/users/member/webhooks", { url: "http://169.254.169.254/latest" }, /^invalid webhook\.url: cloud metadata/],
      [
        "POST",
        "/api/v1/users/member/webhooks",
        { url: "https://example.com", displayName: "x".repeat(500) },
        /^invalid webhook\.display_name: /,
      ],
      ["POST", "/api/v1/users/member/webhooks", { url: "" }, /^invalid webhook\.url: /],
      ["GET", "/api/v1/users/member/webhooks/abc:getSigningSecret", undefined, /^invalid name: /],
      ["PATCH", "/api/v1/users/member/webhooks/1?updateMask=events", { url: "https://example.com" }, /^invalid update_mask: /],
    ];
    for (const [method, path, body, message] of cases) {
      const answer = await rest(base, method, path, { cookie, body });
      expect([answer.status, answer.body.message], `${method} ${path}`).toEqual([400, expect.stringMatching(message)]);
    }
  });
});

describe("webhooks through v1 on an instance without private targets", () => {
  let t: TestApp;
  let base: string;
  let member: TestUser;

  beforeAll(async () => {
    ({ t, base, member } = await startV1Instance());
  });
  afterAll(() => t.close());

  it("refuses a private or loopback address, naming webhook.url", async () => {
    for (const url of ["http://127.0.0.1:9/hook", "http://10.1.2.3/hook", "http://[::1]/hook"]) {
      const answer = await rest(base, "POST", "/api/v1/users/member/webhooks", { cookie: member.client.cookie!, body: { url } });
      expect([answer.status, answer.body.message], url).toEqual([400, expect.stringMatching(/^invalid webhook\.url: private/)]);
    }
    expect((await member.client.get("/api/webhook")).body.data).toEqual([]);
  });
});
