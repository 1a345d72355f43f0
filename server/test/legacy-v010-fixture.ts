// A memos v0.10 SQLite database built from the v0.10 schema (docs/v0-wire.md#the-v010-database) with data of every kind, for the
// opening-in-place tests.
import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import SQLite from "better-sqlite3";
import bcrypt from "bcryptjs";

/** memos v0.10.2 `store/db/migration/prod/LATEST__SCHEMA.sql` (docs/v0-wire.md#the-v010-database). */
const V010_SCHEMA = `
-- migration_history
CREATE TABLE migration_history (
  version TEXT NOT NULL PRIMARY KEY,
  created_ts BIGINT NOT NULL DEFAULT (strftime('%s', 'now'))
);

-- system_setting
CREATE TABLE system_setting (
  name TEXT NOT NULL,
  value TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  UNIQUE(name)
);

-- user
CREATE TABLE user (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  created_ts BIGINT NOT NULL DEFAULT (strftime('%s', 'now')),
  updated_ts BIGINT NOT NULL DEFAULT (strftime('%s', 'now')),
  row_status TEXT NOT NULL CHECK (row_status IN ('NORMAL', 'ARCHIVED')) DEFAULT 'NORMAL',
  username TEXT NOT NULL UNIQUE,
  role TEXT NOT NULL CHECK (role IN ('HOST', 'ADMIN', 'USER')) DEFAULT 'USER',
  email TEXT NOT NULL DEFAULT '',
  nickname TEXT NOT NULL DEFAULT '',
  password_hash TEXT NOT NULL,
  open_id TEXT NOT NULL UNIQUE
);

-- user_setting
CREATE TABLE user_setting (
  user_id INTEGER NOT NULL,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  UNIQUE(user_id, key)
);

-- memo
CREATE TABLE memo (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  creator_id INTEGER NOT NULL,
  created_ts BIGINT NOT NULL DEFAULT (strftime('%s', 'now')),
  updated_ts BIGINT NOT NULL DEFAULT (strftime('%s', 'now')),
  row_status TEXT NOT NULL CHECK (row_status IN ('NORMAL', 'ARCHIVED')) DEFAULT 'NORMAL',
  content TEXT NOT NULL DEFAULT '',
  visibility TEXT NOT NULL CHECK (visibility IN ('PUBLIC', 'PROTECTED', 'PRIVATE')) DEFAULT 'PRIVATE'
);

-- memo_organizer
CREATE TABLE memo_organizer (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  memo_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  pinned INTEGER NOT NULL CHECK (pinned IN (0, 1)) DEFAULT 0,
  UNIQUE(memo_id, user_id)
);

-- shortcut
CREATE TABLE shortcut (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  creator_id INTEGER NOT NULL,
  created_ts BIGINT NOT NULL DEFAULT (strftime('%s', 'now')),
  updated_ts BIGINT NOT NULL DEFAULT (strftime('%s', 'now')),
  row_status TEXT NOT NULL CHECK (row_status IN ('NORMAL', 'ARCHIVED')) DEFAULT 'NORMAL',
  title TEXT NOT NULL DEFAULT '',
  payload TEXT NOT NULL DEFAULT '{}'
);

-- resource
CREATE TABLE resource (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  creator_id INTEGER NOT NULL,
  created_ts BIGINT NOT NULL DEFAULT (strftime('%s', 'now')),
  updated_ts BIGINT NOT NULL DEFAULT (strftime('%s', 'now')),
  filename TEXT NOT NULL DEFAULT '',
  blob BLOB DEFAULT NULL,
  external_link TEXT NOT NULL DEFAULT '',
  type TEXT NOT NULL DEFAULT '',
  size INTEGER NOT NULL DEFAULT 0
);

-- memo_resource
CREATE TABLE memo_resource (
  memo_id INTEGER NOT NULL,
  resource_id INTEGER NOT NULL,
  created_ts BIGINT NOT NULL DEFAULT (strftime('%s', 'now')),
  updated_ts BIGINT NOT NULL DEFAULT (strftime('%s', 'now')),
  UNIQUE(memo_id, resource_id)
);

-- tag
CREATE TABLE tag (
  name TEXT NOT NULL,
  creator_id INTEGER NOT NULL,
  UNIQUE(name, creator_id)
);

-- activity
CREATE TABLE activity (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  creator_id INTEGER NOT NULL,
  created_ts BIGINT NOT NULL DEFAULT (strftime('%s', 'now')),
  type TEXT NOT NULL DEFAULT '',
  level TEXT NOT NULL CHECK (level IN ('INFO', 'WARN', 'ERROR')) DEFAULT 'INFO',
  payload TEXT NOT NULL DEFAULT '{}'
);
`;

export const V010_TABLES = [
  "activity",
  "memo",
  "memo_organizer",
  "memo_resource",
  "migration_history",
  "resource",
  "shortcut",
  "sqlite_sequence",
  "system_setting",
  "tag",
  "user",
  "user_setting",
];

export const HOST_PASSWORD = "host-old-secret";
export const USER_PASSWORD = "user-old-secret";
export const GONE_PASSWORD = "gone-old-secret";
export const SERVER_ID = "4f1a3c2e-0b7d-4b8e-9a1f-2c3d4e5f6a7b";
export const SESSION_SECRET = "9e8d7c6b-5a49-4838-a726-15f4e3d2c1b0";
export const PROFILE = { name: "Old memos", logoUrl: "", description: "from v0.10", locale: "en", appearance: "dark", externalUrl: "" };
export const SHORTCUT_PAYLOAD = JSON.stringify([{ type: "TAG", value: { operator: "CONTAIN", value: "work" }, relation: "AND" }]);
export const PHOTO = randomBytes(64 * 1024);

/** Go's bcrypt writes `$2a$`; bcryptjs writes `$2b$` for the same hash. */
const goBcrypt = (password: string) => bcrypt.hashSync(password, 4).replace(/^\$2b\$/, "$2a$");

export interface LegacyMemo {
  id: number;
  creatorId: number;
  content: string;
  visibility: "PUBLIC" | "PROTECTED" | "PRIVATE";
  rowStatus: "NORMAL" | "ARCHIVED";
  createdTs: number;
  updatedTs: number;
}

export const MEMOS: LegacyMemo[] = [
  {
    id: 1,
    creatorId: 1,
    content: "public note #work",
    visibility: "PUBLIC",
    rowStatus: "NORMAL",
    createdTs: 1_673_000_000,
    updatedTs: 1_673_000_500,
  },
  {
    id: 2,
    creatorId: 1,
    content: "members only #work/sub",
    visibility: "PROTECTED",
    rowStatus: "NORMAL",
    createdTs: 1_673_100_000,
    updatedTs: 1_673_100_000,
  },
  {
    id: 3,
    creatorId: 1,
    content: "private diary #personal",
    visibility: "PRIVATE",
    rowStatus: "NORMAL",
    createdTs: 1_673_200_000,
    updatedTs: 1_673_200_000,
  },
  {
    id: 4,
    creatorId: 1,
    content: "archived #old",
    visibility: "PUBLIC",
    rowStatus: "ARCHIVED",
    createdTs: 1_673_300_000,
    updatedTs: 1_673_300_000,
  },
  {
    id: 5,
    creatorId: 2,
    content: "user idea #ideas",
    visibility: "PUBLIC",
    rowStatus: "NORMAL",
    createdTs: 1_673_400_000,
    updatedTs: 1_673_900_000,
  },
  {
    id: 6,
    creatorId: 2,
    content: "user secret",
    visibility: "PRIVATE",
    rowStatus: "NORMAL",
    createdTs: 1_673_500_000,
    updatedTs: 1_673_500_001,
  },
  {
    id: 7,
    creatorId: 2,
    content: "日本語 #日本",
    visibility: "PROTECTED",
    rowStatus: "NORMAL",
    createdTs: 1_673_600_000,
    updatedTs: 1_673_600_000,
  },
];

export function buildV010Database(file: string): void {
  const db = new SQLite(file);
  db.exec(V010_SCHEMA);
  const insertUser = db.prepare(
    "INSERT INTO user (id, created_ts, updated_ts, row_status, username, role, email, nickname, password_hash, open_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  insertUser.run(
    1,
    1_672_000_000,
    1_672_000_001,
    "NORMAL",
    "oldhost",
    "HOST",
    "host@example.com",
    "The Host",
    goBcrypt(HOST_PASSWORD),
    "open-id-host",
  );
  insertUser.run(2, 1_672_100_000, 1_672_100_000, "NORMAL", "olduser", "USER", "", "User", goBcrypt(USER_PASSWORD), "open-id-user");
  insertUser.run(3, 1_672_200_000, 1_672_200_000, "ARCHIVED", "goneuser", "USER", "", "", goBcrypt(GONE_PASSWORD), "open-id-gone");
  // v0.10 compared names exactly: a second account differing only by case could exist.
  insertUser.run(4, 1_672_300_000, 1_672_300_000, "NORMAL", "OldUser", "USER", "", "", goBcrypt(USER_PASSWORD), "open-id-user-recased");

  const insertMemo = db.prepare(
    "INSERT INTO memo (id, creator_id, created_ts, updated_ts, row_status, content, visibility) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  for (const m of MEMOS) insertMemo.run(m.id, m.creatorId, m.createdTs, m.updatedTs, m.rowStatus, m.content, m.visibility);

  const insertPin = db.prepare("INSERT INTO memo_organizer (memo_id, user_id, pinned) VALUES (?, ?, ?)");
  insertPin.run(2, 1, 1); // the host's own pin
  insertPin.run(5, 1, 1); // the host pinning the user's memo: not the creator's pin
  insertPin.run(6, 2, 0); // an explicit unpin

  db.prepare(
    "INSERT INTO resource (id, creator_id, created_ts, updated_ts, filename, blob, external_link, type, size) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  ).run(1, 1, 1_673_000_010, 1_673_000_010, "photo.png", PHOTO, "", "image/png", PHOTO.length);
  db.prepare("INSERT INTO resource (id, creator_id, created_ts, updated_ts, filename, external_link) VALUES (?, ?, ?, ?, ?, ?)").run(
    2,
    1,
    1_673_000_020,
    1_673_000_020,
    "site",
    "https://example.com/pic.png",
  );
  db.prepare("INSERT INTO memo_resource (memo_id, resource_id, created_ts, updated_ts) VALUES (?, ?, ?, ?)").run(
    1,
    1,
    1_673_000_030,
    1_673_000_040,
  );

  const insertTag = db.prepare("INSERT INTO tag (name, creator_id) VALUES (?, ?)");
  insertTag.run("work", 1);
  insertTag.run("personal", 1);
  insertTag.run("ideas", 2);

  db.prepare("INSERT INTO shortcut (id, creator_id, created_ts, updated_ts, row_status, title, payload) VALUES (?, ?, ?, ?, ?, ?, ?)").run(
    1,
    1,
    1_673_050_000,
    1_673_060_000,
    "ARCHIVED",
    "Work",
    SHORTCUT_PAYLOAD,
  );

  const insertUserSetting = db.prepare("INSERT INTO user_setting (user_id, key, value) VALUES (?, ?, ?)");
  insertUserSetting.run(1, "locale", JSON.stringify("zh"));
  insertUserSetting.run(1, "memoVisibility", JSON.stringify("PUBLIC"));
  insertUserSetting.run(1, "appearance", JSON.stringify("dark"));
  insertUserSetting.run(2, "memoDisplayTsOption", JSON.stringify("updated_ts"));

  const insertSetting = db.prepare("INSERT INTO system_setting (name, value, description) VALUES (?, ?, ?)");
  insertSetting.run("allowSignUp", "true", "");
  insertSetting.run("customizedProfile", JSON.stringify(PROFILE), "");
  insertSetting.run("serverId", JSON.stringify(SERVER_ID), "");
  insertSetting.run("secretSessionName", JSON.stringify(SESSION_SECRET), "");

  db.prepare("INSERT INTO activity (creator_id, created_ts, type, level, payload) VALUES (?, ?, ?, ?, ?)").run(
    1,
    1_673_000_000,
    "memo.create",
    "INFO",
    JSON.stringify({ content: "public note #work", visibility: "PUBLIC" }),
  );
  db.prepare("INSERT INTO migration_history (version, created_ts) VALUES ('0.10.0', 1672000000)").run();
  db.close();
}

export type Dump = Record<string, unknown[]>;

/** Every table's rows in a stable order, blobs included. */
export function dump(file: string): Dump {
  const db = new SQLite(file, { readonly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[];
    const sorted = (rows: unknown[]) => [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    return Object.fromEntries(tables.map(({ name }) => [name, sorted(db.prepare(`SELECT * FROM "${name}"`).all())]));
  } finally {
    db.close();
  }
}

export const backupsIn = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.includes(".bak-"))
    .sort();
