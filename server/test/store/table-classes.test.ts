// The transfer's classes of tables (store/instance/transfer-tables.ts) against the schema the migrations make, on each
// engine, read as the transfer reads it (real-schema.ts): every table copied, derived or skipped, none named that the
// schema lacks, every column of a copied table copied and of a kind both engines hold alike; a table or column added
// behind the classes' back is named.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RealSchema, readSchema } from "../../src/store/instance/real-schema.js";
import { classificationProblems, planTransfer, TransferSchemaError } from "../../src/store/instance/transfer-plan.js";
import { tableClassesOf } from "../../src/store/instance/transfer-tables.js";
import { createTestApp, type TestApp } from "../harness.js";

let t: TestApp;
let schema: RealSchema;
beforeAll(async () => {
  t = await createTestApp();
  schema = await readSchema(t.ctx.store);
});
afterAll(() => t.close());

const side = (label: "source" | "target", real: RealSchema) => ({ label, engine: t.ctx.store.engine, schema: real });

/** A copy of `real` whose table `table` lacks `column`. */
function without(real: RealSchema, table: string, column: string): RealSchema {
  const copy: RealSchema = new Map(real);
  const columns = new Map(real.get(table)!.columns);
  columns.delete(column);
  copy.set(table, { ...real.get(table)!, columns });
  return copy;
}

describe("the transfer's classes of tables", () => {
  it("classify every table of the migrated schema, and no table it lacks", () => {
    expect(classificationProblems(side("source", schema))).toEqual([]);
  });

  it("copy every column of each copied table, of a kind the transfer writes and hashes alike on both engines", () => {
    const plan = planTransfer(side("source", schema), side("target", schema));
    const copied = tableClassesOf(t.ctx.store.engine).filter((table) => table.class === "copied");
    expect(plan.copied.map((step) => step.table)).toEqual(copied.map((table) => table.name));
    for (const step of plan.copied) {
      const real = [...schema.get(step.table)!.columns].map(([name, column]) => [name, column.kind]);
      expect([step.table, step.columns]).toEqual([step.table, real]);
      expect([step.table, step.key.filter((name) => !schema.get(step.table)!.columns.has(name))]).toEqual([step.table, []]);
    }
    expect(plan.skipped.map((step) => step.table)).toEqual([
      "auth_failure",
      "mcp_rate",
      "live_event",
      "two_factor_failure",
      "two_factor_lock",
      "resource_thumbnail",
    ]);
  });

  it("give every SERIAL id of PostgreSQL's copied tables a sequence the copy continues", () => {
    const plan = planTransfer(side("source", schema), side("target", schema));
    const serials = plan.copied.filter((step) => step.serials.length > 0).map((step) => step.table);
    if (t.ctx.store.engine === "sqlite") expect(serials).toEqual([]);
    else expect(serials).toEqual(expect.arrayContaining(["user", "memo", "webhook_delivery", "memo_comment", "access_token"]));
  });

  it("name a column one side lacks before anything is copied", () => {
    const plan = () => planTransfer(side("source", schema), side("target", without(schema, "webhook", "paused_at_ms")));
    expect(plan).toThrow(TransferSchemaError);
    expect(plan).toThrow(/column webhook\.paused_at_ms is in the source but not in the target/);
    const backwards = () => planTransfer(side("source", without(schema, "oauth_code", "used_ts")), side("target", schema));
    expect(backwards).toThrow(/column oauth_code\.used_ts is in the target but not in the source/);
  });

  it("name a table the migrations made and nobody classified", async () => {
    await sql`CREATE TABLE memo_pin_note (memo_id INTEGER PRIMARY KEY, note TEXT NOT NULL)`.execute(t.ctx.store.db);
    try {
      const problems = classificationProblems(side("target", await readSchema(t.ctx.store)));
      expect(problems).toEqual([
        `table memo_pin_note (target, ${t.ctx.store.engine}) is not classified in server/src/store/instance/transfer-tables.ts: copied, derived or skipped`,
      ]);
    } finally {
      await sql`DROP TABLE memo_pin_note`.execute(t.ctx.store.db);
    }
  });
});
