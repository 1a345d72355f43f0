// The bytes a folder's files hold (InstanceStats' local storage: the data folder, the uploads kept as files among
// them), walked without following links. A walk reads every entry, so one answer is kept for a minute, as memos does.
import { lstat, readdir } from "node:fs/promises";
import { join } from "node:path";

const KEPT_MS = 60_000;

const kept = new Map<string, { bytes: number; until: number }>();

async function walk(folder: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(folder, { withFileTypes: true }).catch(() => [])) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) total += await walk(path);
    else if (entry.isFile()) total += (await lstat(path).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

/** The size of the files under `folder`, in bytes; -1 when the folder itself cannot be read. */
export async function folderBytes(folder: string): Promise<number> {
  const now = Date.now();
  const known = kept.get(folder);
  if (known && known.until > now) return known.bytes;
  const readable = await readdir(folder).then(
    () => true,
    () => false,
  );
  const bytes = readable ? await walk(folder) : -1;
  kept.set(folder, { bytes, until: now + KEPT_MS });
  return bytes;
}
