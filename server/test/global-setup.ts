// Global setup of the server API projects: names this run's PostgreSQL test databases, and drops them all at
// the end (the harness reuses each test process's databases instead of dropping them one by one). For the PostgreSQL
// project it also migrates one database, once, as the template every test database is copied from: a copy costs a
// tenth of migrating a new database (55 migrations, seconds on a busy machine), and the plan tests' fresh databases
// are copies too.
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openStore } from "../src/store/open.js";

declare module "vitest" {
  export interface ProvidedContext {
    pgRunPrefix: string;
    /** The migrated database each new test database copies (CREATE DATABASE … TEMPLATE); null: migrate each. */
    pgTemplate: string | null;
  }
}

const ADMIN_DSN = process.env.MEMOS_TEST_PG_DSN ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T | null> {
  const admin = new pg.Client({ connectionString: ADMIN_DSN, connectionTimeoutMillis: 5000 });
  admin.on("error", () => {});
  try {
    await admin.connect();
  } catch {
    return null; // No PostgreSQL: its tests skip or fail on their own.
  }
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** A migrated, empty database named `name`, closed (a template must have no connection while it is copied). */
async function makeTemplate(name: string): Promise<string | null> {
  const made = await withAdmin(async (admin) => {
    await admin.query(`CREATE DATABASE ${name}`);
    return true;
  });
  if (!made) return null;
  const url = new URL(ADMIN_DSN);
  url.pathname = `/${name}`;
  const { store } = await openStore({ driver: "postgres", dsn: url.toString() });
  await store.close();
  return name;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const prefix = `memos_test_${process.pid}_${Date.now().toString(36)}`;
  project.provide("pgRunPrefix", prefix);
  const postgres = project.config.env?.MEMOS_TEST_DRIVER === "postgres";
  project.provide("pgTemplate", postgres ? await makeTemplate(`${prefix}_template`) : null);
  return async () => {
    await withAdmin(async (admin) => {
      const { rows } = await admin.query<{ name: string }>("SELECT datname AS name FROM pg_database WHERE starts_with(datname, $1)", [
        prefix,
      ]);
      for (const { name } of rows) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    });
  };
}
