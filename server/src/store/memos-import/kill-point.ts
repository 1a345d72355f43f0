// The moments of a memos conversion at which a test kills it, deterministically: with MEMOS_TEST_KILL_AT naming one,
// the process sends itself SIGKILL there (as a crash or an OOM kill would stop it), so every moment is hit on every
// run instead of one a timing happens to catch (server/test/memos-inplace-killed.test.ts kills at five of them). Unset,
// nothing happens.
const CONVERSION_MOMENTS = [
  /** The copy is kept (SQLite: the file beside it), the transaction not begun. */
  "copy-kept",
  /** The transaction holds the write (SQLite) or migration (PostgreSQL) lock; nothing written yet. */
  "claimed",
  /** memos' tables are moved aside. */
  "moved-aside",
  /** Our tables are made, empty. */
  "migrated",
  /** Users, their settings and identity providers are copied; memos not yet. */
  "people-copied",
  /** The first batch of memos is copied. */
  "memos-batch",
  /** Every row is copied; (SQLite) memos' moved tables are still there. */
  "copied",
  /** memos' moved tables are dropped (SQLite); the transaction about to commit. */
  "dropped",
  /** Committed; the conversion not yet reported or logged. */
  "committed",
] as const;
export type ConversionMoment = (typeof CONVERSION_MOMENTS)[number];

export function killPoint(moment: ConversionMoment): void {
  if (process.env.MEMOS_TEST_KILL_AT === moment) process.kill(process.pid, "SIGKILL");
}
