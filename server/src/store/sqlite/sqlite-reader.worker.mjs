// A reader of the SQLite pool (sqlite-pool.ts): its own read-only connection in a worker thread, so a slow read
// never blocks the main thread. WAL lets it read while the main connection writes; each statement sees every
// transaction committed before it started. Messages: {sql, parameters} in, {rows} or {error} out,
// one at a time.
import { parentPort, workerData } from "node:worker_threads";
import SQLite from "better-sqlite3";
import { registerSqlFunctions, statementCache } from "./sqlite-functions.mjs";

const sqlite = new SQLite(workerData.file, { readonly: true, fileMustExist: true });
sqlite.pragma("busy_timeout = 5000");
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
