// Webhook addresses refused whatever the host allows (cloud metadata services), and on an instance without private
// targets, names that resolve to a private address, refused when the delivery connects and logged with what they
// resolved to.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../expect.js";
import { signUpHost, type TestUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { addWebhook, deliveries, expectRefusedUrl, FAST } from "../webhook-api.js";
import { eventually, type Receiver, startReceiver } from "../webhook-receiver.js";

describe("cloud metadata addresses", () => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    // Even where the host lets webhooks reach its own network.
    t = await createTestApp({ webhookAllowPrivate: true, webhook: FAST });
    owner = await signUpHost(t);
  });
  afterAll(() => t.close());

  it.each([
    "http://169.254.169.254/latest/meta-data",
    "http://0xa9fea9fe/latest/meta-data",
    "http://[::ffff:169.254.169.254]/",
    "http://[64:ff9b::a9fe:a9fe]/",
    "http://[fd00:ec2::254]/",
    "http://169.254.170.2/v2/credentials",
    "http://100.100.100.200/latest/meta-data",
  ])("are refused with --webhook-allow-private too: %s", async (url) => {
    await expectRefusedUrl(
      owner,
      url,
      /^Malformatted post webhook request: url: cloud metadata addresses are refused$/,
      "webhook.address-metadata",
    );
  });
});

describe("webhook targets on an instance without private targets", () => {
  let t: TestApp;
  let owner: TestUser;
  let receiver: Receiver;
  const logLines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ webhook: FAST, logLines });
    owner = await signUpHost(t);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it.each([
    "http://127.0.0.1:9/hook",
    "http://[::1]:9/hook",
    "http://10.0.0.1/hook",
    // loopback in other spellings: IPv4 numbers, IPv4-compatible, -mapped and -translated IPv6
    "http://0x7f.1/hook",
    "http://2130706433/hook",
    "http://0177.0.0.1/hook",
    "http://[::127.0.0.1]/hook",
    "http://[::ffff:0:127.0.0.1]/hook",
    "http://[::FFFF:7F00:1]/hook",
    "http://[0:0:0:0:0:0:0:1]/hook",
    // private IPv4 behind NAT64, 6to4 and Teredo
    "http://[64:ff9b::10.0.0.1]/hook",
    "http://[64:ff9b:1::808:808]/hook",
    "http://[2002:c0a8:101::1]/hook",
    "http://[2001:0:7f00:1::]/hook",
    // "this network", documentation, benchmarking, reserved, broadcast, multicast
    "http://0.1.2.3/hook",
    "http://192.0.2.10/hook",
    "http://198.51.100.1/hook",
    "http://203.0.113.9/hook",
    "http://[2001:db8::1]/hook",
    "http://198.18.0.1/hook",
    "http://240.0.0.1/hook",
    "http://255.255.255.255/hook",
    "http://224.0.0.1/hook",
    "http://[ff02::1]/hook",
    "http://[FE80::1]/hook",
  ])("refuses an address literal when it is saved: %s", async (url) => {
    await expectRefusedUrl(
      owner,
      url,
      /^Malformatted post webhook request: url: private, loopback and link-local addresses are refused on this instance$/,
      "webhook.address-refused",
    );
  });

  it.each([
    ["ftp://example.com/hook", "webhook.url-not-http"],
    ["example.com/hook", "webhook.url-not-http"],
    ["", "webhook.url-not-http"],
    ["https://exa mple.com/hook", "webhook.url-unparsable"],
    ["http://", "webhook.url-unparsable"],
    ["https://[::1/hook", "webhook.url-unparsable"],
  ] as const)("says why a URL is not one a webhook posts to: %j → %s", async (url, reason) => {
    await expectRefusedUrl(owner, url, /^Malformatted post webhook request: url: must be an http\(s\) URL$/, reason);
  });

  it("refuses a changed URL of such an address", async () => {
    const webhook = await addWebhook(owner, "https://example.com/hook", { events: ["memo.deleted"] });
    try {
      expectError(
        await owner.client.patch(`/api/webhook/${webhook.id}`, { url: "http://[::ffff:0:7f00:1]/" }),
        400,
        /^Malformatted patch webhook request: url: private/,
        { reason: "webhook.address-refused", field: "url" },
      );
      expect((await owner.client.get("/api/webhook")).body.data[0].url).toBe("https://example.com/hook");
    } finally {
      await owner.client.delete(`/api/webhook/${webhook.id}`);
    }
  });

  it("refuses a name that resolves to loopback when it connects, sends nothing, and logs what it resolved to", async () => {
    const url = `http://hook-user:hook-pass@localhost:${receiver.port}/hook/path-token?token=query-token`;
    const webhook = await addWebhook(owner, url, { secret: "whsec_never_logged" });
    await owner.client.post("/api/memo", { content: "stays home" });
    const [row] = await eventually(async () => {
      const rows = await deliveries(owner, webhook.id);
      return rows[0]?.status === "failed" ? rows : undefined;
    });
    expect(row).toMatchObject({ error: "refused: not a public address", responseStatus: null });
    // The owner learns nothing of this server's network: not what the name resolves to.
    expect(JSON.stringify(row)).not.toMatch(/127\.0\.0\.1|::1|resolves/);
    expect(receiver.received).toEqual([]);
    const line = await eventually(() => logLines.find((text) => text.includes(`"delivery":${row!.id},`)));
    expect(JSON.parse(line)).toMatchObject({
      webhook: webhook.id,
      target: `http://localhost:${receiver.port}`,
      msg: "webhook delivery: refused: not a public address",
    });
    expect(JSON.parse(line).cause).toMatch(/^refused address: localhost resolves to .*(127\.0\.0\.1|::1)/);
    for (const secret of ["hook-user", "hook-pass", "path-token", "query-token", "whsec_never_logged"]) {
      expect(logLines.join("\n")).not.toContain(secret);
    }
  });
});
