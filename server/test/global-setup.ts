// Global setup of the server API projects: names this run's PostgreSQL test databases, and drops them all at
// the end (the harness reuses each test process's databases instead of dropping them one by one).
import pg from "pg";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    pgRunPrefix: string;
  }
}

const ADMIN_DSN = process.env.MEMOS_TEST_PG_DSN ?? "postgres://postgres@127.0.0.1:5432/postgres";

export default function setup(project: TestProject): () => Promise<void> {
  const prefix = `memos_test_${process.pid}_${Date.now().toString(36)}`;
  project.provide("pgRunPrefix", prefix);
  return async () => {
    const admin = new pg.Client({ connectionString: ADMIN_DSN, connectionTimeoutMillis: 5000 });
    admin.on("error", () => {});
    try {
      await admin.connect();
    } catch {
      return; // No PostgreSQL, so no database of ours to drop.
    }
    try {
      const { rows } = await admin.query<{ name: string }>("SELECT datname AS name FROM pg_database WHERE starts_with(datname, $1)", [
        prefix,
      ]);
      for (const { name } of rows) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  };
}
