// A PostgreSQL database of its own for a test that needs one apart from the harness's (a transfer's target), dropped
// by the test when done.
import { PG_ADMIN_DSN, withPgClient } from "./harness.js";

export interface PgDatabase {
  name: string;
  dsn: string;
  drop(): Promise<void>;
}

/**
 * A new database; `template` (another of these, with no connection open to it) makes it a copy of that one, which
 * costs less than building the same rows again.
 */
export async function createPgDatabase(prefix: string, template?: PgDatabase): Promise<PgDatabase> {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const url = new URL(PG_ADMIN_DSN);
  url.pathname = `/${name}`;
  const from = template ? ` TEMPLATE ${template.name}` : "";
  await withPgClient(PG_ADMIN_DSN, async (client) => {
    await client.query(`CREATE DATABASE ${name}${from}`);
    // A test's commits need not wait for the disk: nothing outlives the test.
    await client.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  });
  return {
    name,
    dsn: url.toString(),
    drop: () => withPgClient(PG_ADMIN_DSN, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}
