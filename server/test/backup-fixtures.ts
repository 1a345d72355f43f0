// The SQLite files the backup suites (backup*.test.ts) back up, restore and inspect.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import SQLite from "better-sqlite3";
import { openStore } from "../src/store/open.js";

/** What a consistent memos database must satisfy, read straight from the file. */
export function inspect(file: string) {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const count = (query: string) => db.prepare(query).pluck().get() as number;
    return {
      integrity: db.pragma("integrity_check", { simple: true }),
      memos: count("SELECT COUNT(*) FROM memo"),
      counted: count("SELECT COALESCE(SUM(n), 0) FROM memo_count"),
      tags: count("SELECT COUNT(*) FROM memo_tag t JOIN memo m ON m.id = t.memo_id WHERE m.row_status = 'NORMAL'"),
      tagsCounted: count("SELECT COALESCE(SUM(n), 0) FROM memo_tag_count"),
      fts: count("SELECT COUNT(*) FROM memo_fts WHERE memo_fts MATCH '\"written\"'"),
      resources: count("SELECT COUNT(*) FROM resource WHERE length(blob) > 0"),
    };
  } finally {
    db.close();
  }
}

/** A small memos database at `file` holding `memos` memos. */
export async function makeDatabase(file: string, memos: number): Promise<void> {
  const { store } = await openStore({ driver: "sqlite", dsn: file, sqliteReaders: 0 });
  try {
    const user = await store.db
      .insertInto("user")
      .values({ username: "u", password_hash: "x", open_id: `o-${file}`, username_key: "u" })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (let i = 0; i < memos; i++)
      await store.db
        .insertInto("memo")
        .values({ creator_id: user.id, content: `memo ${i}` })
        .execute();
  } finally {
    await store.close();
  }
}

export const memoCount = (file: string) => inspect(file).memos;

/** A database at `<data>/memos_prod.db` with `files` resources kept as files under <data>/assets (tiny ones). */
export async function makeDatabaseWithFiles(data: string, files: number): Promise<{ file: string; paths: string[] }> {
  const file = join(data, "memos_prod.db");
  await makeDatabase(file, 1);
  const paths = Array.from({ length: files }, (_, i) => `${Math.floor((i + 1) / 1000)}/${i + 1}-0000beef-file${i + 1}.txt`);
  for (const path of paths) {
    mkdirSync(dirname(join(data, "assets", path)), { recursive: true });
    writeFileSync(join(data, "assets", path), `file ${path}`);
  }
  const db = new SQLite(file);
  try {
    const insert = db.prepare("INSERT INTO resource (creator_id, filename, type, size, internal_path) VALUES (1, ?, 'text/plain', ?, ?)");
    db.transaction(() => {
      for (const path of paths) insert.run(path, Buffer.byteLength(`file ${path}`), path);
    })();
  } finally {
    db.close();
  }
  return { file, paths };
}

export const filesIn = (folder: string): string[] =>
  existsSync(folder)
    ? readdirSync(folder, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name).slice(folder.length + 1))
        .sort()
    : [];
