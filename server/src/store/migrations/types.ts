import type { Db, Engine } from "../db.js";

export interface Migration {
  /** Sorted by name; the name is recorded in schema_migration once applied. */
  name: string;
  /** DDL, one statement each, run in order inside the migration's transaction. */
  statements(engine: Engine): string[];
  /** Data work after the DDL, in the same transaction. */
  after?(db: Db, engine: Engine): Promise<void>;
}
