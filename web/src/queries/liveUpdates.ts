// Live updates: while someone is signed in and online, the app keeps the server's event stream open
// (GET /api/v1/sse, memos' own) and refreshes what is on screen when a memo, comment or reaction changes on another
// device, tab or server process. An event names what changed by its v1 name, which the app does not key by: the
// memo lists and details on screen, their comments and reactions, and the inbox are refreshed, a burst of events at
// once; an author's calendar, heat map and counts only when one of that author's memos changed (the event names
// it), so a busy instance does not reload a member's own calendar for everyone else's memos. A lost stream is
// opened again after a pause that grows, and whatever changed meanwhile is read afresh.
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useOnline } from "../offline/useOnline";
import { keys } from "./keys";
import { useMe } from "./session";

const SSE_PATH = "/api/v1/sse";
/** Events within this long of each other are one refresh. */
const BURST_MS = 250;
const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 30_000;

/** What any event may have changed, as the app caches it: lists, a memo, its comments and reactions, the inbox. */
const REFRESHED = [["comments"], ["comment-count"], ["reactions"], keys.inbox] as const;

/** The memo queries keyed by one author (their calendar, heat map and counts): refreshed for that author's changes. */
const BY_AUTHOR = new Set(["calendar", "stats", "amount"]);

/** Refreshes what is on screen, once per burst of events (only the queries in use are read again). */
function refresher(client: QueryClient): { event(creatorId: number | undefined): void; stop(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  // The authors of the burst's changes; null once one did not say whose (then every author's queries).
  let authors: Set<number> | null = new Set();
  return {
    event(creatorId) {
      if (creatorId === undefined) authors = null;
      else authors?.add(creatorId);
      if (timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        const changed = authors;
        authors = new Set();
        void client.invalidateQueries({
          queryKey: keys.memos.all,
          predicate: ({ queryKey }) => !BY_AUTHOR.has(String(queryKey[1])) || changed === null || changed.has(Number(queryKey[2])),
        });
        for (const queryKey of REFRESHED) void client.invalidateQueries({ queryKey });
      }, BURST_MS);
    },
    stop() {
      if (timer !== null) clearTimeout(timer);
    },
  };
}

/** The author an event names (`creatorId`), or undefined when it names none. */
function creatorOf(message: string): number | undefined {
  try {
    const { creatorId } = JSON.parse(message.slice("data: ".length)) as { creatorId?: unknown };
    return Number.isSafeInteger(creatorId) ? (creatorId as number) : undefined;
  } catch {
    return undefined;
  }
}

/** Reads one stream until it ends; calls `event` for each `data:` message with the author it names. */
async function readStream(body: ReadableStream<Uint8Array>, event: (creatorId: number | undefined) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    const messages = buffer.split("\n\n");
    buffer = messages.pop() ?? "";
    for (const message of messages) if (message.startsWith("data: ")) event(creatorOf(message));
  }
}

/** Keeps the stream open while `active`; resolves when `signal` aborts. */
async function follow(client: QueryClient, signal: AbortSignal): Promise<void> {
  const refresh = refresher(client);
  let retry = FIRST_RETRY_MS;
  let opened = false;
  try {
    while (!signal.aborted) {
      try {
        const response = await fetch(SSE_PATH, { headers: { accept: "text/event-stream" }, credentials: "same-origin", signal });
        // Signed out meanwhile (or no such stream here): nothing to follow until the user changes.
        if (response.status === 401 || response.status === 403 || response.status === 404) return;
        if (response.ok && response.body) {
          // A stream opened again: what changed while it was down is read afresh.
          if (opened) refresh.event(undefined);
          opened = true;
          retry = FIRST_RETRY_MS;
          document.documentElement.dataset.liveUpdates = "on";
          await readStream(response.body, refresh.event);
        }
      } catch {
        if (signal.aborted) return;
      }
      delete document.documentElement.dataset.liveUpdates;
      await new Promise((resolve) => setTimeout(resolve, retry));
      retry = Math.min(retry * 2, LAST_RETRY_MS);
    }
  } finally {
    refresh.stop();
    delete document.documentElement.dataset.liveUpdates;
  }
}

/** Follows the event stream while a user is signed in and the browser is online. */
export function useLiveUpdates(): void {
  const client = useQueryClient();
  const userId = useMe().data?.id;
  const online = useOnline();
  useEffect(() => {
    if (userId === undefined || !online) return;
    const abort = new AbortController();
    void follow(client, abort.signal);
    return () => abort.abort();
  }, [client, userId, online]);
}
