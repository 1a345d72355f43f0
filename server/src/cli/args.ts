// Flags of the maintenance commands (backup, restore, transfer). Each command has flags of its own
// (`--out`, `--from`, `--to`); the server's flags that say where the database is (`--data`, `--mode`, `--dsn`,
// `--driver` and their MEMOS_* variables) are read by the server's own config, with the same checks.
import { type Config, ConfigError, loadConfig } from "../config.js";

export class UsageError extends Error {}

/** Splits `argv` into this command's own flags and the rest (for loadConfig). */
export function takeFlags(argv: string[], own: readonly string[]): { values: Record<string, string>; rest: string[] } {
  const values: Record<string, string> = {};
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [name, inline] = arg.startsWith("--") ? (arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined]) : ["", undefined];
    if (!own.includes(name)) {
      rest.push(arg);
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined || value === "") throw new UsageError(`flag --${name} needs a value`);
    values[name] = value;
  }
  return { values, rest };
}

/** The server config the other flags describe; a ConfigError becomes a UsageError with the same message. */
export function configFrom(rest: string[], env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  try {
    return loadConfig(rest, env, cwd);
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
}
