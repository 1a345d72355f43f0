// Opens the configured database and brings its schema up to date.
import type { Config } from "../config.js";
import { type DatabaseHandle, openPostgres, openSqlite } from "./db.js";
import { migrate, type MigrationReport } from "./migrate.js";

export async function openStore(config: Pick<Config, "driver" | "dsn">): Promise<{ store: DatabaseHandle; migration: MigrationReport }> {
  const store = config.driver === "postgres" ? openPostgres(config.dsn) : openSqlite(config.dsn);
  try {
    const migration = await migrate(store);
    return { store, migration };
  } catch (error) {
    await store.close();
    throw error;
  }
}
