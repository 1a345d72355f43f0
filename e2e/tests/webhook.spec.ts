// Settings › My account › Webhooks: add one pointing at a receiver on loopback, send a test event, see it delivered
// in the log, and the receiver holds the signed event.
import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, screenshot, test } from "../support/fixtures";
import { openSettings } from "../support/ui";

test("a webhook added in Settings receives a signed test event, shown as delivered", async ({ page, signedIn }, testInfo) => {
  const received: { headers: Record<string, string | string[] | undefined>; raw: string }[] = [];
  const receiver = createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk) => {
      raw += chunk;
    });
    request.on("end", () => {
      received.push({ headers: request.headers, raw });
      response.writeHead(200, { "Content-Type": "text/plain" }).end("thanks");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  try {
    await page.goto("/");
    const settings = await openSettings(page);
    const card = settings.getByRole("region", { name: "Webhooks" });
    await card.getByRole("button", { name: "Add webhook" }).click();
    const dialog = page.getByRole("dialog", { name: "Add webhook" });
    await dialog.getByLabel("Name").fill("My receiver");
    await dialog.getByLabel("URL").fill(url);
    await dialog.getByLabel("Secret").fill("e2e-secret");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(card.getByTestId("webhook-row").filter({ hasText: "My receiver" })).toContainText(url);

    await card.getByRole("button", { name: "Deliveries" }).click();
    const log = page.getByRole("dialog", { name: "Deliveries of “My receiver”" });
    await log.getByRole("button", { name: "Send a test event" }).click();
    const delivery = log.getByTestId("webhook-delivery").first();
    await expect(delivery).toContainText("webhook.test");
    await expect(delivery).toContainText("Delivered", { timeout: 10_000 });
    await expect(delivery).toContainText("HTTP 200");
    await expect(delivery).toContainText("thanks");
    await screenshot(page, testInfo, "webhook-deliveries", { fullPage: false });

    expect(received).toHaveLength(1);
    const [got] = received;
    expect(got!.headers["x-memos-event"]).toBe("webhook.test");
    expect(got!.headers["x-memos-signature"]).toBe(`sha256=${createHmac("sha256", "e2e-secret").update(got!.raw).digest("hex")}`);
    expect(JSON.parse(got!.raw)).toMatchObject({ event: "webhook.test", actor: { id: signedIn.user.id } });
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
