// The outbox as the app sees it: the signed-in user's entries mirrored from IndexedDB (and kept in step across
// tabs), the functions that queue a write, and the runs that send the queue when the network is back.
import type { Memo, MemoLocation, Resource, User, Visibility } from "@memos/common";
import { onlineManager, type QueryClient } from "@tanstack/react-query";
import { create } from "zustand";
import { ApiError, api } from "../../api/client";
import { keys } from "../../queries/keys";
import { nextSeq, openOutbox, type OutboxRepo } from "./db";
import { addChange, isTempId, type Resolution, resolve, tempId } from "./plan";
import { sendOutbox, type Transport } from "./sender";
import type { Change, CreateEntry, OutboxEntry, UploadEntry } from "./types";

interface OutboxState {
  userId: number | null;
  entries: OutboxEntry[];
}

export const useOutbox = create<OutboxState>(() => ({ userId: null, entries: [] }));

let repo: OutboxRepo | null = null;
const repoOf = () => (repo ??= openOutbox());
let channel: BroadcastChannel | null = null;
let onSent: () => void = () => undefined;

/** Files attached offline are shown from their blob until the server has them. */
const previews = new Map<number, string>();
function withPreviews(entries: OutboxEntry[]): OutboxEntry[] {
  for (const entry of entries) {
    if (entry.kind === "upload" && !previews.has(entry.resourceId)) previews.set(entry.resourceId, URL.createObjectURL(entry.file));
  }
  const show = (resource: Resource) =>
    isTempId(resource.id) && previews.has(resource.id) ? { ...resource, externalLink: previews.get(resource.id)! } : resource;
  return entries.map((entry) =>
    entry.kind === "upload" ? entry : { ...entry, memo: { ...entry.memo, resourceList: entry.memo.resourceList.map(show) } },
  );
}

async function reload() {
  const { userId } = useOutbox.getState();
  const entries = userId === null ? [] : await repoOf().list(userId);
  if (useOutbox.getState().userId === userId) useOutbox.setState({ entries: withPreviews(entries) });
}

/** Stores the new list (only what changed), tells the other tabs, and tries to send. */
async function commit(next: OutboxEntry[]) {
  const before = useOutbox.getState().entries;
  useOutbox.setState({ entries: withPreviews(next) });
  const kept = new Set(next.map((entry) => entry.seq));
  await repoOf().save(
    next.filter((entry) => !before.includes(entry)),
    before.filter((entry) => !kept.has(entry.seq)).map((entry) => entry.seq),
  );
  channel?.postMessage("changed");
  scheduleSend(0);
}

const hasPending = () => useOutbox.getState().entries.some((entry) => entry.state.status === "pending");

/** Writes wait in the outbox while offline, and behind writes already waiting (so they reach the server in order). */
const mustQueue = () => !onlineManager.isOnline() || hasPending();

/** Whether a write made now would wait in the outbox. */
export const willQueue = () => useOutbox.getState().userId !== null && mustQueue();

/**
 * Sends a write now, or queues it: when offline, when writes are already waiting, or when the request found no
 * network. `queued` tells the caller its cache updates wait for the server.
 */
export async function sendOrQueue<T>(send: () => Promise<T>, queue: () => Promise<T>): Promise<{ value: T; queued: boolean }> {
  if (willQueue()) return { value: await queue(), queued: true };
  try {
    return { value: await send(), queued: false };
  } catch (error) {
    if (error instanceof ApiError || useOutbox.getState().userId === null) throw error;
    return { value: await queue(), queued: true };
  }
}

function owner(): number {
  const { userId } = useOutbox.getState();
  if (userId === null) throw new Error("nobody is signed in");
  return userId;
}

export interface NewMemo {
  content: string;
  visibility: Visibility;
  resources: Resource[];
  location: MemoLocation | null;
}

export async function queueCreate(draft: NewMemo, me: User): Promise<Memo> {
  const seq = nextSeq();
  const now = Math.floor(Date.now() / 1000);
  const memo: Memo = {
    id: tempId(seq),
    rowStatus: "NORMAL",
    creatorId: me.id,
    createdTs: now,
    updatedTs: now,
    displayTs: now,
    content: draft.content,
    visibility: draft.visibility,
    pinned: false,
    creator: me,
    resourceList: draft.resources,
    location: draft.location,
  };
  const entry: CreateEntry = { seq, userId: owner(), kind: "create", memoId: memo.id, memo, state: { status: "pending" } };
  await commit([...useOutbox.getState().entries, entry]);
  return memo;
}

/** Queues a change to `memo` as shown (queued changes included); resolves with the memo as it now looks. */
export async function queueChange(memo: Memo, change: Change, resources?: Resource[]): Promise<Memo> {
  const next = addChange(useOutbox.getState().entries, memo, change, nextSeq(), owner(), resources);
  await commit(next);
  const last = next.at(-1);
  return last && last.kind !== "upload" && last.memoId === memo.id ? last.memo : memo;
}

/** Keeps an image for upload when the network is back; resolves with a stand-in resource to attach meanwhile. */
export async function queueUpload(file: File): Promise<Resource> {
  const seq = nextSeq();
  const entry: UploadEntry = {
    seq,
    userId: owner(),
    kind: "upload",
    resourceId: tempId(seq),
    file,
    filename: file.name,
    state: { status: "pending" },
  };
  await commit([...useOutbox.getState().entries, entry]);
  const now = Math.floor(Date.now() / 1000);
  return {
    id: entry.resourceId,
    creatorId: entry.userId,
    createdTs: now,
    updatedTs: now,
    filename: file.name,
    externalLink: previews.get(entry.resourceId) ?? "",
    type: file.type,
    size: file.size,
    linkedMemoAmount: 0,
  };
}

export const resolveConflict = (seq: number, resolution: Resolution) =>
  commit(resolve(useOutbox.getState().entries, seq, resolution, nextSeq()));

const transport: Transport = {
  getMemo: (id) =>
    api.call("memo.get", { params: { memoId: id } }).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }),
  createMemo: (body) => api.call("memo.create", { body }),
  patchMemo: (id, body) => api.call("memo.patch", { params: { memoId: id }, body }),
  pinMemo: (id, pinned) => api.call("memo.pin", { params: { memoId: id }, body: { pinned } }),
  deleteMemo: (id) =>
    api.call("memo.delete", { params: { memoId: id } }).catch((error: unknown) => {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }),
  unlinkResource: (memoId, resourceId) => api.call("memo.unlinkResource", { params: { memoId, resourceId } }),
  uploadResource: (file) => api.upload("resource.upload", file),
};

let timer: ReturnType<typeof setTimeout> | undefined;
let running = false;
/** A write queued during a run: the run ends with the list it started from, so another one follows. */
let again = false;
let backoffMs = 2_000;

function scheduleSend(delayMs: number) {
  clearTimeout(timer);
  timer = setTimeout(() => void sendNow(), delayMs);
}

/** One run at a time in this tab, and across tabs (Web Locks), so no write is sent twice. */
async function sendNow() {
  const { userId } = useOutbox.getState();
  if (running) {
    again = true;
    return;
  }
  if (userId === null || !onlineManager.isOnline() || !hasPending()) return;
  running = true;
  again = false;
  let progressed = false;
  const run = () =>
    sendOutbox(userId, repoOf(), transport, () => {
      progressed = true;
      void reload();
    });
  try {
    const outcome = navigator.locks ? await navigator.locks.request("memos-outbox", run) : await run();
    await reload();
    // Only news is told: tabs that hear of a change try to send, and a conflict alone must not keep them busy.
    if (progressed) {
      channel?.postMessage("changed");
      onSent();
    }
    if (outcome === "offline") {
      backoffMs = Math.min(backoffMs * 2, 60_000);
      scheduleSend(backoffMs);
    } else backoffMs = 2_000;
  } catch (error) {
    console.error("the outbox could not be sent", error);
  } finally {
    running = false;
    if (again) scheduleSend(0);
  }
}

/** Follows the signed-in user (their outbox only), the network (send when it is back) and the other tabs. */
export function startOutbox(client: QueryClient): () => void {
  onSent = () => {
    void client.invalidateQueries({ queryKey: keys.memos.all });
    void client.invalidateQueries({ queryKey: keys.tags });
    void client.invalidateQueries({ queryKey: keys.resources });
  };
  const follow = () => {
    const userId = client.getQueryData<User | null>(keys.me)?.id ?? null;
    if (userId === useOutbox.getState().userId) return;
    useOutbox.setState({ userId, entries: [] });
    void reload().then(() => scheduleSend(0));
  };
  follow();
  const unsubscribeCache = client.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] === "me") follow();
  });
  const unsubscribeOnline = onlineManager.subscribe((online) => {
    if (online) scheduleSend(0);
  });
  channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel("memos-outbox");
  // Another tab queued or sent something: show it, and send what it may have left (the lock keeps runs apart).
  if (channel) channel.onmessage = () => void reload().then(() => scheduleSend(1_000));
  return () => {
    unsubscribeCache();
    unsubscribeOnline();
    channel?.close();
    clearTimeout(timer);
  };
}
