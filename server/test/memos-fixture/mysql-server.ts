// The MySQL/MariaDB server the memos transfer tests use (memos runs on MySQL; we do not): where it is, whether it
// answers (skipped with a NOTICE when not, as the PostgreSQL suite is), and a throwaway database for each test.
import mysql from "mysql2/promise";

/** Where the MySQL/MariaDB tests connect as an administrator (root over the local socket by default). */
const MYSQL_ADMIN = process.env.MEMOS_TEST_MYSQL_DSN ?? "mysql://root@localhost/?socket=/run/mysqld/mysqld.sock";

/** A connection of the fixture to MySQL: identifiers in double quotes as on the other engines, times in UTC. */
export async function mysqlConnection(dsn: string): Promise<mysql.Connection> {
  const url = new URL(dsn);
  const socket = url.searchParams.get("socket");
  const connection = await mysql.createConnection({
    ...(socket ? { socketPath: socket } : { host: url.hostname, port: Number(url.port || 3306) }),
    user: decodeURIComponent(url.username || "root"),
    password: decodeURIComponent(url.password),
    database: url.pathname.replace(/^\//, "") || undefined,
    timezone: "Z",
    charset: "utf8mb4",
  });
  await connection.query("SET SESSION sql_mode = CONCAT(@@sql_mode, ',ANSI_QUOTES'), time_zone = '+00:00'");
  return connection;
}

/**
 * Why MySQL/MariaDB cannot be reached for the tests, or null when it can. The tests that need it are skipped with a
 * NOTICE then, as the PostgreSQL suite is, unless MEMOS_TEST_MYSQL=require (a failure then).
 */
export async function mysqlUnavailable(): Promise<string | null> {
  try {
    const connection = await mysqlConnection(MYSQL_ADMIN);
    await connection.end();
    return null;
  } catch (error) {
    if (process.env.MEMOS_TEST_MYSQL === "require") throw error;
    const message = `NOTICE: MySQL/MariaDB not reachable at ${MYSQL_ADMIN.replace(/\/\/[^@]*@/, "//…@")} (${(error as Error).message}): skipping the memos MySQL transfer tests (MEMOS_TEST_MYSQL_DSN names another; MEMOS_TEST_MYSQL=require makes this a failure)`;
    console.log(message);
    return message;
  }
}

/** A new MySQL database for a test, and how to drop it. */
export async function createMysqlDatabase(prefix: string): Promise<{ dsn: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = await mysqlConnection(MYSQL_ADMIN);
  await admin.query(`CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  const url = new URL(MYSQL_ADMIN);
  url.pathname = `/${name}`;
  return {
    dsn: url.toString(),
    drop: async () => {
      const again = await mysqlConnection(MYSQL_ADMIN);
      await again.query(`DROP DATABASE IF EXISTS ${name}`);
      await again.end();
    },
  };
}
