// Link previews (v1 GetLinkMetadata): a page's title, description and image, fetched by the server on a signed-in
// caller's behalf. Every hop goes through the outgoing-address rule (outbound/guarded-fetch.ts: public addresses
// only unless --link-preview-allow-private), with a short time limit, the first bytes of the page read and no more,
// and answers kept briefly, so a page linked in a busy feed is fetched once. A server fetches a few pages at once and
// lets a bounded number of callers wait for a turn; past that a caller is told to come back (503), so no number of
// requests makes it open connections without end.
import type { AppContext } from "../context.js";
import { HttpError } from "../errors.js";
import { guardedFetch, RefusedTargetError } from "../outbound/guarded-fetch.js";
import { type HtmlMeta, readHtmlMeta } from "../outbound/html-meta.js";
import { SERVER_VERSION } from "@memos/common";

/** A page's head is at its start; the rest of the page is not read (nor parsed). */
const MAX_PAGE_BYTES = 256 * 1024;
const TIMEOUT_MS = 5000;
const MAX_REDIRECTS = 3;
const MAX_URL_LENGTH = 2048;
/** How long an answer, and a failure, is kept; and how many pages are remembered. */
const KEPT_MS = 10 * 60_000;
const FAILURE_KEPT_MS = 60_000;
const MAX_KEPT = 500;

/** Pages one server fetches at once, and callers that may wait for a turn; past both, a 503 (v1: Unavailable). */
const MAX_FETCHING = 8;
const MAX_WAITING = 64;

interface Turns {
  fetching: number;
  waiting: Array<() => void>;
}

const turnsByApp = new WeakMap<AppContext, Turns>();

class BusyError extends HttpError {
  constructor() {
    super(503, "Too many link previews are being fetched now; try again shortly");
  }
}

/** Runs `work` when one of the server's turns is free (waiting for one), or refuses when too many already wait. */
async function inTurn<T>(ctx: AppContext, work: () => Promise<T>): Promise<T> {
  const turns = turnsByApp.get(ctx) ?? { fetching: 0, waiting: [] };
  turnsByApp.set(ctx, turns);
  if (turns.fetching < MAX_FETCHING) turns.fetching += 1;
  else if (turns.waiting.length >= MAX_WAITING) throw new BusyError();
  // A turn that ends is handed to the first waiting caller, so `fetching` stays as it is.
  else await new Promise<void>((resolve) => turns.waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = turns.waiting.shift();
    if (next) next();
    else turns.fetching -= 1;
  }
}

interface Kept {
  until: number;
  answer: Promise<HtmlMeta>;
}

/** Each app its own answers (tests run apps with different address rules in one process). */
const keptByApp = new WeakMap<AppContext, Map<string, Kept>>();

/** A bad link: 400 naming `url`. */
const badUrl = (message: string) => new HttpError(400, `url: ${message}`, { field: "url" });

/** The link as an http(s) URL, or a 400 naming `url`. */
function linkOf(input: string): URL {
  const text = input.trim();
  if (text === "") throw badUrl("a link is required");
  if (text.length > MAX_URL_LENGTH) throw badUrl(`longer than ${MAX_URL_LENGTH} characters`);
  if (!URL.canParse(text)) throw badUrl(`${JSON.stringify(text)} is not a URL`);
  const url = new URL(text);
  if (url.protocol !== "http:" && url.protocol !== "https:") throw badUrl("only http and https links are previewed");
  if (url.username !== "" || url.password !== "") throw badUrl("a link with credentials is not fetched");
  return url;
}

/** The charset an answer names, when TextDecoder knows it; UTF-8 otherwise. */
function decoderOf(contentType: string): TextDecoder {
  const charset = /charset\s*=\s*"?([\w-]+)/i.exec(contentType)?.[1];
  try {
    return new TextDecoder(charset ?? "utf-8");
  } catch {
    return new TextDecoder("utf-8");
  }
}

/** Fetches the page, following a few redirects (each hop judged again), and reads its head. */
async function fetchMeta(ctx: AppContext, start: URL): Promise<HtmlMeta> {
  const fetchPage = guardedFetch({
    allowPrivate: ctx.config.linkPreviewAllowPrivate,
    timeoutMs: TIMEOUT_MS,
    maxAnswerBytes: MAX_PAGE_BYTES,
    overCap: "truncate",
  });
  let url = start;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const answer = await fetchPage(url.href, {
      method: "GET",
      headers: { Accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1", "User-Agent": `memos-link-preview/${SERVER_VERSION}` },
    });
    const location = answer.headers.get("location");
    if (answer.status >= 300 && answer.status < 400 && location !== null) {
      if (!URL.canParse(location, url)) throw new Error(`the page redirects to ${JSON.stringify(location)}, which is not a URL`);
      url = linkOf(new URL(location, url).href);
      continue;
    }
    if (!answer.ok) throw new Error(`the page answered HTTP ${answer.status}`);
    const contentType = answer.headers.get("content-type") ?? "";
    if (!/html/i.test(contentType)) return { title: "", description: "", image: "" };
    return readHtmlMeta(decoderOf(contentType).decode(await answer.arrayBuffer()), url.href);
  }
  throw new Error(`more than ${MAX_REDIRECTS} redirects`);
}

/** A failure said for the caller: a refused address plainly, anything else as what went wrong. */
function failureOf(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof RefusedTargetError) {
    return new HttpError(400, `url: the link's address is not public, and this server fetches public addresses only (${error.message})`, {
      field: "url",
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new HttpError(400, `url: failed to fetch link metadata: ${message}`, { field: "url" });
}

/**
 * The title, description and image of the page at `input`; a 400 naming `url` for a bad link, an address the
 * server may not reach, or a page that could not be fetched. Answers (and failures, for less time) are kept.
 */
export async function linkPreview(ctx: AppContext, input: string): Promise<HtmlMeta> {
  const url = linkOf(input);
  const kept = keptByApp.get(ctx) ?? new Map<string, Kept>();
  keptByApp.set(ctx, kept);
  const now = Date.now();
  const hit = kept.get(url.href);
  if (hit && hit.until > now) return hit.answer;
  if (kept.size >= MAX_KEPT) {
    for (const [key, entry] of kept) if (entry.until <= now || kept.size >= MAX_KEPT) kept.delete(key);
  }
  const entry: Kept = {
    until: now + KEPT_MS,
    answer: inTurn(ctx, () => fetchMeta(ctx, url)).catch((error) => Promise.reject(failureOf(error))),
  };
  // A failure is kept for less time: a page that was down may be back soon. A busy server's refusal is not kept.
  entry.answer.catch((error: unknown) => {
    if (error instanceof BusyError) {
      if (kept.get(url.href) === entry) kept.delete(url.href);
      return;
    }
    entry.until = Math.min(entry.until, Date.now() + FAILURE_KEPT_MS);
  });
  kept.set(url.href, entry);
  return entry.answer;
}
