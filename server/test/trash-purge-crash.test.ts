// Emptying a trash, and the expiry of its memos, are all or nothing to the user: a real server process (a child)
// is killed with SIGKILL in the middle of the purge, as a crash or an OOM kill would stop it, and the trash it was
// purging shows none of those memos, restores none, and the next start finishes the purge. On both engines.
import type { TrashedMemo } from "@memos/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "./client.js";
import { expectError } from "./expect.js";
import { anonymous, createUser, signUpHost, type TestUser } from "./factories.js";
import { createTestApp, type TestApp } from "./harness.js";
import { nowSeconds } from "./memo-helpers.js";
import { startServerChild } from "./server-child.js";

/** Trashed memos per test: batches enough (100 a transaction on SQLite, 500 on PostgreSQL) for a kill between them. */
const COUNT = 5_000;
const DAY = 86_400;

describe("a trash purge cut short by a crash", { timeout: 180_000 }, () => {
  let t: TestApp;
  let host: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
  });
  afterAll(() => t.close());

  /** `COUNT` memos in `owner`'s trash, written straight to the table, each with a version; their ids. */
  async function fillTrash(owner: TestUser, firstId: number, trashedTs: number): Promise<number[]> {
    const db = t.ctx.store.db;
    const ids = Array.from({ length: COUNT }, (_, i) => firstId + i);
    for (let start = 0; start < COUNT; start += 500) {
      const batch = ids.slice(start, start + 500);
      const times = { created_ts: trashedTs - DAY, updated_ts: trashedTs - DAY, display_ts: trashedTs - DAY };
      await db
        .insertInto("memo_trash")
        .values(
          batch.map((id, i) => ({
            memo_id: id,
            creator_id: owner.user.id,
            trashed_ts: trashedTs - i,
            ...times,
            content: `trashed ${id}`,
            row_status: "NORMAL" as const,
            visibility: "PRIVATE" as const,
          })),
        )
        .execute();
      await db
        .insertInto("memo_revision")
        .values(
          batch.map((id) => ({
            memo_id: id,
            creator_id: owner.user.id,
            content: `before ${id}`,
            visibility: "PRIVATE" as const,
            created_ts: trashedTs - 2 * DAY,
            replaced_ts: trashedTs - DAY,
          })),
        )
        .execute();
    }
    return ids;
  }

  const trashedRows = async (owner: TestUser) =>
    Number(
      (
        await t.ctx.store.db
          .selectFrom("memo_trash")
          .select((eb) => eb.fn.countAll<number | string>().as("n"))
          .where("creator_id", "=", owner.user.id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const versionRows = async (ids: number[]) =>
    (
      await t.ctx.store.db
        .selectFrom("memo_revision")
        .select("id")
        .where("memo_id", ">=", ids[0]!)
        .where("memo_id", "<=", ids.at(-1)!)
        .execute()
    ).length;
  const trashOf = async (client: Client) => (await client.get("/api/trash")).body.data as { memos: TrashedMemo[]; total: number };
  const oneLeft = async (owner: TestUser) =>
    (
      await t.ctx.store.db
        .selectFrom("memo_trash")
        .select("memo_id")
        .where("creator_id", "=", owner.user.id)
        .limit(1)
        .executeTakeFirstOrThrow()
    ).memo_id;

  /** Opens the app again on the same database, as a server's next start; `owner`'s client on the new app. */
  async function restart(owner: TestUser): Promise<Client> {
    t = await t.restart();
    host = { ...host, client: anonymous(t).withCookie(host.client.cookie!) };
    return anonymous(t).withCookie(owner.client.cookie!);
  }

  it("an emptied trash shows nothing and restores nothing after the crash, and the next start purges the rest", async () => {
    const owner = await createUser(t, host, "emptier");
    const token = (await owner.client.post("/api/access-token", { name: "purge", scope: "read-write" })).body.data.token as string;
    const ids = await fillTrash(owner, 500_000, nowSeconds() - 60);
    expect((await trashOf(owner.client)).total).toBe(COUNT);

    const server = await startServerChild(t);
    await server.listening;
    // The answer may come before the kill or never; the state on disk says when to kill.
    void fetch(`${server.url}/api/trash`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } }).catch(() => undefined);
    const { killed, output } = await server.killWhen(async () => (await trashedRows(owner)) < COUNT);
    expect(killed, output).toBe(true);
    const left = await trashedRows(owner);
    expect(left, "killed before the purge's end").toBeGreaterThan(0);

    // Whatever the crash left is no longer in the trash: not listed, not counted, not restored.
    expectError(await owner.client.post(`/api/trash/${await oneLeft(owner)}/restore`), 404, undefined, { reason: "trash.not-found" });
    const client = await restart(owner);
    expect(await trashOf(client)).toMatchObject({ memos: [], total: 0 });
    await t.ctx.trash!.settled();
    expect(await trashedRows(owner)).toBe(0);
    expect(await versionRows(ids)).toBe(0);
    expect(await t.ctx.store.db.selectFrom("trash_purge").selectAll().execute()).toEqual([]);
  });

  it("the expiry's purge holds the same way: finished by the next start even when the host has raised the retention meanwhile", async () => {
    const owner = await createUser(t, host, "expirer");
    const ids = await fillTrash(owner, 600_000, nowSeconds() - 31 * DAY);

    // The child's start sweeps the trash: the memos are past the 30 days.
    const server = await startServerChild(t);
    const { killed, output } = await server.killWhen(async () => (await trashedRows(owner)) < COUNT);
    expect(killed, output).toBe(true);
    expect(await trashedRows(owner), "killed before the purge's end").toBeGreaterThan(0);

    // By the new rule alone, what is left would be back in the trash for ten years.
    expect((await host.client.post("/api/system/setting", { name: "trashRetentionDays", value: "3650" })).status).toBe(200);
    expectError(await owner.client.post(`/api/trash/${await oneLeft(owner)}/restore`), 404, undefined, { reason: "trash.not-found" });
    const client = await restart(owner);
    expect(await trashOf(client)).toMatchObject({ memos: [], total: 0 });
    await t.ctx.trash!.settled();
    expect(await trashedRows(owner)).toBe(0);
    expect(await versionRows(ids)).toBe(0);
    expect(await t.ctx.store.db.selectFrom("trash_purge").selectAll().execute()).toEqual([]);
    expect((await host.client.post("/api/system/setting", { name: "trashRetentionDays", value: "30" })).status).toBe(200);
  });
});
