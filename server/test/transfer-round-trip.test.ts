// `npm run transfer` with everything an instance holds (full-instance.ts), SQLite → PostgreSQL → SQLite: every table
// of the schema equal at the end, read by this test from the two SQLite files themselves, but the ones the summary
// says it leaves behind and the derived ones; sessions, the OAuth code not yet exchanged and the webhook deliveries
// waiting to retry work on the copy, whose dispatcher sends them. A table or column nobody classified stops the
// transfer before it writes.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { transfer } from "../src/cli/transfer.js";
import { openStore } from "../src/store/open.js";
import { anonymous } from "./factories.js";
import { fullInstance } from "./full-instance.js";
import { createTestApp, TEST_DRIVER } from "./harness.js";
import { REDIRECT } from "./oauth-flow.js";
import { createPgDatabase, type PgDatabase } from "./pg-database.js";
import { deliveries, FAST } from "./webhook-api.js";
import { eventually } from "./webhook-receiver.js";

// Both engines in one test: it runs once, in the PostgreSQL project (which needs the server anyway).
const onPostgres = TEST_DRIVER === "postgres";

/** What the round trip does not bring back as it was: left behind, or rebuilt by the target (compared below). */
const LEFT_BEHIND = ["auth_failure", "mcp_rate", "live_event", "two_factor_failure", "two_factor_lock", "resource_thumbnail"];
const REBUILT = ["schema_migration", "memo_count", "memo_tag_count"];

/** Tables the instance fills that a transfer dropped before: their rows must come back. */
const FILLED = [
  "session",
  "oauth_client",
  "oauth_code",
  "access_token",
  "webhook",
  "webhook_delivery",
  "user_totp",
  "user_recovery_code",
  "user_passkey",
  "passkey_challenge",
  "identity_provider",
  "user_identity",
  "oidc_flow",
  "memo_comment",
  "memo_comment_resource",
  "memo_comment_closed",
  "memo_reaction",
  "comment_reaction",
  "inbox_item",
  "memo_share",
  "space",
  "space_member",
  "space_invitation",
  "memo_revision",
  "memo_relation",
  "memo_trash",
  "activity",
];

type Rows = Record<string, unknown>[];

/** Every ordinary table of a SQLite file (not SQLite's own, not the full-text index's), each one's rows in one order. */
function readEveryTable(file: string): Map<string, Rows> {
  const db = new SQLite(file, { readonly: true });
  try {
    const tables = db
      .prepare("SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite%' ORDER BY name")
      .pluck()
      .all() as string[];
    return new Map(
      tables.map((table) => {
        const columns = (db.prepare(`SELECT name FROM pragma_table_info('${table}')`).pluck().all() as string[]).map((name) => `"${name}"`);
        return [table, db.prepare(`SELECT * FROM "${table}" ORDER BY ${columns.join(", ")}`).all() as Rows];
      }),
    );
  } finally {
    db.close();
  }
}

let dir: string;
let pg: PgDatabase | undefined;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "memos-round-trip-"));
  pg = onPostgres ? await createPgDatabase("memos_round_trip") : undefined;
});
afterEach(async () => {
  rmSync(dir, { recursive: true, force: true });
  await pg?.drop();
});

describe("transfer round trip", () => {
  it.runIf(onPostgres)(
    "brings every table back equal, and the copy sends the deliveries that were waiting",
    async () => {
      const full = await fullInstance({ driver: "sqlite", data: dir });
      try {
        const original = full.t.ctx.config.dsn;
        const before = {
          retrying: await deliveries(full.alice, full.webhooks.retrying.id),
          paused: await deliveries(full.alice, full.webhooks.paused.id),
          failing: await deliveries(full.alice, full.webhooks.failing.id),
        };
        const cookie = full.alice.client.cookie!;
        // The server stops before its data moves (its dispatcher with it); the data folder stays.
        await full.t.close();

        const lines: string[] = [];
        const there = await transfer({ driver: "sqlite", dsn: original }, { driver: "postgres", dsn: pg!.dsn }, (line) => lines.push(line));
        expect(there.comparison.filter((row) => !row.same)).toEqual([]);
        const back = join(dir, "back.db");
        const returned = await transfer({ driver: "postgres", dsn: pg!.dsn }, { driver: "sqlite", dsn: back });
        expect(returned.comparison.filter((row) => !row.same)).toEqual([]);

        // Read apart from the transfer's own check: every table of the schema, row for row.
        const [start, end] = [readEveryTable(original), readEveryTable(back)];
        expect([...end.keys()]).toEqual([...start.keys()]);
        const differ = [...start.keys()].filter(
          (table) => ![...LEFT_BEHIND, ...REBUILT].includes(table) && JSON.stringify(end.get(table)) !== JSON.stringify(start.get(table)),
        );
        expect(differ).toEqual([]);
        expect(FILLED.filter((table) => !(start.get(table)!.length > 0))).toEqual([]);
        for (const table of LEFT_BEHIND) expect([table, start.get(table)!.length > 0, end.get(table)]).toEqual([table, true, []]);
        const names = (rows: Rows) => rows.map((row) => row.name);
        expect(names(end.get("schema_migration")!)).toEqual(names(start.get("schema_migration")!));
        for (const table of ["memo_count", "memo_tag_count"]) {
          const counted = (rows: Rows) => rows.filter((row) => row.n !== 0);
          expect([table, counted(end.get(table)!)]).toEqual([table, counted(start.get(table)!)]);
        }

        // The summary says what it left behind and why, and what the target rebuilt.
        expect(there.skipped.map((row) => row.table)).toEqual(LEFT_BEHIND);
        expect(there.skipped.every((row) => row.reason.length > 0)).toBe(true);
        expect(lines[0]).toContain("not copied: auth_failure (failed sign-ins count for 15 minutes");
        expect(returned.derived.filter((row) => !row.compared).map((row) => row.table)).toEqual([
          "memo_fts",
          "memo_fts_instances",
          "memo_fts_vocab",
        ]);

        // The copy, served: alice's session holds, the OAuth code she approved is exchanged, the delivery waiting to
        // retry is sent by the copy's dispatcher, the paused webhook's is sent once she resumes it, the failed stays so.
        full.flaky.answer(200);
        const served = await createTestApp({ sqliteFile: back, webhookAllowPrivate: true, webhook: FAST });
        try {
          const alice = { user: full.alice.user, client: anonymous(served).withCookie(cookie) };
          expect((await alice.client.get("/api/user/me")).body.data.username).toBe("alice");
          const { clientId, code, verifier } = full.pendingCode;
          const form = new URLSearchParams({
            grant_type: "authorization_code",
            code,
            code_verifier: verifier,
            client_id: clientId,
            redirect_uri: REDIRECT,
          });
          const token = await anonymous(served).post("/oauth/token", form.toString(), {
            headers: { "content-type": "application/x-www-form-urlencoded" },
          });
          expect(token.status, token.text).toBe(200);

          // As the stopped server left it (it may have tried again after the list above was read).
          const waiting = start.get("webhook_delivery")!.find((row) => row.id === before.retrying[0]!.id)!;
          expect(waiting).toMatchObject({ status: "pending", response_status: 500 });
          const sent = await eventually(async () => {
            const [row] = await deliveries(alice, full.webhooks.retrying.id);
            return row?.status === "succeeded" && row;
          }, 30_000);
          expect(sent).toMatchObject({ id: waiting.id, attempts: Number(waiting.attempts) + 1, responseStatus: 200 });
          expect(full.flaky.received.at(-1)!.headers["x-memos-delivery"]).toBe(String(waiting.id));

          expect(await deliveries(alice, full.webhooks.paused.id)).toEqual(before.paused);
          expect((await alice.client.patch(`/api/webhook/${full.webhooks.paused.id}`, { active: true })).status).toBe(200);
          await eventually(async () => (await deliveries(alice, full.webhooks.paused.id))[0]?.status === "succeeded");
          expect(await deliveries(alice, full.webhooks.failing.id)).toEqual(before.failing);
        } finally {
          await served.close();
        }
      } finally {
        await full.idp.close();
        await full.flaky.close();
        await full.refusing.close();
      }
      // A full instance of every kind of row, copied twice and compared table by table: ~30 s on a loaded 2-core machine.
    },
    120_000,
  );

  it.runIf(onPostgres)("refuses a column the target lacks, or a table nobody classified, before it writes anything", async () => {
    /** A source with a row, changed behind the migrations' back by `statement`. */
    const sourceWith = async (name: string, statement: string) => {
      const file = join(dir, name);
      const { store } = await openStore({ driver: "sqlite", dsn: file, sqliteReaders: 0 });
      try {
        await store.db.insertInto("user").values({ username: "u", password_hash: "x", open_id: "o", username_key: "u" }).execute();
        store.sqliteMain!.exec(statement);
      } finally {
        await store.close();
      }
      return { driver: "sqlite" as const, dsn: file };
    };
    const to = { driver: "postgres" as const, dsn: pg!.dsn };
    const column = await sourceWith("column.db", "ALTER TABLE webhook_delivery ADD COLUMN priority INTEGER");
    await expect(transfer(column, to)).rejects.toThrow(/column webhook_delivery\.priority is in the source but not in the target/);
    const table = await sourceWith("table.db", "CREATE TABLE memo_pin_note (memo_id INTEGER PRIMARY KEY, note TEXT NOT NULL)");
    await expect(transfer(table, to)).rejects.toThrow(
      /table memo_pin_note \(source, sqlite\) is not classified in server\/src\/store\/instance\/transfer-tables\.ts/,
    );
    const target = await openStore({ driver: "postgres", dsn: pg!.dsn });
    try {
      expect(await target.store.db.selectFrom("user").select("id").execute()).toEqual([]);
    } finally {
      await target.store.close();
    }
  });
});
