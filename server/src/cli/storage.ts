// `npm run storage -- --to local|db [--data ./data] [--dsn …]`: moves the bytes of existing uploads between the
// database and files under <data>/assets (store/files/storage-move.ts), printing each step and a summary. Refuses while
// a server uses the database. Safe to run again after a stop: each resource is moved in its own step.
import type { Config } from "../config.js";
import { databaseSize } from "../store/dialect.js";
import { rmSync } from "node:fs";
import { instanceMarkOf, markInstance, runningInstance } from "../store/instance/instance-lock.js";
import { openStore } from "../store/open.js";
import { assetsFolder } from "../store/files/resource-bytes.js";
import {
  compactAfterMove,
  type MoveOutcome,
  type MoveStep,
  moveBlobsToFiles,
  moveFilesToBlobs,
  moveJournalOf,
  recoverStorageMove,
  storageCounts,
} from "../store/files/storage-move.js";
import { configFrom, takeFlags, UsageError } from "./args.js";

export const STORAGE_USAGE = "npm run storage -- --to local|db [--data ./data] [--mode prod] [--dsn file.db | postgres://…]";

function megabytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} kB`;
}

/** The move itself (the command and the tests). */
export async function moveStorage(config: Config, to: "local" | "db", log: (line: string) => void = () => {}): Promise<MoveOutcome> {
  // Marked while the move runs, as a server marks it: no server, and no other move, works on it meanwhile.
  const mark = instanceMarkOf(config);
  const running = runningInstance(mark);
  if (running) {
    const what = config.driver === "sqlite" ? config.dsn : `the data folder ${config.data}`;
    throw new UsageError(`a memos server (pid ${running.pid}${running.host ? ` on ${running.host}` : ""}) is using ${what}: stop it first`);
  }
  const instance = markInstance(mark);
  const { store } = await openStore({ driver: config.driver, dsn: config.dsn, sqliteReaders: 0 }).catch((error: unknown) => {
    instance.release();
    throw error;
  });
  const journal = moveJournalOf(mark);
  try {
    for (const file of await recoverStorageMove(store.db, config.data, journal)) log(`removed ${file}, left by a move that was stopped`);
    const counts = await storageCounts(store.db);
    const folder = assetsFolder(config.data);
    log(`${counts.resources} resources: ${counts.blobs} in the database, ${counts.files} as files under ${folder}`);
    const step = ({ index, total, id, filename, bytes, path }: MoveStep) =>
      log(`  [${index}/${total}] #${id} ${filename} (${megabytes(bytes)}) ${to === "local" ? "→" : "←"} assets/${path}`);
    const before = await databaseSize(store);
    const outcome =
      to === "local"
        ? await moveBlobsToFiles(store.db, config.data, step, journal)
        : await moveFilesToBlobs(store.db, config.data, step, journal);
    rmSync(journal, { force: true });
    // Moved blobs leave free pages behind; the file shrinks only once they are given back.
    if (to === "local" && outcome.moved > 0) {
      await compactAfterMove(store);
      log(`database compacted: ${megabytes(before)} → ${megabytes(await databaseSize(store))}`);
    }
    return outcome;
  } finally {
    await store.close();
    instance.release();
  }
}

export async function storageCommand(argv: string[], cwd = process.cwd()): Promise<number> {
  const { values, rest } = takeFlags(argv, ["to"]);
  const config = configFrom(rest, process.env, cwd);
  if (values.to !== "local" && values.to !== "db")
    throw new UsageError("--to is required: local (files under <data>/assets) or db (blobs)");
  const to = values.to;
  const started = Date.now();
  const outcome = await moveStorage(config, to, (line) => console.log(`memos: ${line}`));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const where = to === "local" ? `to ${assetsFolder(config.data)}` : "into the database";
  console.log(
    `memos: moved ${outcome.moved} files (${megabytes(outcome.bytes)}) ${where} in ${seconds} s; ${outcome.already} already there or links`,
  );
  for (const problem of outcome.problems) console.error(`memos: problem: ${problem}`);
  if (outcome.problems.length > 0) {
    console.error(`memos: ${outcome.problems.length} resources were not moved (their bytes stay where they were); run again once fixed`);
    return 1;
  }
  console.log(`memos: start the server with --storage ${to} (MEMOS_STORAGE=${to}) so that new uploads go there too`);
  return 0;
}
