// The opaque keyset cursor of memo lists: the list's order, and the pinned group, time and id of a page's last memo.
import type { MemoListOrder } from "@memos/common";
import { badRequest } from "../errors.js";
import { type MemoListRow, type MemoPosition, rowTime } from "../store/sql/memo/memo.store.js";

/** Each order's version tag: a cursor names the time it holds, so one order's cursor is never read as another's. */
const VERSIONS: Record<MemoListOrder, string> = { display: "m1", updated: "u1" };
const SHAPE = /^(m1|u1)\.([01])\.(\d{1,15})\.(\d{1,15})$/;

/** `<version>.<pinned>.<time>.<id>` in base64url, so clients treat it as a token and never build one. */
export function encodeCursor(position: MemoPosition, order: MemoListOrder = "display"): string {
  return Buffer.from(`${VERSIONS[order]}.${position.pinned}.${position.ts}.${position.id}`).toString("base64url");
}

/** A cursor this server did not hand out, or one of a list in another order, is a 400 naming `cursor`. */
export function decodeCursor(raw: string, order: MemoListOrder = "display"): MemoPosition {
  const text = /^[A-Za-z0-9_-]+$/.test(raw) ? Buffer.from(raw, "base64url").toString("utf8") : "";
  const match = SHAPE.exec(text);
  if (!match) throw badRequest(`Invalid cursor: ${raw}`, { field: "cursor" });
  if (match[1] !== VERSIONS[order]) throw badRequest(`Invalid cursor: it continues a list in another order (orderBy)`, { field: "cursor" });
  return { pinned: match[2] === "1" ? 1 : 0, ts: Number(match[3]), id: Number(match[4]) };
}

/** Where the page after `row` starts. */
export const positionAfter = (row: MemoListRow, pinnedFirst: boolean, order: MemoListOrder = "display"): MemoPosition => ({
  pinned: pinnedFirst && row.pinned === 1 ? 1 : 0,
  ts: rowTime(row, order),
  id: row.id,
});

/** The cursor after a full page's last memo; none after a short page (the list has ended). */
export function nextCursor(
  rows: readonly MemoListRow[],
  limit: number,
  pinnedFirst: boolean,
  order: MemoListOrder = "display",
): string | undefined {
  const last = rows.at(-1);
  if (rows.length < limit || last === undefined) return undefined;
  return encodeCursor(positionAfter(last, pinnedFirst, order), order);
}
