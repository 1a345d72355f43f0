// Rows → the files of a data export: the paths inside the archive, a memo as Markdown with YAML front matter,
// settings and accounts as JSON. What an instance export says about an account is decided here: never a
// password hash, an open ID (an access token) or a session.
import type { MemoLocation, Shortcut } from "@memos/common";
// Loaded at start anyway: the OpenAPI document's plugin (@fastify/swagger) uses it.
import { stringify as stringifyYaml } from "yaml";
import { rewriteFileLinks } from "../services/file-links.js";
import type { ExportedCommentRow } from "../store/sql/export.store.js";
import type { MemoListRow } from "../store/sql/memo/memo.store.js";
import { locationOf } from "../store/sql/memo/memo-location.js";
import type { MemoRevisionRow, ResourceRow, UserRow } from "../store/schema.js";
import { storedValue } from "../store/sql/settings.js";
import type { UserSettingRow } from "../store/sql/user-setting.store.js";

export const EXPORT_FORMAT = { format: "memos-export", version: 1 } as const;

/** Unix seconds as ISO 8601 in UTC, to the second: 2024-05-01T09:30:00Z. */
export const isoTime = (seconds: number): string => new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");

/** The longest name part of a path segment, in characters (zip tools and file systems cap a name at 255 bytes). */
const MAX_SEGMENT = 120;

/**
 * One safe path segment from any name: no slash or backslash, no control characters, no characters Windows
 * refuses, no `..` and no leading dot; never empty.
 */
export function safeSegment(name: string, fallback = "file"): string {
  const cleaned = name
    .normalize("NFC")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, "_")
    .replace(/\.{2,}/g, "_")
    .replace(/^[.\s]+|[.\s]+$/g, "");
  const chars = [...cleaned];
  if (chars.length <= MAX_SEGMENT) return cleaned || fallback;
  // Keep the extension when a long name is cut.
  const dot = cleaned.lastIndexOf(".");
  const extension = dot > 0 && cleaned.length - dot <= 16 ? cleaned.slice(dot) : "";
  return chars.slice(0, MAX_SEGMENT - [...extension].length).join("") + extension;
}

/** `attachments/<id>-<name>`, relative to the user's folder of the archive. */
export const attachmentPath = (resource: Pick<ResourceRow, "id" | "filename">): string =>
  `attachments/${resource.id}-${safeSegment(resource.filename)}`;

/** `memos/<YYYY>/<YYYY-MM-DD>-<id>.md` by the memo's created time (UTC), relative to the user's folder. */
export function memoPath(memo: Pick<MemoListRow, "id" | "created_ts">): string {
  const day = isoTime(memo.created_ts).slice(0, 10);
  return `memos/${day.slice(0, 4)}/${day}-${memo.id}.md`;
}

/** How a memo's file refers to an attachment: from memos/<YYYY>/ up to the user's folder. */
const FROM_MEMO_TO_ROOT = "../../";

export interface ExportedAttachment {
  resource: ResourceRow;
  /** The file is in this archive (an upload of the memo's creator). */
  inArchive: boolean;
}

function attachmentEntry({ resource, inArchive }: ExportedAttachment) {
  const base = { id: resource.id, name: resource.filename, type: resource.type };
  if (resource.external_link !== "") return { ...base, url: resource.external_link };
  if (inArchive) return { ...base, path: FROM_MEMO_TO_ROOT + attachmentPath(resource), size: resource.size };
  return base;
}

/** A path of the archive as a Markdown link's address: each segment percent-encoded, parentheses too. */
const linkAddress = (path: string): string =>
  path
    .split("/")
    .map((segment) => encodeURIComponent(segment).replace(/\(/g, "%28").replace(/\)/g, "%29"))
    .join("/");

/** A file of the archive a memo's text may link to: an upload of the memo's creator. */
export type ArchivedFile = Pick<ResourceRow, "id" | "filename">;

/**
 * The memo's text with each link to a file of the archive (`/o/r/<id>/<name>`, services/file-links.ts) pointing at
 * the file's copy, `../../attachments/<id>-<name>`, so any Markdown viewer shows it; and what each such address
 * was in the memo (the importer puts links to the files it stores in their place).
 */
function archiveLinks(content: string, files: Map<number, ArchivedFile>): { text: string; links: Record<string, string> } {
  const links = new Map<string, string>();
  const text = rewriteFileLinks(
    content,
    (id) => files.get(id)?.filename,
    (link) => {
      const address = linkAddress(FROM_MEMO_TO_ROOT + attachmentPath(files.get(link.id)!));
      if (!links.has(address)) links.set(address, link.written);
      return address;
    },
  );
  return { text, links: Object.fromEntries(links) };
}

/**
 * The memo's file: YAML front matter, then its Markdown as stored, except that links to the files of the archive
 * are relative paths to them (front matter `links` keeps what each one was).
 */
export function memoMarkdown(
  memo: MemoListRow,
  tags: string[],
  attachments: ExportedAttachment[],
  files: Map<number, ArchivedFile>,
): string {
  const { text, links } = archiveLinks(memo.content, files);
  const front = {
    id: memo.id,
    created: isoTime(memo.created_ts),
    updated: isoTime(memo.updated_ts),
    displayed: isoTime(Number(memo.display_ts)),
    visibility: memo.visibility,
    pinned: Number(memo.pinned) === 1,
    archived: memo.row_status === "ARCHIVED",
    tags,
    attachments: attachments.map(attachmentEntry),
    ...(Object.keys(links).length > 0 ? { links } : {}),
    ...locationEntry(locationOf(memo)),
  };
  return `---\n${stringifyYaml(front, { lineWidth: 0 })}---\n${text}`;
}

/** A memo's place as a file says it (`location: {name, latitude, longitude}`, coordinates when known); nothing without one. */
function locationEntry(location: MemoLocation | null) {
  if (location === null) return {};
  const { placeholder: name, latitude, longitude } = location;
  return { location: latitude === null ? { name } : { name, latitude, longitude } };
}

/** A resource in the manifest's list (external links are listed, not fetched). */
export function resourceEntry(resource: ResourceRow) {
  return {
    id: resource.id,
    name: resource.filename,
    type: resource.type,
    created: isoTime(resource.created_ts),
    ...(resource.external_link !== "" ? { url: resource.external_link } : { path: attachmentPath(resource), size: resource.size }),
  };
}

/** settings.json: each key with its value decoded from the stored JSON text. */
export function settingsJson(rows: UserSettingRow[]): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const row of rows) settings[row.key] = storedValue(row.value);
  return settings;
}

export const shortcutsJson = (shortcuts: Shortcut[]) =>
  shortcuts.map((shortcut) => ({
    id: shortcut.id,
    title: shortcut.title,
    payload: shortcut.payload,
    archived: shortcut.rowStatus === "ARCHIVED",
    created: isoTime(shortcut.createdTs),
    updated: isoTime(shortcut.updatedTs),
  }));

/** An account as an export shows it: who it is, never how it signs in. */
export function exportedAccount(user: UserRow, folder?: string) {
  return {
    id: user.id,
    username: user.username,
    nickname: user.nickname,
    email: user.email,
    role: user.role,
    archived: user.row_status === "ARCHIVED",
    created: isoTime(user.created_ts),
    updated: isoTime(user.updated_ts),
    ...(folder !== undefined ? { folder } : {}),
  };
}

/**
 * A line of history.jsonl: a version of a memo (`memo`: its id in the archive's front matter), its text as stored
 * (links to files as the server wrote them), when it was written and replaced, and by what.
 */
export function historyEntry(row: MemoRevisionRow) {
  return {
    memo: row.memo_id,
    content: row.content,
    visibility: row.visibility,
    created: isoTime(Number(row.created_ts)),
    replaced: isoTime(Number(row.replaced_ts)),
    source: row.source,
    ...locationEntry(locationOf(row)),
  };
}

/**
 * A line of comments.jsonl: a comment the account wrote, on the memo `memo` (its id in this instance; `ownMemo`:
 * one of the account's memos, so the front matter id of a memo in the archive), its text as stored, its files (ids
 * in resources.json), when it was written and last edited.
 */
export function commentEntry(row: ExportedCommentRow & { resourceIds: number[] }) {
  return {
    id: row.id,
    memo: row.memo_id,
    ownMemo: Number(row.own_memo) === 1,
    content: row.content,
    attachments: row.resourceIds,
    created: isoTime(Number(row.created_ts)),
    updated: isoTime(Number(row.updated_ts)),
  };
}
