// Sends the outbox in order once the network is back. Each memo's entries wait behind a conflict of that memo;
// other memos go on. A network failure (or a server error) stops the run, to be tried again later.
import type { Memo, MemoCreateRequest, MemoPatchRequest, Resource } from "@memos/common";
import { ApiError } from "../../api/client";
import type { OutboxRepo } from "./db";
import { classify, editsContent, isTempId, rebase, renameMemo, renameResource } from "./plan";
import { type ChangeEntry, type CreateEntry, isMemoEntry, type OutboxEntry, type UploadEntry } from "./types";

/** The server calls the sender needs (through api/client.ts in the app; a test may bring its own server). */
export interface Transport {
  /** The memo, or null when the server has none (404). */
  getMemo(id: number): Promise<Memo | null>;
  createMemo(body: MemoCreateRequest): Promise<Memo>;
  patchMemo(id: number, body: MemoPatchRequest): Promise<Memo>;
  pinMemo(id: number, pinned: boolean): Promise<Memo>;
  deleteMemo(id: number): Promise<unknown>;
  unlinkResource(memoId: number, resourceId: number): Promise<unknown>;
  uploadResource(file: File): Promise<Resource>;
}

/** Worth trying again later: no answer at all, a server fault, or "slow down". */
const isTransient = (error: unknown) => !(error instanceof ApiError) || error.status === 0 || error.status === 429 || error.status >= 500;

const realIds = (resources: Resource[]) => resources.map((resource) => resource.id).filter((id) => !isTempId(id));

async function sendUpload(entry: UploadEntry, rest: OutboxEntry[], transport: Transport): Promise<OutboxEntry[]> {
  const file = new File([entry.file], entry.filename, { type: entry.file.type });
  const resource = await transport.uploadResource(file);
  return renameResource(rest, entry.resourceId, resource);
}

async function sendCreate(entry: CreateEntry, rest: OutboxEntry[], transport: Transport): Promise<OutboxEntry[]> {
  const { memo } = entry;
  let created = await transport.createMemo({
    content: memo.content,
    visibility: memo.visibility,
    resourceIdList: realIds(memo.resourceList),
    location: memo.location,
  });
  if (memo.pinned) created = await transport.pinMemo(created.id, true);
  if (memo.rowStatus !== "NORMAL") created = await transport.patchMemo(created.id, { rowStatus: memo.rowStatus });
  return renameMemo(rest, entry.memoId, created);
}

async function sendChange(entry: ChangeEntry, all: OutboxEntry[], rest: OutboxEntry[], transport: Transport): Promise<OutboxEntry[]> {
  const server = await transport.getMemo(entry.memoId);
  const verdict = classify(entry, server);
  const stop = (state: ChangeEntry["state"]) => all.map((item) => (item === entry ? { ...entry, state } : item));
  if (verdict.action === "drop") return rest;
  if (verdict.action === "conflict") return stop({ status: "conflict", problem: verdict.problem, theirs: verdict.theirs });
  const { change } = entry;
  if (change.kind === "delete") {
    await transport.deleteMemo(entry.memoId);
    return rest;
  }
  let result: Memo;
  if (change.kind === "pin") {
    result = await transport.pinMemo(entry.memoId, change.pinned);
  } else {
    const patch = change.patch.resourceIdList
      ? { ...change.patch, resourceIdList: change.patch.resourceIdList.filter((id) => !isTempId(id)) }
      : change.patch;
    // Attachments removed here are detached from the memo (a PATCH only adds to its list).
    const kept = new Set(patch.resourceIdList ?? server!.resourceList.map((resource) => resource.id));
    for (const resource of server!.resourceList) if (!kept.has(resource.id)) await transport.unlinkResource(entry.memoId, resource.id);
    // The server checks the version again as it writes (409): an edit made elsewhere since the read above still counts.
    const checked = editsContent(change) ? { ...patch, baseUpdatedTs: entry.baseUpdatedTs } : patch;
    try {
      result = await transport.patchMemo(entry.memoId, checked);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 409)) throw error;
      const theirs = await transport.getMemo(entry.memoId);
      return stop(theirs ? { status: "conflict", problem: "changed", theirs } : { status: "conflict", problem: "deleted" });
    }
  }
  return rebase(rest, entry.memoId, result.updatedTs);
}

function sendOne(entry: OutboxEntry, all: OutboxEntry[], transport: Transport): Promise<OutboxEntry[]> {
  const rest = all.filter((item) => item !== entry);
  if (entry.kind === "upload") return sendUpload(entry, rest, transport);
  if (entry.kind === "create") return sendCreate(entry, rest, transport);
  return sendChange(entry, all, rest, transport);
}

/** Writes what changed between two versions of the list. */
async function store(repo: OutboxRepo, before: OutboxEntry[], after: OutboxEntry[]) {
  const kept = new Set(after.map((entry) => entry.seq));
  const removed = before.filter((entry) => !kept.has(entry.seq)).map((entry) => entry.seq);
  const changed = after.filter((entry) => !before.includes(entry));
  await repo.save(changed, removed);
}

/**
 * Sends one user's outbox, oldest first. Resolves "done" when every entry was sent or stopped on a conflict,
 * "offline" when the network failed (the rest waits for the next run); `onProgress` hears of every step.
 */
export async function sendOutbox(
  userId: number,
  repo: OutboxRepo,
  transport: Transport,
  onProgress?: () => void,
): Promise<"done" | "offline"> {
  let entries = await repo.list(userId);
  const blocked = new Set<number>();
  for (const seq of entries.map((entry) => entry.seq)) {
    const entry = entries.find((item) => item.seq === seq);
    if (!entry) continue;
    const memoId = isMemoEntry(entry) ? entry.memoId : null;
    if (memoId !== null && (entry.state.status === "conflict" || blocked.has(memoId))) {
      blocked.add(memoId);
      continue;
    }
    if (entry.state.status === "conflict") continue;
    let after: OutboxEntry[];
    try {
      after = await sendOne(entry, entries, transport);
    } catch (error) {
      if (isTransient(error)) return "offline";
      const apiError = error as ApiError;
      const problem = apiError.status === 404 ? ("deleted" as const) : ("refused" as const);
      const { message, reason, field, params } = apiError;
      const state = { status: "conflict" as const, problem, message, reason, field, params };
      after = entries.map((item) => (item === entry ? { ...entry, state } : item));
    }
    const next = after.find((item) => item.seq === seq);
    if (next && next.state.status === "conflict" && memoId !== null) blocked.add(memoId);
    await store(repo, entries, after);
    entries = after;
    onProgress?.();
  }
  return "done";
}
