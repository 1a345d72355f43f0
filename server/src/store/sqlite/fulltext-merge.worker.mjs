// The full-text merger's thread (fulltext-merger.ts): its own read-write connection, so merging the FTS5 index's
// segments (work that at a million memos takes seconds, in steps of up to tens of milliseconds) never runs on the
// main thread. The main thread hands out the steps one at a time, between its own writes.
// It also checkpoints the write-ahead log (the main connection's automatic checkpoint is off, db.ts): copying a large
// transaction's pages back into the database took the main thread half a second after the commit.
// Messages: {sql} in (one merge step, or the checkpoint), {merged} or {error} out.
import { parentPort, workerData } from "node:worker_threads";
import SQLite from "better-sqlite3";

const sqlite = new SQLite(workerData.file, { fileMustExist: true });
sqlite.pragma("busy_timeout = 5000");
const changes = sqlite.prepare("SELECT total_changes()").pluck();

parentPort.on("message", ({ sql }) => {
  try {
    const before = changes.get();
    sqlite.prepare(sql).run();
    // FTS5: a merge command that found nothing to merge changes fewer than two rows.
    parentPort.postMessage({ merged: changes.get() - before >= 2 });
  } catch (error) {
    parentPort.postMessage({ error: { message: error.message, code: error.code } });
  }
});
