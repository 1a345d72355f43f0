// The opaque keyset cursor of memo lists: the pinned group, display time and id of a page's last memo.
import { badRequest } from "../errors.js";
import type { MemoListRow, MemoPosition } from "../store/sql/memo/memo.store.js";

const VERSION = "m1";
const SHAPE = /^m1\.([01])\.(\d{1,15})\.(\d{1,15})$/;

/** `m1.<pinned>.<displayTs>.<id>` in base64url, so clients treat it as a token and never build one. */
export function encodeCursor(position: MemoPosition): string {
  return Buffer.from(`${VERSION}.${position.pinned}.${position.displayTs}.${position.id}`).toString("base64url");
}

/** A cursor this server did not hand out is a 400 naming `cursor`. */
export function decodeCursor(raw: string): MemoPosition {
  const text = /^[A-Za-z0-9_-]+$/.test(raw) ? Buffer.from(raw, "base64url").toString("utf8") : "";
  const match = SHAPE.exec(text);
  if (!match) throw badRequest(`Invalid cursor: ${raw}`, { field: "cursor" });
  return { pinned: match[1] === "1" ? 1 : 0, displayTs: Number(match[2]), id: Number(match[3]) };
}

/** Where the page after `row` starts. */
export const positionAfter = (row: MemoListRow, pinnedFirst: boolean): MemoPosition => ({
  pinned: pinnedFirst && row.pinned === 1 ? 1 : 0,
  displayTs: Number(row.display_ts),
  id: row.id,
});

/** The cursor after a full page's last memo; none after a short page (the list has ended). */
export function nextCursor(rows: readonly MemoListRow[], limit: number, pinnedFirst: boolean): string | undefined {
  const last = rows.at(-1);
  if (rows.length < limit || last === undefined) return undefined;
  return encodeCursor(positionAfter(last, pinnedFirst));
}
