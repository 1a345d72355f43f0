// The tables of a memos 0.22 … 0.31 database, written down as facts per version (docs/memos-schemas.md), and the
// SQLite DDL they make. Ours, not memos' files: a test builds its fixture from here on a clean clone.

/** The minor versions the converter takes: 0.22 … 0.31. */
export const MEMOS_MINORS = [22, 23, 24, 25, 26, 27, 28, 29, 30, 31] as const;
export type MemosMinor = (typeof MEMOS_MINORS)[number];

/** `flag` is an INTEGER 0/1 on both engines; `bool` the same on SQLite and a BOOLEAN on PostgreSQL (memo.pinned). */
type ColumnKind = "pk" | "int" | "now" | "text" | "json" | "blob" | "rowStatus" | "visibility" | "flag" | "bool" | "nullInt" | "nullTs";

interface ColumnFact {
  name: string;
  kind: ColumnKind;
  /** Default for a `text` column ('' when not said); ignored by the other kinds. */
  default?: string;
  /** A `text` column that must be unique (and, for `username` on 0.30+, compared byte for byte). */
  unique?: boolean;
  /** The role CHECK of 0.22 … 0.25. */
  check?: string;
  /** PostgreSQL stores it as JSONB (SQLite: TEXT). */
  jsonb?: boolean;
}

interface TableFact {
  name: string;
  columns: ColumnFact[];
  unique?: string[][];
  /** Its times are Unix seconds on MySQL too (memo_share, user_identity); memos' other MySQL tables use TIMESTAMP. */
  unixTimes?: boolean;
  /** Table constraints naming another table (memo_share's grants go with their memo). */
  foreignKeys?: string[];
}

const col = (name: string, kind: ColumnKind, extra: Omit<ColumnFact, "name" | "kind"> = {}): ColumnFact => ({ name, kind, ...extra });
const created = col("created_ts", "now");
const updated = col("updated_ts", "now");

/** Every table of memos 0.`minor`, as that version creates it. */
function memosTables(minor: MemosMinor): TableFact[] {
  const tables: TableFact[] = [];
  if (minor <= 25) tables.push({ name: "migration_history", columns: [col("version", "text", { unique: true }), created] });
  tables.push({
    name: "system_setting",
    columns: [col("name", "text", { unique: true }), col("value", "text"), col("description", "text")],
  });
  tables.push({
    name: "user",
    columns: [
      col("id", "pk"),
      created,
      updated,
      col("row_status", "rowStatus"),
      col("username", "text", { unique: true }),
      col("role", "text", { default: "USER", ...(minor <= 25 ? { check: "role IN ('HOST', 'ADMIN', 'USER')" } : {}) }),
      col("email", "text"),
      col("nickname", "text"),
      col("password_hash", "text"),
      col("avatar_url", "text"),
      col("description", "text"),
    ],
  });
  tables.push({
    name: "user_setting",
    columns: [col("user_id", "int"), col("key", "text"), col("value", "text")],
    unique: [["user_id", "key"]],
  });
  tables.push({
    name: "memo",
    columns: [
      col("id", "pk"),
      col("uid", "text", { unique: true }),
      col("creator_id", "int"),
      created,
      updated,
      col("row_status", "rowStatus"),
      col("content", "text"),
      col("visibility", "visibility"),
      ...(minor <= 23 ? [col("tags", "json", { default: "[]", jsonb: true })] : [col("pinned", "bool")]),
      col("payload", "json", { jsonb: true }),
    ],
  });
  if (minor <= 25)
    tables.push({
      name: "memo_organizer",
      columns: [col("memo_id", "int"), col("user_id", "int"), col("pinned", "flag")],
      unique: [["memo_id", "user_id"]],
    });
  tables.push({
    name: "memo_relation",
    columns: [col("memo_id", "int"), col("related_memo_id", "int"), col("type", "text")],
    unique: [["memo_id", "related_memo_id", "type"]],
  });
  tables.push({
    name: minor <= 25 ? "resource" : "attachment",
    columns: [
      col("id", "pk"),
      col("uid", "text", { unique: true }),
      col("creator_id", "int"),
      created,
      updated,
      col("filename", "text"),
      col("blob", "blob"),
      col("type", "text"),
      col("size", "int"),
      col("memo_id", "nullInt"),
      col("storage_type", "text"),
      col("reference", "text"),
      col("payload", "json"),
    ],
  });
  if (minor <= 26)
    tables.push({
      name: "activity",
      columns: [
        col("id", "pk"),
        col("creator_id", "int"),
        created,
        col("type", "text"),
        col("level", "text", { default: "INFO" }),
        col("payload", "json"),
      ],
    });
  tables.push({
    name: "idp",
    columns: [
      col("id", "pk"),
      ...(minor >= 27 ? [col("uid", "text", { unique: true })] : []),
      col("name", "text"),
      col("type", "text"),
      col("identifier_filter", "text"),
      col("config", "json", { jsonb: true }),
    ],
  });
  tables.push({
    name: "inbox",
    columns: [col("id", "pk"), created, col("sender_id", "int"), col("receiver_id", "int"), col("status", "text"), col("message", "json")],
  });
  if (minor <= 24)
    tables.push({
      name: "webhook",
      columns: [
        col("id", "pk"),
        created,
        updated,
        col("row_status", "rowStatus"),
        col("creator_id", "int"),
        col("name", "text"),
        col("url", "text"),
      ],
    });
  tables.push({
    name: "reaction",
    columns: [
      col("id", "pk"),
      created,
      col("creator_id", "int"),
      minor >= 31 ? col("memo_id", "int") : col("content_id", "text"),
      col("reaction_type", "text"),
    ],
    unique: [["creator_id", minor >= 31 ? "memo_id" : "content_id", "reaction_type"]],
  });
  if (minor >= 27)
    tables.push({
      name: "memo_share",
      columns: [
        col("id", "pk"),
        col("uid", "text", { unique: true }),
        col("memo_id", "int"),
        col("creator_id", "int"),
        created,
        col("expires_ts", "nullTs"),
      ],
      unixTimes: true,
      foreignKeys: ["FOREIGN KEY (memo_id) REFERENCES memo(id) ON DELETE CASCADE"],
    });
  if (minor >= 28)
    tables.push({
      name: "user_identity",
      unixTimes: true,
      columns: [col("id", "pk"), col("user_id", "int"), col("provider", "text"), col("extern_uid", "text"), created, updated],
      unique: [
        ["provider", "extern_uid"],
        ["user_id", "provider"],
      ],
    });
  return tables;
}

const NOW = "(strftime('%s', 'now'))";

function sqliteColumn(minor: MemosMinor, column: ColumnFact): string {
  const unique = column.unique ? " UNIQUE" : "";
  switch (column.kind) {
    case "pk":
      return `${column.name} INTEGER PRIMARY KEY AUTOINCREMENT`;
    case "int":
      return `${column.name} INTEGER NOT NULL DEFAULT 0`;
    case "nullInt":
      return `${column.name} INTEGER DEFAULT NULL`;
    case "nullTs":
      return `${column.name} BIGINT DEFAULT NULL`;
    case "now":
      return `${column.name} BIGINT NOT NULL DEFAULT ${NOW}`;
    case "json":
      return `${column.name} TEXT NOT NULL DEFAULT '${column.default ?? "{}"}'`;
    case "blob":
      return `${column.name} BLOB DEFAULT NULL`;
    case "rowStatus":
      return `${column.name} TEXT NOT NULL CHECK (${column.name} IN ('NORMAL', 'ARCHIVED')) DEFAULT 'NORMAL'`;
    case "visibility":
      return `${column.name} TEXT NOT NULL CHECK (${column.name} IN ('PUBLIC', 'PROTECTED', 'PRIVATE')) DEFAULT 'PRIVATE'`;
    case "flag":
    case "bool":
      return `${column.name} INTEGER NOT NULL CHECK (${column.name} IN (0, 1)) DEFAULT 0`;
    case "text": {
      const collate = column.name === "username" && minor >= 30 ? " COLLATE BINARY" : "";
      const check = column.check ? ` CHECK (${column.check})` : "";
      return `${column.name} TEXT${collate} NOT NULL${unique}${check} DEFAULT '${column.default ?? ""}'`;
    }
  }
}

function postgresColumn(column: ColumnFact): string {
  const unique = column.unique ? " UNIQUE" : "";
  switch (column.kind) {
    case "pk":
      return `${column.name} SERIAL PRIMARY KEY`;
    case "int":
    case "flag":
      return `${column.name} INTEGER NOT NULL DEFAULT 0`;
    case "bool":
      return `${column.name} BOOLEAN NOT NULL DEFAULT FALSE`;
    case "nullInt":
      return `${column.name} INTEGER DEFAULT NULL`;
    case "nullTs":
      return `${column.name} BIGINT DEFAULT NULL`;
    case "now":
      return `${column.name} BIGINT NOT NULL DEFAULT EXTRACT(EPOCH FROM NOW())`;
    case "json":
      return `${column.name} ${column.jsonb ? "JSONB" : "TEXT"} NOT NULL DEFAULT '${column.default ?? "{}"}'`;
    case "blob":
      return `${column.name} BYTEA`;
    case "rowStatus":
      return `${column.name} TEXT NOT NULL DEFAULT 'NORMAL'`;
    case "visibility":
      return `${column.name} TEXT NOT NULL DEFAULT 'PRIVATE'`;
    case "text":
      return `${column.name} TEXT NOT NULL${unique} DEFAULT '${column.default ?? ""}'`;
  }
}

/** The CREATE TABLE statements of memos 0.`minor` on PostgreSQL (no CHECKs there; JSONB and BOOLEAN where memos has them). */
export function postgresSchema(minor: MemosMinor): string[] {
  return memosTables(minor).map((table) => {
    const parts = table.columns.map(postgresColumn);
    for (const unique of table.unique ?? []) parts.push(`UNIQUE(${unique.join(", ")})`);
    parts.push(...(table.foreignKeys ?? []));
    return `CREATE TABLE "${table.name}" (\n  ${parts.join(",\n  ")}\n)`;
  });
}

/** The text columns memos' MySQL schema makes TEXT; the others are VARCHAR(256), which an index can hold. */
const LONG_TEXTS = new Set(["content", "filename", "reference", "avatar_url", "name", "type"]);

function mysqlColumn(column: ColumnFact, unixTimes: boolean): string {
  const name = `\`${column.name}\``;
  switch (column.kind) {
    case "pk":
      return `${name} INT NOT NULL AUTO_INCREMENT PRIMARY KEY`;
    case "int":
    case "flag":
      return `${name} INT NOT NULL DEFAULT 0`;
    case "bool":
      return `${name} BOOLEAN NOT NULL DEFAULT FALSE`;
    case "nullInt":
      return `${name} INT DEFAULT NULL`;
    case "nullTs":
      return `${name} BIGINT DEFAULT NULL`;
    case "now":
      return unixTimes ? `${name} BIGINT NOT NULL DEFAULT (UNIX_TIMESTAMP())` : `${name} TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP`;
    case "json":
      return `${name} ${column.jsonb ? "JSON" : "LONGTEXT"} NOT NULL`;
    case "blob":
      return `${name} MEDIUMBLOB`;
    case "rowStatus":
      return `${name} VARCHAR(256) NOT NULL DEFAULT 'NORMAL'`;
    case "visibility":
      return `${name} VARCHAR(256) NOT NULL DEFAULT 'PRIVATE'`;
    case "text": {
      const collate = column.name === "username" ? " CHARACTER SET utf8mb4 COLLATE utf8mb4_bin" : "";
      if (column.unique) return `${name} VARCHAR(256)${collate} NOT NULL UNIQUE`;
      const type = LONG_TEXTS.has(column.name) ? "TEXT" : "VARCHAR(256)";
      return `${name} ${type} NOT NULL DEFAULT ('${column.default ?? ""}')`;
    }
  }
}

/** The CREATE TABLE statements of memos 0.`minor` on MySQL/MariaDB (TIMESTAMP times, JSON where memos has it). */
export function mysqlSchema(minor: MemosMinor): string[] {
  return memosTables(minor).map((table) => {
    const parts = table.columns.map((column) => mysqlColumn(column, table.unixTimes === true));
    for (const unique of table.unique ?? []) parts.push(`UNIQUE(${unique.map((column) => `\`${column}\``).join(", ")})`);
    parts.push(...(table.foreignKeys ?? []));
    return `CREATE TABLE \`${table.name}\` (\n  ${parts.join(",\n  ")}\n)`;
  });
}

/** The CREATE TABLE statements of memos 0.`minor` on SQLite. */
export function sqliteSchema(minor: MemosMinor): string[] {
  return memosTables(minor).map((table) => {
    const parts = table.columns.map((column) => sqliteColumn(minor, column));
    for (const unique of table.unique ?? []) parts.push(`UNIQUE(${unique.join(", ")})`);
    parts.push(...(table.foreignKeys ?? []));
    return `CREATE TABLE \`${table.name}\` (\n  ${parts.join(",\n  ")}\n)`;
  });
}
