// The rolling backups in /api/status: the host sees the schedule and the newest backup; nobody else sees it.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startBackupSchedule } from "../../src/services/backup.service.js";
import { anonymous, createUser, signUpHost, type TestUser } from "../factories.js";
import { createTestApp, TEST_DRIVER, type TestApp } from "../harness.js";

let t: TestApp;
let host: TestUser;
beforeEach(async () => {
  t = await createTestApp();
  host = await signUpHost(t);
});
afterEach(async () => {
  await t.ctx.backups?.stop();
  await t.close();
});

describe("backup status", () => {
  it("is shown to the host alone", async () => {
    const admin = await createUser(t, host, "admin", "ADMIN");
    const member = await createUser(t, host, "member");
    expect((await host.client.get("/api/status")).body.data.backup).toEqual({
      everySeconds: null,
      keep: 7,
      lastTs: null,
      lastSize: null,
      lastError: null,
      engine: TEST_DRIVER,
      storage: "db",
    });
    t.ctx.config.storage = "local";
    expect((await host.client.get("/api/status")).body.data.backup.storage).toBe("local");
    t.ctx.config.storage = "db";
    for (const client of [admin.client, member.client, anonymous(t)]) {
      const response = await client.get("/api/status");
      expect(response.status).toBe(200);
      expect(response.body.data).not.toHaveProperty("backup");
    }
  });

  it.runIf(TEST_DRIVER === "sqlite")("carries the schedule and the newest backup's time and size", async () => {
    t.ctx.backups = startBackupSchedule(t.ctx.store, { everyMs: 6 * 3_600_000, keep: 3 });
    const before = Math.floor(Date.now() / 1000);
    await t.ctx.backups.runNow();
    const status = (await host.client.get("/api/status")).body.data.backup;
    expect(status).toMatchObject({ everySeconds: 6 * 3600, keep: 3, lastError: null, engine: "sqlite" });
    expect(status.lastTs).toBeGreaterThanOrEqual(before);
    expect(status.lastTs).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(status.lastSize).toBeGreaterThan(0);
  });
});
