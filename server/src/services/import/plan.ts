// What an archive turns into before anything is written: each format's reader (memos-export.ts, markdown.ts,
// flomo.ts, google-keep.ts) fills an ImportPlan; import.service.ts drops what the account holds already and
// writes the rest in one transaction.
import {
  type ImportKind,
  type ImportProblem,
  MAX_MEMO_CONTENT_BYTES,
  type MemoLocation,
  readLocation,
  type RevisionSource,
  type Visibility,
} from "@memos/common";
import { lookup } from "mime-types";
import type { ArchiveEntry } from "./archive.js";

export interface PlannedAttachment {
  /** A file of the archive, or an external link (listed, never fetched). */
  entry?: ArchiveEntry;
  url?: string;
  filename: string;
  type: string;
  createdTs?: number;
}

/** An earlier version of a memo (our own export's history.jsonl). */
export interface PlannedVersion {
  /** Its text; links to the archive's files are tokens, as in a memo's content. */
  content: string;
  visibility: Visibility;
  createdTs: number;
  replacedTs: number;
  source: RevisionSource | null;
  location?: MemoLocation | null;
}

/** A comment the account wrote on one of its memos (our own export's comments.jsonl). */
export interface PlannedComment {
  /** Its text; links to the archive's files are tokens, as in a memo's content. */
  content: string;
  createdTs: number;
  updatedTs: number;
  /** Indexes into ImportPlan.attachments: the comment's files. */
  attachments: number[];
}

interface PlannedMemo {
  /** The archive's file the memo comes from (named in problems). */
  source: string;
  /** The id the memo had where it was exported (our own export): links to `/m/<that id>` in the archive come here. */
  exportedId?: number;
  /**
   * Markdown; a link to a file of the plan is `attachmentToken(n)` until the file has an id (the file is stored
   * with the memo even when the memo does not list it), a link to another memo `memoLinkToken(n)`.
   */
  content: string;
  createdTs: number;
  updatedTs: number;
  /** Unset: the account's default visibility. */
  visibility?: Visibility;
  pinned: boolean;
  archived: boolean;
  /** Indexes into ImportPlan.attachments: the files the memo lists (its resources). */
  attachments: number[];
  /** Its earlier versions, oldest first. */
  versions?: PlannedVersion[];
  /** The account's comments on it, oldest first. */
  comments?: PlannedComment[];
  /** Its place, when the file gives one. */
  location?: MemoLocation | null;
}

interface PlannedShortcut {
  title: string;
  payload: string;
  archived: boolean;
  createdTs: number;
  updatedTs: number;
}

export interface ImportPlan {
  kind: ImportKind;
  memos: PlannedMemo[];
  attachments: PlannedAttachment[];
  /** Attachments no memo links to (files of our own export that were never attached). */
  standalone: number[];
  shortcuts: PlannedShortcut[];
  problems: ImportProblem[];
}

export const emptyPlan = (kind: ImportKind): ImportPlan => ({
  kind,
  memos: [],
  attachments: [],
  standalone: [],
  shortcuts: [],
  problems: [],
});

/** Where the link to attachment `index` goes in a memo's content until the file is stored (private-use marks). */
export const attachmentToken = (index: number): string => `\uE000${index}\uE001`;
export const ATTACHMENT_TOKEN = /\uE000(\d+)\uE001/g;

/**
 * A link to memo `index` of the plan (an Obsidian `[[name]]`, a `[label](/m/<old id>)` of our export) until it has an
 * id: `[label](memoLinkToken(n))`. It becomes `[label](/m/<id>)`, or `label` alone when that memo is not imported (a
 * note the store cannot hold).
 */
export const memoLinkToken = (index: number): string => `\uE002${index}\uE003`;
export const MEMO_LINK_TOKEN = /\[([^\]\n]*)\]\(\uE002(\d+)\uE003\)/g;

/** A bare reference to memo `index` (`see /m/<old id>`) until it has an id: `/m/<id>`, or the memo's title. */
export const memoReferenceToken = (index: number): string => `\uE004${index}\uE005`;
export const MEMO_REFERENCE_TOKEN = /\uE004(\d+)\uE005/g;

/** The link a memo's content holds to a stored file: the same path the web builds. */
export const resourceLink = (id: number | "_", filename: string): string => `/o/r/${id}/${encodeURIComponent(filename)}`;

/** A file's media type from its name, for archives that do not say. */
const typeOfFile = (name: string): string => lookup(name) || "application/octet-stream";

export const isImageName = (name: string): boolean => typeOfFile(name).startsWith("image/");

/**
 * Keeps one attachment per archive file: `files` maps an entry's path to its index in the plan. Returns the
 * index of the file's attachment.
 */
export function attachEntry(plan: ImportPlan, files: Map<string, number>, entry: ArchiveEntry, filename?: string): number {
  const known = files.get(entry.path);
  if (known !== undefined) return known;
  const name = filename ?? entry.path.split("/").pop()!;
  plan.attachments.push({ entry, filename: name, type: typeOfFile(name), createdTs: entry.modifiedTs });
  files.set(entry.path, plan.attachments.length - 1);
  return plan.attachments.length - 1;
}

/** The times a memo may hold (the API's own range): 1970 up to the end of year 9999. */
const MAX_SECONDS = 253_402_300_799;
const inRange = (seconds: number): number | undefined => (seconds >= 0 && seconds <= MAX_SECONDS ? seconds : undefined);

/** Unix seconds from a date in any of the forms archives use (ISO text, a Date, seconds or milliseconds). */
export function toSeconds(value: unknown): number | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : inRange(Math.floor(value.getTime() / 1000));
  if (typeof value === "number" && Number.isFinite(value) && value > 0) return inRange(Math.floor(value > 1e11 ? value / 1000 : value));
  if (typeof value === "string" && value.trim() !== "") {
    const text = value.trim();
    if (/^\d+$/.test(text)) return toSeconds(Number(text));
    // "2024-05-01 09:30" is read as ISO; a date without an offset is taken as UTC.
    const iso = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text) ? `${text.replace(" ", "T")}Z` : text;
    const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso);
    return Number.isNaN(ms) ? undefined : inRange(Math.floor(ms / 1000));
  }
  return undefined;
}

/** A note file larger than this cannot fit a memo (front matter aside): it is a problem, and is not even read. */
const MAX_NOTE_FILE_BYTES = 2 * MAX_MEMO_CONTENT_BYTES;

/** True (and a problem noted) when the note file is too large to become a memo. */
export function isOversizedNote(plan: ImportPlan, entry: ArchiveEntry): boolean {
  if (entry.size <= MAX_NOTE_FILE_BYTES) return false;
  plan.problems.push({
    file: entry.path,
    reason: `the file is larger than ${MAX_NOTE_FILE_BYTES} bytes; a memo holds at most ${MAX_MEMO_CONTENT_BYTES}`,
  });
  return true;
}

/** A place as our export writes it (`location: {name, latitude, longitude}`, export.presenter.ts): null when absent or not a place. */
export function locationOfFile(value: unknown): MemoLocation | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const { name, latitude, longitude } = value as Record<string, unknown>;
  return readLocation(name, latitude, longitude);
}
