// The outbox's rules, as pure functions over the entries: how a write joins the queue, how the queue shows in a
// list, what to do with an entry given the server's copy of its memo, and how entries change when one is resolved.
import type { Memo, MemoPatchRequest, Resource } from "@memos/common";
import type { Change, ChangeEntry, CreateEntry, MemoEntry, OutboxEntry } from "./types";
import { isMemoEntry } from "./types";

/** A new memo's or file's id until the server gives it one. */
export const tempId = (seq: number) => -seq;
export const isTempId = (id: number) => id < 0;

/** The memo with a patch applied, as it will look once the server has it. */
function applyPatch(memo: Memo, patch: MemoPatchRequest, resources?: Resource[]): Memo {
  const next: Memo = {
    ...memo,
    content: patch.content ?? memo.content,
    visibility: patch.visibility ?? memo.visibility,
    rowStatus: patch.rowStatus ?? memo.rowStatus,
  };
  if (patch.createdTs !== undefined) next.displayTs = next.createdTs = patch.createdTs;
  if (patch.location !== undefined)
    next.location = patch.location && {
      placeholder: patch.location.placeholder ?? "",
      latitude: patch.location.latitude ?? null,
      longitude: patch.location.longitude ?? null,
    };
  if (patch.resourceIdList) {
    const known = new Map([...memo.resourceList, ...(resources ?? [])].map((resource) => [resource.id, resource]));
    next.resourceList = patch.resourceIdList.flatMap((id) => known.get(id) ?? []);
  }
  return next;
}

function applyChange(memo: Memo, change: Change, resources?: Resource[]): Memo {
  if (change.kind === "patch") return applyPatch(memo, change.patch, resources);
  if (change.kind === "pin") return { ...memo, pinned: change.pinned };
  return memo;
}

/**
 * The queue after one more write to `memo` (the memo as shown, which may already carry queued changes). A write to
 * a memo that is itself still queued changes that entry instead (a deleted one leaves the queue), so a memo
 * written offline reaches the server in one request.
 */
export function addChange(
  entries: OutboxEntry[],
  memo: Memo,
  change: Change,
  seq: number,
  userId: number,
  resources?: Resource[],
): OutboxEntry[] {
  const created = entries.find((entry): entry is CreateEntry => entry.kind === "create" && entry.memoId === memo.id);
  if (created) {
    if (change.kind === "delete") return entries.filter((entry) => entry !== created);
    return entries.map((entry) => (entry === created ? { ...created, memo: applyChange(created.memo, change, resources) } : entry));
  }
  const entry: ChangeEntry = {
    seq,
    userId,
    kind: "change",
    memoId: memo.id,
    baseUpdatedTs: memo.updatedTs,
    change,
    memo: applyChange(memo, change, resources),
    state: { status: "pending" },
  };
  return [...entries, entry];
}

/** The latest local state of each memo the queue touches: the memo as it looks here, or null when deleted here. */
export function localMemos(entries: OutboxEntry[]): Map<number, MemoEntry> {
  const latest = new Map<number, MemoEntry>();
  for (const entry of entries) if (isMemoEntry(entry)) latest.set(entry.memoId, entry);
  return latest;
}

const isDeletion = (entry: MemoEntry) => entry.kind === "change" && entry.change.kind === "delete" && entry.state.status === "pending";

/**
 * A list as the user should see it: queued changes applied, memos deleted here left out, memos written here (and
 * memos with a conflict the server no longer lists) where the server will list them once synced: after the pinned
 * memos at the top (unless pinned too), among the rest by display time. `archived` picks the archive instead.
 */
export function overlay(memos: Memo[], entries: OutboxEntry[], archived = false): Memo[] {
  const latest = localMemos(entries);
  const belongs = (memo: Memo) => (archived ? memo.rowStatus === "ARCHIVED" : memo.rowStatus === "NORMAL");
  const shown: Memo[] = [];
  const seen = new Set<number>();
  for (const memo of memos) {
    const entry = latest.get(memo.id);
    seen.add(memo.id);
    if (!entry) shown.push(memo);
    else if (!isDeletion(entry) && belongs(entry.memo)) shown.push(entry.memo);
  }
  const onlyHere = [...latest.values()]
    .filter((entry) => !seen.has(entry.memoId) && !isDeletion(entry) && belongs(entry.memo))
    .filter((entry) => entry.kind === "create" || entry.state.status === "conflict")
    .map((entry) => entry.memo)
    .sort((a, b) => b.displayTs - a.displayTs);
  if (onlyHere.length === 0) return shown;
  const pinnedTop = shown.findIndex((memo) => !memo.pinned);
  const split = pinnedTop === -1 ? shown.length : pinnedTop;
  return [
    ...byDisplayTime(
      onlyHere.filter((memo) => memo.pinned),
      shown.slice(0, split),
    ),
    ...byDisplayTime(
      onlyHere.filter((memo) => !memo.pinned),
      shown.slice(split),
    ),
  ];
}

/** `listed` (newest first, as the server ordered it) with each of `added` (newest first) before the first older one. */
function byDisplayTime(added: Memo[], listed: Memo[]): Memo[] {
  const merged: Memo[] = [];
  let next = 0;
  for (const memo of listed) {
    while (next < added.length && added[next]!.displayTs >= memo.displayTs) merged.push(added[next++]!);
    merged.push(memo);
  }
  return [...merged, ...added.slice(next)];
}

/** What the sender does with an entry, given the server's copy of its memo (null: the server has none). */
export type Verdict = { action: "send" } | { action: "drop" } | { action: "conflict"; problem: "deleted" | "changed"; theirs?: Memo };

/** Changes to what the memo says or shows are checked against edits made elsewhere; pins and archiving are not. */
export const editsContent = (change: Change) =>
  change.kind === "patch" &&
  (change.patch.content !== undefined ||
    change.patch.visibility !== undefined ||
    change.patch.resourceIdList !== undefined ||
    change.patch.location !== undefined);

export function classify(entry: ChangeEntry, server: Memo | null): Verdict {
  if (entry.change.kind === "delete") return server ? { action: "send" } : { action: "drop" };
  if (!server) return { action: "conflict", problem: "deleted" };
  if (editsContent(entry.change) && server.updatedTs !== entry.baseUpdatedTs)
    return { action: "conflict", problem: "changed", theirs: server };
  return { action: "send" };
}

/** Later entries of the same memo were made on the version the server just answered with. */
export function rebase(entries: OutboxEntry[], memoId: number, updatedTs: number): OutboxEntry[] {
  return entries.map((entry) => (entry.kind === "change" && entry.memoId === memoId ? { ...entry, baseUpdatedTs: updatedTs } : entry));
}

/** Once the server made a memo or a file, later entries use its real id. */
export function renameMemo(entries: OutboxEntry[], from: number, memo: Memo): OutboxEntry[] {
  return entries.map((entry) =>
    isMemoEntry(entry) && entry.memoId === from
      ? entry.kind === "change"
        ? { ...entry, memoId: memo.id, baseUpdatedTs: memo.updatedTs, memo: { ...entry.memo, id: memo.id } }
        : { ...entry, memoId: memo.id, memo: { ...entry.memo, id: memo.id } }
      : entry,
  );
}

export function renameResource(entries: OutboxEntry[], from: number, resource: Resource): OutboxEntry[] {
  const swap = (memo: Memo): Memo => ({ ...memo, resourceList: memo.resourceList.map((item) => (item.id === from ? resource : item)) });
  const swapIds = (ids: number[] | undefined) => ids?.map((id) => (id === from ? resource.id : id));
  return entries.map((entry) => {
    if (entry.kind === "create") return { ...entry, memo: swap(entry.memo) };
    if (entry.kind !== "change") return entry;
    const change =
      entry.change.kind === "patch"
        ? { ...entry.change, patch: { ...entry.change.patch, resourceIdList: swapIds(entry.change.patch.resourceIdList) } }
        : entry.change;
    return { ...entry, change, memo: swap(entry.memo) };
  });
}

/** The three ways out of a conflict. */
export type Resolution = "keep-mine" | "take-theirs" | "copy-mine";

/**
 * The queue after the user chose for the conflicted entry `seq`. Keep mine: send it again over their version (or,
 * when the memo is gone, make it again); take theirs: forget every local change to that memo; copy mine: forget
 * them too, and queue the local version as a new memo.
 */
export function resolve(entries: OutboxEntry[], seq: number, resolution: Resolution, nextSeq: number): OutboxEntry[] {
  const entry = entries.find((item) => item.seq === seq);
  if (!entry || !isMemoEntry(entry) || entry.state.status !== "conflict") return entries;
  const { problem, theirs } = entry.state;
  if (resolution === "keep-mine" && entry.kind === "change" && problem !== "deleted") {
    const base = theirs?.updatedTs ?? entry.baseUpdatedTs;
    return entries.map((item) => (item === entry ? { ...entry, baseUpdatedTs: base, state: { status: "pending" } } : item));
  }
  if (resolution === "keep-mine" && entry.kind === "create") {
    return entries.map((item) => (item === entry ? { ...entry, state: { status: "pending" } } : item));
  }
  const mine = localMemos(entries).get(entry.memoId)!.memo;
  const rest = entries.filter((item) => !(isMemoEntry(item) && item.memoId === entry.memoId));
  if (resolution === "take-theirs") return rest;
  const copy: CreateEntry = {
    seq: nextSeq,
    userId: entry.userId,
    kind: "create",
    memoId: tempId(nextSeq),
    memo: { ...mine, id: tempId(nextSeq), pinned: false, rowStatus: "NORMAL" },
    state: { status: "pending" },
  };
  return [...rest, copy];
}
