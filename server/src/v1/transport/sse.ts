// GET /api/v1/sse: memos' live event stream, which its web client (0.30) keeps open to refresh what changed elsewhere.
// Each event of the live log (services/live-feed.ts, from every server process on the database) that the caller may
// hear of (policies/live.policy.ts) and that memos has a name for is one `data: {"type", "name", "parent"?,
// "creatorId"}` event (v1/presenters/live-event.presenter.ts); a comment starts the stream, another keeps proxies from
// closing it. A client that stops reading, a lost log, or the server closing ends the stream: the client reconnects
// and reads afresh (memos' stream has no ids to resume from; ours, GET /api/events, has).
import { Code, ConnectError } from "@connectrpc/connect";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../context.js";
import type { EventStream, EventStreams } from "../../http/event-streams.js";
import { mayHearLive } from "../../policies/live.policy.js";
import { type LiveChange, listenLive } from "../../services/live-feed.js";
import type { LiveEventRow } from "../../store/live-log.js";
import { presentV1LiveEvent } from "../presenters/live-event.presenter.js";
import { restError } from "./errors.js";

export const SSE_PATH = "/api/v1/sse";

/** Each row's event as memos' stream sends it (null: none), written once however many streams send it. */
const frames = new WeakMap<LiveEventRow, string | null>();
function frameOf(row: LiveEventRow, change: LiveChange): string | null {
  if (frames.has(row)) return frames.get(row)!;
  const event = presentV1LiveEvent(change);
  const frame = event && `data: ${JSON.stringify(event)}\n\n`;
  frames.set(row, frame);
  return frame;
}

export function registerSseRoute(scope: FastifyInstance, ctx: AppContext, streams: EventStreams): void {
  scope.route({
    method: "GET",
    url: SSE_PATH,
    config: { access: "signed-in", v1: { rpc: "SSE", verb: "GET" } },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const viewer = request.viewer;
      let stream: EventStream | null = null;
      let lost = false;
      const feed = listenLive(ctx, {
        row: (row, change) => {
          if (!stream || !mayHearLive(viewer, change)) return;
          const frame = frameOf(row, change);
          if (frame) stream.write(frame);
        },
        lost: () => {
          lost = true;
          stream?.end();
        },
      });
      try {
        await feed.ready;
        if (lost) throw new Error("lost");
      } catch {
        feed.stop();
        const { status, body } = restError(new ConnectError("live updates are not available now", Code.Unavailable));
        return reply.status(status).send(body);
      }
      stream = streams.open(request, reply, { first: ": connected\n\n", keepAlive: () => ": heartbeat\n\n", ended: () => feed.stop() });
      return reply;
    },
  });
}
