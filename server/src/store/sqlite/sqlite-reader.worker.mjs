// A reader of the SQLite pool (sqlite-pool.ts): its own read-only connection in a worker thread, so a slow read
// never blocks the main thread. WAL lets it read while the main connection writes; each statement sees every
// transaction committed before it started. Messages: {sql, parameters} in, {rows} or {error} out,
// one at a time.
import { parentPort, workerData } from "node:worker_threads";
import SQLite from "better-sqlite3";
import { registerSqlFunctions, statementCache } from "./sqlite-functions.mjs";

const sqlite = new SQLite(workerData.file, { readonly: true, fileMustExist: true });
sqlite.pragma("busy_timeout = 5000");
// better-sqlite3 builds SQLite with a 16 MB page cache per connection, and readers that walk a large instance fill
// theirs: 31–34 MB a reader thread after scans of 200k memos, 18–20 MB with 4 MB of cache. A miss is read from the
// operating system's cache of the file, a few microseconds a page; 4 MB still holds a reader's hot pages.
sqlite.pragma("cache_size = -4000");
registerSqlFunctions(sqlite);
const prepare = statementCache(sqlite);

parentPort.on("message", ({ sql, parameters }) => {
  try {
    const statement = prepare(sql);
    if (!statement.reader) throw new Error("a reader runs statements that return rows only");
    parentPort.postMessage({ rows: statement.all(parameters) });
  } catch (error) {
    parentPort.postMessage({ error: { message: error.message, code: error.code } });
  }
});
