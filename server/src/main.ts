// The memos server: flags and MEMOS_* variables → config → database → HTTP on the configured port.
import type { FastifyBaseLogger } from "fastify";
import { accessSync, constants, existsSync, mkdirSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";
import type { AppContext } from "./context.js";
import { hopCountWarning } from "./http/trust-proxy.js";
import { seedDemoData } from "./seed/demo.js";
import { startBackupSchedule } from "./services/backup.service.js";
import { removeLeftovers } from "./services/leftovers.service.js";
import { ensureServerId } from "./services/system.service.js";
import { instanceMarkOf, markInstance } from "./store/instance/instance-lock.js";
import type { MemosConversionReport } from "./store/memos-import/convert.js";
import { openStore } from "./store/open.js";
import { sweepIncoming } from "./store/files/resource-bytes.js";

/** web/dist beside this server, whether it runs from server/src (tsx) or server/dist (built). */
const defaultWebDist = () => resolve(dirname(fileURLToPath(import.meta.url)), "../../web/dist");

/**
 * Stops with a message that says what to do when this process cannot write the data folder or the SQLite file: a
 * memos v0.10 folder was written by root, and the container image runs as an unprivileged user.
 */
function ensureWritable(paths: string[]) {
  for (const path of paths) {
    if (!existsSync(path)) continue;
    try {
      accessSync(path, constants.W_OK);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EROFS") {
        console.error(`memos: ${path} is on a read-only file system: the data folder must be writable (a volume mounted without :ro).`);
        process.exit(1);
      }
      const { uid, gid } = statSync(path);
      const me = `${process.getuid?.() ?? "?"}:${process.getgid?.() ?? "?"}`;
      console.error(
        `memos: ${path} belongs to ${uid}:${gid} and this server, running as ${me}, cannot write it. ` +
          `Give the data folder to ${me} (on the host: chown -R ${me} <the folder mounted there>), or run the server as its owner.`,
      );
      process.exit(1);
    }
  }
}

/** SIGTERM or SIGINT: the first stops the server cleanly (`stop`, once it is set), a second one at once. */
function handleStopSignals(): { setStop(stop: () => Promise<void>): void } {
  let stop: (() => Promise<void>) | null = null;
  let stopping = false;
  const onSignal = () => {
    if (stopping || !stop) process.exit(stopping ? 1 : 0);
    stopping = true;
    void stop();
  };
  // Registered before the database opens: as a container's first process, node ignores any signal it has no
  // handler for, so a stop during a long migration would wait for the runtime's SIGKILL.
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  return { setStop: (fn) => (stop = fn) };
}

/** What a conversion of a memos database did, in the log: counts per kind, then each thing that did not come over. */
function logConversion(log: FastifyBaseLogger, report: MemosConversionReport): void {
  log.info(
    { counts: report.counts, kept: report.kept, ms: report.ms },
    `converted a memos ${report.from} database in place in ${report.ms} ms; the original is kept at ${report.kept}`,
  );
  for (const what of report.leftBehind) log.warn(`not carried over from memos: ${what}`);
}

async function main() {
  const signals = handleStopSignals();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.argv.slice(2));
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`memos: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  config.webDist ??= defaultWebDist();
  mkdirSync(config.data, { recursive: true });
  ensureWritable(config.driver === "sqlite" ? [config.data, config.dsn] : [config.data]);
  const { store, migration, converted } = await openStore(config);
  // `<file>.pid` tells `npm run restore`, transfer and storage that this database (or data folder) is in use.
  const instance = markInstance(instanceMarkOf(config));
  process.once("exit", () => instance.release());
  await ensureServerId(store.db);
  if (config.mode !== "prod") await seedDemoData(store, config);
  const ctx: AppContext = { config, store };
  const app = await buildApp(ctx, { logger: { level: config.logLevel }, trustProxy: config.trustProxy });
  const proxyWarning = hopCountWarning(config.trustProxy, config.addr);
  if (proxyWarning) app.log.warn(proxyWarning);
  if (instance.other)
    app.log.warn(`another memos server (pid ${instance.other.pid}) also uses ${config.driver === "sqlite" ? config.dsn : config.data}`);
  if (!instance.other) {
    const leftovers = await removeLeftovers(store, config);
    if (leftovers.length > 0)
      app.log.info({ removed: leftovers }, `removed ${leftovers.length} files left by a stopped backup or storage move`);
  }
  const swept = await sweepIncoming(config.data);
  if (swept > 0) app.log.info(`removed ${swept} partial uploads left in ${config.data}/assets/.incoming`);
  if (migration.applied.length > 0) {
    app.log.info({ applied: migration.applied, backup: migration.backup }, "database migrated");
  }
  if (converted) logConversion(app.log, converted);
  if (config.backupEveryMs !== null) {
    ctx.backups = startBackupSchedule(store, {
      everyMs: config.backupEveryMs,
      keep: config.backupKeep,
      data: config.data,
      log: { info: (message) => app.log.info(message), error: (message) => app.log.error(message) },
    });
  }
  signals.setStop(async () => {
    app.log.info("stopping");
    await app.close();
    await ctx.backups?.stop();
    await store.close();
    process.exit(0);
  });
  await app.listen({ host: config.addr, port: config.port });
  // The start's own reads (migrations, settings) began a reader thread: a server nobody uses yet needs none.
  store.endIdleReaders();
  const where = config.driver === "sqlite" ? config.dsn : "PostgreSQL";
  app.log.info(`memos ${config.mode} is running at http://localhost:${config.port} (data: ${where})`);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`memos: failed to start: ${message}`);
  process.exit(1);
});
