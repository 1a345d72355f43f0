// Opens the configured database and brings its schema up to date.
import type { Config } from "../config.js";
import { DEFAULT_SQLITE_OPTIONS, type DatabaseHandle, openPostgres, openSqlite } from "./db.js";
import { migrate, type MigrationReport } from "./migrate.js";

type StoreConfig = Pick<Config, "driver" | "dsn"> & Partial<Pick<Config, "sqliteReaders" | "searchBudgetMs">>;

export async function openStore(config: StoreConfig): Promise<{ store: DatabaseHandle; migration: MigrationReport }> {
  const searchBudgetMs = config.searchBudgetMs ?? DEFAULT_SQLITE_OPTIONS.searchBudgetMs;
  const store =
    config.driver === "postgres"
      ? openPostgres(config.dsn, searchBudgetMs)
      : openSqlite(config.dsn, { readers: config.sqliteReaders ?? DEFAULT_SQLITE_OPTIONS.readers, searchBudgetMs });
  try {
    const migration = await migrate(store);
    return { store, migration };
  } catch (error) {
    await store.close();
    throw error;
  }
}
