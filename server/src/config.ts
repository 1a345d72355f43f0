// One typed config object, read from command-line flags and the same names as MEMOS_* environment variables.
import { isAbsolute, resolve } from "node:path";
import { DEFAULT_MAX_UPLOAD_MB } from "@memos/common";

export type Mode = "prod" | "dev" | "demo";
export type Driver = "sqlite" | "postgres";

export interface Config {
  mode: Mode;
  addr: string;
  port: number;
  /** Absolute path of the data folder. */
  data: string;
  driver: Driver;
  /** PostgreSQL connection string, or the SQLite file path (defaults to <data>/memos_<mode>.db). */
  dsn: string;
  maxUploadBytes: number;
  /** Where the built web app lives; the server serves index.html for every SPA path. */
  webDist: string | null;
  logLevel: "debug" | "info" | "warn";
}

export class ConfigError extends Error {}

interface FlagSpec {
  env: string;
  fallback: string;
}

const FLAGS: Record<string, FlagSpec> = {
  mode: { env: "MEMOS_MODE", fallback: "prod" },
  addr: { env: "MEMOS_ADDR", fallback: "0.0.0.0" },
  port: { env: "MEMOS_PORT", fallback: "5230" },
  data: { env: "MEMOS_DATA", fallback: "./data" },
  driver: { env: "MEMOS_DRIVER", fallback: "" },
  dsn: { env: "MEMOS_DSN", fallback: "" },
  "max-upload-mb": { env: "MEMOS_MAX_UPLOAD_MB", fallback: String(DEFAULT_MAX_UPLOAD_MB) },
  "web-dist": { env: "MEMOS_WEB_DIST", fallback: "" },
};

/** Reads `--name value` and `--name=value` pairs; unknown flags are an error. */
function parseFlags(argv: string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith("--")) throw new ConfigError(`unexpected argument "${arg}"`);
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (!(name in FLAGS)) throw new ConfigError(`unknown flag --${name}`);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new ConfigError(`flag --${name} needs a value`);
    values[name] = value;
  }
  return values;
}

function pick(name: string, flags: Record<string, string>, env: NodeJS.ProcessEnv): string {
  const spec = FLAGS[name]!;
  return flags[name] ?? env[spec.env] ?? spec.fallback;
}

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new ConfigError(`invalid --${name} "${value}": expected one of ${allowed.join(", ")}`);
  }
  return value as T;
}

function integer(name: string, value: string, min: number, max: number): number {
  const parsed = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    throw new ConfigError(`invalid --${name} "${value}": expected a whole number from ${min} to ${max}`);
  }
  return parsed;
}

export function loadConfig(argv: string[], env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const flags = parseFlags(argv);
  const mode = oneOf("mode", pick("mode", flags, env), ["prod", "dev", "demo"] as const);
  const addr = pick("addr", flags, env);
  if (addr.trim() === "") throw new ConfigError(`invalid --addr "": expected a host or IP address`);
  const port = integer("port", pick("port", flags, env), 0, 65535);
  const dataArg = pick("data", flags, env);
  if (dataArg.trim() === "") throw new ConfigError(`invalid --data "": expected a folder path`);
  const data = isAbsolute(dataArg) ? dataArg : resolve(cwd, dataArg);
  const dsnArg = pick("dsn", flags, env);
  const driverArg = pick("driver", flags, env) || (/^postgres(ql)?:\/\//.test(dsnArg) ? "postgres" : "sqlite");
  const driver = oneOf("driver", driverArg, ["sqlite", "postgres"] as const);
  if (driver === "postgres" && !/^postgres(ql)?:\/\//.test(dsnArg)) {
    throw new ConfigError(`invalid --dsn "${dsnArg}": --driver postgres needs a postgres://user@host:port/db DSN`);
  }
  const dsn = driver === "sqlite" ? (dsnArg ? resolve(cwd, dsnArg) : resolve(data, `memos_${mode}.db`)) : dsnArg;
  const maxUploadMb = integer("max-upload-mb", pick("max-upload-mb", flags, env), 1, 10240);
  const webDistArg = pick("web-dist", flags, env);
  return {
    mode,
    addr,
    port,
    data,
    driver,
    dsn,
    maxUploadBytes: maxUploadMb * 1024 * 1024,
    webDist: webDistArg ? resolve(cwd, webDistArg) : null,
    logLevel: mode === "dev" ? "debug" : "info",
  };
}
