// A memos 0.22 … 0.31 database (SQLite or PostgreSQL) with data of every kind (docs/memos-schemas.md), built from our
// own description of each version's tables (schemas.ts), for the opening-in-place tests.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import SQLite from "better-sqlite3";
import bcrypt from "bcryptjs";
import { createHash } from "node:crypto";
import { withPgClient } from "../harness.js";
import { mysqlConnection } from "./mysql-server.js";
import { type MemosMinor, mysqlSchema, postgresSchema, sqliteSchema } from "./schemas.js";

/** Olive's avatar as memos keeps one (a data: URL): a 1×1 PNG, which comes over. Ursula's is no image and does not. */
export const OLIVE_AVATAR =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
export const PASSWORDS = { olive: "olive-old-secret", adam: "adam-old-secret", ursula: "ursula-old-secret" } as const;
export const PHOTO = Buffer.from(Array.from({ length: 20_000 }, (_, i) => (i * 7) % 256));
export const COMMENT_FILE = Buffer.from("bytes of a file on a comment");
export const LOCAL_FILE = Buffer.from("a file memos kept on disk\n");
/** Where memos kept LOCAL_FILE, relative to its data folder. */
const LOCAL_REFERENCE = "assets/1700000000_note.txt";
export const SHARE_TOKEN = "share-token-of-memo-one";
/** Ursula's personal access token in memos 0.26+ (memos keeps its SHA-256). */
export const MEMOS_PAT = "memos_pat_ursula-scripts-token";

export interface FixtureMemo {
  id: number;
  uid: string;
  creatorId: number;
  content: string;
  visibility: "PUBLIC" | "PROTECTED" | "PRIVATE";
  rowStatus: "NORMAL" | "ARCHIVED";
  pinned: boolean;
  tags: string[];
  createdTs: number;
  updatedTs: number;
  /** The memo this one comments on (a COMMENT relation). */
  commentOn?: number;
  location?: { placeholder: string; latitude: number; longitude: number };
}

export const MEMOS: FixtureMemo[] = [
  {
    id: 1,
    uid: "olive-first-memo",
    creatorId: 1,
    content: "Trip notes #travel #food",
    visibility: "PUBLIC",
    rowStatus: "NORMAL",
    pinned: true,
    tags: ["travel", "food"],
    createdTs: 1_700_000_100,
    updatedTs: 1_700_000_200,
    location: { placeholder: "Lisbon", latitude: 38.72, longitude: -9.14 },
  },
  {
    id: 2,
    uid: "olive-archived",
    creatorId: 1,
    content: "Old plans #travel",
    visibility: "PRIVATE",
    rowStatus: "ARCHIVED",
    pinned: false,
    tags: ["travel"],
    createdTs: 1_700_000_300,
    updatedTs: 1_700_000_300,
  },
  {
    id: 3,
    uid: "ursula-protected",
    creatorId: 3,
    content: "Members only, see [[memos/olive-first-memo]]",
    visibility: "PROTECTED",
    rowStatus: "NORMAL",
    pinned: false,
    tags: [],
    createdTs: 1_700_000_400,
    updatedTs: 1_700_000_500,
    // A place memos' client wrote with a name and no coordinates: memos keeps 0, 0.
    location: { placeholder: "The office", latitude: 0, longitude: 0 },
  },
  {
    id: 4,
    uid: "ursula-comment",
    creatorId: 3,
    content: "Looks lovely!",
    visibility: "PUBLIC",
    rowStatus: "NORMAL",
    pinned: false,
    tags: [],
    createdTs: 1_700_000_600,
    updatedTs: 1_700_000_600,
    commentOn: 1,
    // Ours have no place: left behind, counted.
    location: { placeholder: "Lisbon café", latitude: 38.71, longitude: -9.13 },
  },
  {
    id: 5,
    uid: "ursula-files",
    creatorId: 3,
    content: "Files #work",
    visibility: "PRIVATE",
    rowStatus: "NORMAL",
    pinned: true,
    tags: ["work"],
    createdTs: 1_700_000_700,
    updatedTs: 1_700_000_800,
  },
];

/** What a 0.22 database wrote for a reaction type (a name); 0.23 on wrote the emoji. */
const REACTION_NAMES: Record<string, string> = { "👍": "THUMBS_UP", "🔥": "FIRE" };

const goBcrypt = (password: string) => bcrypt.hashSync(password, 4).replace(/^\$2b\$/, "$2a$");

/** The schema version 0.`minor` records. */
export const schemaVersionOf = (minor: MemosMinor) => `0.${minor}.0`;

/** One statement with `?` parameters, on either engine. */
type Run = (statement: string, params?: unknown[]) => Promise<void>;

/**
 * Writes a memos 0.`minor` database to `file` (its data folder is the file's folder, where the LOCAL attachment's
 * bytes go too); `recorded` is the version it says it is (another one for the refusal tests).
 */
export async function buildMemosDatabase(file: string, minor: MemosMinor, recorded: string = schemaVersionOf(minor)): Promise<void> {
  const db = new SQLite(file);
  try {
    // memos opens its file in WAL mode.
    db.pragma("journal_mode = WAL");
    db.exec("BEGIN");
    const run: Run = async (statement, params = []) => {
      db.prepare(statement).run(...params.map((value) => (typeof value === "boolean" ? Number(value) : value)));
    };
    for (const statement of sqliteSchema(minor)) db.exec(statement);
    await fill(run, minor, dirname(file), recorded);
    db.exec("COMMIT");
  } finally {
    db.close();
  }
}

/** The same on the (empty) PostgreSQL database `dsn`; the LOCAL attachment's bytes go to the data folder `data`. */
export async function buildMemosPostgres(
  dsn: string,
  data: string,
  minor: MemosMinor,
  recorded: string = schemaVersionOf(minor),
): Promise<void> {
  await withPgClient(dsn, async (client) => {
    await client.query("BEGIN");
    for (const statement of postgresSchema(minor)) await client.query(statement);
    const run: Run = async (statement, params = []) => {
      let n = 0;
      await client.query(
        statement.replace(/\?/g, () => `$${++n}`),
        params,
      );
    };
    await fill(run, minor, data, recorded);
    // The rows were written with their ids: each sequence goes on past them, as memos' own inserts would have left it.
    const serial = await client.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'id' AND column_default LIKE 'nextval%'",
    );
    for (const { name } of serial.rows)
      await client.query(`SELECT setval(pg_get_serial_sequence('"${name}"', 'id'), GREATEST((SELECT MAX(id) FROM "${name}"), 1))`);
    await client.query("COMMIT");
  });
}

/** The same on the (empty) MySQL database `dsn`. memos' MySQL tables keep most times as TIMESTAMP: seconds go in as dates. */
export async function buildMemosMysql(
  dsn: string,
  data: string,
  minor: MemosMinor,
  recorded: string = schemaVersionOf(minor),
): Promise<void> {
  const connection = await mysqlConnection(dsn);
  try {
    for (const statement of mysqlSchema(minor)) await connection.query(statement);
    await connection.beginTransaction();
    const asTime = (value: unknown) =>
      typeof value === "number" && value >= 1_600_000_000 && value < 1_800_000_000 ? new Date(value * 1000) : value;
    const run: Run = async (statement, params = []) => {
      await connection.execute(statement, params.map(asTime) as never);
    };
    await fill(run, minor, data, recorded);
    await connection.commit();
  } finally {
    await connection.end();
  }
}

async function fill(run: Run, minor: MemosMinor, data: string, recorded: string): Promise<void> {
  const stmt =
    (statement: string) =>
    (...params: unknown[]) =>
      run(statement, params);
  const attachments = minor <= 25 ? "resource" : "attachment";

  const insertUser = stmt(
    'INSERT INTO "user" (id, created_ts, updated_ts, row_status, username, role, email, nickname, password_hash, avatar_url, description) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  await insertUser(
    1,
    1_699_000_000,
    1_699_000_000,
    "NORMAL",
    "olive",
    minor <= 25 ? "HOST" : "ADMIN",
    "olive@example.com",
    "Olive",
    goBcrypt(PASSWORDS.olive),
    OLIVE_AVATAR,
    "The owner",
  );
  await insertUser(2, 1_699_000_100, 1_699_000_100, "NORMAL", "adam", "ADMIN", "", "Adam", goBcrypt(PASSWORDS.adam), "", "");
  await insertUser(
    3,
    1_699_000_200,
    1_699_000_200,
    "NORMAL",
    "ursula",
    "USER",
    "",
    "Ursula",
    goBcrypt(PASSWORDS.ursula),
    "data:image/png;base64,AA==",
    "",
  );
  await insertUser(4, 1_699_000_300, 1_699_000_300, "ARCHIVED", "gone", "USER", "", "", goBcrypt("gone-old-secret"), "", "");

  const insertMemo = stmt(
    minor <= 23
      ? "INSERT INTO memo (id, uid, creator_id, created_ts, updated_ts, row_status, content, visibility, tags, payload) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
      : "INSERT INTO memo (id, uid, creator_id, created_ts, updated_ts, row_status, content, visibility, pinned, payload) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  for (const m of MEMOS) {
    const payload = JSON.stringify({ tags: m.tags, property: { hasLink: false }, ...(m.location ? { location: m.location } : {}) });
    const fourth = minor <= 23 ? JSON.stringify(m.tags) : m.pinned;
    await insertMemo(m.id, m.uid, m.creatorId, m.createdTs, m.updatedTs, m.rowStatus, m.content, m.visibility, fourth, payload);
  }
  if (minor <= 25) {
    const insertPin = stmt("INSERT INTO memo_organizer (memo_id, user_id, pinned) VALUES (?, ?, ?)");
    for (const m of MEMOS) if (m.pinned) await insertPin(m.id, m.creatorId, 1);
  }

  const insertRelation = stmt("INSERT INTO memo_relation (memo_id, related_memo_id, type) VALUES (?, ?, ?)");
  for (const m of MEMOS) if (m.commentOn) await insertRelation(m.id, m.commentOn, "COMMENT");
  await insertRelation(3, 1, "REFERENCE");

  const insertReaction = stmt(
    minor >= 31
      ? "INSERT INTO reaction (id, created_ts, creator_id, memo_id, reaction_type) VALUES (?, ?, ?, ?, ?)"
      : "INSERT INTO reaction (id, created_ts, creator_id, content_id, reaction_type) VALUES (?, ?, ?, ?, ?)",
  );
  const reactionType = (emoji: string) => (minor <= 22 ? REACTION_NAMES[emoji]! : emoji);
  const target = (memoId: number) => (minor >= 31 ? memoId : `memos/${MEMOS.find((m) => m.id === memoId)!.uid}`);
  await insertReaction(1, 1_700_001_000, 3, target(1), reactionType("👍"));
  await insertReaction(2, 1_700_001_100, 1, target(4), reactionType("🔥"));

  const insertAttachment = stmt(
    `INSERT INTO ${attachments} (id, uid, creator_id, created_ts, updated_ts, filename, "blob", type, size, memo_id, storage_type, reference, payload) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  await insertAttachment(
    1,
    "photo-uid",
    3,
    1_700_000_710,
    1_700_000_710,
    "photo.png",
    PHOTO,
    "image/png",
    PHOTO.length,
    5,
    "DATABASE",
    "",
    "{}",
  );
  await insertAttachment(
    2,
    "note-uid",
    3,
    1_700_000_720,
    1_700_000_720,
    "note.txt",
    null,
    "text/plain",
    LOCAL_FILE.length,
    5,
    "LOCAL",
    LOCAL_REFERENCE,
    "{}",
  );
  await insertAttachment(
    3,
    "link-uid",
    1,
    1_700_000_110,
    1_700_000_110,
    "site.png",
    null,
    "image/png",
    0,
    1,
    "EXTERNAL",
    "https://example.com/site.png",
    "{}",
  );
  await insertAttachment(
    4,
    "comment-file-uid",
    3,
    1_700_000_610,
    1_700_000_610,
    "reply.txt",
    COMMENT_FILE,
    "text/plain",
    COMMENT_FILE.length,
    4,
    "DATABASE",
    "",
    "{}",
  );
  mkdirSync(join(data, "assets"), { recursive: true });
  writeFileSync(join(data, LOCAL_REFERENCE), LOCAL_FILE);

  const insertUserSetting = stmt('INSERT INTO user_setting (user_id, "key", value) VALUES (?, ?, ?)');
  if (minor <= 24) {
    await insertUserSetting(3, "LOCALE", "fr");
    await insertUserSetting(3, "APPEARANCE", "dark");
    await insertUserSetting(3, "MEMO_VISIBILITY", "PROTECTED");
  } else {
    const general =
      minor === 25
        ? { locale: "fr", appearance: "dark", memoVisibility: "PROTECTED" }
        : { locale: "fr", theme: "dark", memoVisibility: "PROTECTED" };
    await insertUserSetting(3, "GENERAL", JSON.stringify(general));
  }
  const view = { id: "work", title: "Work", filter: 'tag in ["work"]' };
  if (minor >= 31) await insertUserSetting(3, "MEMO_VIEWS", JSON.stringify({ memoViews: [view] }));
  else if (minor >= 24) await insertUserSetting(3, "SHORTCUTS", JSON.stringify({ shortcuts: [view] }));
  if (minor <= 25)
    await insertUserSetting(3, "ACCESS_TOKENS", JSON.stringify({ accessTokens: [{ accessToken: "eyJ.old.jwt", description: "cli" }] }));
  else
    await insertUserSetting(
      3,
      "PERSONAL_ACCESS_TOKENS",
      JSON.stringify({
        tokens: [
          {
            tokenId: "t1",
            tokenHash: createHash("sha256").update(MEMOS_PAT).digest("hex"),
            description: "scripts",
            createdAt: "2024-01-01T00:00:00Z",
          },
        ],
      }),
    );
  if (minor >= 25)
    await insertUserSetting(
      1,
      "WEBHOOKS",
      JSON.stringify({ webhooks: [{ id: "w1", title: "Notify", url: "https://hooks.example.com/memos" }] }),
    );
  else
    await stmt("INSERT INTO webhook (id, created_ts, updated_ts, row_status, creator_id, name, url) VALUES (?, ?, ?, ?, ?, ?, ?)")(
      1,
      1_700_002_000,
      1_700_002_000,
      "NORMAL",
      1,
      "Notify",
      "https://hooks.example.com/memos",
    );

  const idpConfig = JSON.stringify({
    oauth2Config: {
      clientId: "cid",
      clientSecret: "secret",
      authUrl: "https://sso.example.com/auth",
      tokenUrl: "https://sso.example.com/token",
      userInfoUrl: "https://sso.example.com/me",
      scopes: ["openid"],
      fieldMapping: { identifier: "sub" },
    },
  });
  if (minor >= 27)
    await stmt("INSERT INTO idp (id, uid, name, type, identifier_filter, config) VALUES (1, 'sso1', 'Company SSO', 'OAUTH2', '', ?)")(
      idpConfig,
    );
  else await stmt("INSERT INTO idp (id, name, type, identifier_filter, config) VALUES (1, 'Company SSO', 'OAUTH2', '', ?)")(idpConfig);
  if (minor >= 28) await stmt("INSERT INTO user_identity (user_id, provider, extern_uid) VALUES (3, 'sso1', 'ursula@sso')")();

  // Olive's inbox: Ursula commented on memo 1.
  const comment = { memoId: 4, relatedMemoId: 1 };
  if (minor >= 27) {
    await stmt("INSERT INTO inbox (created_ts, sender_id, receiver_id, status, message) VALUES (?, 3, 1, 'UNREAD', ?)")(
      1_700_000_600,
      JSON.stringify({ type: "MEMO_COMMENT", memoComment: comment }),
    );
  } else {
    await stmt("INSERT INTO activity (id, creator_id, created_ts, type, level, payload) VALUES (7, 3, ?, 'MEMO_COMMENT', 'INFO', ?)")(
      1_700_000_600,
      JSON.stringify({ memoComment: comment }),
    );
    await stmt("INSERT INTO inbox (created_ts, sender_id, receiver_id, status, message) VALUES (?, 3, 1, 'UNREAD', ?)")(
      1_700_000_600,
      JSON.stringify({ type: "MEMO_COMMENT", activityId: 7 }),
    );
  }
  if (minor >= 27) await stmt("INSERT INTO memo_share (uid, memo_id, creator_id, created_ts) VALUES (?, 1, 1, 1700003000)")(SHARE_TOKEN);

  const insertSetting = stmt("INSERT INTO system_setting (name, value, description) VALUES (?, ?, '')");
  await insertSetting("BASIC", JSON.stringify({ secretKey: "old-secret-key", ...(minor >= 26 ? { schemaVersion: recorded } : {}) }));
  await insertSetting(
    "GENERAL",
    JSON.stringify({
      disallowUserRegistration: true,
      disallowPasswordAuth: false,
      additionalStyle: "body { color: teal; }",
      additionalScript: "",
      customProfile: { title: "Olive's memos", description: "Moved over", logoUrl: "" },
    }),
  );
  await insertSetting(
    "STORAGE",
    JSON.stringify({ storageType: "LOCAL", filepathTemplate: "assets/{timestamp}_{filename}", uploadSizeLimitMb: 32 }),
  );
  if (minor <= 25) {
    const history = stmt("INSERT INTO migration_history (version, created_ts) VALUES (?, ?)");
    await history("0.20.0", 1_699_000_000);
    await history(recorded, 1_699_000_000);
  }
}
