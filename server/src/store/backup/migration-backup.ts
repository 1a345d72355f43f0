// The copy of a SQLite file taken before migrations change it: `<file>.bak-<version>`, beside the file. It is written
// as `<copy>.<pid>.partial` and renamed once complete, so a start killed while copying leaves only a partial, which the
// next start removes (backup-leftovers.ts; the file itself is untouched until the copy is settled). A start killed
// during the migration leaves the file as it was (the migrations are one transaction), and the next start copies it
// again: a copy byte for byte the same as one kept already (VACUUM INTO writes the same bytes for the same content)
// is dropped, so any number of killed starts keep one copy. A copy that differs (the file changed in between: memos
// v0.10 ran on it again, or it was restored) is kept beside the others as `.1`, `.2`, …: nothing is removed that is
// not kept elsewhere.
import { existsSync, renameSync, rmSync, statSync } from "node:fs";
import { open } from "node:fs/promises";
import { basename, dirname } from "node:path";
import { sql } from "kysely";
import type { Db } from "../db.js";
import { removeBackupLeftovers } from "./backup-leftovers.js";

const CHUNK = 1 << 20;

async function sameBytes(a: string, b: string): Promise<boolean> {
  if (statSync(a).size !== statSync(b).size) return false;
  const [first, second] = await Promise.all([open(a), open(b)]);
  try {
    const left = Buffer.alloc(CHUNK);
    const right = Buffer.alloc(CHUNK);
    for (;;) {
      const [read, other] = await Promise.all([first.read(left, 0, CHUNK, null), second.read(right, 0, CHUNK, null)]);
      if (read.bytesRead !== other.bytesRead || !left.subarray(0, read.bytesRead).equals(right.subarray(0, other.bytesRead))) return false;
      if (read.bytesRead === 0) return true;
    }
  } finally {
    await Promise.all([first.close(), second.close()]);
  }
}

/** `<file>.bak-<version>`, then `.1`, `.2`, … as far as they exist. */
function keptCopies(name: string): string[] {
  const copies: string[] = [];
  for (let n = 0; existsSync(n === 0 ? name : `${name}.${n}`); n++) copies.push(n === 0 ? name : `${name}.${n}`);
  return copies;
}

/** Copies the SQLite file of `db` aside before it is migrated from `version`; returns the copy's path. */
export async function backupBeforeMigration(db: Db, file: string, version: string): Promise<string> {
  const name = `${file}.bak-${version}`;
  await removeBackupLeftovers(dirname(file), `${basename(name)}.`);
  const partial = `${name}.${process.pid}.partial`;
  await sql`VACUUM INTO ${partial}`.execute(db);
  const kept = keptCopies(name);
  for (const copy of kept) {
    if (await sameBytes(copy, partial)) {
      rmSync(partial);
      return copy;
    }
  }
  const target = kept.length === 0 ? name : `${name}.${kept.length}`;
  renameSync(partial, target);
  return target;
}
