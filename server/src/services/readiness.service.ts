// GET /readyz: ready when the database answers (the migration ledger, read like any query) within READY_TIMEOUT_MS
// and no migration is pending. The answer names only which of the two failed; the cause goes to the log, where
// log-redaction.ts removes credentials, never to the caller.
import { pendingMigrationCount } from "../store/migrate.js";
import type { DatabaseHandle } from "../store/db.js";

/** A probe waits this long for the database (pg has no connect timeout of its own: an unreachable host hangs). */
const READY_TIMEOUT_MS = 2000;

export type Readiness = { status: "ok" } | { status: "unavailable"; reason: "database" | "migrations" };

interface Log {
  warn(object: object, message: string): void;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export async function readiness(store: DatabaseHandle, log: Log): Promise<Readiness> {
  let pending: number;
  try {
    pending = await withTimeout(pendingMigrationCount(store.db, store.engine), READY_TIMEOUT_MS);
  } catch (error) {
    log.warn({ err: error }, "not ready: the database does not answer");
    return { status: "unavailable", reason: "database" };
  }
  if (pending > 0) {
    log.warn({ pending }, "not ready: migrations are pending");
    return { status: "unavailable", reason: "migrations" };
  }
  return { status: "ok" };
}
