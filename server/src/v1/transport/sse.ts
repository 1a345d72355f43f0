// GET /api/v1/sse: memos' live event stream, which its web client (0.30) keeps open to refresh what changed elsewhere.
// Each note of a committed change (services/live-feed.ts, from every server process on the database) that the
// caller may read (policies/live.policy.ts) is one `data: {"type", "name", "parent"?, "creatorId"}` event; a comment starts the
// stream, another every 30 s keeps proxies from closing it. A client that stops reading, a lost channel, or the
// server closing ends the stream: the client reconnects and reads afresh.
import { Code, ConnectError } from "@connectrpc/connect";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../context.js";
import { mayHearLive } from "../../policies/live.policy.js";
import { type LiveChange, listenLive } from "../../services/live-feed.js";
import { restError } from "./errors.js";

export const SSE_PATH = "/api/v1/sse";

const HEARTBEAT_MS = 30_000;
/** What may wait unread for a client before its stream is ended (it reconnects and reads afresh). */
const MAX_UNREAD_BYTES = 256 * 1024;

/**
 * The event memos' client reads: a comment's change names the comment and its memo as `parent`. `creatorId` (the
 * memo's author, which memos' client ignores) lets our web app refresh a user's own calendar and counts only when
 * the change is to one of their memos.
 */
function eventOf(change: LiveChange): { type: string; name: string; parent?: string; creatorId: number } {
  const memo = `memos/${change.memo.uid}`;
  const creatorId = change.memo.creator_id;
  if (change.type === "memo.comment.created" || !change.comment) return { type: change.type, name: memo, creatorId };
  return { type: change.type, name: `memos/${change.comment.uid}`, parent: memo, creatorId };
}

export function registerSseRoute(scope: FastifyInstance, ctx: AppContext): void {
  const open = new Set<() => void>();
  // Streams never end by themselves: closing the server ends them, or it would wait for their clients forever.
  scope.addHook("preClose", async () => {
    for (const end of [...open]) end();
  });
  scope.route({
    method: "GET",
    url: SSE_PATH,
    config: { access: "signed-in", v1: { rpc: "SSE", verb: "GET" } },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const viewer = request.viewer;
      const raw = reply.raw;
      let ended = false;
      // Notes that come before the stream has started (while the channel gets ready) are before its promise.
      let started = false;
      const feed = listenLive(ctx, {
        change: (change) => {
          if (!started || ended || !mayHearLive(viewer, change)) return;
          raw.write(`data: ${JSON.stringify(eventOf(change))}\n\n`);
          if (raw.writableLength > MAX_UNREAD_BYTES) end();
        },
        lost: () => end(),
      });
      const heartbeat = setInterval(() => raw.write(": heartbeat\n\n"), HEARTBEAT_MS);
      heartbeat.unref();
      function end(): void {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        feed.stop();
        open.delete(end);
        raw.end();
      }
      try {
        await feed.ready;
      } catch {
        end();
        const { status, body } = restError(new ConnectError("live updates are not available now", Code.Unavailable));
        return reply.status(status).send(body);
      }
      open.add(end);
      request.raw.on("close", end);
      reply.hijack();
      raw.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      });
      raw.write(": connected\n\n");
      started = true;
    },
  });
}
