// Server-Sent Events responses (GET /api/events, GET /api/v1/sse): the open streams of one app, written to raw (the
// reply is hijacked: no compression or serializer may hold an event back), each ended when its client goes, when it
// leaves too much unread, or when the app closes. One timer per app, not one per stream, writes each open stream's
// keep-alive on an interval, so that proxies do not close a quiet stream (many close one idle for 60 s). On the same
// tick each stream's credential is checked again (`stillActs`): a session signed out, a token revoked or an account
// archived or changed ends its streams within one interval, on whichever server process holds them.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** The keep-alive interval unless the app is told another (tests make it short). */
export const KEEP_ALIVE_MS = 30_000;
/** What may wait unread for a client before its stream is ended (it reconnects, and resumes or reads afresh). */
const MAX_UNREAD_BYTES = 256 * 1024;

export interface EventStream {
  /** Writes an event (or several, or a comment) as it is; ends the stream past the unread limit. */
  write(text: string): void;
  end(): void;
  readonly ended: boolean;
}

interface Open extends EventStream {
  keepAlive(): void;
}

export class EventStreams {
  readonly #open = new Set<Open>();
  #timer: NodeJS.Timeout | null = null;

  constructor(
    scope: FastifyInstance,
    private readonly keepAliveMs: number,
    /** Whether the request's credential still acts for the same account, as when its stream opened. */
    private readonly stillActs: (request: FastifyRequest) => Promise<boolean> = async () => true,
  ) {
    // Streams never end by themselves: closing the server ends them, or it would wait for their clients forever.
    scope.addHook("preClose", async () => {
      for (const stream of [...this.#open]) stream.end();
    });
  }

  /**
   * Answers the request with an event stream that starts with `first`; `keepAlive` says what to write on each
   * interval, `ended` is told once the stream ends (by either side). Null when the client went away already.
   */
  open(
    request: FastifyRequest,
    reply: FastifyReply,
    options: { first: string; keepAlive: () => string; ended: () => void },
  ): EventStream | null {
    if (request.raw.destroyed || reply.raw.destroyed) {
      reply.hijack();
      reply.raw.end();
      options.ended();
      return null;
    }
    const raw = reply.raw;
    const streams = this;
    /** A check of the credential under way (a slow one is not started again on the next tick). */
    let checking = false;
    const stream: Open = {
      ended: false,
      write(text) {
        if (this.ended) return;
        raw.write(text);
        if (raw.writableLength > MAX_UNREAD_BYTES) this.end();
      },
      keepAlive() {
        this.write(options.keepAlive());
        if (checking || this.ended) return;
        checking = true;
        void streams.stillActs(request).then(
          (acts) => {
            checking = false;
            if (!acts) this.end();
          },
          () => {
            checking = false;
          },
        );
      },
      end() {
        if (this.ended) return;
        (this as { ended: boolean }).ended = true;
        streams.#remove(this);
        raw.end();
        options.ended();
      },
    };
    reply.hijack();
    raw.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-store",
      connection: "keep-alive",
      // nginx buffers a proxied answer unless told not to.
      "x-accel-buffering": "no",
    });
    raw.write(options.first);
    // The connection closed (the client left): a response ends only that way or by end().
    raw.on("close", () => stream.end());
    this.#open.add(stream);
    if (this.#timer === null) {
      this.#timer = setInterval(() => {
        for (const each of [...this.#open]) each.keepAlive();
      }, this.keepAliveMs);
      this.#timer.unref();
    }
    return stream;
  }

  #remove(stream: Open): void {
    this.#open.delete(stream);
    if (this.#open.size === 0 && this.#timer !== null) {
      clearInterval(this.#timer);
      this.#timer = null;
    }
  }
}
