// Opens the configured database and brings its schema up to date.
import type { Config } from "../config.js";
import { DEFAULT_SQLITE_OPTIONS, type DatabaseHandle, openPostgres, openSqlite } from "./db.js";
import { openMemosDatabase, type MemosConversionReport } from "./memos-import/convert.js";
import { migrate, type MigrationReport } from "./migrate.js";

type StoreConfig = Pick<Config, "driver" | "dsn"> & Partial<Pick<Config, "sqliteReaders" | "searchBudgetMs">>;

/** The database opened: `converted` when it was a memos 0.22 … 0.31 database, converted in place just now. */
export interface OpenedStore {
  store: DatabaseHandle;
  migration: MigrationReport;
  converted: MemosConversionReport | null;
}

export async function openStore(config: StoreConfig): Promise<OpenedStore> {
  const searchBudgetMs = config.searchBudgetMs ?? DEFAULT_SQLITE_OPTIONS.searchBudgetMs;
  const store =
    config.driver === "postgres"
      ? openPostgres(config.dsn, searchBudgetMs)
      : openSqlite(config.dsn, { readers: config.sqliteReaders ?? DEFAULT_SQLITE_OPTIONS.readers, searchBudgetMs });
  try {
    const converted = await openMemosDatabase(store);
    const migration = await migrate(store);
    return { store, migration, converted };
  } catch (error) {
    await store.close();
    throw error;
  }
}
