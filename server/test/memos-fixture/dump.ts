// Every table's rows of a PostgreSQL schema in a stable order: what the PostgreSQL tests compare, as dump() of
// legacy-v010-fixture.ts does for a SQLite file.
import { withPgClient } from "../harness.js";

export type PgDump = Record<string, unknown[]>;

export async function dumpPgSchema(dsn: string, schema: string): Promise<PgDump> {
  return withPgClient(dsn, async (client) => {
    const tables = await client.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = $1 ORDER BY 1",
      [schema],
    );
    const sorted = (rows: unknown[]) => [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    const dump: PgDump = {};
    for (const { name } of tables.rows) dump[name] = sorted((await client.query(`SELECT * FROM "${schema}"."${name}"`)).rows);
    return dump;
  });
}
