// Page tokens of the v1 lists that page by a number: the offset of the page's first item (accounts), or the id the
// page starts after (comments, reactions) or before (backlinks). Opaque to clients, and bound to their kind, so a
// token of one list is refused by another. The memo lists page by keyset cursor instead (services/memo-cursor.ts).
import { MAX_LIST_LIMIT } from "@memos/common";
import { invalidArgument } from "./transport/errors.js";

/** A page when none is asked for (memos' default). */
const DEFAULT_PAGE_SIZE = 50;

/** 0 or less is the default; more than the largest page is the largest page. */
export function pageSizeOf(size: number): number {
  if (size <= 0) return DEFAULT_PAGE_SIZE;
  return Math.min(size, MAX_LIST_LIMIT);
}

type PositionKind = "offset" | "after" | "before";

export const positionToken = (kind: PositionKind, position: number): string => Buffer.from(`${kind}:${position}`).toString("base64url");

/** The position a token of this kind holds, `none` for no token; one this server did not give is InvalidArgument. */
export function positionOf(kind: PositionKind, token: string, none: number): number {
  if (token === "") return none;
  const text = Buffer.from(token, "base64url").toString("utf8");
  const position = text.startsWith(`${kind}:`) ? Number(text.slice(kind.length + 1)) : Number.NaN;
  if (!Number.isSafeInteger(position) || position < 0 || positionToken(kind, position) !== token)
    throw invalidArgument("page_token", "not a page token this server gave");
  return position;
}
