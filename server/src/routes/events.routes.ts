// GET /api/events: the live event stream. Every event of the log (services/live-feed.ts) that the caller may hear of
// (policies/live.policy.ts) is one `id: <n>` + `data: <JSON>` event, the id being the log's, the same on every server
// process. A client that comes back with `Last-Event-ID` is sent what it missed (or a `reset`), then follows on. The
// stream's position moves past events the caller may not hear of too; the keep-alive carries it (`id:` without
// data moves an EventSource's last id without an event), so a stream that hears little still comes back to a recent id.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import { badRequest, HttpError } from "../errors.js";
import type { EventStream, EventStreams } from "../http/event-streams.js";
import { viewerOf } from "../http/request-context.js";
import type { Handlers } from "../http/route-table.js";
import { mayHearLive } from "../policies/live.policy.js";
import { presentLiveEvent } from "../presenters/live-event.presenter.js";
import { changeOf, eventsSince, type LiveChange, listenLive } from "../services/live-feed.js";
import type { LiveEventRow } from "../store/live-log.js";

/** How long an EventSource waits before it reconnects (its default is about 3 s). */
const RETRY_MS = 1000;
/** The longest id a client may send (ids are positive integers below 2^53). */
const EVENT_ID = /^\d{1,15}$/;

/** Each row's event as sent, written once however many streams of the process send it. */
const frames = new WeakMap<LiveEventRow, string>();
function frameOf(row: LiveEventRow, change: LiveChange): string {
  let frame = frames.get(row);
  if (frame === undefined) {
    frame = `id: ${row.id}\ndata: ${JSON.stringify(presentLiveEvent(change))}\n\n`;
    frames.set(row, frame);
  }
  return frame;
}

/** The `Last-Event-ID` header: undefined without one; a 400 naming it when it is not an id. */
function lastEventIdOf(request: FastifyRequest): number | undefined {
  const header = request.headers["last-event-id"];
  if (header === undefined || header === "") return undefined;
  if (typeof header !== "string" || !EVENT_ID.test(header.trim()))
    throw badRequest("Last-Event-ID: not an event id (digits)", { field: "Last-Event-ID" });
  return Number(header.trim());
}

async function openStream(ctx: AppContext, streams: EventStreams, request: FastifyRequest, reply: FastifyReply) {
  const viewer = viewerOf(request);
  const lastEventId = lastEventIdOf(request);
  /** The newest id this stream has judged: what it resumes from. */
  let position = 0;
  /** The newest id it wrote (the keep-alive writes the position when it is past this). */
  let written = 0;
  let stream: EventStream | null = null;
  /** Events heard before the stream opened (while it read what a resuming client missed). */
  const early: Array<[LiveEventRow, LiveChange]> = [];
  let lost = false;

  const send = (row: LiveEventRow, change: LiveChange) => {
    if (row.id <= position) return;
    position = row.id;
    if (!mayHearLive(viewer, change)) return;
    stream!.write(frameOf(row, change));
    written = row.id;
  };
  const feed = listenLive(ctx, {
    row: (row, change) => (stream ? send(row, change) : early.push([row, change])),
    lost: () => {
      lost = true;
      stream?.end();
    },
  });
  const unavailable = () => {
    feed.stop();
    return new HttpError(503, "Live updates are not available now", { headers: { "retry-after": "1" } });
  };
  let replay: LiveEventRow[] | null = [];
  try {
    position = await feed.ready;
    if (lastEventId !== undefined && lastEventId !== position) replay = await eventsSince(ctx, lastEventId);
  } catch {
    throw unavailable();
  }
  if (lost) throw unavailable();

  let first = `retry: ${RETRY_MS}\n\n`;
  if (replay === null) first += `id: ${position}\ndata: ${JSON.stringify({ type: "reset" })}\n\n`;
  else if (lastEventId !== undefined) {
    // Resumed: from the client's id (it may be ahead of this process, by a moment, on another one).
    const from = position;
    position = Math.min(position, lastEventId);
    for (const row of replay) {
      const change = changeOf(row);
      if (change && row.id > position) {
        position = row.id;
        if (mayHearLive(viewer, change)) first += frameOf(row, change);
      }
    }
    position = Math.max(position, from, lastEventId);
  }
  first += `id: ${position}\n: connected\n\n`;
  written = position;
  stream = streams.open(request, reply, {
    first,
    keepAlive: () => {
      if (position === written) return ": keep-alive\n\n";
      written = position;
      return `id: ${position}\n: keep-alive\n\n`;
    },
    ended: () => feed.stop(),
  });
  if (stream) for (const [row, change] of early) send(row, change);
  return reply;
}

export const eventsHandlers = (ctx: AppContext, streams: EventStreams) =>
  ({
    "events.stream": {
      // A HEAD would open a stream only to close it.
      exposeHeadRoute: false,
      handler: (request, reply) => openStream(ctx, streams, request, reply),
    },
  }) satisfies Handlers<"events">;
