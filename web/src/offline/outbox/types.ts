// What waits in the outbox: writes made while offline, kept in IndexedDB until the server has them.
import type { Memo, MemoPatchRequest } from "@memos/common";
import type { ServerFailure } from "../../api/errorMessage";

/** Why an entry stopped: the memo is gone, someone changed it since, or the server refused the write. */
type Problem = "deleted" | "changed" | "refused";

/** A refusal keeps the server's message and what the envelope said of it (translated when shown). */
type EntryState = { status: "pending" } | ({ status: "conflict"; problem: Problem; theirs?: Memo } & Partial<ServerFailure>);

interface EntryBase {
  /** Order of the writes; also the source of temporary ids (a new memo or file offline is `-seq`). */
  seq: number;
  userId: number;
  state: EntryState;
}

/** A memo written offline; `memo` is how it looks here (its id is temporary until the server makes it). */
export interface CreateEntry extends EntryBase {
  kind: "create";
  memoId: number;
  memo: Memo;
}

export type Change = { kind: "patch"; patch: MemoPatchRequest } | { kind: "pin"; pinned: boolean } | { kind: "delete" };

/** A change to a memo the server has; `baseUpdatedTs` is the server's `updatedTs` the change was made on. */
export interface ChangeEntry extends EntryBase {
  kind: "change";
  memoId: number;
  baseUpdatedTs: number;
  change: Change;
  /** The memo as it looks here after the change (before it, for a delete). */
  memo: Memo;
}

/** An image attached offline: uploaded first, then linked by the memo entries that name `resourceId`. */
export interface UploadEntry extends EntryBase {
  kind: "upload";
  resourceId: number;
  file: Blob;
  filename: string;
}

export type OutboxEntry = CreateEntry | ChangeEntry | UploadEntry;
export type MemoEntry = CreateEntry | ChangeEntry;

export const isMemoEntry = (entry: OutboxEntry): entry is MemoEntry => entry.kind !== "upload";
