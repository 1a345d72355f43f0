import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";

const CWD = "/srv/memos";
const load = (argv: string[], env: NodeJS.ProcessEnv = {}) => loadConfig(argv, env, CWD);

function configError(argv: string[], env: NodeJS.ProcessEnv = {}): ConfigError {
  try {
    load(argv, env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`expected a ConfigError for ${argv.join(" ")}`);
}

describe("loadConfig", () => {
  it("has defaults: prod, 0.0.0.0:5230, ./data, SQLite in the data folder, 32 MiB uploads", () => {
    expect(load([])).toEqual({
      mode: "prod",
      addr: "0.0.0.0",
      port: 5230,
      data: "/srv/memos/data",
      driver: "sqlite",
      dsn: "/srv/memos/data/memos_prod.db",
      maxUploadBytes: 32 * 1024 * 1024,
      storage: "db",
      webDist: null,
      trustProxy: false,
      sqliteReaders: 3,
      searchBudgetMs: 5000,
      backupEveryMs: null,
      backupKeep: 7,
      webhookAllowPrivate: false,
      oidcAllowPrivate: false,
      linkPreviewAllowPrivate: false,
      projectInfoUrl: "https://api.github.com",
      webhookRetryBaseMs: 10_000,
      webhookRetryWindowMs: 24 * 3_600_000,
      webhookTimeoutMs: 10_000,
      mcpRequestsPerMinute: 120,
      metrics: false,
      metricsToken: null,
      logLevel: "info",
    });
  });

  it("turns metrics on with --metrics or a token, which it never echoes", () => {
    expect(load([]).metrics).toBe(false);
    expect(load(["--metrics", "true"])).toMatchObject({ metrics: true, metricsToken: null });
    const token = "s3cret-metrics-token-0123";
    expect(load([], { MEMOS_METRICS_TOKEN: token })).toMatchObject({ metrics: true, metricsToken: token });
    for (const bad of ["short", "has a space in it, sixteen+"]) {
      const { message } = configError(["--metrics-token", bad]);
      expect(message).toBe("invalid --metrics-token: expected 16 to 512 printable characters without spaces");
      expect(message).not.toContain(bad);
    }
    expect(configError(["--metrics", "yes"]).message).toBe('invalid --metrics "yes": expected one of true, false');
  });

  it("allows private webhook targets only when asked", () => {
    expect(load(["--webhook-allow-private", "true"]).webhookAllowPrivate).toBe(true);
    expect(load([], { MEMOS_WEBHOOK_ALLOW_PRIVATE: "true" }).webhookAllowPrivate).toBe(true);
    expect(() => load(["--webhook-allow-private", "yes"])).toThrow(/--webhook-allow-private/);
    expect(load([], { MEMOS_OIDC_ALLOW_PRIVATE: "true" }).oidcAllowPrivate).toBe(true);
    expect(() => load(["--oidc-allow-private", "yes"])).toThrow(/--oidc-allow-private/);
    expect(load([], { MEMOS_LINK_PREVIEW_ALLOW_PRIVATE: "true" }).linkPreviewAllowPrivate).toBe(true);
    expect(() => load(["--link-preview-allow-private", "yes"])).toThrow(/--link-preview-allow-private/);
  });

  it("reads the SQLite reader count and the search budget, within bounds", () => {
    expect(load(["--sqlite-readers", "0", "--search-budget-ms", "250"])).toMatchObject({ sqliteReaders: 0, searchBudgetMs: 250 });
    expect(load([], { MEMOS_SQLITE_READERS: "4" }).sqliteReaders).toBe(4);
    expect(() => load(["--sqlite-readers", "-1"])).toThrow(/--sqlite-readers/);
    expect(() => load(["--search-budget-ms", "10"])).toThrow(/--search-budget-ms/);
  });

  it("trusts reverse proxies only when told which: a number of them, or their addresses", () => {
    expect(load(["--trust-proxy", "1"]).trustProxy).toBe(1);
    expect(load([], { MEMOS_TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(load(["--trust-proxy", "false"]).trustProxy).toBe(false);
    expect(load(["--trust-proxy", "127.0.0.1"]).trustProxy).toEqual(["127.0.0.1"]);
    expect(load(["--trust-proxy=10.0.0.0/8, fd00::/8,::1 ,loopback,uniquelocal,linklocal,192.168.1.7"]).trustProxy).toEqual([
      "10.0.0.0/8",
      "fd00::/8",
      "::1",
      "loopback",
      "uniquelocal",
      "linklocal",
      "192.168.1.7",
    ]);
    expect(load([], { MEMOS_TRUST_PROXY: "172.16.0.0/12" }).trustProxy).toEqual(["172.16.0.0/12"]);
  });

  it("refuses --trust-proxy true, which let each client choose its own address, naming the forms it takes", () => {
    const forms =
      "expected false, the number of proxies in front of memos (1 to 10), or their addresses: IPs, CIDR ranges or loopback, linklocal, uniquelocal, comma-separated";
    expect(configError(["--trust-proxy", "true"]).message).toBe(
      `invalid --trust-proxy "true": it let every client choose its own address (the left-most X-Forwarded-For entry, which the client writes); ${forms}`,
    );
    expect(configError([], { MEMOS_TRUST_PROXY: "true" }).message).toMatch(/^invalid --trust-proxy \(from MEMOS_TRUST_PROXY\) "true"/);
    expect(configError(["--trust-proxy", "0"]).message).toBe(`invalid --trust-proxy "0": ${forms}`);
    expect(configError(["--trust-proxy", "11"]).message).toBe(`invalid --trust-proxy "11": ${forms}`);
    for (const [value, wrong] of [
      ["yes", "yes"],
      ["127.1", "127.1"],
      ["0x7f000001", "0x7f000001"],
      ["10.0.0.0/33", "10.0.0.0/33"],
      ["10.0.0.1,", ""],
      ["10.0.0.1, proxy.internal", "proxy.internal"],
      ["10.0.0.0/255.0.0.0", "10.0.0.0/255.0.0.0"],
    ]) {
      expect(configError(["--trust-proxy", value!]).message).toBe(
        `invalid --trust-proxy "${value}": "${wrong}" is not an address; ${forms}`,
      );
    }
  });

  it("reads flags as `--name value` and `--name=value`", () => {
    const config = load([
      "--mode",
      "dev",
      "--port=8081",
      "--addr",
      "127.0.0.1",
      "--data=/var/opt/memos",
      "--max-upload-mb",
      "5",
      "--web-dist",
      "web/dist",
    ]);
    expect(config).toMatchObject({
      mode: "dev",
      port: 8081,
      addr: "127.0.0.1",
      data: "/var/opt/memos",
      dsn: "/var/opt/memos/memos_dev.db",
      maxUploadBytes: 5 * 1024 * 1024,
      webDist: "/srv/memos/web/dist",
      logLevel: "debug",
    });
  });

  it("keeps everything after the first = in an inline value", () => {
    expect(load(["--dsn=postgres://u@h:5432/db?sslmode=require&x=a=b"]).dsn).toBe("postgres://u@h:5432/db?sslmode=require&x=a=b");
  });

  it("reads the same settings from MEMOS_* variables, flags winning", () => {
    const env = {
      MEMOS_MODE: "demo",
      MEMOS_PORT: "9000",
      MEMOS_ADDR: "::",
      MEMOS_DATA: "rel/data",
      MEMOS_MAX_UPLOAD_MB: "64",
      MEMOS_WEB_DIST: "/opt/web",
    };
    expect(load([], env)).toMatchObject({
      mode: "demo",
      port: 9000,
      addr: "::",
      data: "/srv/memos/rel/data",
      dsn: "/srv/memos/rel/data/memos_demo.db",
      maxUploadBytes: 64 * 1024 * 1024,
      webDist: "/opt/web",
    });
    expect(load(["--port", "7000", "--mode", "prod"], env)).toMatchObject({ port: 7000, mode: "prod" });
  });

  it("picks PostgreSQL from the DSN, or from --driver with a DSN", () => {
    expect(load([], { MEMOS_DSN: "postgres://memos@db:5432/memos" })).toMatchObject({
      driver: "postgres",
      dsn: "postgres://memos@db:5432/memos",
    });
    expect(load(["--driver", "postgres", "--dsn", "postgresql://u@h/db"])).toMatchObject({
      driver: "postgres",
      dsn: "postgresql://u@h/db",
    });
    expect(load(["--dsn", "custom.db"])).toMatchObject({ driver: "sqlite", dsn: "/srv/memos/custom.db" });
  });

  it("accepts the port bounds 0 and 65535", () => {
    expect(load(["--port", "0"]).port).toBe(0);
    expect(load(["--port", "65535"]).port).toBe(65535);
  });

  it.each([
    [["--port", "abc"], "--port"],
    [["--port", "-1"], "--port"],
    [["--port", "65536"], "--port"],
    [["--port", "80.5"], "--port"],
    [["--port", ""], "--port"],
    [["--port=1e3"], "--port"],
    [["--mode", "x"], "--mode"],
    [["--mode", "PROD"], "--mode"],
    [["--driver", "mysql"], "--driver"],
    [["--driver", "postgres"], "--dsn"],
    [["--driver", "postgres", "--dsn", "/tmp/file.db"], "--dsn"],
    [["--driver", "sqlite", "--dsn", "postgres://u@h/db"], "--dsn"],
    [["--max-upload-mb", "0"], "--max-upload-mb"],
    [["--max-upload-mb", "lots"], "--max-upload-mb"],
    [["--data", ""], "--data"],
    [["--addr", " "], "--addr"],
  ])("refuses %j naming %s", (argv, flag) => {
    expect(configError(argv).message).toContain(flag);
  });

  it("names the environment variable when the bad value came from there", () => {
    const error = configError([], { MEMOS_PORT: "abc" });
    expect(error.message).toContain("--port");
    expect(error.message).toContain("MEMOS_PORT");
    expect(configError([], { MEMOS_MODE: "staging" }).message).toContain("MEMOS_MODE");
  });

  it("does not echo a DSN back, since it may carry a password", () => {
    const error = configError(["--driver", "postgres", "--dsn", "host=db password=hunter2"]);
    expect(error.message).not.toContain("hunter2");
  });

  it.each([
    [["--prot", "80"], "--prot"],
    [["serve"], "serve"],
    [["--port"], "--port"],
    [["-p", "80"], "-p"],
  ])("refuses unknown or incomplete arguments %j", (argv, name) => {
    expect(configError(argv).message).toContain(name);
  });
  it("reads rolling backups: --backup-every as 30m/6h/24h/7d, --backup-keep (7 by default)", () => {
    expect(load(["--backup-every", "30m"])).toMatchObject({ backupEveryMs: 30 * 60_000, backupKeep: 7 });
    expect(load(["--backup-every=24h", "--backup-keep", "3"])).toMatchObject({ backupEveryMs: 24 * 3_600_000, backupKeep: 3 });
    expect(load([], { MEMOS_BACKUP_EVERY: "7d", MEMOS_BACKUP_KEEP: "30" })).toMatchObject({
      backupEveryMs: 7 * 86_400_000,
      backupKeep: 30,
    });
    expect(load(["--backup-every", "6h"], { MEMOS_BACKUP_EVERY: "7d" }).backupEveryMs).toBe(6 * 3_600_000);
  });

  it.each([["24"], ["1.5h"], ["0m"], ["30s"], ["400d"], ["h"], ["-1h"], ["24 hours"]])(
    "refuses the duration %j with a clear message",
    (value) => {
      expect(configError(["--backup-every", value]).message).toBe(
        `invalid --backup-every "${value}": expected a duration such as 30m, 6h, 24h or 7d (1m to 366d)`,
      );
    },
  );

  it("names the variable a bad duration or keep count came from", () => {
    expect(configError([], { MEMOS_BACKUP_EVERY: "soon" }).message).toContain("--backup-every (from MEMOS_BACKUP_EVERY)");
    expect(configError(["--backup-keep", "0"]).message).toContain("--backup-keep");
    expect(configError(["--backup-keep", "many"]).message).toContain("expected a whole number from 1 to 1000");
  });

  it("reads where uploads are kept: db (the default) or local files, from --storage or MEMOS_STORAGE", () => {
    expect(load([]).storage).toBe("db");
    expect(load(["--storage", "local"]).storage).toBe("local");
    expect(load(["--storage=db"], { MEMOS_STORAGE: "local" }).storage).toBe("db");
    expect(load([], { MEMOS_STORAGE: "local" }).storage).toBe("local");
    expect(load(["--storage", "local", "--dsn", "postgres://u@h:5432/memos"])).toMatchObject({ storage: "local", driver: "postgres" });
    expect(configError(["--storage", "disk"]).message).toBe('invalid --storage "disk": expected one of db, local');
    expect(configError(["--storage", "LOCAL"]).message).toContain("--storage");
    expect(configError([], { MEMOS_STORAGE: "s3" }).message).toContain("--storage (from MEMOS_STORAGE)");
    expect(configError(["--storage", ""]).message).toContain("--storage");
  });

  it("refuses rolling backups on PostgreSQL, pointing at pg_dump", () => {
    const pgDsn = ["--dsn", "postgres://u@h:5432/memos"];
    expect(configError([...pgDsn, "--backup-every", "24h"]).message).toMatch(
      /--backup-every: rolling backups are for SQLite; back up PostgreSQL with pg_dump/,
    );
    expect(configError([...pgDsn, "--backup-keep", "3"]).message).toMatch(/--backup-keep: .*pg_dump/);
    expect(configError(pgDsn, { MEMOS_BACKUP_EVERY: "6h" }).message).toMatch(/MEMOS_BACKUP_EVERY.*pg_dump/);
  });
});
