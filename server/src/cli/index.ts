// The maintenance commands, bundled into server/dist/cli.js: `node server/dist/cli.js <command> [flags]`.
// `npm run backup|restore|transfer|storage` runs them through scripts/cli.mjs, which installs and builds first.
import { RestoreRefused } from "../store/backup/sqlite-backup.js";
import { UsageError } from "./args.js";
import { BACKUP_USAGE, backupCommand } from "./backup.js";
import { RESTORE_USAGE, restoreCommand } from "./restore.js";
import { STORAGE_USAGE, storageCommand } from "./storage.js";
import { TRANSFER_USAGE, transferCommand } from "./transfer.js";

const COMMANDS: Record<string, { run: (argv: string[]) => Promise<number>; usage: string }> = {
  backup: { run: backupCommand, usage: BACKUP_USAGE },
  restore: { run: restoreCommand, usage: RESTORE_USAGE },
  transfer: { run: transferCommand, usage: TRANSFER_USAGE },
  storage: { run: storageCommand, usage: STORAGE_USAGE },
};

async function main(): Promise<number> {
  const [name, ...argv] = process.argv.slice(2);
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    console.error(
      `usage:\n${Object.values(COMMANDS)
        .map((each) => `  ${each.usage}`)
        .join("\n")}`,
    );
    return 2;
  }
  if (argv.includes("--help") || argv.includes("-h")) {
    console.log(`usage: ${command.usage}`);
    return 0;
  }
  try {
    return await command.run(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`memos ${name}: ${error.message}\nusage: ${command.usage}`);
      return 2;
    }
    if (error instanceof RestoreRefused) {
      console.error(`memos ${name}: ${error.message}`);
      return 1;
    }
    console.error(`memos ${name}: failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

main().then((code) => process.exit(code));
