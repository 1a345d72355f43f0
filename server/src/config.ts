// One typed config object, read from command-line flags and the same names as MEMOS_* environment variables.
import { isAbsolute, resolve } from "node:path";
import { DEFAULT_MAX_UPLOAD_MB } from "@memos/common";
import { isProxyAddress, MAX_PROXY_HOPS, PROXY_RANGE_NAMES, type TrustProxy } from "./http/trust-proxy.js";

type Mode = "prod" | "dev" | "demo";
type Driver = "sqlite" | "postgres";
type Storage = "db" | "local";

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
  /** Where new uploads keep their bytes: database blobs, or files under <data>/assets. */
  storage: Storage;
  /** Where the built web app lives; the server serves index.html for every SPA path. */
  webDist: string | null;
  /** Behind reverse proxies: which of them the client address and scheme are read from (X-Forwarded-*). */
  trustProxy: TrustProxy;
  /** SQLite: read-only connections in worker threads (0: every query on the main thread). */
  sqliteReaders: number;
  /** The time a search (text or regex filter) may take before it is refused, in milliseconds. */
  searchBudgetMs: number;
  /** SQLite: a rolling backup every this many milliseconds into <data folder of the database>/backups; null: none. */
  backupEveryMs: number | null;
  /** How many rolling backups are kept (the oldest beyond are removed). */
  backupKeep: number;
  /** Webhooks may be sent to loopback and private addresses (a home network); off by default. */
  webhookAllowPrivate: boolean;
  /** Identity providers may be reached at loopback and private addresses, and by http:// (a provider at home); off by default. */
  oidcAllowPrivate: boolean;
  /** Link previews (v1 GetLinkMetadata) may fetch pages at loopback and private addresses; off by default. */
  linkPreviewAllowPrivate: boolean;
  /** Where the About dialog's project news is read (GitHub's API; tests and mirrors point it elsewhere). */
  projectInfoUrl: string;
  /** A failed delivery is retried after this, doubling each time (10 s; tests make it small). */
  webhookRetryBaseMs: number;
  /** How long a delivery is retried before it is given up (24 h). */
  webhookRetryWindowMs: number;
  /** The time limit of one delivery attempt. */
  webhookTimeoutMs: number;
  /** Requests one access token may make to `/mcp` in a minute (a burst of that many, refilled evenly). */
  mcpRequestsPerMinute: number;
  /**
   * GET /metrics answers (Prometheus); off by default, since it shows the instance's activity. Without
   * `metricsToken`, only to requests from a loopback address (policies/metrics.policy.ts).
   */
  metrics: boolean;
  /** When set, GET /metrics wants it as a Bearer token (implies `metrics`). */
  metricsToken: string | null;
  logLevel: "debug" | "info" | "warn";
}

export const MCP_REQUESTS_PER_MINUTE = 120;

export const WEBHOOK_DEFAULTS: Pick<Config, "webhookRetryBaseMs" | "webhookRetryWindowMs" | "webhookTimeoutMs"> = {
  webhookRetryBaseMs: 10_000,
  webhookRetryWindowMs: 24 * 3_600_000,
  webhookTimeoutMs: 10_000,
};

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
  storage: { env: "MEMOS_STORAGE", fallback: "db" },
  "web-dist": { env: "MEMOS_WEB_DIST", fallback: "" },
  "trust-proxy": { env: "MEMOS_TRUST_PROXY", fallback: "false" },
  "sqlite-readers": { env: "MEMOS_SQLITE_READERS", fallback: "3" },
  "search-budget-ms": { env: "MEMOS_SEARCH_BUDGET_MS", fallback: "5000" },
  "backup-every": { env: "MEMOS_BACKUP_EVERY", fallback: "" },
  "backup-keep": { env: "MEMOS_BACKUP_KEEP", fallback: "" },
  "webhook-allow-private": { env: "MEMOS_WEBHOOK_ALLOW_PRIVATE", fallback: "false" },
  "oidc-allow-private": { env: "MEMOS_OIDC_ALLOW_PRIVATE", fallback: "false" },
  "link-preview-allow-private": { env: "MEMOS_LINK_PREVIEW_ALLOW_PRIVATE", fallback: "false" },
  "project-info-url": { env: "MEMOS_PROJECT_INFO_URL", fallback: "https://api.github.com" },
  metrics: { env: "MEMOS_METRICS", fallback: "false" },
  "metrics-token": { env: "MEMOS_METRICS_TOKEN", fallback: "" },
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

/** Reads each setting from its flag, else its MEMOS_* variable, else the default. */
function createReader(flags: Record<string, string>, env: NodeJS.ProcessEnv) {
  const fromEnv = (name: string) => flags[name] === undefined && env[FLAGS[name]!.env] !== undefined;
  return {
    pick: (name: string): string => flags[name] ?? env[FLAGS[name]!.env] ?? FLAGS[name]!.fallback,
    /** "--port", or "--port (from MEMOS_PORT)" when the value came from the environment. */
    label: (name: string): string => (fromEnv(name) ? `--${name} (from ${FLAGS[name]!.env})` : `--${name}`),
  };
}

function oneOf<T extends string>(label: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new ConfigError(`invalid ${label} "${value}": expected one of ${allowed.join(", ")}`);
  }
  return value as T;
}

function integer(label: string, value: string, min: number, max: number): number {
  const parsed = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    throw new ConfigError(`invalid ${label} "${value}": expected a whole number from ${min} to ${max}`);
  }
  return parsed;
}

const DURATION_UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };
const MAX_DURATION_MS = 366 * 86_400_000;

/** "30m", "6h", "24h", "7d" → milliseconds (1 minute to 366 days). */
function parseDuration(label: string, value: string): number {
  const match = /^(\d+)([mhd])$/.exec(value.trim());
  const ms = match ? Number(match[1]) * DURATION_UNITS[match[2]!]! : NaN;
  if (!Number.isFinite(ms) || ms < 60_000 || ms > MAX_DURATION_MS) {
    throw new ConfigError(`invalid ${label} "${value}": expected a duration such as 30m, 6h, 24h or 7d (1m to 366d)`);
  }
  return ms;
}

const DEFAULT_BACKUP_KEEP = 7;

const TRUST_PROXY_FORMS = `false, the number of proxies in front of memos (1 to ${MAX_PROXY_HOPS}), or their addresses: IPs, CIDR ranges or ${PROXY_RANGE_NAMES.join(", ")}, comma-separated`;

/**
 * `--trust-proxy`: false, a hop count, or a list of proxy addresses. `true` is refused: Fastify then believes every
 * X-Forwarded-For entry, so the address is the left-most one, which the client writes itself.
 */
function parseTrustProxy(label: string, value: string): TrustProxy {
  const text = value.trim();
  if (text === "false") return false;
  if (text === "true") {
    throw new ConfigError(
      `invalid ${label} "true": it let every client choose its own address (the left-most X-Forwarded-For entry, which the client writes); expected ${TRUST_PROXY_FORMS}`,
    );
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops < 1 || hops > MAX_PROXY_HOPS) throw new ConfigError(`invalid ${label} "${value}": expected ${TRUST_PROXY_FORMS}`);
    return hops;
  }
  const entries = text.split(",").map((entry) => entry.trim());
  const wrong = entries.find((entry) => !isProxyAddress(entry));
  if (wrong !== undefined)
    throw new ConfigError(`invalid ${label} "${value}": "${wrong}" is not an address; expected ${TRUST_PROXY_FORMS}`);
  return entries;
}

export function loadConfig(argv: string[], env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const { pick, label } = createReader(parseFlags(argv), env);
  const mode = oneOf(label("mode"), pick("mode"), ["prod", "dev", "demo"] as const);
  const addr = pick("addr");
  if (addr.trim() === "") throw new ConfigError(`invalid ${label("addr")} "": expected a host or IP address`);
  const port = integer(label("port"), pick("port"), 0, 65535);
  const dataArg = pick("data");
  if (dataArg.trim() === "") throw new ConfigError(`invalid ${label("data")} "": expected a folder path`);
  const data = isAbsolute(dataArg) ? dataArg : resolve(cwd, dataArg);
  const dsnArg = pick("dsn");
  const isPostgresDsn = /^postgres(ql)?:\/\//.test(dsnArg);
  const driverArg = pick("driver") || (isPostgresDsn ? "postgres" : "sqlite");
  const driver = oneOf(label("driver"), driverArg, ["sqlite", "postgres"] as const);
  // The DSN is not echoed back: it may hold a password.
  if (driver === "postgres" && !isPostgresDsn) {
    throw new ConfigError(`invalid ${label("dsn")}: --driver postgres needs a postgres://user@host:port/db DSN`);
  }
  if (driver === "sqlite" && isPostgresDsn) {
    throw new ConfigError(`invalid ${label("dsn")}: --driver sqlite needs a file path, not a postgres:// DSN`);
  }
  const dsn = driver === "sqlite" ? (dsnArg ? resolve(cwd, dsnArg) : resolve(data, `memos_${mode}.db`)) : dsnArg;
  const maxUploadMb = integer(label("max-upload-mb"), pick("max-upload-mb"), 1, 10240);
  const storage = oneOf(label("storage"), pick("storage"), ["db", "local"] as const);
  const webDistArg = pick("web-dist");
  const trustProxy = parseTrustProxy(label("trust-proxy"), pick("trust-proxy"));
  const sqliteReaders = integer(label("sqlite-readers"), pick("sqlite-readers"), 0, 64);
  const searchBudgetMs = integer(label("search-budget-ms"), pick("search-budget-ms"), 100, 600_000);
  const backupEveryArg = pick("backup-every");
  const backupKeepArg = pick("backup-keep");
  if (driver === "postgres" && (backupEveryArg || backupKeepArg)) {
    const which = backupEveryArg ? label("backup-every") : label("backup-keep");
    throw new ConfigError(
      `${which}: rolling backups are for SQLite; back up PostgreSQL with pg_dump (for example from cron: pg_dump -Fc -f memos-$(date +%F).dump <dsn>)`,
    );
  }
  const backupEveryMs = backupEveryArg ? parseDuration(label("backup-every"), backupEveryArg) : null;
  const backupKeep = backupKeepArg ? integer(label("backup-keep"), backupKeepArg, 1, 1000) : DEFAULT_BACKUP_KEEP;
  const projectInfoUrl = pick("project-info-url");
  if (!/^https?:\/\/[^\s/]+/.test(projectInfoUrl) || !URL.canParse(projectInfoUrl)) {
    throw new ConfigError(`${label("project-info-url")}: must be an http(s) URL`);
  }
  const webhookAllowPrivate = oneOf(label("webhook-allow-private"), pick("webhook-allow-private"), ["true", "false"] as const) === "true";
  const oidcAllowPrivate = oneOf(label("oidc-allow-private"), pick("oidc-allow-private"), ["true", "false"] as const) === "true";
  const linkPreviewAllowPrivate =
    oneOf(label("link-preview-allow-private"), pick("link-preview-allow-private"), ["true", "false"] as const) === "true";
  const metricsToken = pick("metrics-token");
  // The token is not echoed back.
  if (metricsToken !== "" && !/^[\x21-\x7e]{16,512}$/.test(metricsToken)) {
    throw new ConfigError(`invalid ${label("metrics-token")}: expected 16 to 512 printable characters without spaces`);
  }
  const metrics = oneOf(label("metrics"), pick("metrics"), ["true", "false"] as const) === "true" || metricsToken !== "";
  return {
    mode,
    addr,
    port,
    data,
    driver,
    dsn,
    maxUploadBytes: maxUploadMb * 1024 * 1024,
    storage,
    webDist: webDistArg ? resolve(cwd, webDistArg) : null,
    trustProxy,
    sqliteReaders,
    searchBudgetMs,
    backupEveryMs,
    backupKeep,
    webhookAllowPrivate,
    oidcAllowPrivate,
    linkPreviewAllowPrivate,
    projectInfoUrl: projectInfoUrl.replace(/\/+$/, ""),
    ...WEBHOOK_DEFAULTS,
    mcpRequestsPerMinute: MCP_REQUESTS_PER_MINUTE,
    metrics,
    metricsToken: metricsToken || null,
    logLevel: mode === "dev" ? "debug" : "info",
  };
}
