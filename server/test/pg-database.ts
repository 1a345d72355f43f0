// A PostgreSQL database of its own for a test that needs one apart from the harness's (a transfer's target), dropped
// by the test when done.
import { PG_ADMIN_DSN, withPgClient } from "./harness.js";

export interface PgDatabase {
  dsn: string;
  drop(): Promise<void>;
}

export async function createPgDatabase(prefix: string): Promise<PgDatabase> {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const url = new URL(PG_ADMIN_DSN);
  url.pathname = `/${name}`;
  await withPgClient(PG_ADMIN_DSN, (client) => client.query(`CREATE DATABASE ${name}`));
  return {
    dsn: url.toString(),
    drop: () => withPgClient(PG_ADMIN_DSN, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}
