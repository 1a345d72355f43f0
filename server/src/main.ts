// The memos server: flags and MEMOS_* variables → config → database → HTTP on the configured port.
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";
import type { AppContext } from "./context.js";
import { seedDemoData } from "./seed/demo.js";
import { startBackupSchedule } from "./services/backup.service.js";
import { removeLeftovers } from "./services/leftovers.service.js";
import { ensureServerId } from "./services/system.service.js";
import { instanceMarkOf, markInstance } from "./store/instance/instance-lock.js";
import { openStore } from "./store/open.js";
import { sweepIncoming } from "./store/files/resource-bytes.js";

/** web/dist beside this server, whether it runs from server/src (tsx) or server/dist (built). */
const defaultWebDist = () => resolve(dirname(fileURLToPath(import.meta.url)), "../../web/dist");

async function main() {
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
  const { store, migration } = await openStore(config);
  // `<file>.pid` tells `npm run restore`, transfer and storage that this database (or data folder) is in use.
  const instance = markInstance(instanceMarkOf(config));
  process.once("exit", () => instance.release());
  await ensureServerId(store.db);
  if (config.mode !== "prod") await seedDemoData(store, config);
  const ctx: AppContext = { config, store };
  const app = await buildApp(ctx, { logger: { level: config.logLevel }, trustProxy: config.trustProxy });
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
  if (config.backupEveryMs !== null) {
    ctx.backups = startBackupSchedule(store, {
      everyMs: config.backupEveryMs,
      keep: config.backupKeep,
      data: config.data,
      log: { info: (message) => app.log.info(message), error: (message) => app.log.error(message) },
    });
  }
  const shutdown = async () => {
    await app.close();
    await ctx.backups?.stop();
    await store.close();
    process.exit(0);
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
  await app.listen({ host: config.addr, port: config.port });
  const where = config.driver === "sqlite" ? config.dsn : "PostgreSQL";
  app.log.info(`memos ${config.mode} is running at http://localhost:${config.port} (data: ${where})`);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`memos: failed to start: ${message}`);
  process.exit(1);
});
