// Page tokens of the v1 lists that page by position (accounts): the offset of the page's first item, opaque to
// clients. The memo lists page by keyset cursor instead (services/memo-cursor.ts).
import { MAX_LIST_LIMIT } from "@memos/common";
import { invalidArgument } from "./transport/errors.js";

/** A page when none is asked for (memos' default). */
const DEFAULT_PAGE_SIZE = 50;

/** 0 or less is the default; more than the largest page is the largest page. */
export function pageSizeOf(size: number): number {
  if (size <= 0) return DEFAULT_PAGE_SIZE;
  return Math.min(size, MAX_LIST_LIMIT);
}

const PREFIX = "offset:";

export const offsetToken = (offset: number): string => Buffer.from(`${PREFIX}${offset}`).toString("base64url");

/** The offset a token holds (0 for none); one this server did not give is InvalidArgument. */
export function offsetOf(token: string): number {
  if (token === "") return 0;
  const text = Buffer.from(token, "base64url").toString("utf8");
  const offset = text.startsWith(PREFIX) ? Number(text.slice(PREFIX.length)) : Number.NaN;
  if (!Number.isSafeInteger(offset) || offset < 0 || offsetToken(offset) !== token)
    throw invalidArgument("page_token", "not a page token this server gave");
  return offset;
}
