// A memo's history (the versions its content and visibility replaced) and the trash: what the host may set, and
// which versions the keeping rule lets go.
import { z } from "zod";

/** What wrote a version: the web (a session), an access token, an import, a restore of an older version, a tag rename, a bulk edit. */
export const REVISION_SOURCES = ["web", "token", "import", "restore", "rename", "batch"] as const;
export type RevisionSource = (typeof REVISION_SOURCES)[number];

export const memoHistorySettingSchema = z.object({
  enabled: z.boolean(),
  keepAllDays: z.int().min(0).max(3650).describe("Every version is kept this many days"),
  dailyDays: z.int().min(0).max(36500).describe("Then one a day until this many days old; one a month after"),
});
export type MemoHistorySetting = z.infer<typeof memoHistorySettingSchema>;
export const DEFAULT_MEMO_HISTORY: MemoHistorySetting = { enabled: true, keepAllDays: 30, dailyDays: 365 };

export const trashRetentionSchema = z.int().min(1).max(3650);
export const DEFAULT_TRASH_RETENTION_DAYS = 30;

const DAY = 86_400;

/** A kept version, as the keeping rule sees it: when it was replaced (Unix seconds). */
export interface KeptVersion {
  id: number;
  replacedTs: number;
}

/**
 * The versions the keeping rule lets go, at `now` (Unix seconds): every version younger than `keepAllDays` stays;
 * up to `dailyDays` old, the newest of each UTC day stays; older, the newest of each UTC month.
 */
export function versionsToDrop(versions: readonly KeptVersion[], now: number, rule: MemoHistorySetting): number[] {
  const seen = new Set<string>();
  const drop: number[] = [];
  const newestFirst = [...versions].sort((a, b) => b.replacedTs - a.replacedTs || b.id - a.id);
  for (const version of newestFirst) {
    const age = now - version.replacedTs;
    if (age < rule.keepAllDays * DAY) continue;
    const day = new Date(version.replacedTs * 1000).toISOString();
    const bucket = age < rule.dailyDays * DAY ? `d${day.slice(0, 10)}` : `m${day.slice(0, 7)}`;
    if (seen.has(bucket)) drop.push(version.id);
    else seen.add(bucket);
  }
  return drop;
}
