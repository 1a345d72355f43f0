// Live updates: while someone is signed in and online, the app keeps the server's event stream open (GET /api/events)
// and refreshes what is on screen when something changes on another device, tab or server process, a burst of events
// at once (only the queries in use are read again): the memo lists and details, their comments and reactions for a
// memo's change, an author's calendar, heat map and counts only for that author's memos (the event names the author);
// the bell and the inbox for an inbox event; the account's settings for a settings event; tags and lists for a renamed
// tag or a finished import. A lost stream is opened again after a pause that grows, sending the last event id read
// (Last-Event-ID): the server sends what was missed, or `reset` when it cannot, and then everything is read afresh.
import type { LiveEventData } from "@memos/common";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useOnline } from "../offline/useOnline";
import { keys } from "./keys";
import { useMe } from "./session";

const EVENTS_PATH = "/api/events";
/** Events within this long of each other are one refresh. */
const BURST_MS = 250;
const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 30_000;

/** The memo queries keyed by one author (their calendar, heat map and counts): refreshed for that author's changes. */
const BY_AUTHOR = new Set(["calendar", "stats", "amount"]);

/** What a memo's change may have changed besides the memo lists: its comments, reactions and counts. */
const MEMO_PARTS = [["comments"], ["comment-count"], ["reactions"]] as const;

/** What a burst of events asks to be read again. */
interface Burst {
  /** The authors whose memos changed; null once a change did not say whose (then every author's queries). */
  authors: Set<number> | null;
  memos: boolean;
  inbox: boolean;
  me: boolean;
  tags: boolean;
  /** Everything the app keeps of the server (a `reset`, or a stream opened again without resuming). */
  everything: boolean;
}

const emptyBurst = (): Burst => ({ authors: new Set(), memos: false, inbox: false, me: false, tags: false, everything: false });

/** Adds an event's refreshes to the burst; undefined is "anything may have changed". */
function add(burst: Burst, event: LiveEventData | undefined): void {
  if (event === undefined || event.type === "reset") {
    burst.everything = true;
    return;
  }
  switch (event.type) {
    case "inbox.created":
    case "inbox.updated":
      burst.inbox = true;
      return;
    case "user.settings.updated":
      burst.me = true;
      // The display time orders every list.
      if (event.key === "memoDisplayTsOption") {
        burst.memos = true;
        burst.authors = null;
      }
      return;
    case "tag.renamed":
    case "import.finished":
      burst.tags = true;
      burst.memos = true;
      burst.authors = null;
      return;
    default:
      burst.memos = true;
      burst.authors?.add(event.creatorId);
  }
}

/** Refreshes what is on screen, once per burst of events. */
function refresher(client: QueryClient): { event(event: LiveEventData | undefined): void; stop(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let burst = emptyBurst();
  const refresh = (done: Burst) => {
    if (done.everything) {
      void client.invalidateQueries();
      return;
    }
    if (done.memos) {
      const changed = done.authors;
      void client.invalidateQueries({
        queryKey: keys.memos.all,
        predicate: ({ queryKey }) => !BY_AUTHOR.has(String(queryKey[1])) || changed === null || changed.has(Number(queryKey[2])),
      });
      for (const queryKey of MEMO_PARTS) void client.invalidateQueries({ queryKey });
    }
    if (done.inbox) void client.invalidateQueries({ queryKey: keys.inbox });
    if (done.me) void client.invalidateQueries({ queryKey: keys.me });
    if (done.tags) {
      void client.invalidateQueries({ queryKey: keys.tags });
      void client.invalidateQueries({ queryKey: keys.shortcuts });
    }
  };
  return {
    event(event) {
      add(burst, event);
      if (timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        const done = burst;
        burst = emptyBurst();
        refresh(done);
      }, BURST_MS);
    },
    stop() {
      if (timer !== null) clearTimeout(timer);
    },
  };
}

/** An event's JSON, or undefined when it cannot be read (then anything may have changed). */
function parse(data: string): LiveEventData | undefined {
  try {
    const event = JSON.parse(data) as LiveEventData;
    return typeof event?.type === "string" ? event : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads one stream until it ends, as EventSource reads it: an `id:` line moves the last id (also in a message without
 * data: the server's keep-alive), a `data:` line makes an event.
 */
async function readStream(
  body: ReadableStream<Uint8Array>,
  onId: (id: string) => void,
  onEvent: (event: LiveEventData | undefined) => void,
) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    const messages = buffer.split("\n\n");
    buffer = messages.pop() ?? "";
    for (const message of messages) {
      let data: string | undefined;
      for (const line of message.split("\n")) {
        if (line.startsWith("id: ")) onId(line.slice(4));
        else if (line.startsWith("data: ")) data = line.slice(6);
      }
      if (data !== undefined) onEvent(parse(data));
    }
  }
}

/**
 * The last event id each user's stream read, kept while the page lives: sent when a stream is opened again (after a
 * drop, or after the browser was offline), so the server sends what was missed.
 */
const lastRead = new Map<number, string>();

/** Keeps the stream open; resolves when `signal` aborts. */
async function follow(client: QueryClient, userId: number, signal: AbortSignal): Promise<void> {
  const refresh = refresher(client);
  let retry = FIRST_RETRY_MS;
  let opened = false;
  let lastId = lastRead.get(userId);
  try {
    while (!signal.aborted) {
      try {
        const headers: Record<string, string> = { accept: "text/event-stream" };
        if (lastId !== undefined) headers["last-event-id"] = lastId;
        const response = await fetch(EVENTS_PATH, { headers, credentials: "same-origin", signal });
        // Signed out meanwhile (or no such stream here): nothing to follow until the user changes.
        if (response.status === 401 || response.status === 403 || response.status === 404) return;
        if (response.ok && response.body) {
          // Opened again without an id to resume from: what changed while it was down is read afresh.
          if (opened && lastId === undefined) refresh.event(undefined);
          opened = true;
          retry = FIRST_RETRY_MS;
          document.documentElement.dataset.liveUpdates = "on";
          await readStream(
            response.body,
            (id) => {
              lastId = id;
              lastRead.set(userId, id);
            },
            refresh.event,
          );
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
    void follow(client, userId, abort.signal);
    return () => abort.abort();
  }, [client, userId, online]);
}
